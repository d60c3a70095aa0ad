// `skillbox/server`: the HTTP API and settings page as a Hono app, a real server (startServer, the
// entry `skillbox serve` uses), and the token loader. Other front ends use the server only through here.

export { isLoopbackHost } from "@skillbox/core/text/is-loopback-host";
export {
  type ConfiguredTranslator,
  createConfiguredTranslator,
} from "@skillbox/workspace/workspace/create-configured-translator";
// The token is the workspace's (MCP over HTTP uses it too); re-exported for servers built on this one.
export {
  type LoadedToken,
  type LoadTokenOptions,
  loadToken,
  TOKEN_VARIABLE,
  tokenFilePath,
} from "@skillbox/workspace/workspace/load-token";
export type { Workspace } from "@skillbox/workspace/workspace/workspace";
export {
  CONTENT_SECURITY_POLICY,
  type CreateAppOptions,
  createApp,
  DEFAULT_EVENT_IDLE_TIMEOUT_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_EVENT_CLIENTS,
} from "./create-app.js";
export { describeErrorResponse, type ErrorBody, HttpError } from "./error-response.js";
export { isAllowedHost } from "./guard-request.js";
export {
  type CreateDirectoryOpenerOptions,
  chooseOpenCommand,
  createDirectoryOpener,
  type OpenDirectory,
} from "./open-directory.js";
export type { PromptResponse } from "./prompt-route.js";
export {
  createServerEvents,
  type ServerEvent,
  type ServerEventName,
  type ServerEvents,
} from "./server-events.js";
export {
  createSignInSessions,
  DEFAULT_LOGIN_CODE_TTL_MS,
  type SignInSessions,
  type SignInSessionsOptions,
} from "./sign-in-sessions.js";
export type { SkillSummary } from "./skill-summary.js";
export {
  DEFAULT_HOST,
  DEFAULT_PORT,
  type RunningServer,
  type StartServerOptions,
  startServer,
} from "./start-server.js";
export { createDirectoryReader, type ReadWebFile } from "./web-page.js";

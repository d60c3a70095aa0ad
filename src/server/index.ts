// `skillbox/server`: the HTTP API and settings page as a Hono app, a real server, and the token loader.
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
  type LoadedToken,
  type LoadTokenOptions,
  loadToken,
  TOKEN_VARIABLE,
  tokenFilePath,
} from "./load-token.js";
export { chooseOpenCommand, createDirectoryOpener, type OpenDirectory } from "./open-directory.js";
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
  isLoopbackHost,
  type RunningServer,
  type StartServerOptions,
  startServer,
} from "./start-server.js";
export { createDirectoryReader, type ReadWebFile } from "./web-page.js";

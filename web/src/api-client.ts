// A typed client for the Skillbox HTTP API: JSON in and out, the session cookie (set by signing in)
// on every call, one error type. The page never sees the token.
import type {
  InstallErrorEvent,
  InstalledListResponse,
  InstallProgressEvent,
  InstallRequest,
  InstallResponse,
  InstallScanResponse,
  InstallScope,
  MarketplaceResponse,
  OpenDirectoryResponse,
  OutdatedResponse,
  PromptFormat,
  PromptResponse,
  RefreshResponse,
  RemoveResponse,
  SkillDetail,
  SkillListResponse,
  SkillState,
  SkillSummary,
  UpdateResponse,
} from "@skillbox/server/server/api-types";
import { readEventStream } from "./read-event-stream.js";

/** A failed API call, carrying the server's `{ error: { code, message } }` or a local code. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: string, message: string, status: number) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = status;
  }
}

/** What the page needs from the server. */
export interface ApiClient {
  listSkills(): Promise<SkillListResponse>;
  getSkill(name: string): Promise<SkillDetail>;
  setSkillState(name: string, state: SkillState): Promise<SkillSummary>;
  getPrompt(format: PromptFormat, budget?: number): Promise<PromptResponse>;
  refresh(): Promise<RefreshResponse>;
  openDirectory(): Promise<OpenDirectoryResponse>;
  /** Absolute URL of the server-sent event stream. */
  eventsUrl(): string;
  /** What a source holds, before installing anything. */
  scanSource(source: string): Promise<InstallScanResponse>;
  /** Installs the chosen skills, reporting download, extraction and write progress as it comes. */
  install(
    request: InstallRequest,
    onProgress?: (event: InstallProgressEvent) => void,
  ): Promise<InstallResponse>;
  listInstalled(): Promise<InstalledListResponse>;
  checkOutdated(): Promise<OutdatedResponse>;
  updateSkill(name: string, options?: { yes?: boolean; scope?: InstallScope }): Promise<UpdateResponse>;
  removeSkill(name: string, scope?: InstallScope): Promise<RemoveResponse>;
  searchMarketplace(query: string): Promise<MarketplaceResponse>;
}

/** Where the API lives. */
export interface ApiClientOptions {
  /** Base the `api/...` paths resolve against, e.g. `http://127.0.0.1:4317/`. */
  baseUrl: string;
  fetch?: typeof fetch;
}

/** Creates an ApiClient; every failure (HTTP, network, bad JSON) rejects with an ApiError. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchFunction = options.fetch ?? globalThis.fetch.bind(globalThis);
  const resolve = (path: string): string => new URL(path, options.baseUrl).toString();

  async function send(
    method: "GET" | "PUT" | "POST" | "DELETE",
    path: string,
    body: unknown,
    accept: string,
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: accept };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    try {
      return await fetchFunction(resolve(path), {
        method,
        headers,
        // The HttpOnly session cookie authorizes writes; it never goes to another origin.
        credentials: "same-origin",
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new ApiError(
        "network-error",
        `Could not reach the Skillbox server (${detail}). Is it still running?`,
        0,
      );
    }
  }

  async function request<T>(
    method: "GET" | "PUT" | "POST" | "DELETE",
    path: string,
    body?: unknown,
  ): Promise<T> {
    const response = await send(method, path, body, "application/json");
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === "" ? undefined : JSON.parse(text);
    } catch {
      // Not JSON (a proxy page, a crash): report the status below instead of the parse error.
      parsed = undefined;
    }
    if (!response.ok) throw toApiError(parsed, response.status, response.statusText);
    if (parsed === undefined) {
      throw new ApiError(
        "bad-response",
        `The server answered ${method} ${path} without JSON.`,
        response.status,
      );
    }
    return parsed as T;
  }

  const skillPath = (name: string): string => `api/skills/${encodeURIComponent(name)}`;

  /** POST /api/install as an event stream: progress as it comes, then the result or the error. */
  async function install(
    body: InstallRequest,
    onProgress?: (event: InstallProgressEvent) => void,
  ): Promise<InstallResponse> {
    const response = await send("POST", "api/install", body, "text/event-stream");
    if (!response.ok || response.body === null) {
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: the status alone is reported.
        parsed = undefined;
      }
      throw toApiError(parsed, response.status, response.statusText);
    }
    let result: InstallResponse | undefined;
    let failure: ApiError | undefined;
    await readEventStream(response.body, ({ event, data }) => {
      if (event === "progress") onProgress?.(JSON.parse(data) as InstallProgressEvent);
      else if (event === "installed") result = JSON.parse(data) as InstallResponse;
      else if (event === "error") {
        const error = JSON.parse(data) as InstallErrorEvent;
        failure = new ApiError(error.code, error.message, error.status);
      }
    });
    if (failure !== undefined) throw failure;
    if (result === undefined) {
      throw new ApiError(
        "bad-response",
        "The install stream ended without a result; reload to see what changed.",
        0,
      );
    }
    return result;
  }

  return {
    listSkills: () => request<SkillListResponse>("GET", "api/skills"),
    getSkill: async (name) => (await request<{ skill: SkillDetail }>("GET", skillPath(name))).skill,
    setSkillState: async (name, state) =>
      (await request<{ skill: SkillSummary }>("PUT", `${skillPath(name)}/state`, { state })).skill,
    getPrompt: (format, budget) => {
      const query = new URLSearchParams({ format });
      if (budget !== undefined) query.set("budget", String(budget));
      return request<PromptResponse>("GET", `api/prompt?${query}`);
    },
    refresh: () => request<RefreshResponse>("POST", "api/refresh"),
    openDirectory: () => request<OpenDirectoryResponse>("POST", "api/directory/open"),
    eventsUrl: () => resolve("api/events"),
    scanSource: (source) => request<InstallScanResponse>("POST", "api/install/scan", { source }),
    install,
    listInstalled: () => request<InstalledListResponse>("GET", "api/installed"),
    checkOutdated: () => request<OutdatedResponse>("GET", "api/outdated"),
    updateSkill: (name, options = {}) =>
      request<UpdateResponse>("POST", `${skillPath(name)}/update`, options),
    removeSkill: (name, scope) =>
      request<RemoveResponse>("DELETE", `${skillPath(name)}${scope === undefined ? "" : `?scope=${scope}`}`),
    searchMarketplace: (query) =>
      request<MarketplaceResponse>("GET", `api/marketplace?${new URLSearchParams({ q: query })}`),
  };
}

function toApiError(body: unknown, status: number, statusText: string): ApiError {
  if (typeof body === "object" && body !== null && "error" in body) {
    const error = (body as { error: unknown }).error;
    if (typeof error === "object" && error !== null) {
      const { code, message } = error as { code?: unknown; message?: unknown };
      if (typeof code === "string" && typeof message === "string") return new ApiError(code, message, status);
    }
  }
  return new ApiError(
    `http-${status}`,
    `The server answered ${status} ${statusText}.`.replace(" .", "."),
    status,
  );
}

/**
 * The base API paths resolve against: `<meta name="skillbox-api-base">` when present, else the
 * page's own URL, so the page works when served at `/` or under the same prefix as `/api`.
 */
export function readApiBase(document: Document): string {
  const override = document.querySelector('meta[name="skillbox-api-base"]')?.getAttribute("content");
  return new URL(override ?? "./", document.baseURI).toString();
}

// A typed client for the Skillbox HTTP API: JSON in and out, the session cookie (set by signing in)
// on every call, one error type. The page never sees the token.
import type {
  OpenDirectoryResponse,
  PromptFormat,
  PromptResponse,
  RefreshResponse,
  SkillDetail,
  SkillListResponse,
  SkillState,
  SkillSummary,
} from "../../src/server/api-types.js";

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

  async function request<T>(method: "GET" | "PUT" | "POST", path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    let response: Response;
    try {
      response = await fetchFunction(resolve(path), {
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

// The few GitHub REST calls the installer makes (commit, recursive tree, tarball, raw file), with
// the token sent only to the API's own origin and 403/429 reported as rate limits with the reset time.
import { SkillboxError } from "@skillbox/core/errors";
import { fetchOrFail, readResponseBytes } from "./download-bytes.js";
import type { ProgressListener } from "./install-progress.js";

/** The public API; GitHub Enterprise and tests set another (`SKILLBOX_GITHUB_API_URL`). */
export const DEFAULT_GITHUB_API_URL = "https://api.github.com";

export interface GithubApiOptions {
  apiUrl: string;
  token?: string;
  fetch: typeof fetch;
  maxDownloadBytes: number;
  onProgress?: ProgressListener;
}

/** One entry of `GET /repos/{owner}/{repo}/git/trees/{sha}?recursive=1`. */
export interface GithubTreeEntry {
  path: string;
  mode: string;
  type: "blob" | "tree" | "commit";
  sha: string;
  size?: number;
}

export interface GithubTree {
  sha: string;
  truncated: boolean;
  tree: GithubTreeEntry[];
}

export interface GithubApi {
  /** The commit id a ref (branch, tag, commit; default the default branch) points at. */
  resolveCommit(owner: string, repo: string, ref: string | undefined): Promise<string>;
  getTree(owner: string, repo: string, commit: string): Promise<GithubTree>;
  downloadTarball(owner: string, repo: string, commit: string): Promise<Uint8Array>;
  getRawFile(owner: string, repo: string, commit: string, filePath: string): Promise<Uint8Array>;
}

const MAX_REDIRECTS = 5;

/** A client over `options.fetch`; every failure is a SkillboxError whose message says what to do. */
export function createGithubApi(options: GithubApiOptions): GithubApi {
  const base = options.apiUrl.replace(/\/+$/, "");
  const apiOrigin = new URL(base).origin;
  const request = async (route: string, accept: string, what: string): Promise<Response> => {
    let url = `${base}${route}`;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const headers: Record<string, string> = {
        accept,
        "user-agent": "skillbox",
        "x-github-api-version": "2022-11-28",
      };
      // The token goes to the API origin only, never to a host a redirect names.
      if (options.token && new URL(url).origin === apiOrigin)
        headers.authorization = `Bearer ${options.token}`;
      const response = await fetchOrFail(options.fetch, url, { headers, redirect: "manual" }, "GitHub");
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        url = new URL(location, url).toString();
        continue;
      }
      if (!response.ok) throw await githubError(response, what, Boolean(options.token));
      return response;
    }
    throw new SkillboxError("network-error", `GitHub redirected too often for ${what}`);
  };
  const repoRoute = (owner: string, repo: string) =>
    `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
  return {
    async resolveCommit(owner, repo, ref) {
      const what = `${owner}/${repo}${ref ? `@${ref}` : ""}`;
      const route = `${repoRoute(owner, repo)}/commits/${encodeURIComponent(ref ?? "HEAD")}`;
      const response = await request(route, "application/vnd.github.sha", what);
      const sha = (await response.text()).trim();
      if (!/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(sha)) {
        throw new SkillboxError("install-error", `GitHub answered an unexpected commit id for ${what}`);
      }
      return sha;
    },
    async getTree(owner, repo, commit) {
      const route = `${repoRoute(owner, repo)}/git/trees/${commit}?recursive=1`;
      const response = await request(route, "application/vnd.github+json", `${owner}/${repo} tree`);
      const body = (await response.json()) as Partial<GithubTree>;
      if (typeof body.sha !== "string" || !Array.isArray(body.tree)) {
        throw new SkillboxError("install-error", `GitHub answered an unexpected tree for ${owner}/${repo}`);
      }
      return { sha: body.sha, truncated: body.truncated === true, tree: body.tree };
    },
    async downloadTarball(owner, repo, commit) {
      const label = `${owner}/${repo}@${commit.slice(0, 7)}`;
      const response = await request(
        `${repoRoute(owner, repo)}/tarball/${commit}`,
        "application/vnd.github+json",
        label,
      );
      return readResponseBytes(response, {
        label,
        maxBytes: options.maxDownloadBytes,
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      });
    },
    async getRawFile(owner, repo, commit, filePath) {
      const encoded = filePath.split("/").map(encodeURIComponent).join("/");
      const route = `${repoRoute(owner, repo)}/contents/${encoded}?ref=${commit}`;
      const response = await request(route, "application/vnd.github.raw", `${owner}/${repo}/${filePath}`);
      return readResponseBytes(response, { label: filePath, maxBytes: options.maxDownloadBytes });
    },
  };
}

/** Maps a failed GitHub response to an error: rate limit (with reset), auth, not found. */
async function githubError(response: Response, what: string, hasToken: boolean): Promise<SkillboxError> {
  const remaining = response.headers.get("x-ratelimit-remaining");
  const reset = Number(response.headers.get("x-ratelimit-reset") ?? Number.NaN);
  const retryAfter = Number(response.headers.get("retry-after") ?? Number.NaN);
  const body = await response.text().catch(() => "");
  const rateLimited =
    response.status === 429 || (response.status === 403 && (remaining === "0" || /rate limit/i.test(body)));
  if (rateLimited) {
    const resetAt = Number.isFinite(reset)
      ? new Date(reset * 1000)
      : Number.isFinite(retryAfter)
        ? new Date(Date.now() + retryAfter * 1000)
        : undefined;
    const when = resetAt ? `; it resets at ${resetAt.toISOString()}` : "";
    const hint = hasToken ? "" : " Set GITHUB_TOKEN or GH_TOKEN for a higher limit.";
    return new SkillboxError(
      "rate-limited",
      `GitHub's API rate limit was reached while reading ${what}${when}.${hint}`,
      {
        data: { status: response.status, ...(resetAt ? { resetAt: resetAt.toISOString() } : {}) },
      },
    );
  }
  if (response.status === 401) {
    return new SkillboxError(
      "unauthorized",
      `GitHub rejected the token (GITHUB_TOKEN/GH_TOKEN) for ${what}.`,
    );
  }
  if (response.status === 404) {
    const hint = hasToken ? "" : " For a private repository set GITHUB_TOKEN or GH_TOKEN.";
    return new SkillboxError("install-error", `GitHub has no ${what} (404).${hint}`, {
      data: { status: 404 },
    });
  }
  const code = response.status === 403 ? "forbidden" : "network-error";
  return new SkillboxError(code, `GitHub answered ${response.status} for ${what}.`, {
    data: { status: response.status },
  });
}

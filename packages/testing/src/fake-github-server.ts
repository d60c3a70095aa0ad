// A real HTTP server on 127.0.0.1 that plays the parts of GitHub's REST API the installer uses
// (commits, recursive trees, tarballs through a redirect, contents/raw) over git repositories on
// disk, plus skills.sh search and plain files, so installs are tested end to end without a network.
import { execFile } from "node:child_process";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";

const run = promisify(execFile);

/** One skills.sh search result, as `GET /api/search` returns it. */
export interface FakeSkillsShResult {
  id: string;
  skillId: string;
  name: string;
  installs: number;
  source: string;
}

/** One request the server received. */
export interface FakeGithubRequest {
  method: string;
  path: string;
  authorization?: string;
}

export interface FakeGithubServer {
  /** `http://127.0.0.1:<port>`: the GitHub API base and the skills.sh base. */
  url: string;
  requests: FakeGithubRequest[];
  /** Serves `owner/repo` from a git repository on disk (bare or not), read at every request. */
  addRepository(fullName: string, gitDirectory: string): void;
  /** Serves these bytes as the tarball of `owner/repo` (any ref) instead of building one. */
  setTarball(fullName: string, data: Uint8Array): void;
  /** Serves bytes at `/files/<name>`; returns the URL. */
  serveFile(name: string, data: Uint8Array): string;
  /** The skills `GET /api/search` answers from (filtered by `q`). */
  setSearchResults(results: FakeSkillsShResult[]): void;
  /** Makes API requests answer a rate limit (403 with the reset header, or 429) until cleared. */
  setRateLimit(limit: { status: 403 | 429; resetAt: Date } | undefined): void;
  close(): Promise<void>;
}

/** Starts the server on a free port. */
export async function startFakeGithubServer(): Promise<FakeGithubServer> {
  const repositories = new Map<string, string>();
  const tarballs = new Map<string, Uint8Array>();
  const files = new Map<string, Uint8Array>();
  const requests: FakeGithubRequest[] = [];
  let searchResults: FakeSkillsShResult[] = [];
  let rateLimit: { status: 403 | 429; resetAt: Date } | undefined;
  const git = async (directory: string, args: string[]) =>
    (await run("git", ["-C", directory, ...args], { encoding: "buffer", maxBuffer: 512 * 1024 * 1024 }))
      .stdout;

  const handle = async (request: IncomingMessage, response: ServerResponse, base: string) => {
    const url = new URL(request.url ?? "/", base);
    const authorization = request.headers.authorization;
    requests.push({
      method: request.method ?? "GET",
      path: url.pathname + url.search,
      ...(authorization ? { authorization } : {}),
    });
    if (url.pathname === "/api/search") {
      const query = (url.searchParams.get("q") ?? "").toLowerCase();
      const limit = Number(url.searchParams.get("limit") ?? 20);
      const skills = searchResults.filter((item) =>
        `${item.name} ${item.source}`.toLowerCase().includes(query),
      );
      return sendJson(response, 200, { skills: skills.slice(0, limit) });
    }
    if (url.pathname.startsWith("/files/")) {
      const data = files.get(decodeURIComponent(url.pathname.slice("/files/".length)));
      return data
        ? send(response, 200, "application/octet-stream", data)
        : sendJson(response, 404, { message: "Not Found" });
    }
    const codeload = /^\/_codeload\/([^/]+)\/([^/]+)\/([0-9a-f]{40})$/.exec(url.pathname);
    if (codeload) {
      const [, owner = "", repo = "", sha = ""] = codeload;
      const override = tarballs.get(`${owner}/${repo}`);
      if (override) return send(response, 200, "application/x-gzip", override);
      const directory = repositories.get(`${owner}/${repo}`) ?? "";
      const tar = await git(directory, [
        "archive",
        "--format=tar",
        `--prefix=${owner}-${repo}-${sha.slice(0, 7)}/`,
        sha,
      ]);
      return send(response, 200, "application/x-gzip", gzipSync(tar));
    }
    const match = /^\/repos\/([^/]+)\/([^/]+)\/(commits|git\/trees|tarball|contents)\/(.+)$/.exec(
      url.pathname,
    );
    if (!match) return sendJson(response, 404, { message: "Not Found" });
    if (rateLimit) {
      const reset = String(Math.floor(rateLimit.resetAt.getTime() / 1000));
      response.writeHead(rateLimit.status, {
        "content-type": "application/json",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": reset,
      });
      return response.end(JSON.stringify({ message: "API rate limit exceeded" }));
    }
    const [, owner = "", repo = "", kind, rest = ""] = match;
    const directory = repositories.get(`${owner}/${repo}`);
    if (directory === undefined) return sendJson(response, 404, { message: "Not Found" });
    const resolve = async (ref: string) => {
      try {
        return (await git(directory, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]))
          .toString()
          .trim();
      } catch {
        return undefined;
      }
    };
    if (kind === "commits") {
      const sha = await resolve(decodeURIComponent(rest));
      if (!sha) return sendJson(response, 422, { message: "No commit found for SHA" });
      if (String(request.headers.accept).includes("application/vnd.github.sha")) {
        return send(response, 200, "text/plain", Buffer.from(sha));
      }
      return sendJson(response, 200, { sha });
    }
    if (kind === "git/trees") {
      const sha = await resolve(rest);
      if (!sha) return sendJson(response, 404, { message: "Not Found" });
      const root = (await git(directory, ["rev-parse", `${sha}^{tree}`])).toString().trim();
      const listing = (await git(directory, ["ls-tree", "-r", "-t", "-l", "-z", sha])).toString("utf8");
      const tree = listing
        .split("\0")
        .filter((line) => line !== "")
        .map((line) => {
          const tab = line.indexOf("\t");
          const [mode = "", type = "", object = "", size = ""] = line.slice(0, tab).split(/ +/);
          return {
            path: line.slice(tab + 1),
            mode,
            type,
            sha: object,
            ...(type === "blob" ? { size: Number(size) } : {}),
          };
        });
      return sendJson(response, 200, { sha: root, url: "", tree, truncated: false });
    }
    if (kind === "tarball") {
      const sha = await resolve(decodeURIComponent(rest));
      if (!sha) return sendJson(response, 404, { message: "Not Found" });
      response.writeHead(302, { location: `${base}/_codeload/${owner}/${repo}/${sha}` });
      return response.end();
    }
    const filePath = rest.split("/").map(decodeURIComponent).join("/");
    const sha = await resolve(url.searchParams.get("ref") ?? "HEAD");
    let data: Buffer;
    try {
      data = await git(directory, ["cat-file", "blob", `${sha}:${filePath}`]);
    } catch {
      return sendJson(response, 404, { message: "Not Found" });
    }
    if (String(request.headers.accept).includes("raw"))
      return send(response, 200, "application/octet-stream", data);
    return sendJson(response, 200, {
      type: "file",
      path: filePath,
      encoding: "base64",
      content: data.toString("base64"),
    });
  };

  const server = createServer((request, response) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    handle(request, response, base).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { message: String(error) });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    addRepository: (fullName, gitDirectory) => void repositories.set(fullName, gitDirectory),
    setTarball: (fullName, data) => void tarballs.set(fullName, data),
    serveFile(name, data) {
      files.set(name, data);
      return `${url}/files/${encodeURIComponent(name)}`;
    },
    setSearchResults(results) {
      searchResults = results;
    },
    setRateLimit(limit) {
      rateLimit = limit;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  send(response, status, "application/json", Buffer.from(JSON.stringify(body)));
}

function send(response: ServerResponse, status: number, type: string, data: Uint8Array): void {
  response.writeHead(status, { "content-type": type, "content-length": String(data.length) });
  response.end(data);
}

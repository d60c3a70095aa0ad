// Serving the built settings page: hono's core serveStatic over a file reader handed in, token put in index.html.
import { readFile, stat } from "node:fs/promises";
import { isAbsolute, relative, resolve } from "node:path";
import type { MiddlewareHandler } from "hono";
import { serveStatic } from "hono/serve-static";

/** Reads one file of the built page by its relative POSIX path; null when there is none. */
export type ReadWebFile = (path: string) => Promise<Uint8Array<ArrayBuffer> | null>;

/** The placeholder in `web/index.html` the server replaces with the token. */
export const TOKEN_PLACEHOLDER = "__SKILLBOX_TOKEN__";

/** Largest file served (the page's bundle is far smaller). */
const MAX_WEB_FILE_BYTES = 16 * 1024 * 1024;

/** A ReadWebFile over a folder on disk (e.g. `dist/web`); never reads outside it, never follows `..`. */
export function createDirectoryReader(directory: string): ReadWebFile {
  const base = resolve(directory);
  return async (path) => {
    const target = resolve(base, path);
    const inside = relative(base, target);
    if (inside === "" || inside.startsWith("..") || isAbsolute(inside)) return null;
    try {
      const info = await stat(target);
      if (!info.isFile() || info.size > MAX_WEB_FILE_BYTES) return null;
      return new Uint8Array(await readFile(target));
    } catch {
      // Missing or unreadable: the request falls through to the 404 answer.
      return null;
    }
  };
}

/**
 * Serves the page: `/` is index.html with the token in `<meta name="skillbox-token">`; other paths
 * are files of the build. HTML is never cached (it carries the token); hashed assets may be.
 */
export function createWebPageHandler(read: ReadWebFile, token: string): MiddlewareHandler {
  const escapedToken = escapeAttribute(token);
  return serveStatic({
    rewriteRequestPath: (path) => (path === "/" ? "/index.html" : path),
    getContent: async (path) => {
      const content = await read(path);
      if (content === null || !path.endsWith(".html")) return content;
      const html = new TextDecoder().decode(content).replaceAll(TOKEN_PLACEHOLDER, escapedToken);
      return new TextEncoder().encode(html);
    },
    onFound: (path, context) => {
      // Vite names assets by content hash, so they never change under the same name.
      const cache = path.startsWith("assets/") ? "public, max-age=31536000, immutable" : "no-store";
      context.header("Cache-Control", cache);
    },
  });
}

function escapeAttribute(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll('"', "&quot;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;");
}

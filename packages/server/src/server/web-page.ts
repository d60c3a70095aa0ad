// Serving the built settings page: hono's core serveStatic over a file reader handed in. The page holds
// no secret: it calls the API with the session cookie that signing in set.
import { readFile, stat } from "node:fs/promises";
import { isAbsolute, relative, resolve } from "node:path";
import type { MiddlewareHandler } from "hono";
import { serveStatic } from "hono/serve-static";

/** Reads one file of the built page by its relative POSIX path; null when there is none. */
export type ReadWebFile = (path: string) => Promise<Uint8Array<ArrayBuffer> | null>;

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
 * Serves the page: `/` is index.html, other paths are files of the build. HTML is never cached
 * (whether it is shown depends on the session); hashed assets may be.
 */
export function createWebPageHandler(read: ReadWebFile): MiddlewareHandler {
  return serveStatic({
    rewriteRequestPath: (path) => (path === "/" ? "/index.html" : path),
    getContent: read,
    onFound: (path, context) => {
      // Vite names assets by content hash, so they never change under the same name.
      const cache = path.startsWith("assets/") ? "public, max-age=31536000, immutable" : "no-store";
      context.header("Cache-Control", cache);
    },
  });
}

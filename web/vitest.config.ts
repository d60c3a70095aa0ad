// Unit tests of the settings page's pure helpers (Markdown sanitising, search, formatting).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** Runs web/src/**\/*.test.ts in Node; the page itself is tested in a real browser elsewhere. */
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  test: { include: ["src/**/*.test.ts"], environment: "node" },
});

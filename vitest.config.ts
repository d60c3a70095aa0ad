import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const packages = fileURLToPath(new URL("./packages/", import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run the workspace packages from their TypeScript sources, as tsc does through the
    // `skillbox-source` condition: no build step between an edit and a test.
    alias: [
      { find: /^@skillbox\/(core|testing)$/, replacement: `${packages}$1/src/index.ts` },
      {
        find: /^@skillbox\/(core|testing)\/integrations$/,
        replacement: `${packages}$1/src/integrations/index.ts`,
      },
      { find: /^@skillbox\/(core|testing)\/(.+)$/, replacement: `${packages}$1/src/$2.ts` },
    ],
  },
  test: {
    include: [
      "src/**/*.test.ts",
      "packages/*/src/**/*.test.ts",
      "bench/**/*.test.ts",
      "web/src/**/*.test.ts",
    ],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
  },
});

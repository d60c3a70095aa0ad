import { defaultClientConditions, defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

// Tests run the workspace packages from their TypeScript sources through the `skillbox-source`
// condition of each package's exports (as tsc, tsx and the CLI bundle do): no build between an edit
// and a test. Vite resolves `exports` itself, subpaths and the `./*` wildcard included.
const SOURCE_CONDITION = "skillbox-source";

export default defineConfig({
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  // Tests run in Node, which Vite resolves with its server conditions.
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
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

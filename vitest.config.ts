import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const packages = fileURLToPath(new URL("./packages/", import.meta.url));

/** `@skillbox/<name>` and its subpaths to the sources, as tsc resolves them through `skillbox-source`. */
function sourceAliases() {
  return readdirSync(packages).flatMap((folder) => {
    const manifest = JSON.parse(readFileSync(`${packages}${folder}/package.json`, "utf8")) as {
      name: string;
      exports: Record<string, { "skillbox-source"?: string } | string>;
    };
    const escaped = manifest.name.replace("/", "\\/");
    return Object.entries(manifest.exports).flatMap(([subpath, target]) => {
      const source = typeof target === "string" ? undefined : target["skillbox-source"];
      if (source === undefined) return [];
      const file = `${packages}${folder}/${source.slice(2)}`;
      if (subpath === "./*")
        return [{ find: new RegExp(`^${escaped}/(.+)$`), replacement: file.replace("*", "$1") }];
      const name = subpath === "." ? escaped : `${escaped}/${subpath.slice(2)}`;
      return [{ find: new RegExp(`^${name}$`), replacement: file }];
    });
  });
}

export default defineConfig({
  resolve: {
    // Tests run the workspace packages from their TypeScript sources (the `skillbox-source` condition
    // of each package's exports, which tsc and the CLI bundle use too): no build between an edit and a test.
    // Exact subpaths come before each package's wildcard.
    alias: sourceAliases(),
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

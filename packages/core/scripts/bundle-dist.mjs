// Rebundles @skillbox/core's per-file tsc output (packages/core/dist) so that importing the package
// loads three files instead of ~130: every dist/<path>.js stays where it was (the `./*` subpath exports
// and the sibling packages import them) but becomes a facade that re-exports from one shared chunk,
// dist/chunks/core.js (and rolldown's small runtime chunk), so there is still one instance of every class and cache. Node 20 has no
// compile cache and each ES module file costs about half a millisecond to load; ~130 of them were
// most of `import("@skillbox/core")` once zod was off the path.
//
// Modules that need zod (the frontmatter and settings schemas, wanted only to word a value a plain
// check rejects) stay out of the chunk: their loaders (LAZY_MODULES) become a require() of the
// module's own facade on first use. Written as `typeof require === "function" ? require(...) : ...`
// so that a user's bundler (esbuild, webpack) sees a plain require() and bundles the module lazily,
// while Node loads it with createRequire (require of an ES module shares the ES module cache).
// The small CommonJS dependencies are bundled in, each with the module that needs it (picomatch with
// the glob compiler, ignore with the .gitignore matcher, both loaded on first use; the stemmer in the
// chunk): loading them through Node's CommonJS-to-ESM bridge cost more than their code.
//
// `node scripts/bundle-dist.mjs` after `tsc -p tsconfig.build.json` (the package's build script); it
// fails if a public entry point reaches zod eagerly, or if a lazy loader was renamed.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { rolldown } from "rolldown";
import { CORE_LAZY_MODULES } from "./lazy-modules.mjs";

const dist = resolve(dirname(fileURLToPath(import.meta.url)), "../dist");
const CHUNK_DIRECTORY = "chunks";

/** Loader file (dist-relative, no extension) → the module it hands out, also dist-relative. */
const LAZY_MODULES = Object.fromEntries(CORE_LAZY_MODULES.map(({ loader, ...lazy }) => [loader, lazy]));
/** Packages bundled in, each into the chunk of the module that needs it; other bare imports stay external. */
const INLINED_PACKAGES = {
  picomatch: "registry/watch/compile-glob",
  ignore: "registry/discovery/create-ignore-matcher",
  "wink-porter2-stemmer": "index",
};

// Chunks of an earlier run; the facades themselves are rewritten by tsc before every run.
rmSync(join(dist, CHUNK_DIRECTORY), { recursive: true, force: true });
const entries = listModules(dist);
// The chunk holds exactly what the public entry points load, so a deep-only module (and what it
// imports) costs nothing to someone who never asks for it.
const eager = reachableModules(["index", "integrations/index"]);
// Each lazy module gets a chunk of its own with what it alone brings (one file to load on first use).
const lazyGroups = [];
const grouped = new Set(eager);
for (const { module } of Object.values(LAZY_MODULES)) {
  grouped.delete(module);
  eager.delete(module);
}
for (const { module } of Object.values(LAZY_MODULES)) {
  const members = [...reachableModules([module])].filter((name) => !grouped.has(name));
  for (const name of members) grouped.add(name);
  lazyGroups.push({ name: module.split("/").at(-1), module, members: new Set(members) });
}
for (const loader of Object.keys(LAZY_MODULES)) {
  if (!entries.includes(loader))
    throw new Error(`bundle-dist: ${loader}.js is not in dist; update LAZY_MODULES`);
}
const lazyMarker = (name) => `__skillboxLazy(${JSON.stringify(name)})`;

const bundle = await rolldown({
  input: Object.fromEntries(entries.map((entry) => [entry, join(dist, `${entry}.js`)])),
  platform: "node",
  preserveEntrySignatures: "strict",
  external: (id) => isBare(id) && inlinedPackage(id) === undefined,
  plugins: [
    {
      name: "lazy-loaders",
      load(id) {
        const loader = LAZY_MODULES[moduleName(id)];
        if (loader === undefined) return null;
        return [
          "let loaded;",
          `export function ${loader.exportName}() {`,
          `  return (loaded ??= ${lazyMarker(loader.module)});`,
          "}",
        ].join("\n");
      },
    },
  ],
  logLevel: "warn",
});
const staging = mkdtempSync(join(tmpdir(), "skillbox-core-bundle-"));
const { output } = await bundle.write({
  dir: staging,
  format: "es",
  // `require` stays as written: the lazy loads below (and yaml's in parse-yaml-mapping.ts) are a
  // plain require() when one exists, so a user's bundler follows them.
  polyfillRequire: false,
  // Comments are most of a chunk's bytes after code, and Node pre-parses every byte at import; the
  // declarations keep the documentation. Legal notices and bundler annotations stay.
  comments: { legal: true, annotation: true, jsdoc: false },
  entryFileNames: "[name].js",
  chunkFileNames: `${CHUNK_DIRECTORY}/[name].js`,
  codeSplitting: {
    groups: [
      {
        name: "core",
        test: (id) => {
          const name = moduleName(id);
          return name === undefined ? inlinedPackage(id) === "index" : eager.has(name);
        },
      },
      ...lazyGroups.map(({ name, module, members }) => ({
        name,
        test: (id) => members.has(moduleName(id)) || inlinedPackage(id) === module,
      })),
    ],
  },
});
await bundle.close();

for (const file of output) {
  if (file.type !== "chunk") continue;
  let code = file.code;
  // The lazy loaders' markers, now that the chunk's own location is known.
  code = code.replace(/__skillboxLazy\("([^"]+)"\)/g, (_, module) => {
    let path = relative(dirname(join(dist, file.fileName)), join(dist, `${module}.js`));
    if (!path.startsWith(".")) path = `./${path}`;
    const literal = JSON.stringify(path);
    return `(typeof require === "function" ? require(${literal}) : __skillboxRequire(${literal}))`;
  });
  if (code !== file.code) {
    // node:module is fetched on the first lazy load: importing it loads Node's source-map support.
    code = `const __skillboxRequire = (id) => process.getBuiltinModule("node:module").createRequire(import.meta.url)(id);\n${code}`;
  }
  mkdirSync(dirname(join(dist, file.fileName)), { recursive: true });
  writeFileSync(join(dist, file.fileName), code);
}
rmSync(staging, { recursive: true, force: true });
checkEagerGraph(["index", "integrations/index"]);

/** The modules the given entries reach through static imports in tsc's output, lazy loaders not followed. */
function reachableModules(starts) {
  const seen = new Set();
  const stack = [...starts];
  while (stack.length > 0) {
    const name = stack.pop();
    if (seen.has(name)) continue;
    seen.add(name);
    if (LAZY_MODULES[name] !== undefined) continue;
    const file = join(dist, `${name}.js`);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith("."))
        stack.push(relative(dist, resolve(dirname(file), specifier)).slice(0, -".js".length));
    }
  }
  return seen;
}

/** The specifiers a file imports or re-exports statically (its dynamic imports and require()s left out). */
function staticImports(file) {
  const code = readFileSync(file, "utf8");
  return [...code.matchAll(/^(?:import|export)\s[^;]*?from\s*"([^"]+)"|^import\s*"([^"]+)"/gm)].map(
    (match) => match[1] ?? match[2],
  );
}

/** Every non-declaration .js file under dist, as a dist-relative name without extension. */
function listModules(folder) {
  return readdirSync(folder, { recursive: true })
    .filter((file) => file.endsWith(".js") && !file.startsWith(`${CHUNK_DIRECTORY}/`))
    .map((file) => file.slice(0, -".js".length))
    .sort();
}

function moduleName(id) {
  if (!id.startsWith(`${dist}/`) || !id.endsWith(".js")) return undefined;
  return id.slice(dist.length + 1, -".js".length);
}

/** Where an inlined package's module goes (a key of INLINED_PACKAGES' values), by specifier or resolved id. */
function inlinedPackage(id) {
  for (const [name, chunk] of Object.entries(INLINED_PACKAGES)) {
    if (id === name || id.startsWith(`${name}/`) || id.includes(`/node_modules/${name}/`)) return chunk;
  }
  return undefined;
}

function isBare(id) {
  return !id.startsWith(".") && !id.startsWith("/") && !id.startsWith("\0");
}

/** Fails when a public entry's static imports reach a package that must load lazily. */
function checkEagerGraph(starts) {
  const seen = new Set();
  const stack = starts.map((start) => join(dist, `${start}.js`));
  while (stack.length > 0) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith(".")) stack.push(resolve(dirname(file), specifier));
      else if (!specifier.startsWith("node:"))
        throw new Error(`bundle-dist: ${relative(dist, file)} imports ${specifier} eagerly`);
    }
  }
}

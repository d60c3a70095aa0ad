// The floors (docs/architecture.md): a folder imports only folders on lower floors, and a front end
// reaches another front end only through its index.ts. A floor's folder may sit in the skillbox
// package (src/<name>/) or in a workspace package (packages/<package>/src/<name>/, paths kept): the
// floors are one order across packages. The packages form a graph without cycles (PACKAGES below).
// `npm run check` and .ci/run run it.
const FLOORS = [
  ["errors", "text"],
  ["skills"],
  ["store"],
  ["registry", "routing"],
  ["prompt", "install"],
  ["script-runner"],
  ["tools"],
  ["agent"],
  ["translate", "mcp-host"],
  ["workspace"],
  ["testing"],
  ["cli", "server", "mcp", "integrations"],
];

const floorOf = new Map();
FLOORS.forEach((names, index) => {
  for (const name of names) floorOf.set(name, index);
});

const SOURCES = "(src|packages/[^/]+/src)";

/**
 * The packages and the packages each may import (skillbox, the repository root's src/, may import
 * them all). Their tests and fixtures may also import @skillbox/testing, which imports nothing of ours.
 */
const PACKAGES = {
  testing: [],
  core: [],
  agent: ["core"],
  "store-sqlite": ["core"],
  "store-postgres": ["core"],
  installer: ["core"],
  "mcp-host": ["core", "agent"],
  workspace: ["core", "agent", "store-sqlite", "store-postgres", "mcp-host"],
  server: ["core", "agent", "installer", "workspace"],
  mcp: ["core", "agent", "workspace"],
};

/** `name` and every package it reaches through PACKAGES. */
function closureOf(name) {
  const reached = new Set([name]);
  for (const next of reached) for (const use of PACKAGES[next]) reached.add(use);
  return [...reached];
}

const packageRules = Object.entries(PACKAGES).flatMap(([name, uses]) => {
  const outside = (allowed) => ({ path: "^(src/|packages/)", pathNot: `^packages/(${allowed.join("|")})/` });
  const rule = (suffix, comment, from, allowed) => ({
    name: `package-${name}${suffix}`,
    comment,
    severity: "error",
    from,
    to: outside(allowed),
  });
  return [
    rule(
      "",
      `@skillbox/${name} imports only ${uses.length === 0 ? "itself" : uses.map((use) => `@skillbox/${use}`).join(", ")} (docs/architecture.md).`,
      { path: `^packages/${name}/`, pathNot: "\\.test\\.ts$|/__fixtures__/" },
      [name, ...uses],
    ),
    rule(
      "-tests",
      `@skillbox/${name}'s tests use the packages it depends on (directly or not) and @skillbox/testing, never skillbox.`,
      { path: `^packages/${name}/.*(\\.test\\.ts$|/__fixtures__/)` },
      [...closureOf(name), "testing"],
    ),
  ];
});

/** `<source>/<folder>/...` (or `errors.ts`) for every folder on floors at or above `floor`, but `self`. */
function foldersFrom(floor, self) {
  const names = FLOORS.slice(floor)
    .flat()
    .filter((name) => name !== self);
  return `^${SOURCES}/(${names.map((name) => (name === "errors" ? "errors\\.ts$" : `${name}/`)).join("|")})`;
}

const FRONT_ENDS = ["cli", "server", "mcp", "integrations"];

const floorRules = [...floorOf.entries()]
  .filter(([name]) => name !== "errors" && !FRONT_ENDS.includes(name))
  .map(([name, floor]) => ({
    name: `floor-${name}`,
    comment: `${name}/ may import only folders on lower floors (see docs/architecture.md).`,
    severity: "error",
    from: { path: `^${SOURCES}/${name}/`, pathNot: "\\.test\\.ts$|/__fixtures__/" },
    to: { path: foldersFrom(floor, name) },
  }));

module.exports = {
  forbidden: [
    ...floorRules,
    ...FRONT_ENDS.map((name) => ({
      name: `front-end-${name}-only-through-index`,
      comment: `Another front end may use src/${name}/ only through src/${name}/index.ts.`,
      severity: "error",
      from: { path: `^${SOURCES}/(${FRONT_ENDS.filter((other) => other !== name).join("|")})/` },
      to: { path: `^${SOURCES}/${name}/`, pathNot: `^${SOURCES}/${name}/index\\.ts$` },
    })),
    {
      name: "core-never-imports-front-ends",
      comment: "Core folders never import a front end (cli, server, mcp, integrations) or the web page.",
      severity: "error",
      from: {
        path: `^${SOURCES}/`,
        pathNot: `^${SOURCES}/(${FRONT_ENDS.join("|")})/|^${SOURCES}/index\\.ts$|\\.test\\.ts$`,
      },
      to: { path: `^${SOURCES}/(${FRONT_ENDS.join("|")})/|^web/` },
    },
    ...packageRules,
    {
      name: "no-file-cycles",
      comment: "No import cycle between files.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "production-code-never-imports-tests",
      comment: "Shipped code never imports a test or a test fixture.",
      severity: "error",
      from: { path: `^${SOURCES}/`, pathNot: "\\.test\\.ts$|/__fixtures__/" },
      to: { path: "\\.test\\.ts$|/__fixtures__/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^dist/|^web/dist/|^packages/[^/]+/dist/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["skillbox-source", "import", "require", "node", "default"],
    },
    reporterOptions: {
      dot: { collapsePattern: "^(src|packages/[^/]+/src)/[^/]+/" },
    },
  },
};

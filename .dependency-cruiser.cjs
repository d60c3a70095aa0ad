// The floors (docs/architecture.md): a folder imports only folders on lower floors, and a front end
// reaches another front end only through its index.ts. A floor's folder may sit in the skillbox
// package (src/<name>/) or in @skillbox/core (packages/core/src/<name>/): the floors are one order
// across packages. The packages themselves form a graph without cycles: @skillbox/testing imports
// nothing of ours, @skillbox/core only itself (its tests also @skillbox/testing), skillbox both.
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

const SOURCES = "(src|packages/core/src)";

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
    {
      name: "core-package-stands-alone",
      comment: "@skillbox/core never imports the skillbox package; its tests may use @skillbox/testing.",
      severity: "error",
      from: { path: "^packages/core/" },
      to: { path: "^(src|packages/(?!core/))", pathNot: "^packages/testing/" },
    },
    {
      name: "core-shipped-code-never-imports-testing",
      comment: "Only @skillbox/core's tests and fixtures use @skillbox/testing.",
      severity: "error",
      from: { path: "^packages/core/", pathNot: "\\.test\\.ts$|/__fixtures__/" },
      to: { path: "^packages/testing/" },
    },
    {
      name: "testing-package-imports-nothing-of-ours",
      comment: "@skillbox/testing depends on no other package of ours, so every package may test with it.",
      severity: "error",
      from: { path: "^packages/testing/" },
      to: { path: "^(src|packages/(?!testing/))" },
    },
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

// The floors of src/ (docs/architecture.md): a folder imports only folders on lower floors, and a
// front end reaches another front end only through its index.ts. `npm run check` and .ci/run run it.
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

/** `src/<folder>/...` (or `src/errors.ts`) for every folder on floors at or above `floor`, but `self`. */
function foldersFrom(floor, self) {
  const names = FLOORS.slice(floor)
    .flat()
    .filter((name) => name !== self);
  return `^src/(${names.map((name) => (name === "errors" ? "errors\\.ts$" : `${name}/`)).join("|")})`;
}

const FRONT_ENDS = ["cli", "server", "mcp", "integrations"];

const floorRules = [...floorOf.entries()]
  .filter(([name]) => name !== "errors" && !FRONT_ENDS.includes(name))
  .map(([name, floor]) => ({
    name: `floor-${name}`,
    comment: `src/${name}/ may import only folders on lower floors (see docs/architecture.md).`,
    severity: "error",
    from: { path: `^src/${name}/`, pathNot: "\\.test\\.ts$|/__fixtures__/" },
    to: { path: foldersFrom(floor, name) },
  }));

module.exports = {
  forbidden: [
    ...floorRules,
    ...FRONT_ENDS.map((name) => ({
      name: `front-end-${name}-only-through-index`,
      comment: `Another front end may use src/${name}/ only through src/${name}/index.ts.`,
      severity: "error",
      from: { path: `^src/(${FRONT_ENDS.filter((other) => other !== name).join("|")})/` },
      to: { path: `^src/${name}/`, pathNot: `^src/${name}/index\\.ts$` },
    })),
    {
      name: "core-never-imports-front-ends",
      comment: "Core folders never import a front end (cli, server, mcp, integrations) or the web page.",
      severity: "error",
      from: { path: "^src/", pathNot: `^src/(${FRONT_ENDS.join("|")})/|^src/index\\.ts$|\\.test\\.ts$` },
      to: { path: `^src/(${FRONT_ENDS.join("|")})/|^web/` },
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
      from: { path: "^src/", pathNot: "\\.test\\.ts$|/__fixtures__/" },
      to: { path: "\\.test\\.ts$|/__fixtures__/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^dist/|^web/dist/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
    reporterOptions: {
      dot: { collapsePattern: "^src/[^/]+/" },
    },
  },
};

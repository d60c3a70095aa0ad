// @skillbox/core bundled the way serverless and single-file deployments do it: esbuild for Node,
// everything but Node's built-ins in the bundle, then run from a folder with no node_modules at all.
// The optional peers (the `ai` package, the js-tiktoken tokenizer) stay out, as for a user who has
// neither: the bundle must still build a Layer 1 and answer load_skill. Core require()s its zod
// schemas only when a value fails a plain check, and yaml only for YAML its fast parser leaves; the
// bundler must have followed both.

import { spawnSync } from "node:child_process";
import { existsSync, statSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import * as path from "node:path";
import { createTempDirectory, writeSkill } from "@skillbox/testing/skill-folders";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPOSITORY_ROOT, requireBuiltCore } from "./__fixtures__/packed-core.js";

const SKILL_BODY_MARKER = "Answer in exactly three bullet points.";
// The user's program: Layer 1 for the system prompt, then the model's load_skill call.
const ENTRY = `
import { loadSkillText } from "@skillbox/core";
import { createSkills } from "@skillbox/core/integrations";

const skills = await createSkills({ dirs: [process.env.SKILLS_DIR] });
const systemPrompt = skills.systemPrompt();
const loadSkill = skills.tools().find((tool) => tool.name === "load_skill");
if (loadSkill === undefined) throw new Error("no load_skill tool");
const result = await loadSkill.execute({ skill_name: "weekly-report" }, {});
skills.close();
const invalid = loadSkillText("---\\nname: odd\\ndescription: Odd.\\ncontext: sideways\\n---\\nBody.\\n", {
  path: "odd/SKILL.md",
  directoryName: "odd",
});
// An anchor: past the fast parser, so the yaml package (required on first use) reads it.
const anchored = loadSkillText("---\\nname: anchored\\ndescription: &d Reads an anchor.\\nwhen_to_use: *d\\n---\\n", {
  path: "anchored/SKILL.md",
  directoryName: "anchored",
});
console.log(
  JSON.stringify({
    systemPrompt,
    result,
    diagnostics: invalid.diagnostics,
    anchored: { description: anchored.metadata.description, diagnostics: anchored.diagnostics },
  }),
);
`;

const temp = createTempDirectory("skillbox-core-bundle-");
const OPTIONAL_PEERS = ["ai", "js-tiktoken", "js-tiktoken/*"];
// What esbuild's documentation has ES module bundles for Node add: a require() for bundled CommonJS
// code that requires Node's built-ins (yaml does).
const REQUIRE_BANNER =
  "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";
const bundles = {
  plain: path.join(temp.path, "app", "agent.mjs"),
  banner: path.join(temp.path, "app", "agent-banner.mjs"),
};
const externalImports: string[] = [];

beforeAll(async () => {
  requireBuiltCore();
  for (const [kind, outfile] of Object.entries(bundles)) {
    const result = await build({
      // Resolved from the repository root, as a user's project resolves its installed @skillbox/core:
      // the package's `default` condition, i.e. packages/core/dist.
      stdin: { contents: ENTRY, resolveDir: REPOSITORY_ROOT, sourcefile: "agent.mjs", loader: "js" },
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      outfile,
      external: OPTIONAL_PEERS,
      logLevel: "silent",
      metafile: true,
      ...(kind === "banner" ? { banner: { js: REQUIRE_BANNER } } : {}),
    });
    externalImports.push(
      ...Object.values(result.metafile.outputs).flatMap((output) =>
        output.imports.filter((entry) => entry.external === true).map((entry) => entry.path),
      ),
    );
  }
}, 120_000);

afterAll(() => temp.remove());

/** Runs a bundle from a folder with no node_modules anywhere above it; what it printed. */
function runBundle(bundle: string, skills: string, home: string): Printed {
  writeFileSync(path.join(path.dirname(bundle), "package.json"), '{ "type": "module" }\n');
  for (let folder = path.dirname(bundle); ; folder = path.dirname(folder)) {
    expect(existsSync(path.join(folder, "node_modules")), `${folder}/node_modules exists`).toBe(false);
    if (path.dirname(folder) === folder) break;
  }
  const run = spawnSync(process.execPath, [bundle], {
    cwd: path.dirname(bundle),
    encoding: "utf8",
    env: { PATH: process.env.PATH, HOME: home, SKILLS_DIR: skills },
    timeout: 60_000,
  });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "{}") as Printed;
}

interface Printed {
  systemPrompt: string;
  result: { content: string; isError?: boolean };
  diagnostics: { code: string; message: string; line?: number }[];
  anchored: { description: string; diagnostics: { code: string; message: string }[] };
}

describe("@skillbox/core bundled with esbuild for Node", () => {
  it("leaves out only Node's built-ins and the optional peers", () => {
    const outside = externalImports.filter(
      (specifier) =>
        !builtinModules.includes(specifier.replace(/^node:/, "")) &&
        !["ai", "js-tiktoken"].includes(specifier.split("/")[0] ?? ""),
    );
    expect(outside).toEqual([]);
    expect(externalImports.length).toBeGreaterThan(0);
  });

  it("runs a Layer 1 and load_skill round trip with no node_modules", () => {
    const skills = path.join(temp.path, "skills");
    writeSkill(
      skills,
      "weekly-report",
      { description: "Writes the weekly status report." },
      { body: `# Weekly report\n\n${SKILL_BODY_MARKER}\n` },
    );
    const home = path.join(temp.path, "no-home");
    const printed = runBundle(bundles.plain, skills, home);
    expect(printed.systemPrompt).toContain("weekly-report: Writes the weekly status report.");
    expect(printed.result.isError).not.toBe(true);
    expect(printed.result.content).toContain('<skill name="weekly-report">');
    expect(printed.result.content).toContain(SKILL_BODY_MARKER);
    // Worded by the frontmatter's zod schema, which the bundle loads only for this value.
    expect(printed.diagnostics).toEqual([
      expect.objectContaining({
        code: "invalid-field",
        line: 4,
        message: expect.stringContaining('expected one of "inline"|"fork"'),
      }),
    ]);
    // Without the banner, the bundled yaml cannot require Node's built-ins: that one file's YAML
    // goes unread with a diagnostic saying why, and nothing throws.
    expect(printed.anchored.diagnostics).toEqual([
      expect.objectContaining({ message: expect.stringContaining("could not be loaded") }),
    ]);
    expect(existsSync(home), "the bundle wrote into the home folder").toBe(false);
    console.info(`@skillbox/core esbuild bundle: ${(statSync(bundles.plain).size / 1024).toFixed(0)} KB`);
  });

  it("reads YAML past the fast parser with the yaml package it bundled, given the usual require banner", () => {
    const skills = path.join(temp.path, "skills-banner");
    writeSkill(skills, "weekly-report", { description: "Writes the weekly status report." });
    const printed = runBundle(bundles.banner, skills, path.join(temp.path, "no-home"));
    expect(printed.anchored).toEqual({ description: "Reads an anchor.", diagnostics: [] });
  });
});

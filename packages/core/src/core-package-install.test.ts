// @skillbox/core as a user installs it: packed, installed offline into an empty project, then
// measured (size, native modules, dependency tree), type-checked under nodenext strict, and used
// with the Vercel AI SDK against the fake LLM server, in a plain `node` process.

import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { createFakeLlmServer, type FakeLlmServer } from "@skillbox/testing";
import { createTempDirectory, writeSkill } from "@skillbox/testing/skill-folders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  folderBytes,
  installOffline,
  packCore,
  quietNpmEnvironment,
  REPOSITORY_ROOT,
  requireBuiltCore,
  writeOfflineProject,
} from "./__fixtures__/packed-core.js";
import { lastToolResult } from "./integrations/__fixtures__/release-notes-script.js";

const MAX_INSTALL_BYTES = 15 * 1024 * 1024;
// What the core may bring: small pure-JavaScript packages (none of them has dependencies today).
const ALLOWED_PACKAGES = new Set([
  "@skillbox/core",
  "zod",
  "yaml",
  "picomatch",
  "ignore",
  "wink-porter2-stemmer",
]);
const SKILL_BODY_MARKER = "Answer in exactly three bullet points.";

const temp = createTempDirectory("skillbox-core-package-");
const project = path.join(temp.path, "project");
let tarball = "";
const installMilliseconds: number[] = [];

beforeAll(() => {
  requireBuiltCore();
  tarball = packCore(temp.path);
  writeOfflineProject(project, tarball);
  installMilliseconds.push(installOffline(project));
}, 120_000);

afterAll(() => {
  console.info(
    `@skillbox/core offline installs took ${installMilliseconds.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(", ")}`,
  );
  temp.remove();
});

describe("@skillbox/core installed alone from its packed tarball", () => {
  it("takes at most 15 MB of node_modules", () => {
    const { bytes, diskBytes } = folderBytes(path.join(project, "node_modules"));
    const megabytes = (value: number) => (value / 1024 / 1024).toFixed(2);
    // The disk blocks (what `du` shows, and the larger figure) count, not only the files' lengths.
    expect(
      diskBytes,
      `node_modules takes ${megabytes(diskBytes)} MB on disk (${megabytes(bytes)} MB of file contents), over 15 MB`,
    ).toBeLessThanOrEqual(MAX_INSTALL_BYTES);
    console.info(
      `@skillbox/core install: ${megabytes(bytes)} MB of files, ${megabytes(diskBytes)} MB on disk`,
    );
  });

  it("brings no native module and no install script", () => {
    const nodeModules = path.join(project, "node_modules");
    const entries = readdirSync(nodeModules, { recursive: true, encoding: "utf8" });
    const native = entries.filter(
      (entry) => entry.endsWith(".node") || path.basename(entry) === "binding.gyp",
    );
    expect(native, "native module files under node_modules").toEqual([]);
    const manifests = entries.filter((entry) => path.basename(entry) === "package.json");
    const withScripts: string[] = [];
    for (const manifest of manifests) {
      const parsed = JSON.parse(readFileSync(path.join(nodeModules, manifest), "utf8")) as {
        name?: string;
        scripts?: Record<string, string>;
        gypfile?: boolean;
      };
      const hooks = ["preinstall", "install", "postinstall"].filter(
        (hook) => parsed.scripts?.[hook] !== undefined,
      );
      if (hooks.length > 0 || parsed.gypfile === true) withScripts.push(`${manifest}: ${hooks.join(", ")}`);
    }
    expect(withScripts, "packages with install scripts").toEqual([]);
    // The check above must have seen the packages it vouches for.
    expect(manifests).toContain(path.join("zod", "package.json"));
  });

  it("depends only on small pure-JavaScript packages", () => {
    const output = execFileSync("npm", ["ls", "--all", "--json"], {
      cwd: project,
      encoding: "utf8",
      env: quietNpmEnvironment(),
    });
    const names = new Set<string>();
    const visit = (
      dependencies: Record<string, { dependencies?: unknown; version?: string }> | undefined,
    ) => {
      for (const [name, node] of Object.entries(dependencies ?? {})) {
        // Optional peers that are not installed (ai, js-tiktoken, the frameworks) are listed empty.
        if (node.version === undefined) continue;
        names.add(name);
        visit(node.dependencies as typeof dependencies);
      }
    };
    visit((JSON.parse(output) as { dependencies?: Record<string, { dependencies?: unknown }> }).dependencies);
    expect([...names].filter((name) => !ALLOWED_PACKAGES.has(name))).toEqual([]);
    expect(names).toContain("zod");
  });

  describe("type-checked under nodenext strict, with only @types/node beside it", () => {
    // A TypeScript user on Node has @types/node; nothing else: no ai, openai or Anthropic SDK.
    const typed = path.join(temp.path, "typed");
    beforeAll(() => {
      writeOfflineProject(typed, tarball, ["@types/node"]);
      installMilliseconds.push(installOffline(typed));
    }, 120_000);

    it("compiles an import of the main entry", () => {
      const output = typeCheck(typed, "main", [
        'import { createSkillRegistry, type SkillRegistry } from "@skillbox/core";',
        "",
        "const registry: SkillRegistry = createSkillRegistry({",
        '  roots: [{ label: "project", path: "/srv/skills", scope: "project" }],',
        "});",
        "console.log(registry.list().length);",
      ]);
      expect(output).toBe("");
    }, 120_000);

    it("compiles an import of createSkills from @skillbox/core/integrations", () => {
      const output = typeCheck(typed, "integrations", [
        'import type { SkillRegistry } from "@skillbox/core";',
        'import { createSkills, type Skills } from "@skillbox/core/integrations";',
        "",
        'const skills: Skills = await createSkills({ dirs: ["./skills"] });',
        "const prompt: string = skills.systemPrompt();",
        "const registry: SkillRegistry = skills.registry;",
        "console.log(prompt.length, registry.list().length);",
        "skills.close();",
      ]);
      expect(output).toBe("");
    }, 120_000);
  });

  describe("loaded by node, with zod removed from node_modules", () => {
    // The main entry and /integrations must not load zod (bundle-dist.mjs checks the files; this
    // checks Node): with zod gone they still build a Layer 1, and only @skillbox/core/schemas fails.
    const lean = path.join(temp.path, "lean");
    beforeAll(() => {
      writeOfflineProject(lean, tarball);
      installMilliseconds.push(installOffline(lean));
      rmSync(path.join(lean, "node_modules", "zod"), { recursive: true });
    }, 120_000);

    it("imports the main entry and the integrations, one instance of each module behind every subpath", async () => {
      const skills = path.join(temp.path, "lean-skills");
      writeSkill(skills, "weekly-report", { description: "Writes the weekly status report." });
      writeFileSync(
        path.join(lean, "check.mjs"),
        [
          'import { SkillboxError } from "@skillbox/core";',
          'import { SkillboxError as DeepSkillboxError } from "@skillbox/core/errors";',
          'import { createSkills } from "@skillbox/core/integrations";',
          "",
          "const skills = await createSkills({ dirs: [process.env.SKILLS_DIR] });",
          "const systemPrompt = skills.systemPrompt();",
          "skills.close();",
          'const schemas = await import("@skillbox/core/schemas").then(() => "loaded", (error) => error.code);',
          "console.log(JSON.stringify({ sameClass: SkillboxError === DeepSkillboxError, systemPrompt, schemas }));",
          "",
        ].join("\n"),
      );
      const run = await runNode(["check.mjs"], {
        cwd: lean,
        env: { PATH: process.env.PATH, HOME: path.join(temp.path, "no-home"), SKILLS_DIR: skills },
      });
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      const printed = JSON.parse(run.stdout.trim()) as {
        sameClass: boolean;
        systemPrompt: string;
        schemas: string;
      };
      expect(printed.sameClass).toBe(true);
      expect(printed.systemPrompt).toContain("weekly-report: Writes the weekly status report.");
      expect(printed.schemas).toBe("ERR_MODULE_NOT_FOUND");
    }, 120_000);
  });

  describe("with the Vercel AI SDK installed beside it", () => {
    let server: FakeLlmServer | undefined;
    afterAll(async () => server?.close());

    it("lets generateText load a skill through load_skill and get its body", async () => {
      writeOfflineProject(project, tarball, ["ai", "@ai-sdk/openai"]);
      installMilliseconds.push(installOffline(project));
      const skills = path.join(temp.path, "skills");
      writeSkill(
        skills,
        "weekly-report",
        { description: "Writes the weekly status report." },
        {
          body: `# Weekly report\n\n${SKILL_BODY_MARKER}\n`,
        },
      );
      server = await createFakeLlmServer({
        script: [
          { toolCalls: [{ name: "load_skill", arguments: { skill_name: "weekly-report" } }] },
          (request) => ({
            text: lastToolResult(request).includes(SKILL_BODY_MARKER) ? "FOLLOWED" : "BODY MISSING",
          }),
        ],
      });
      writeFileSync(
        path.join(project, "agent.mjs"),
        [
          'import { createOpenAI } from "@ai-sdk/openai";',
          'import { createSkills } from "@skillbox/core/integrations";',
          'import { generateText, stepCountIs } from "ai";',
          "",
          "const skills = await createSkills({ dirs: [process.env.SKILLS_DIR] });",
          'const openai = createOpenAI({ baseURL: process.env.FAKE_OPENAI_BASE_URL, apiKey: "test-key" });',
          "const result = await generateText({",
          '  model: openai.chat("fake-model"),',
          "  system: skills.systemPrompt(),",
          "  tools: skills.aiSdkTools(),",
          "  stopWhen: stepCountIs(5),",
          '  prompt: "Write this week\'s status report.",',
          "});",
          "skills.close();",
          "console.log(JSON.stringify({ text: result.text, output: result.steps[0]?.toolResults[0]?.output }));",
          "",
        ].join("\n"),
      );
      // A home folder that does not exist: the core must not need one.
      const home = path.join(temp.path, "no-home");
      // Asynchronous: the fake server answers from this process's event loop.
      const run = await runNode(["agent.mjs"], {
        cwd: project,
        env: {
          PATH: process.env.PATH,
          HOME: home,
          SKILLS_DIR: skills,
          FAKE_OPENAI_BASE_URL: server.openaiBaseUrl,
        },
      });
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      const printed = JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "{}") as {
        text?: string;
        output?: unknown;
      };
      expect(printed.text).toBe("FOLLOWED");
      expect(JSON.stringify(printed.output)).toContain(SKILL_BODY_MARKER);
      const [first, second] = server.requests;
      expect(JSON.stringify(first?.body.messages)).toContain(
        "weekly-report: Writes the weekly status report.",
      );
      expect(lastToolResult(second)).toContain('<skill name="weekly-report">');
      expect(existsSync(home), "the core wrote into the home folder").toBe(false);
      // The AI SDK was really installed from the tarball's neighbours, not found elsewhere.
      expect(existsSync(path.join(project, "node_modules", "ai", "package.json"))).toBe(true);
    }, 120_000);
  });
});

/** Runs `node <args>` to completion without blocking the event loop. */
function runNode(
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** Compiles `<name>.ts` in `project` with the repository's TypeScript; returns tsc's output ("" when clean). */
function typeCheck(project: string, name: string, lines: readonly string[]): string {
  writeFileSync(path.join(project, `${name}.ts`), `${lines.join("\n")}\n`);
  const compilerOptions = {
    module: "nodenext",
    moduleResolution: "nodenext",
    target: "es2022",
    lib: ["es2022"],
    strict: true,
    noEmit: true,
    types: ["node"],
  };
  const config = `tsconfig.${name}.json`;
  writeFileSync(path.join(project, config), JSON.stringify({ compilerOptions, files: [`${name}.ts`] }));
  const tsc = path.join(REPOSITORY_ROOT, "node_modules", "typescript", "bin", "tsc");
  const result = spawnSync(process.execPath, [tsc, "-p", config], { cwd: project, encoding: "utf8" });
  const output = `${result.stdout}${result.stderr}`.trim();
  if (output === "" && result.status !== 0) return `tsc exited with ${result.status}`;
  return output;
}

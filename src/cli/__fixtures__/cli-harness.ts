// Test harness for workspace commands: a temp project, home and skill folders, and runCli with captured output.

import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import type { CliCommand, CliIo } from "../command.js";
import { runCli } from "../run-cli.js";

/** What one run printed and its exit code. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A temp project (a git repository with `.agents/skills`), a temp home and an in-memory store. */
export interface CliHarness {
  base: string;
  project: string;
  home: string;
  /** `<project>/.agents/skills`. */
  skills: string;
  /** Writes `<folder>/<name>/SKILL.md`; returns the skill folder. */
  writeSkill(folder: string, name: string, frontmatter?: Record<string, string>, body?: string): string;
  run(args: string[], extra?: Partial<CliIo>): Promise<CliRun>;
  remove(): void;
}

/** Creates the folders; `storePath` defaults to a file in the temp folder so runs share state. */
export function createCliHarness(commands: readonly CliCommand[]): CliHarness {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), "skillbox-cli-")));
  const project = path.join(base, "project");
  const home = path.join(base, "home");
  const skills = path.join(project, ".agents", "skills");
  mkdirSync(path.join(project, ".git"), { recursive: true });
  mkdirSync(skills, { recursive: true });
  mkdirSync(home, { recursive: true });
  return {
    base,
    project,
    home,
    skills,
    writeSkill(folder, name, frontmatter = {}, body = `Body of ${name}.\n`) {
      const fields = { name, description: `Helps with ${name}.`, ...frontmatter };
      const directory = path.join(folder, name);
      mkdirSync(directory, { recursive: true });
      const lines = Object.entries(fields).map(([key, value]) => `${key}: ${value}`);
      writeFileSync(path.join(directory, "SKILL.md"), `---\n${lines.join("\n")}\n---\n${body}`);
      return directory;
    },
    async run(args, extra = {}) {
      let stdout = "";
      let stderr = "";
      const io: CliIo = {
        stdout: (text) => {
          stdout += text;
        },
        stderr: (text) => {
          stderr += text;
        },
        cwd: project,
        home,
        env: { SKILLBOX_DB: path.join(base, "skillbox.db") },
        bundledDirectory: path.join(base, "bundled"),
        ...extra,
      };
      const code = await runCli(args, io, { commands, version: "0.0.0-test" });
      return { code, stdout, stderr };
    },
    remove: () => rmSync(base, { recursive: true, force: true }),
  };
}

// End-to-end helpers: a temp project (home, working folder, SQLite file), the built CLI run as a real
// process against the fake LLM server, and readers for what the fake server received in each wire format.

import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { createFakeLlmServer, type FakeLlmRequest, type FakeLlmServer, type FakeLlmStep } from "@skillbox/testing";

/** The built CLI; `npm run build` (or `npm ci`, which runs it) creates it. */
export const BUILT_CLI = fileURLToPath(new URL("../../../dist/cli/main.js", import.meta.url));

/** Throws a clear error when the CLI has not been built. */
export function requireBuiltCli(): void {
  if (!existsSync(BUILT_CLI)) {
    throw new Error(`The end-to-end tests run the built CLI, and ${BUILT_CLI} is missing: run npm run build first.`);
  }
}

/** One wire format: how the CLI is pointed at the fake server, and how to read its requests. */
export interface WireFormat {
  name: "openai" | "anthropic";
  /** Environment that points the CLI's provider at the server. */
  environment(server: FakeLlmServer): Record<string, string>;
}

/** Both wire formats, for `describe.each`. */
export const WIRE_FORMATS: WireFormat[] = [
  { name: "openai", environment: (server) => ({ OPENAI_BASE_URL: server.openaiBaseUrl }) },
  { name: "anthropic", environment: (server) => ({ ANTHROPIC_BASE_URL: server.anthropicBaseUrl }) },
];

/** A temp project: `home`, `project` (the working folder) with `.agents/skills`, and the SQLite file. */
export interface E2eProject {
  root: string;
  home: string;
  project: string;
  skills: string;
  database: string;
  writeSkill(name: string, frontmatter: string, body: string): string;
  writeConfig(config: Record<string, unknown>): void;
  /** Writes `~/.skillbox/config.json` in the temp HOME (where trustedProjects is read). */
  writeUserConfig(config: Record<string, unknown>): void;
  remove(): void;
}

/** Creates the folders of a fresh project. */
export function createE2eProject(): E2eProject {
  const root = mkdtempSync(path.join(tmpdir(), "skillbox-e2e-"));
  const home = path.join(root, "home");
  const project = path.join(root, "project");
  const skills = path.join(project, ".agents", "skills");
  mkdirSync(home, { recursive: true });
  mkdirSync(skills, { recursive: true });
  return {
    root,
    home,
    project,
    skills,
    database: path.join(root, "skillbox.db"),
    writeSkill(name, frontmatter, body) {
      const file = path.join(skills, name, "SKILL.md");
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `---\nname: ${name}\n${frontmatter}\n---\n${body}\n`);
      return file;
    },
    writeConfig(config) {
      mkdirSync(path.join(project, ".skillbox"), { recursive: true });
      writeFileSync(path.join(project, ".skillbox", "config.json"), JSON.stringify(config));
    },
    writeUserConfig(config) {
      mkdirSync(path.join(home, ".skillbox"), { recursive: true });
      writeFileSync(path.join(home, ".skillbox", "config.json"), JSON.stringify(config));
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** How a CLI process ended. */
export interface CliOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts `node dist/cli/main.js <args>` in the project with only the given environment (plus PATH). */
export function spawnSkillbox(
  project: E2eProject,
  args: string[],
  environment: Record<string, string>,
): ChildProcess {
  return spawn(process.execPath, [BUILT_CLI, ...args], {
    cwd: project.project,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: project.home,
      SKILLBOX_DB: project.database,
      ...environment,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
}

/** Runs the CLI to the end (stdin closed) and collects its output. */
export function runSkillbox(
  project: E2eProject,
  args: string[],
  environment: Record<string, string>,
): Promise<CliOutcome> {
  const child = spawnSkillbox(project, args, environment);
  child.stdin?.end();
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

type WireMessage = { role: string; content: unknown };

/** The system prompt of a model request. */
export function systemOf(request: FakeLlmRequest | undefined): string {
  if (request === undefined) return "";
  if (request.format === "anthropic") return textOf(request.body.system);
  const messages = (request.body.messages ?? []) as WireMessage[];
  return textOf(messages.find((message) => message.role === "system")?.content);
}

/** The names of the tools a model request offered. */
export function toolNamesOf(request: FakeLlmRequest | undefined): string[] {
  const tools = (request?.body.tools ?? []) as { name?: string; function?: { name: string } }[];
  return tools.map((tool) => tool.function?.name ?? tool.name ?? "");
}

/** The text of the last tool result in a request. */
export function lastToolResultOf(request: FakeLlmRequest | undefined): string {
  const messages = (request?.body.messages ?? []) as WireMessage[];
  if (request?.format === "openai") return textOf(messages.filter((message) => message.role === "tool").at(-1)?.content);
  for (const message of [...messages].reverse()) {
    if (!Array.isArray(message.content)) continue;
    const block = (message.content as { type: string; content?: unknown }[])
      .filter((entry) => entry.type === "tool_result")
      .at(-1);
    if (block !== undefined) return textOf(block.content);
  }
  return "";
}

/** The text of the last user message in a request (tool results excluded). */
export function lastUserTextOf(request: FakeLlmRequest | undefined): string {
  const messages = (request?.body.messages ?? []) as WireMessage[];
  const user = messages.filter((message) => message.role === "user").at(-1);
  if (user === undefined) return "";
  if (typeof user.content === "string") return user.content;
  return (user.content as { type: string; text?: string }[])
    .filter((block) => block.type === "text")
    .map((block) => block.text ?? "")
    .join("");
}

/** True for a request made by a forked skill's sub-agent. */
export function isSubAgentRequest(request: FakeLlmRequest): boolean {
  return systemOf(request).includes("You are a sub-agent running the skill");
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((part) => (typeof part?.text === "string" ? part.text : "")).join("");
}

/** One `skillbox run` scenario: its own project and fake server, so scenarios can run concurrently. */
export interface RunScenario {
  project: E2eProject;
  /** Starts a fresh fake server with the script (closing the previous one) and runs the CLI to the end. */
  run(args: string[], script: FakeLlmStep[]): Promise<CliOutcome>;
  /** Model calls the current server received. */
  modelRequests(): FakeLlmRequest[];
  close(): Promise<void>;
}

/** Creates a scenario; `--provider <format>` is passed unless `withProviderFlag` is false. */
export function createRunScenario(format: WireFormat, withProviderFlag = true): RunScenario {
  const project = createE2eProject();
  let server: FakeLlmServer | undefined;
  return {
    project,
    async run(args, script) {
      await server?.close();
      server = await createFakeLlmServer({ script });
      const provider = withProviderFlag ? ["--provider", format.name] : [];
      return runSkillbox(project, ["run", ...provider, ...args], format.environment(server));
    },
    modelRequests: () => server?.requests.filter((request) => request.format !== "other") ?? [],
    async close() {
      await server?.close();
      project.remove();
    },
  };
}

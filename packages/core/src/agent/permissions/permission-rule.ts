// Permission rules in Claude Code syntax — `*`, `Edit`, `Bash(git:*)`, `Read(src/**)`, `Skill(deploy)` —
// parsed once and matched against a tool call.

import path from "node:path";
import { loadCompileGlob } from "../../registry/watch/load-compile-glob.js";
import {
  BASH_TOOL,
  EDIT_FILE_TOOL,
  GLOB_TOOL,
  GREP_TOOL,
  READ_FILE_TOOL,
  WRITE_FILE_TOOL,
} from "../../tools/tool-names.js";
import { splitShellCommand } from "../invocation/split-shell-command.js";
import { toolsCoveredByRuleName } from "./claude-tool-names.js";

/** A parsed rule: which tools it names and, optionally, which inputs. */
export interface PermissionRule {
  /** The rule as written, for messages. */
  source: string;
  /** Skillbox tool names, or a wildcard pattern for the name (`mcp__github__*`, `*`). */
  tools: string[];
  /** The part in parentheses; absent means every input. */
  pattern?: string;
}

const FILE_TOOLS = new Set([READ_FILE_TOOL, WRITE_FILE_TOOL, EDIT_FILE_TOOL, GLOB_TOOL, GREP_TOOL]);

/** True for the built-ins whose rules match workspace paths (`Read(src/**)`). */
export function isFileTool(tool: string): boolean {
  return FILE_TOOLS.has(tool.toLowerCase());
}

/** Parses `Name` or `Name(pattern)`; anything unparseable becomes a rule for that literal tool name. */
export function parsePermissionRule(source: string): PermissionRule {
  const trimmed = source.trim();
  const match = /^([^()]+)\((.*)\)$/s.exec(trimmed);
  const name = (match?.[1] ?? trimmed).trim();
  const pattern = match?.[2]?.trim();
  const tools = name.includes("*") ? [name.toLowerCase()] : toolsCoveredByRuleName(name);
  return pattern === undefined || pattern === "" || pattern === "*"
    ? { source: trimmed, tools }
    : { source: trimmed, tools, pattern };
}

/** True when the rule names `tool` (wildcards in the rule name allowed). */
export function ruleNamesTool(rule: PermissionRule, tool: string): boolean {
  const lower = tool.toLowerCase();
  return rule.tools.some((name) =>
    name.includes("*") ? wildcardToRegExp(name).test(lower) : name === lower,
  );
}

/** What rules are matched against in one call. */
export interface CallSubjects {
  subjects: string[];
  /** Commands hidden in `$(…)` or backticks: no pattern can check them. */
  hasSubstitution: boolean;
  /** bash redirections that read or write a file (`> ~/.bashrc`): no pattern covers them. */
  fileRedirections: string[];
}

/**
 * The subjects of a call that rules are matched against: for bash, each simple command of the
 * command line; for file tools, the path; for other tools, their main string argument.
 */
export function describeCallSubjects(
  tool: string,
  input: Record<string, unknown>,
  root?: string,
): CallSubjects {
  if (tool === BASH_TOOL) {
    const command = typeof input.command === "string" ? input.command : "";
    const split = splitShellCommand(command);
    return {
      subjects: split.segments,
      hasSubstitution: split.hasSubstitution,
      fileRedirections: split.fileRedirections,
    };
  }
  if (FILE_TOOLS.has(tool)) {
    const value = stringField(input, ["path", "file_path"]) ?? ".";
    return { subjects: [normalizeInputPath(value, root)], hasSubstitution: false, fileRedirections: [] };
  }
  const main = stringField(input, [
    "name",
    "skill_name",
    "skill",
    "command",
    "path",
    "url",
    "pattern",
    "query",
    "prompt",
  ]);
  return { subjects: [main ?? JSON.stringify(input)], hasSubstitution: false, fileRedirections: [] };
}

/** True when the rule's pattern accepts one subject of a call to `tool`. */
export function patternAccepts(rule: PermissionRule, tool: string, subject: string): boolean {
  if (rule.pattern === undefined) return true;
  if (tool === BASH_TOOL) return bashPatternAccepts(rule.pattern, subject);
  if (FILE_TOOLS.has(tool))
    return loadCompileGlob().compileGlob(normalizePatternPath(rule.pattern), { basename: false })(subject);
  return wildcardToRegExp(rule.pattern).test(subject);
}

/** Bash patterns: `git:*` (the command `git` with any arguments), `npm run *`, or an exact command. */
function bashPatternAccepts(pattern: string, command: string): boolean {
  const normalized = command.replace(/\s+/g, " ");
  if (pattern.endsWith(":*")) {
    const prefix = pattern.slice(0, -2).trim();
    return normalized === prefix || normalized.startsWith(`${prefix} `);
  }
  if (pattern.endsWith(" *") && normalized === pattern.slice(0, -2).trim()) return true;
  return pattern.includes("*") ? wildcardToRegExp(pattern).test(normalized) : normalized === pattern.trim();
}

function stringField(input: Record<string, unknown>, keys: string[]): string | undefined {
  for (const key of keys) {
    const value = input[key];
    if (typeof value === "string") return value;
  }
  return undefined;
}

/** Pattern paths as Claude Code reads them: `./src/**` and `/src/**` are project-relative, `//abs/**` is absolute. */
function normalizePatternPath(value: string): string {
  if (value.startsWith("//")) return value.slice(1);
  const stripped = value.replace(/^\.\/+/, "").replace(/^\/+/, "");
  return stripped === "" ? "." : stripped;
}

/** Input paths: relative ones lose `./`; absolute ones inside `root` become relative to it. */
function normalizeInputPath(value: string, root: string | undefined): string {
  if (path.isAbsolute(value)) {
    if (root === undefined) return value;
    const relative = path.relative(root, value);
    if (relative.startsWith("..") || path.isAbsolute(relative)) return value;
    return relative.split(path.sep).join("/") || ".";
  }
  const normalized = path.posix.normalize(value.replace(/\\/g, "/")).replace(/^\.\/+/, "");
  return normalized === "" ? "." : normalized;
}

function wildcardToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${escaped}$`, "s");
}

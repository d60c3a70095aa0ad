// Reads the config's `hooks` in either shape people write: Skillbox's flat entries
// (`{ matcher, command, timeoutSeconds }`) and Claude Code's settings groups
// (`{ matcher, hooks: [{ type: "command", command, timeout }] }`, what people copy from
// .claude/settings.json). Both become flat entries; a bad entry is dropped with a problem naming
// its event and index, and never takes the valid ones with it.

import type { SkillHookEntry } from "../../skills/skill-metadata.js";

/** One entry that was dropped: where it is (`PreToolUse[1]`, `SessionStart[0].hooks[2]`) and why. */
export interface HookConfigProblem {
  at: string;
  message: string;
}

/** The flat entries per event, or undefined when `hooks` itself is not an object; and what was dropped. */
export interface NormalizedHookConfig {
  hooks: Record<string, SkillHookEntry[]> | undefined;
  problems: HookConfigProblem[];
}

const FLAT_KEYS = ["matcher", "command", "timeoutSeconds"];
const GROUP_KEYS = ["matcher", "hooks"];
const COMMAND_KEYS = ["type", "command", "timeout"];

/** Normalises a config `hooks` value (JSON) to flat entries, keyed by the event names as written. */
export function normalizeHookConfig(value: unknown): NormalizedHookConfig {
  if (!isPlainObject(value)) {
    return {
      hooks: undefined,
      problems: [{ at: "", message: "hooks must be an object keyed by event name (e.g. PreToolUse)" }],
    };
  }
  const hooks: Record<string, SkillHookEntry[]> = {};
  const problems: HookConfigProblem[] = [];
  for (const [event, entries] of Object.entries(value)) {
    if (event === "__proto__") {
      problems.push({ at: event, message: "__proto__ is not an event name" });
      continue;
    }
    if (!Array.isArray(entries)) {
      problems.push({ at: event, message: "expected a list of hook entries" });
      continue;
    }
    const flat: SkillHookEntry[] = [];
    entries.forEach((entry: unknown, index) => {
      const at = `${event}[${index}]`;
      if (isPlainObject(entry) && "hooks" in entry) readGroup(entry, at, flat, problems);
      else {
        const read = readFlatEntry(entry);
        if (typeof read === "string") problems.push({ at, message: read });
        else flat.push(read);
      }
    });
    hooks[event] = flat;
  }
  return { hooks, problems };
}

/** Skillbox's shape: `{ matcher?, command, timeoutSeconds? }`. */
function readFlatEntry(entry: unknown): SkillHookEntry | string {
  if (!isPlainObject(entry)) {
    return 'expected { "command": "…" } (optionally "matcher" and "timeoutSeconds") or { "matcher": "…", "hooks": [{ "type": "command", "command": "…" }] }';
  }
  const unknown = unknownKey(entry, FLAT_KEYS);
  if (unknown !== undefined) return `unknown key "${unknown}" (known: ${FLAT_KEYS.join(", ")})`;
  const matcher = readMatcher(entry.matcher);
  if (typeof matcher === "object") return matcher.problem;
  if (!isFilled(entry.command)) return "command must be a non-empty string";
  const timeout = readTimeout(entry.timeoutSeconds, "timeoutSeconds");
  if (typeof timeout === "string") return timeout;
  return withOptional({ command: entry.command }, matcher, timeout);
}

/** Claude Code's shape: `{ matcher?, hooks: [{ type: "command", command, timeout? }] }`, one flat entry per command. */
function readGroup(
  group: Record<string, unknown>,
  at: string,
  flat: SkillHookEntry[],
  problems: HookConfigProblem[],
): void {
  const unknown = unknownKey(group, GROUP_KEYS);
  if (unknown !== undefined) {
    problems.push({ at, message: `unknown key "${unknown}" (known: ${GROUP_KEYS.join(", ")})` });
    return;
  }
  const matcher = readMatcher(group.matcher);
  if (typeof matcher === "object") {
    problems.push({ at, message: matcher.problem });
    return;
  }
  if (!Array.isArray(group.hooks)) {
    problems.push({ at, message: 'hooks must be a list of { "type": "command", "command": "…" }' });
    return;
  }
  group.hooks.forEach((hook: unknown, index) => {
    const inner = `${at}.hooks[${index}]`;
    if (!isPlainObject(hook)) {
      problems.push({ at: inner, message: 'expected { "type": "command", "command": "…" }' });
      return;
    }
    if (hook.type !== undefined && hook.type !== "command") {
      problems.push({
        at: inner,
        message: `type ${JSON.stringify(hook.type)} is not supported; only "command" hooks run`,
      });
      return;
    }
    const unknownInner = unknownKey(hook, COMMAND_KEYS);
    if (unknownInner !== undefined) {
      problems.push({
        at: inner,
        message: `unknown key "${unknownInner}" (known: ${COMMAND_KEYS.join(", ")})`,
      });
      return;
    }
    if (!isFilled(hook.command)) {
      problems.push({ at: inner, message: "command must be a non-empty string" });
      return;
    }
    const timeout = readTimeout(hook.timeout, "timeout");
    if (typeof timeout === "string") {
      problems.push({ at: inner, message: timeout });
      return;
    }
    flat.push(withOptional({ command: hook.command }, matcher, timeout));
  });
}

function readMatcher(value: unknown): string | undefined | { problem: string } {
  if (value === undefined || typeof value === "string") return value;
  return {
    problem: "matcher must be a string (a tool name, Bash|Edit, a regular expression, or empty for all)",
  };
}

function readTimeout(value: unknown, key: string): number | undefined | string {
  if (value === undefined) return undefined;
  if (typeof value === "number" && Number.isFinite(value) && value > 0) return value;
  return `${key} must be a positive number of seconds`;
}

function withOptional(
  entry: { command: string },
  matcher: string | undefined,
  timeoutSeconds: number | undefined,
): SkillHookEntry {
  return {
    ...(matcher === undefined ? {} : { matcher }),
    command: entry.command,
    ...(timeoutSeconds === undefined ? {} : { timeoutSeconds }),
  };
}

function unknownKey(entry: Record<string, unknown>, known: readonly string[]): string | undefined {
  return Object.keys(entry).find((key) => !known.includes(key));
}

function isFilled(value: unknown): value is string {
  return typeof value === "string" && value.length > 0;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype
  );
}

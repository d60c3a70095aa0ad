// Asking the person about a tool call from `run` and `chat`: the one-keystroke question (y = yes
// once, a = always for this session, n = no), reading the key, and the hint a refusal gives.

import type { Interface } from "node:readline";
import type { Readable } from "node:stream";
import type {
  AllowAdvice,
  PermissionAnswer,
  PermissionQuestion,
} from "@skillbox/core/agent/permissions/permissions";
import { escapeTerminalLine } from "./escape-terminal-text.js";

/**
 * The question on its own line, then the choices, ending where the key is read. The model wrote the
 * command in it, so it is escaped: a carriage return or escape sequence cannot hide what is asked.
 */
export function formatPermissionPrompt(question: PermissionQuestion): string {
  return `${escapeTerminalLine(question.message)}\n${formatPermissionChoices(question)}`;
}

/** `  [y] yes once  [a] always (Bash(ls:*)) this session  [n] no: ` — short, so it fits one row. */
export function formatPermissionChoices(question: PermissionQuestion): string {
  // Under an MCP skill "always" is kept with the skill's approval, not as rules for the session.
  if (question.always !== undefined)
    return `  [y] yes once  [a] always (${escapeTerminalLine(question.always)})  [n] no: `;
  return `  [y] yes once  [a] always (${escapeTerminalLine(question.suggestedRules.join(", "))}) this session  [n] no: `;
}

/** `y` allows once, `a` always for the session; anything else (Enter, Ctrl-C, end of input) is a no. */
export function readPermissionAnswer(key: string | undefined): PermissionAnswer {
  const first = key?.trim().toLowerCase()[0];
  if (first === "y") return true;
  if (first === "a") return "always";
  return false;
}

/** What the answer did, printed after the question. */
export function describePermissionAnswer(answer: PermissionAnswer, question: PermissionQuestion): string {
  if (answer === "always" && question.always !== undefined)
    return `yes, always (${escapeTerminalLine(question.always)})`;
  if (answer === "always")
    return `yes, and ${escapeTerminalLine(question.suggestedRules.join(", "))} for the rest of this session`;
  return answer ? "yes, once" : "no";
}

/**
 * How the CLI tells the person (through the model's tool result) what allows a refused call: the
 * `--allow` flag, the config rule, and for a skill's grant the setting that trusts the skill.
 */
export function describeCliAllow(advice: AllowAdvice): string {
  const flags = advice.rules.map((rule) => `--allow "${rule}"`).join(" ");
  const rules = advice.rules.map((rule) => `"${rule}"`).join(", ");
  const skill =
    advice.skill === undefined
      ? ""
      : `, or let skill "${advice.skill}" run code with: skillbox settings allow-scripts ${advice.skill}`;
  return `pass ${flags} or add ${rules} to permissions.allow in ~/.skillbox/config.json${skill}`;
}

/**
 * One keystroke from a terminal readline owns: readline also puts the key into its line, so the
 * line is cleared again. Ctrl-C resolves undefined (readline turns it into its SIGINT as well).
 */
export function readKeystroke(rl: Interface, input: Readable): Promise<string | undefined> {
  return new Promise((resolve) => {
    const onKeypress = (text: string | undefined, key: { name?: string; ctrl?: boolean } | undefined) => {
      input.off("keypress", onKeypress);
      rl.write(null, { ctrl: true, name: "u" });
      resolve(key?.ctrl === true && key.name === "c" ? undefined : (text ?? key?.name));
    };
    input.on("keypress", onKeypress);
  });
}

/** The terminal `run` asks on: one raw keystroke from stdin; undefined when the signal aborts first. */
export function readRawKey(input: NodeJS.ReadStream, signal?: AbortSignal): Promise<string | undefined> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(undefined);
    const wasRaw = input.isRaw;
    const finish = (key: string | undefined) => {
      input.off("data", onData);
      signal?.removeEventListener("abort", onAbort);
      input.setRawMode(wasRaw);
      input.pause();
      resolve(key);
    };
    const onData = (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      if (text === "\u0003") {
        // Raw mode swallows Ctrl-C: stop the run as the key would have.
        finish(undefined);
        process.kill(process.pid, "SIGINT");
        return;
      }
      finish(text);
    };
    const onAbort = () => finish(undefined);
    input.setRawMode(true);
    input.on("data", onData);
    signal?.addEventListener("abort", onAbort, { once: true });
    input.resume();
  });
}

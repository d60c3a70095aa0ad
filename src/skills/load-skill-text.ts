// PLACEHOLDER implementation (to be replaced by the foundation work): the signature is the contract.
import type { LoadedSkillText, SkillMetadata } from "./skill-metadata.js";

export interface LoadSkillTextOptions {
  /** Path of the SKILL.md, used in diagnostics. */
  path: string;
  /** Name of the folder holding the SKILL.md; the fallback name. */
  directoryName: string;
}

/** Reads one SKILL.md text leniently: never throws, always returns metadata with defaults. */
export function loadSkillText(text: string, options: LoadSkillTextOptions): LoadedSkillText {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  const fields: Record<string, string> = {};
  if (match?.[1]) {
    for (const line of match[1].split(/\r?\n/)) {
      const pair = /^([\w-]+):\s*(.*)$/.exec(line);
      if (pair?.[1] !== undefined) fields[pair[1]] = (pair[2] ?? "").replace(/^["']|["']$/g, "");
    }
  }
  const metadata: SkillMetadata = {
    name: fields.name || options.directoryName,
    description: fields.description || "(no description)",
    allowedTools: [],
    disallowedTools: [],
    context: fields.context === "fork" ? "fork" : "inline",
    disableModelInvocation: fields["disable-model-invocation"] === "true",
    userInvocable: fields["user-invocable"] !== "false",
    paths: [],
    tags: [],
    arguments: [],
    hooks: {},
    extra: {},
  };
  const body = match ? text.slice(match[0].length) : text;
  const bodyStartLine = match ? match[0].split("\n").length : 1;
  return { metadata, body, bodyStartLine, diagnostics: [], loadable: text.length > 0 };
}

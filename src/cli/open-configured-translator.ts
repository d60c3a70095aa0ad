// The translator `prompt` and `list` show descriptions with: the one the settings page uses, loaded
// only when the settings turn translation on (the provider SDKs take a while to load).

import type { Translator } from "@skillbox/agent/translate/create-translator";
import { readTargetLanguage } from "@skillbox/agent/translate/translate-if-enabled";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";
import type { CliIo } from "./command.js";
import { escapeTerminalLine } from "./escape-terminal-text.js";

/**
 * The configured translator when translation is on and a language is set; undefined otherwise or
 * when no provider is configured. A provider that cannot be used is a warning on stderr.
 */
export async function openConfiguredTranslator(
  command: string,
  io: CliIo,
  workspace: Pick<Workspace, "config" | "cache" | "settings">,
): Promise<Translator | undefined> {
  if (readTargetLanguage(workspace.settings) === undefined) return undefined;
  const { createConfiguredTranslator } = await import(
    "@skillbox/workspace/workspace/create-configured-translator"
  );
  const { translator, problem } = createConfiguredTranslator(workspace, io.env ?? process.env);
  if (problem !== undefined) io.stderr(`skillbox ${command}: warning: ${escapeTerminalLine(problem)}\n`);
  return translator;
}

// A fake model for the adapter tests: it loads the release-notes skill, then answers in the format
// the skill's body asks for — but only when the body really reached it in the tool result.

import { fileURLToPath } from "node:url";
import type { FakeLlmRequest, FakeLlmStep } from "@skillbox/testing";

/** The folder holding the release-notes fixture skill. */
export const FIXTURE_SKILLS = fileURLToPath(new URL("./skills", import.meta.url));

/** What the fake model answers after following the skill. */
export const FOLLOWED_ANSWER = "## What's new\n- Faster search\n— the release team";

/** Two model turns: call load_skill, then answer from the body it was given. */
export function releaseNotesScript(): FakeLlmStep[] {
  return [
    { toolCalls: [{ name: "load_skill", arguments: { skill_name: "release-notes" } }] },
    (request) =>
      lastToolResult(request).includes('Start the notes with the line "## What\'s new"')
        ? { text: FOLLOWED_ANSWER }
        : { text: `The skill body never arrived: ${lastToolResult(request)}` },
  ];
}

/** The text of the last tool result in a request, in either wire format. */
export function lastToolResult(request: FakeLlmRequest | undefined): string {
  if (request === undefined) return "";
  const messages = (request.body.messages ?? []) as { role: string; content: unknown }[];
  if (request.format === "openai") {
    const tool = messages.filter((message) => message.role === "tool").at(-1);
    return flattenContent(tool?.content);
  }
  for (const message of [...messages].reverse()) {
    if (!Array.isArray(message.content)) continue;
    const block = (message.content as { type: string; content?: unknown }[])
      .filter((entry) => entry.type === "tool_result")
      .at(-1);
    if (block !== undefined) return flattenContent(block.content);
  }
  return "";
}

/** The system prompt of a request, in either wire format. */
export function systemPromptOf(request: FakeLlmRequest | undefined): string {
  if (request === undefined) return "";
  if (request.format === "anthropic") return flattenContent(request.body.system);
  const messages = (request.body.messages ?? []) as { role: string; content: unknown }[];
  return flattenContent(messages.find((message) => message.role === "system")?.content);
}

function flattenContent(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((part) => (typeof part?.text === "string" ? part.text : "")).join("");
}

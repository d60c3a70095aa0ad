// Compaction: when the history outgrows its budget, older messages become one summary and the
// skill bodies loaded in them are re-attached (newest first, within a budget) so skills survive.

import type { ChatMessage } from "@skillbox/core/agent/providers/provider";
import { CHARACTERS_PER_TOKEN, estimateTokens } from "@skillbox/core/text/estimate-tokens";
import { LOAD_SKILL_TOOL } from "@skillbox/core/tools/tool-names";
import { type RecognizedSkillLoad, recognizeSkillLoad } from "../invocation/recognize-skill-load.js";
import { estimateMessagesTokens } from "./estimate-message-tokens.js";

/** Turns the messages being dropped into a summary text. */
export type Summarizer = (messages: ChatMessage[], signal?: AbortSignal) => Promise<string> | string;

export interface CompactionOptions {
  /** Compact when the history is estimated above this many tokens; default 100 000. */
  maxTokens?: number;
  /** Recent history kept verbatim, in tokens; default 30% of maxTokens. */
  keepRecentTokens?: number;
  /** Each re-attached skill body is cut to this many tokens; default 5 000. */
  reattachTokensPerSkill?: number;
  /** All re-attached bodies together stay under this; default 25 000. */
  reattachTokensTotal?: number;
  /** Default: an extractive summary (user requests, tools used, last answer) with no model call. */
  summarize?: Summarizer;
}

/** What compaction did. */
export interface CompactionResult {
  messages: ChatMessage[];
  removedMessages: number;
  reattachedSkills: string[];
  tokensBefore: number;
  tokensAfter: number;
}

/** True when the history is over the compaction budget. */
export function needsCompaction(messages: readonly ChatMessage[], options: CompactionOptions = {}): boolean {
  return estimateMessagesTokens(messages) > (options.maxTokens ?? 100_000);
}

/** Compacts the history; undefined when there is nothing old enough to drop. */
export async function compactHistory(
  messages: readonly ChatMessage[],
  options: CompactionOptions = {},
  signal?: AbortSignal,
): Promise<CompactionResult | undefined> {
  const maxTokens = options.maxTokens ?? 100_000;
  const cut = findCut(messages, options.keepRecentTokens ?? Math.floor(maxTokens * 0.3));
  if (cut <= 0) return undefined;
  const older = messages.slice(0, cut);
  const tail = messages.slice(cut);
  const summary = await (options.summarize ?? summarizeExtractively)(older, signal);
  const reattach = selectReattachments(older, tail, options);
  const header = `[Earlier conversation compacted: ${older.length} messages were replaced by this summary.]\n${summary}`;
  const compacted: ChatMessage[] = [];
  const first = tail[0];
  if (reattach.length === 0 && first?.role === "user") {
    compacted.push({ role: "user", content: `${header}\n\n${first.content}` }, ...tail.slice(1));
  } else {
    compacted.push({ role: "user", content: header });
    if (reattach.length > 0) {
      // Re-attached as load_skill calls with their data, so they read as loaded skills to the model
      // and to later compactions alike.
      compacted.push({
        role: "assistant",
        content: "",
        toolCalls: reattach.map((load, index) => ({
          id: `compaction_reattach_${index}`,
          name: LOAD_SKILL_TOOL,
          arguments: { skill_name: load.skill },
        })),
      });
      reattach.forEach((load, index) => {
        compacted.push({
          role: "tool",
          toolCallId: `compaction_reattach_${index}`,
          toolName: LOAD_SKILL_TOOL,
          content: load.content,
          // The load's own metadata stays (an MCP skill's server and base URI), so provenance survives.
          metadata: { ...load.metadata, skill: load.skill, context: "inline", reattached: true },
          data: load.data,
        });
      });
    }
    compacted.push(...tail);
  }
  return {
    messages: compacted,
    removedMessages: older.length,
    reattachedSkills: reattach.map((load) => load.skill),
    tokensBefore: estimateMessagesTokens(messages),
    tokensAfter: estimateMessagesTokens(compacted),
  };
}

/**
 * The index of the first message kept: roughly `keepTokens` from the end, moved so the kept part
 * never starts with a tool result cut off from the assistant message that asked for it.
 */
function findCut(messages: readonly ChatMessage[], keepTokens: number): number {
  let kept = 0;
  let cut = messages.length;
  while (cut > 0) {
    const next = estimateMessagesTokens([messages[cut - 1] as ChatMessage]);
    if (kept + next > keepTokens && cut < messages.length) break;
    kept += next;
    cut -= 1;
  }
  let forward = cut;
  while (forward < messages.length && messages[forward]?.role === "tool") forward += 1;
  if (forward < messages.length) return forward;
  let backward = cut;
  while (backward > 0 && messages[backward]?.role === "tool") backward -= 1;
  return backward;
}

/** Skill bodies from the dropped part, newest first, one per skill, capped, and not already in the tail. */
function selectReattachments(
  older: readonly ChatMessage[],
  tail: readonly ChatMessage[],
  options: CompactionOptions,
): RecognizedSkillLoad[] {
  const perSkillChars = (options.reattachTokensPerSkill ?? 5_000) * CHARACTERS_PER_TOKEN;
  let remainingTokens = options.reattachTokensTotal ?? 25_000;
  const present = new Set<string>();
  for (const message of tail) {
    const load = recognizeSkillLoad(message);
    if (load !== undefined) present.add(load.skill);
  }
  const chosen: RecognizedSkillLoad[] = [];
  for (let index = older.length - 1; index >= 0; index -= 1) {
    const load = recognizeSkillLoad(older[index] as ChatMessage);
    if (load === undefined || present.has(load.skill)) continue;
    present.add(load.skill);
    const content =
      load.content.length > perSkillChars
        ? `${load.content.slice(0, perSkillChars)}\n[… skill body cut after compaction; call ${LOAD_SKILL_TOOL} again for the rest]`
        : load.content;
    const tokens = estimateTokens(content);
    if (tokens > remainingTokens) continue;
    remainingTokens -= tokens;
    chosen.push({ ...load, content });
  }
  return chosen;
}

/** The default summary: the user's messages, the tools used and the last assistant text, each capped. */
export function summarizeExtractively(messages: readonly ChatMessage[]): string {
  const requests = messages
    .filter(
      (message) => message.role === "user" && !message.content.startsWith("[Earlier conversation compacted"),
    )
    .map((message) => `- ${oneLine(message.content, 400)}`);
  const previous = messages.find(
    (message) => message.role === "user" && message.content.startsWith("[Earlier conversation compacted"),
  );
  const counts = new Map<string, number>();
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    for (const call of message.toolCalls ?? []) counts.set(call.name, (counts.get(call.name) ?? 0) + 1);
  }
  const lastAnswer = [...messages]
    .reverse()
    .find((message) => message.role === "assistant" && message.content.trim() !== "");
  const lines: string[] = [];
  if (previous !== undefined) lines.push(`Earlier summary:\n${oneLine(previous.content, 2000)}`);
  if (requests.length > 0) lines.push(`User messages, oldest first:\n${requests.slice(-20).join("\n")}`);
  if (counts.size > 0)
    lines.push(`Tools used: ${[...counts].map(([name, count]) => `${name} ×${count}`).join(", ")}.`);
  if (lastAnswer !== undefined) lines.push(`Last assistant message: ${oneLine(lastAnswer.content, 1000)}`);
  return lines.join("\n");
}

function oneLine(text: string, maxChars: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > maxChars ? `${flat.slice(0, maxChars)}…` : flat;
}

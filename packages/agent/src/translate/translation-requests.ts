// The two requests the translator sends: a batch of descriptions as strict JSON, and one skill body
// as Markdown. Kept apart so the wording can be tuned without touching the caching logic.
import type { ChatRequest } from "@skillbox/core/agent/providers/provider";

/** One description to translate, numbered so the reply can be matched back without trusting names. */
export interface NumberedDescription {
  id: number;
  name: string;
  description: string;
}

const KEEP_UNCHANGED =
  "Keep skill names, product names, code, commands, file paths, URLs and placeholders " +
  "(such as $ARGUMENTS, $SKILL_DIR or {{name}}) exactly as they are.";

/** The request for one batch of descriptions; the model must answer `{ "translations": [{ "id", "text" }] }`. */
export function buildDescriptionsRequest(
  model: string,
  items: readonly NumberedDescription[],
  language: string,
  maxTokens?: number,
): ChatRequest {
  const system = [
    "You translate the short descriptions of agent skills shown on a settings page.",
    `Translate each item's "description" into the language "${language}". ${KEEP_UNCHANGED}`,
    "Do not translate the names. Do not add notes or explanations.",
    'Reply with one JSON object and nothing else, exactly: {"translations":[{"id":<id>,"text":"<translated description>"}]}',
    "with one entry for every input id.",
  ].join("\n");
  const request: ChatRequest = {
    model,
    system,
    messages: [{ role: "user", content: JSON.stringify({ targetLanguage: language, items }) }],
    tools: [],
  };
  if (maxTokens !== undefined) request.maxTokens = maxTokens;
  return request;
}

/** The request for one skill body; the model must answer with the translated Markdown only. */
export function buildBodyRequest(
  model: string,
  name: string,
  body: string,
  language: string,
  maxTokens?: number,
): ChatRequest {
  const system = [
    `You translate the instructions of the agent skill "${name}", written in Markdown, into the language "${language}".`,
    `Keep the Markdown structure, heading levels, lists, links, code blocks and inline code. ${KEEP_UNCHANGED}`,
    "Reply with the translated Markdown only: no preface, no notes, and no code fence around the whole reply.",
  ].join("\n");
  const request: ChatRequest = { model, system, messages: [{ role: "user", content: body }], tools: [] };
  if (maxTokens !== undefined) request.maxTokens = maxTokens;
  return request;
}

/** The reply without a code fence wrapping all of it (unless the original itself was one fenced block). */
export function unwrapBodyReply(reply: string, original: string): string {
  let text = reply.trim();
  const wrapped = /^```[\w-]*[ \t]*\r?\n([\s\S]*?)\r?\n```$/.exec(text);
  if (wrapped?.[1] !== undefined && !original.trim().startsWith("```")) text = wrapped[1];
  // Keep the original's trailing newline so a translated body reads like the file it came from.
  return original.endsWith("\n") && !text.endsWith("\n") ? `${text}\n` : text;
}

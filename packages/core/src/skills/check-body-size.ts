// The spec's size guidance for the body (under 500 lines, about 5,000 tokens) as warnings (pure).
import { estimateTokens } from "../text/estimate-tokens.js";
import type { Diagnostic } from "./diagnostic.js";

export const MAX_BODY_LINES = 500;
export const MAX_BODY_TOKENS = 5000;

/** Warns when the body is over 500 lines or about 5,000 tokens. */
export function checkBodySize(body: string, options: { path: string; bodyStartLine: number }): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let lines = 0;
  for (let index = body.indexOf("\n"); index !== -1; index = body.indexOf("\n", index + 1)) lines++;
  if (body.length > 0 && !body.endsWith("\n")) lines++;
  if (lines > MAX_BODY_LINES) {
    diagnostics.push({
      severity: "warning",
      code: "body-too-long",
      message: `The body has ${lines} lines; keep SKILL.md under ${MAX_BODY_LINES} lines and move details to references/`,
      path: options.path,
      line: options.bodyStartLine + MAX_BODY_LINES,
    });
  }
  const tokens = estimateTokens(body);
  if (tokens > MAX_BODY_TOKENS) {
    diagnostics.push({
      severity: "warning",
      code: "body-too-many-tokens",
      message: `The body is about ${tokens} tokens; keep it under ${MAX_BODY_TOKENS} and move details to references/`,
      path: options.path,
      line: options.bodyStartLine,
    });
  }
  return diagnostics;
}

// Run in a child process where js-tiktoken cannot be resolved: renders Layer 1 within a token
// budget and prints what the renderer counted, for tokens.test.ts to check against the real count.
// Plain JavaScript importing the sources by package name (run with --conditions=skillbox-source and tsx).
import { renderSkillCatalog } from "@skillbox/core/prompt/render-skill-catalog";
import { countTokens } from "@skillbox/core/prompt/tokens";

const entries = Array.from({ length: 200 }, (_, index) => ({
  name: `skill-${index}`,
  description: `Writes release notes number ${index} in the house format; use when asked for a changelog or a version summary.`,
  tags: [],
  location: `/skills/skill-${index}/SKILL.md`,
  score: 0,
  isNew: false,
}));
const built = renderSkillCatalog(entries, { budget: { tokens: 1_000 } });
process.stdout.write(
  JSON.stringify({ text: built?.text, tokens: built?.tokens, hello: countTokens("hello world") }),
);

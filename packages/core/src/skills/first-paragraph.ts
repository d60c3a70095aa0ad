// Finds the first prose paragraph of a Markdown body: the lenient loader's fallback description (pure).
import { countCodePoints } from "./skill-name.js";

const LIMIT = 1024;

/** The first paragraph that is prose (not a heading, rule, fence, table, comment or HTML), joined on one line. */
export function extractFirstParagraph(body: string): string | undefined {
  const lines = body.split("\n");
  let inFence = false;
  let paragraph: string[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (/^(```|~~~)/.test(line)) {
      inFence = !inFence;
      if (paragraph.length > 0) break;
      continue;
    }
    if (inFence) continue;
    const isProse = line !== "" && !/^(#{1,6}\s|#{1,6}$|[-*_]{3,}$|<|\||!\[|>\s*$)/.test(line);
    if (isProse) {
      paragraph.push(line.replace(/^>\s?/, ""));
    } else if (paragraph.length > 0) {
      break;
    } else {
      paragraph = [];
    }
  }
  const text = paragraph.join(" ").trim();
  if (text === "") return undefined;
  return countCodePoints(text) <= LIMIT ? text : `${[...text].slice(0, LIMIT - 1).join("")}…`;
}

// Finds the files a SKILL.md body points at: relative Markdown links and `${SKILL_DIR}/...` paths (pure).

/** A file the body refers to, relative to the skill folder, with its position in the SKILL.md file. */
export interface BodyReference {
  /** The path as written, without `#fragment` or `?query`, URL-decoded. */
  target: string;
  line: number;
  column: number;
  kind: "link" | "skill-dir";
}

const INLINE_LINK = /!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g;
const REFERENCE_DEFINITION = /^\s{0,3}\[[^\]\n]+\]:\s*<?([^\s>]+)>?/;
const SKILL_DIR_PATH = /\$\{(?:CLAUDE_)?SKILL_DIR\}\/([^\s"'`)<>\]]+)/g;
const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

/** Lists relative link targets (outside code) and `${SKILL_DIR}/` paths (anywhere) in the body. */
export function findBodyReferences(body: string, bodyStartLine: number): BodyReference[] {
  const references: BodyReference[] = [];
  let inFence = false;
  const lines = body.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? "";
    const fileLine = bodyStartLine + index;
    // Cheap substring tests first: most lines have no link and no variable.
    if (line.includes("SKILL_DIR}/")) {
      for (const match of line.matchAll(SKILL_DIR_PATH)) {
        const target = cleanTarget((match[1] ?? "").replace(/[.,;:!?]+$/, ""));
        if (target) references.push({ target, line: fileLine, column: match.index + 1, kind: "skill-dir" });
      }
    }
    if ((line.includes("```") || line.includes("~~~")) && /^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence || !line.includes("]")) continue;
    const prose = line.includes("`") ? line.replace(/`[^`]*`/g, (code) => " ".repeat(code.length)) : line;
    const definition = REFERENCE_DEFINITION.exec(prose);
    if (definition?.[1] && isRelative(definition[1])) {
      const target = cleanTarget(definition[1]);
      if (target)
        references.push({ target, line: fileLine, column: prose.indexOf(definition[1]) + 1, kind: "link" });
    }
    for (const match of prose.matchAll(INLINE_LINK)) {
      const raw = match[1] ?? "";
      if (!isRelative(raw)) continue;
      const target = cleanTarget(raw);
      if (target) references.push({ target, line: fileLine, column: match.index + 1, kind: "link" });
    }
  }
  return references;
}

function isRelative(target: string): boolean {
  return (
    !SCHEME.test(target) && !target.startsWith("#") && !target.startsWith("/") && !target.startsWith("//")
  );
}

function cleanTarget(target: string): string {
  const bare = target.replace(/[#?].*$/, "");
  try {
    return decodeURIComponent(bare);
  } catch {
    // A stray `%` that is not an escape: the path is meant literally.
    return bare;
  }
}

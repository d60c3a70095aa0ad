// What an update would change that widens what a skill may do: its allowed-tools, hooks, scripts
// (files under scripts/ or executable) or `context: fork`. These need consent before an update.
import { loadSkillBytes } from "@skillbox/core/registry/files/load-skill-bytes";
import { parseFrontmatter } from "@skillbox/core/skills/parse-frontmatter";
import { hashBytes, type SkillFile } from "./content-hash.js";
import { stringifySorted } from "./write-json-file.js";

/** One change needing consent; `before`/`after` are short readable summaries. */
export interface SensitiveChange {
  kind: "allowed-tools" | "hooks" | "scripts" | "context";
  before: string;
  after: string;
}

interface Profile {
  allowedTools: string;
  hooks: string;
  context: string;
  scripts: Map<string, string>;
}

/** The sensitive differences between the installed files and the files an update would install. */
export function findSensitiveChanges(
  installed: readonly SkillFile[],
  next: readonly SkillFile[],
): SensitiveChange[] {
  const before = profileOf(installed);
  const after = profileOf(next);
  const changes: SensitiveChange[] = [];
  if (before.allowedTools !== after.allowedTools) {
    changes.push({
      kind: "allowed-tools",
      before: before.allowedTools || "(none)",
      after: after.allowedTools || "(none)",
    });
  }
  if (before.hooks !== after.hooks) changes.push({ kind: "hooks", before: before.hooks, after: after.hooks });
  if (before.context !== after.context)
    changes.push({ kind: "context", before: before.context, after: after.context });
  const added = [...after.scripts.keys()].filter((file) => !before.scripts.has(file));
  const removed = [...before.scripts.keys()].filter((file) => !after.scripts.has(file));
  const changed = [...after.scripts.keys()].filter(
    (file) => before.scripts.has(file) && before.scripts.get(file) !== after.scripts.get(file),
  );
  if (added.length + removed.length + changed.length > 0) {
    const parts = [
      added.length > 0 ? `added ${added.join(", ")}` : "",
      changed.length > 0 ? `changed ${changed.join(", ")}` : "",
      removed.length > 0 ? `removed ${removed.join(", ")}` : "",
    ].filter((part) => part !== "");
    changes.push({ kind: "scripts", before: `${before.scripts.size} script(s)`, after: parts.join("; ") });
  }
  return changes;
}

function profileOf(files: readonly SkillFile[]): Profile {
  const skillFile =
    files.find((file) => file.path === "SKILL.md") ?? files.find((file) => file.path === "skill.md");
  const loaded = loadSkillBytes(skillFile?.bytes ?? new Uint8Array(), {
    path: "SKILL.md",
    directoryName: "skill",
  });
  const metadata = loaded.metadata;
  const scripts = new Map<string, string>();
  for (const file of files) {
    if (file.path.startsWith("scripts/") || file.executable) scripts.set(file.path, hashBytes(file.bytes));
  }
  // The raw `hooks` value, so any edit to it counts, even one the runtime would ignore as malformed.
  const text = Buffer.from(skillFile?.bytes ?? new Uint8Array()).toString("utf8");
  const rawHooks = parseFrontmatter(text, { path: "SKILL.md" }).data?.hooks;
  const hooks = rawHooks === undefined ? "(none)" : stringifySorted(rawHooks).replace(/\s+/g, " ").trim();
  return {
    allowedTools: [...metadata.allowedTools].sort().join(" "),
    hooks,
    context: metadata.context,
    scripts,
  };
}

// `--link`: makes an installed skill visible in other agents' skill folders (`.claude/skills`, …) by
// a relative symlink, or by a copy verified against the content hash where links are not possible.
// A folder already there that is not ours is left alone and reported, and so is a project's agent
// folder whose real path leaves the project (check-project-confinement.ts).
import { cp, lstat, mkdir, readlink, realpath, rename, rm } from "node:fs/promises";
import * as path from "node:path";
import { SkillboxError } from "@skillbox/core/errors";
import { type ConfinedRoot, findProjectEscape } from "./check-project-confinement.js";
import { hashSkillFolder } from "./content-hash.js";
import type { InstallScope } from "./install-roots.js";
import { type LinkOperations, nodeLinkOperations } from "./link-operations.js";
import { type LinkRecord, readSourceManifest, type SourceManifest } from "./source-manifest.js";

/** Agent skill folders, relative to the project root and to the home folder. */
export const AGENT_SKILL_FOLDERS: Readonly<Record<string, { project: string; user: string }>> = {
  claude: { project: ".claude/skills", user: ".claude/skills" },
  codex: { project: ".codex/skills", user: ".codex/skills" },
  cursor: { project: ".cursor/skills", user: ".cursor/skills" },
  gemini: { project: ".gemini/skills", user: ".gemini/skills" },
  github: { project: ".github/skills", user: ".copilot/skills" },
  opencode: { project: ".opencode/skills", user: ".config/opencode/skills" },
  windsurf: { project: ".windsurf/skills", user: ".codeium/windsurf/skills" },
};

/** What `--link` did for one agent. */
export interface LinkResult {
  agent: string;
  path: string;
  method: "symlink" | "copy" | "skipped";
  reason?: string;
}

/** Throws `invalid-argument` for agent names we do not know. */
export function checkAgentNames(agents: readonly string[]): void {
  const unknown = agents.filter((agent) => !(agent in AGENT_SKILL_FOLDERS));
  if (unknown.length > 0) {
    throw new SkillboxError(
      "invalid-argument",
      `Unknown agent ${unknown.join(", ")} for --link; use ${Object.keys(AGENT_SKILL_FOLDERS).join(", ")}.`,
    );
  }
}

/** The agent's skills folder for `root` (under the project root or the home folder). */
export function agentSkillsFolder(root: ConfinedRoot, agent: string): string | undefined {
  const folders = AGENT_SKILL_FOLDERS[agent];
  return folders ? path.join(root.base, ...folders[root.scope].split("/")) : undefined;
}

/** Links (or copies) `installed` into each agent's folder under `base`. */
export async function linkSkill(
  installed: string,
  name: string,
  agents: readonly string[],
  options: { base: string; scope: InstallScope; operations?: LinkOperations },
): Promise<LinkResult[]> {
  const operations = options.operations ?? nodeLinkOperations;
  const expected = await hashSkillFolder(installed);
  const results: LinkResult[] = [];
  for (const agent of agents) {
    const directory = agentSkillsFolder(options, agent);
    if (directory === undefined) continue;
    const linkPath = path.join(directory, name);
    const shown = path.relative(options.base, linkPath).split(path.sep).join("/");
    const leaves = findProjectEscape(options, directory, "link into");
    if (leaves !== undefined) {
      results.push({ agent, path: shown, method: "skipped", reason: leaves });
      continue;
    }
    const existing = await describeExisting(linkPath, installed);
    if (existing === "foreign") {
      results.push({
        agent,
        path: shown,
        method: "skipped",
        reason: `${shown} exists and is not this skill`,
      });
      continue;
    }
    if (existing === "our-link") {
      results.push({ agent, path: shown, method: "symlink" });
      continue;
    }
    await mkdir(directory, { recursive: true });
    const staged = `${linkPath}.skillbox-${process.pid}-${Date.now()}`;
    try {
      await operations.symlink(path.relative(directory, installed), staged);
      if ((await realpath(staged)) !== (await realpath(installed)))
        throw new Error("the link does not resolve");
      if (existing === "our-copy") await rm(linkPath, { recursive: true, force: true });
      await rename(staged, linkPath);
      results.push({ agent, path: shown, method: "symlink" });
    } catch {
      // Links are not possible here (Windows without rights, some file systems): copy instead.
      await rm(staged, { recursive: true, force: true });
      await cp(installed, staged, { recursive: true, verbatimSymlinks: true });
      if ((await hashSkillFolder(staged)) !== expected) {
        await rm(staged, { recursive: true, force: true });
        results.push({
          agent,
          path: shown,
          method: "skipped",
          reason: "the copy did not match the installed files",
        });
        continue;
      }
      if (existing === "our-copy") await rm(linkPath, { recursive: true, force: true });
      await rename(staged, linkPath);
      results.push({ agent, path: shown, method: "copy" });
    }
  }
  return results;
}

/**
 * Removes the links and copies in `manifest.links` that are still ours (links pointing at
 * `installed`, copies whose source.json names the same skill and source); other folders stay.
 */
export async function unlinkSkill(
  installed: string,
  manifest: SourceManifest,
  root: ConfinedRoot,
): Promise<void> {
  for (const link of manifest.links ?? []) {
    const linkPath = path.join(root.base, ...link.path.split("/"));
    if (path.relative(root.base, linkPath).startsWith("..")) continue;
    if (findProjectEscape(root, path.dirname(linkPath), "remove from") !== undefined) continue;
    const existing = await describeExisting(linkPath, installed, manifest);
    if (existing === "our-link") await rm(linkPath, { force: true });
    else if (existing === "our-copy") await rm(linkPath, { recursive: true, force: true });
  }
}

/** Copies recorded in `links` are refreshed from `installed` (after an update); links need nothing. */
export async function refreshCopies(
  installed: string,
  links: readonly LinkRecord[],
  root: ConfinedRoot,
): Promise<void> {
  for (const link of links) {
    if (link.method !== "copy") continue;
    const linkPath = path.join(root.base, ...link.path.split("/"));
    if (path.relative(root.base, linkPath).startsWith("..")) continue;
    if (findProjectEscape(root, path.dirname(linkPath), "update") !== undefined) continue;
    if ((await describeExisting(linkPath, installed)) !== "our-copy") continue;
    const staged = `${linkPath}.skillbox-${process.pid}-${Date.now()}`;
    await cp(installed, staged, { recursive: true, verbatimSymlinks: true });
    await rm(linkPath, { recursive: true, force: true });
    await rename(staged, linkPath);
  }
}

/** What is at `linkPath`: nothing, our symlink, our copy (a source.json naming the same source), or something else. */
async function describeExisting(linkPath: string, installed: string, known?: SourceManifest) {
  let stats: Awaited<ReturnType<typeof lstat>>;
  try {
    stats = await lstat(linkPath);
  } catch {
    return "none" as const;
  }
  if (stats.isSymbolicLink()) {
    const target = path.resolve(path.dirname(linkPath), await readlink(linkPath));
    return target === installed ||
      (await realpath(target).catch(() => "")) === (await realpath(installed).catch(() => installed))
      ? ("our-link" as const)
      : ("foreign" as const);
  }
  if (!stats.isDirectory()) return "foreign" as const;
  const theirs = await readSourceManifest(linkPath);
  const ours =
    known ?? (await readSourceManifest(installed).then((read) => (read.ok ? read.manifest : undefined)));
  if (theirs.ok && ours && theirs.manifest.name === ours.name && theirs.manifest.repo === ours.repo) {
    return "our-copy" as const;
  }
  return "foreign" as const;
}

// `add`: installs skills chosen from a scan into the project or user root, all or nothing, records
// each in source.json and (project) skills-lock.json, then links them into other agents' folders.
// A folder Skillbox did not install is never replaced; one from another source only with consent.
import { lstat } from "node:fs/promises";
import * as path from "node:path";
import { SkillboxError } from "@skillbox/core/errors";
import { checkProjectRoot } from "./check-project-confinement.js";
import { commitInstalls, type PreparedInstall } from "./commit-installs.js";
import type { FoundSkill } from "./describe-found-skill.js";
import type { InstallContext } from "./install-context.js";
import { type InstallRoot, type InstallScope, resolveInstallRoot } from "./install-roots.js";
import {
  agentSkillsFolder,
  checkAgentNames,
  type LinkResult,
  linkSkill,
  refreshCopies,
} from "./link-skill.js";
import type { SourceScan } from "./scan-source.js";
import {
  describeSourceRecord,
  isSameSource,
  type LinkRecord,
  readSourceManifest,
  type SourceManifest,
  writeSourceManifest,
} from "./source-manifest.js";
import { createSourceRecord } from "./source-record.js";
import { updateLockEntries } from "./update-lock-entries.js";

export interface AddSkillsOptions {
  scope: InstallScope;
  /** Replace skills of the same name installed from another source (`--yes`). */
  replace?: boolean;
  /** Agents to link into (`--link claude,codex`). */
  links?: readonly string[];
}

/** One installed skill: where it went, what it replaced, and the agent links made. */
export interface AddedSkill {
  name: string;
  folder: string;
  skillPath: string;
  /** The source of the skill it replaced, when it replaced one. */
  replaced?: string;
  links: LinkResult[];
}

export interface AddSkillsResult {
  root: InstallRoot;
  added: AddedSkill[];
}

/**
 * The root `add` installs into, after checking the agent names and that nothing it would write
 * leads out of the project; front ends call it before fetching a source, to fail fast.
 */
export function checkAddTarget(
  options: Pick<AddSkillsOptions, "scope" | "links">,
  context: Pick<InstallContext, "cwd" | "home">,
): InstallRoot {
  const root = resolveInstallRoot(options.scope, context);
  checkAgentNames(options.links ?? []);
  checkProjectRoot(
    root,
    "install into",
    (options.links ?? []).flatMap((agent) => agentSkillsFolder(root, agent) ?? []),
  );
  return root;
}

/** Installs `chosen` (from `scan`) into the scope's root; throws before writing anything on a conflict. */
export async function addScannedSkills(
  scan: SourceScan,
  chosen: readonly FoundSkill[],
  options: AddSkillsOptions,
  context: InstallContext,
): Promise<AddSkillsResult> {
  const root = checkAddTarget(options, context);
  if (chosen.length === 0)
    throw new SkillboxError("install-error", "No skill was chosen, so nothing was installed.");
  const names = new Set<string>();
  const previous = new Map<string, SourceManifest>();
  const prepared: PreparedInstall[] = [];
  const now = context.now().toISOString();
  for (const skill of chosen) {
    if (!skill.installable || skill.files === undefined) {
      throw new SkillboxError("install-error", `'${skill.name}' cannot be installed; nothing was installed.`);
    }
    if (names.has(skill.name)) {
      throw new SkillboxError(
        "conflict",
        `Two chosen skills are named '${skill.name}'; choose one by folder path.`,
      );
    }
    names.add(skill.name);
    const record = createSourceRecord(scan.spec, scan.snapshot, skill);
    const existing = await checkExisting(root, skill.name, record, options.replace === true);
    if (existing) previous.set(skill.name, existing);
    prepared.push({
      name: skill.name,
      files: skill.files,
      manifest: {
        ...record,
        version: 1,
        name: skill.name,
        installedAt: now,
        ...(existing?.links ? { links: existing.links } : {}),
      },
    });
  }
  await commitInstalls(root, prepared, {
    onProgress: context.onProgress,
    afterCommit: () =>
      updateLockEntries(
        root,
        prepared.map((item) => item.manifest),
      ),
  });
  const added: AddedSkill[] = [];
  for (const item of prepared) {
    const folder = path.join(root.skillsDirectory, item.name);
    const links = await linkAndRecord(folder, item.manifest, root, options.links ?? [], context);
    const before = previous.get(item.name);
    added.push({
      name: item.name,
      folder,
      skillPath: item.manifest.skillPath,
      links,
      ...(before && !isSameSource(before, item.manifest) ? { replaced: describeSourceRecord(before) } : {}),
    });
  }
  return { root, added };
}

/**
 * The manifest of a skill already installed under `name`, or undefined when the folder is free.
 * Throws `conflict` for a folder Skillbox did not install, or one from another source without `replace`.
 */
async function checkExisting(
  root: InstallRoot,
  name: string,
  record: { type: SourceManifest["type"]; repo: string },
  replace: boolean,
): Promise<SourceManifest | undefined> {
  const target = path.join(root.skillsDirectory, name);
  try {
    await lstat(target);
  } catch {
    return undefined;
  }
  const shown = path.relative(root.base, target) || target;
  const read = await readSourceManifest(target);
  if (!read.ok) {
    throw new SkillboxError("conflict", `${shown} already exists and ${read.reason}; move it away first.`, {
      data: { name, path: target },
    });
  }
  if (!isSameSource(read.manifest, record) && !replace) {
    throw new SkillboxError(
      "conflict",
      `${shown} is installed from ${describeSourceRecord(read.manifest)}; pass --yes to replace it with ${record.repo}.`,
      { data: { name, path: target, installedFrom: read.manifest.repo } },
    );
  }
  return read.manifest;
}

/** Links the skill into the agents asked for, refreshes older copies, and records the links. */
async function linkAndRecord(
  folder: string,
  manifest: SourceManifest,
  root: InstallRoot,
  agents: readonly string[],
  context: InstallContext,
): Promise<LinkResult[]> {
  const earlier = manifest.links ?? [];
  await refreshCopies(folder, earlier, root);
  if (agents.length === 0) return [];
  const results = await linkSkill(folder, manifest.name, agents, {
    base: root.base,
    scope: root.scope,
    ...(context.link ? { operations: context.link } : {}),
  });
  const made: LinkRecord[] = results.flatMap((result) =>
    result.method === "skipped" ? [] : [{ agent: result.agent, path: result.path, method: result.method }],
  );
  const merged = [...earlier.filter((link) => !made.some((item) => item.path === link.path)), ...made];
  await writeSourceManifest(folder, { ...manifest, links: merged });
  return results;
}

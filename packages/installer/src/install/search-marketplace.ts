// `search`: the skills.sh search API merged with the curated list bundled with Skillbox (which works
// offline), each row marked installed (same name from the same repository) or in conflict with an
// installed skill of the same name from elsewhere.
import { SkillboxError } from "@skillbox/core/errors";
import curated from "./curated-skills.json" with { type: "json" };
import { fetchOrFail } from "./download-bytes.js";
import type { InstallContext } from "./install-context.js";
import type { InstalledSkill } from "./list-installed-skills.js";

/** One search result. `installs` comes from skills.sh; curated entries carry none of their own. */
export interface MarketplaceRow {
  name: string;
  /** `owner/repo` on GitHub. */
  source: string;
  description?: string;
  installs?: number;
  from: "skills.sh" | "curated" | "both";
  installed: boolean;
  /** Set when an installed skill has this name but comes from elsewhere (or was hand-made). */
  conflict?: string;
  /** What to run to install it. */
  install: string;
}

export interface MarketplaceSearch {
  rows: MarketplaceRow[];
  /** Why skills.sh was not used (offline, an error), when it was not. */
  remoteError?: string;
}

interface RemoteSkill {
  id?: unknown;
  skillId?: unknown;
  name?: unknown;
  installs?: unknown;
  source?: unknown;
}

/** Searches skills.sh and the curated list for `query` and marks rows against `installed`. */
export async function searchMarketplace(
  query: string,
  context: InstallContext,
  options: { limit?: number; installed?: readonly InstalledSkill[] } = {},
): Promise<MarketplaceSearch> {
  const text = query.trim();
  if (text.length < 2) throw new SkillboxError("invalid-argument", "Search for at least two characters.");
  const limit = options.limit ?? 20;
  const rows = new Map<string, MarketplaceRow>();
  let remoteError: string | undefined;
  try {
    for (const item of await searchSkillsSh(text, limit, context)) {
      const name =
        typeof item.name === "string"
          ? item.name
          : typeof item.skillId === "string"
            ? item.skillId
            : undefined;
      const source = typeof item.source === "string" ? normalizeRepo(item.source) : undefined;
      if (!name || !source) continue;
      const installs = typeof item.installs === "number" ? item.installs : undefined;
      rows.set(
        keyOf(source, name),
        createRow(name, source, "skills.sh", { ...(installs === undefined ? {} : { installs }) }),
      );
    }
  } catch (error) {
    remoteError = error instanceof Error ? error.message : String(error);
  }
  const words = text.toLowerCase().split(/\s+/);
  for (const entry of curated.skills) {
    const haystack = `${entry.name} ${entry.description} ${entry.source}`.toLowerCase();
    if (!words.every((word) => haystack.includes(word))) continue;
    const key = keyOf(entry.source, entry.name);
    const existing = rows.get(key);
    if (existing) rows.set(key, { ...existing, from: "both", description: entry.description });
    else
      rows.set(
        key,
        createRow(entry.name, normalizeRepo(entry.source), "curated", { description: entry.description }),
      );
  }
  const sorted = [...rows.values()].sort(
    (left, right) => (right.installs ?? -1) - (left.installs ?? -1) || left.name.localeCompare(right.name),
  );
  const marked = sorted.slice(0, limit).map((row) => markInstalled(row, options.installed ?? []));
  return { rows: marked, ...(remoteError ? { remoteError } : {}) };
}

async function searchSkillsSh(query: string, limit: number, context: InstallContext): Promise<RemoteSkill[]> {
  const base = context.skillsShUrl.replace(/\/+$/, "");
  const url = `${base}/api/search?q=${encodeURIComponent(query)}&limit=${limit}`;
  const response = await fetchOrFail(
    context.fetch,
    url,
    { signal: AbortSignal.timeout(10_000) },
    "skills.sh",
  );
  if (!response.ok) throw new SkillboxError("network-error", `skills.sh answered ${response.status}`);
  const body = (await response.json()) as { skills?: unknown };
  return Array.isArray(body.skills) ? (body.skills as RemoteSkill[]) : [];
}

function createRow(
  name: string,
  source: string,
  from: MarketplaceRow["from"],
  extra: Partial<MarketplaceRow>,
): MarketplaceRow {
  return {
    name,
    source,
    from,
    installed: false,
    install: `skillbox add ${source} --skill ${name}`,
    ...extra,
  };
}

function markInstalled(row: MarketplaceRow, installed: readonly InstalledSkill[]): MarketplaceRow {
  const same = installed.filter((skill) => skill.name === row.name);
  if (same.length === 0) return row;
  const fromHere = same.some(
    (skill) => skill.manifest?.type === "github" && normalizeRepo(skill.manifest.repo) === row.source,
  );
  if (fromHere) return { ...row, installed: true };
  const other = same[0];
  const origin = other?.manifest ? other.manifest.repo : "a hand-made skill";
  return { ...row, conflict: `'${row.name}' is already installed from ${origin} (${other?.root.scope})` };
}

/** `owner/repo`, lower-cased, from shorthand, a GitHub URL or an SSH remote. */
export function normalizeRepo(source: string): string {
  return source
    .trim()
    .replace(/^(https?:\/\/)?(www\.)?github\.com\//i, "")
    .replace(/^git@github\.com:/i, "")
    .replace(/\.git$/i, "")
    .replace(/\/+$/, "")
    .toLowerCase();
}

function keyOf(source: string, name: string): string {
  return `${normalizeRepo(source)}\0${name}`;
}

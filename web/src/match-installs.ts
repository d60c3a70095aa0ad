// Which installed folder (GET /api/installed) and which update check (GET /api/outdated) belong to a
// listed skill: the same folder, else the same name in the install root of the same scope.
import type { InstalledSkillSummary, OutdatedSkill, SkillSummary } from "@skillbox/server/server/api-types";

/** The install record of `skill`, when Skillbox installed it (it has a source). */
export function findInstall(
  skill: SkillSummary,
  installed: readonly InstalledSkillSummary[],
): InstalledSkillSummary | undefined {
  const managed = installed.filter((item) => item.source !== undefined);
  return (
    managed.find((item) => item.folder === skill.directory) ??
    managed.find(
      (item) =>
        item.name === skill.name &&
        item.scope === skill.root.scope &&
        skill.directory.endsWith(`/.agents/skills/${item.name}`),
    )
  );
}

/** The update check of the install, when there is one. */
export function findOutdated(
  install: InstalledSkillSummary | undefined,
  outdated: readonly OutdatedSkill[],
): OutdatedSkill | undefined {
  if (install === undefined) return undefined;
  return outdated.find((item) => item.name === install.name && item.scope === install.scope);
}

/** `owner/repo@ref (skills/pdf)`, how the page names where an installed skill came from. */
export function describeInstallSource(install: InstalledSkillSummary): string {
  const source = install.source;
  if (source === undefined) return "made by hand";
  const ref = source.ref === undefined ? "" : `@${source.ref}`;
  return `${source.repo}${ref}${source.skillPath === "" ? "" : ` (${source.skillPath})`}`;
}

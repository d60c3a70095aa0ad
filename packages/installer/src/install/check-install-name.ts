// Decides the folder name a skill installs under, before any path is built from it: the frontmatter
// `name` when it has one, else the folder's name; a name that breaks the spec's rules or could be
// read as a path (`../../x`) installs nothing (pure).
import {
  checkSkillName,
  displayText,
  findUnsafeNameReason,
  normalizeSkillName,
} from "@skillbox/core/skills/skill-name";

const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/** The usable name, or why there is none. */
export type InstallNameCheck = { ok: true; name: string } | { ok: false; name: string; reason: string };

/** Checks a name taken from frontmatter or a folder; `origin` words the message. */
export function checkInstallName(raw: string, origin: "frontmatter" | "folder"): InstallNameCheck {
  const name = normalizeSkillName(raw);
  const shown = displayText(raw);
  const refuse = (reason: string): InstallNameCheck => ({
    ok: false,
    name,
    reason: `the ${origin} name '${shown}' cannot be installed: ${reason}`,
  });
  const unsafe = findUnsafeNameReason(name);
  if (unsafe) return refuse(unsafe);
  const findings = checkSkillName(name);
  if (findings.length > 0) return refuse(findings.map((finding) => finding.message).join("; "));
  if (WINDOWS_DEVICE.test(name)) return refuse("it is a device name on Windows");
  return { ok: true, name };
}

/**
 * Checks a name given on the command line (`remove`, `update`) before it is joined to a root:
 * the same rules, so `../../x` never reaches the file system.
 */
export function isInstallableName(name: string): boolean {
  return checkInstallName(name, "folder").ok && normalizeSkillName(name) === name;
}

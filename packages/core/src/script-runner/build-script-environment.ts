// The environment a skill script sees: a handful of variables it needs, never the caller's secrets.

/** Variables copied from the base environment when set; everything else (API keys included) is dropped. */
export const INHERITED_VARIABLES = ["PATH", "HOME", "LANG", "TERM"] as const;

/** Used when the base environment has no PATH, so `#!/usr/bin/env python3` still finds python3. */
export const FALLBACK_PATH = "/usr/local/bin:/usr/bin:/bin";

/** The minimal environment: PATH, HOME, LANG and TERM from `baseEnv`, plus SKILL_DIR and SKILL_NAME. */
export function buildScriptEnvironment(
  baseEnv: Readonly<Record<string, string | undefined>>,
  skill: { directory: string; name: string },
): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const name of INHERITED_VARIABLES) {
    const value = baseEnv[name];
    if (typeof value === "string") environment[name] = value;
  }
  environment.PATH ??= FALLBACK_PATH;
  environment.SKILL_DIR = skill.directory;
  environment.SKILL_NAME = skill.name;
  return environment;
}

// Everything the installer needs from the outside world, passed in: folders, fetch, the git runner,
// the clock, API base URLs and the token, limits and a progress listener. Nothing is read from the process.
import { tmpdir } from "node:os";
import { createGitRunner, type GitRunner } from "./git-runner.js";
import { DEFAULT_GITHUB_API_URL } from "./github-api.js";
import { type InstallLimits, resolveInstallLimits } from "./install-limits.js";
import { ignoreProgress, type ProgressListener } from "./install-progress.js";
import type { LinkOperations } from "./link-operations.js";

/** The skills.sh API; tests and mirrors set another (`SKILLBOX_SKILLS_SH_URL`). */
export const DEFAULT_SKILLS_SH_URL = "https://skills.sh";

export interface InstallContext {
  /** The working folder: the project root is the git root above it, else the folder itself. */
  cwd: string;
  home: string;
  fetch: typeof fetch;
  git: GitRunner;
  now: () => Date;
  githubApiUrl: string;
  githubToken?: string;
  skillsShUrl: string;
  /** Where temporary git clones go (never inside a skill root). */
  tempDirectory: string;
  limits: InstallLimits;
  onProgress: ProgressListener;
  /** How `--link` makes links; tests swap in one that fails to check the copy fallback. */
  link?: LinkOperations;
}

export interface CreateInstallContextOptions extends Partial<Omit<InstallContext, "limits">> {
  cwd: string;
  home: string;
  /** Environment: GITHUB_TOKEN/GH_TOKEN, SKILLBOX_GITHUB_API_URL, SKILLBOX_SKILLS_SH_URL, and git's. */
  env?: Readonly<Record<string, string | undefined>>;
  limits?: Partial<InstallLimits>;
}

/** A context with defaults: global fetch, the git CLI, the system clock and temp folder. */
export function createInstallContext(options: CreateInstallContextOptions): InstallContext {
  const env = options.env ?? {};
  const token = options.githubToken ?? (nonEmpty(env.GITHUB_TOKEN) || nonEmpty(env.GH_TOKEN));
  return {
    cwd: options.cwd,
    home: options.home,
    fetch: options.fetch ?? globalThis.fetch,
    git: options.git ?? createGitRunner(options.env ? { env } : {}),
    now: options.now ?? (() => new Date()),
    githubApiUrl: options.githubApiUrl ?? (nonEmpty(env.SKILLBOX_GITHUB_API_URL) || DEFAULT_GITHUB_API_URL),
    ...(token ? { githubToken: token } : {}),
    skillsShUrl: options.skillsShUrl ?? (nonEmpty(env.SKILLBOX_SKILLS_SH_URL) || DEFAULT_SKILLS_SH_URL),
    tempDirectory: options.tempDirectory ?? tmpdir(),
    limits: resolveInstallLimits(options.limits),
    onProgress: options.onProgress ?? ignoreProgress,
    ...(options.link ? { link: options.link } : {}),
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== "" ? value.trim() : undefined;
}

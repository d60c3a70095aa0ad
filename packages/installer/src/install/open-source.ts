// Opens a parsed source as a snapshot, whatever its kind, and names the fallback skill name for a
// SKILL.md at the source's root (the repository, folder or archive name).
import * as path from "node:path";
import { createGithubApi } from "./github-api.js";
import type { InstallContext } from "./install-context.js";
import type { SourceSpec } from "./parse-source.js";
import { readArchiveSource } from "./read-archive-source.js";
import { readGitSource } from "./read-git-source.js";
import { readGithubSource } from "./read-github-source.js";
import { readLocalSource } from "./read-local-source.js";
import type { SourceSnapshot } from "./source-snapshot.js";

/** A snapshot with the name a root-level skill falls back to. */
export interface OpenedSource {
  spec: SourceSpec;
  snapshot: SourceSnapshot;
  rootName: string;
}

/** Opens `spec`; the caller disposes `snapshot` when done. */
export async function openSource(spec: SourceSpec, context: InstallContext): Promise<OpenedSource> {
  const progress = { onProgress: context.onProgress };
  switch (spec.type) {
    case "github": {
      const api = createGithubApi({
        apiUrl: context.githubApiUrl,
        fetch: context.fetch,
        maxDownloadBytes: context.limits.maxDownloadBytes,
        ...(context.githubToken ? { token: context.githubToken } : {}),
        ...progress,
      });
      const snapshot = await readGithubSource({
        api,
        owner: spec.owner,
        repo: spec.repo,
        limits: context.limits,
        ...(spec.ref ? { ref: spec.ref } : {}),
        ...progress,
      });
      return { spec, snapshot, rootName: spec.repo };
    }
    case "git": {
      const snapshot = await readGitSource({
        git: context.git,
        url: spec.url,
        tempDirectory: context.tempDirectory,
        limits: context.limits,
        ...(spec.ref ? { ref: spec.ref } : {}),
      });
      const last = spec.url.replace(/\/+$/, "").split(/[/:]/).pop() ?? "skill";
      return { spec, snapshot, rootName: last.replace(/\.git$/, "") };
    }
    case "local":
      return {
        spec,
        snapshot: await readLocalSource(spec.path, context.limits),
        rootName: path.basename(spec.path),
      };
    case "archive": {
      const snapshot = await readArchiveSource({
        location: spec.location,
        remote: spec.remote,
        fetch: context.fetch,
        limits: context.limits,
        ...progress,
      });
      const base = spec.remote
        ? (new URL(spec.location).pathname.split("/").pop() ?? "")
        : path.basename(spec.location);
      return { spec, snapshot, rootName: base.replace(/\.(tar\.gz|tgz|tar|zip)$/i, "") };
    }
  }
}

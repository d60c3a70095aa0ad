// The core package as a user gets it: `npm pack` of packages/core, installed into an empty project
// with `npm install --offline` from the npm cache that `npm ci` filled. That cache holds tarballs
// (keyed by integrity) but not registry metadata, so the project gets a lockfile whose entries are
// copied from the repository's package-lock.json: npm then fetches nothing, and the versions are the
// ones the repository was tested with.

import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (where package-lock.json and node_modules are). */
export const REPOSITORY_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
/** packages/core. */
export const CORE_PACKAGE = path.join(REPOSITORY_ROOT, "packages", "core");
const CORE_ENTRY = path.join(CORE_PACKAGE, "dist", "index.js");

/** Throws a clear error when packages/core/dist has not been built. */
export function requireBuiltCore(): void {
  if (!existsSync(CORE_ENTRY)) {
    throw new Error(
      `These tests use the built core package, and ${CORE_ENTRY} is missing: run npm run build first ` +
        "(npm ci runs it through the root prepare script).",
    );
  }
}

interface LockEntry {
  version?: string;
  link?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  [key: string]: unknown;
}

interface CoreManifest {
  version: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, unknown>;
}

/** Packs packages/core into `destination` and returns the tarball's path. */
export function packCore(destination: string): string {
  const output = execFileSync("npm", ["pack", "--json", "--pack-destination", destination], {
    cwd: CORE_PACKAGE,
    encoding: "utf8",
    env: quietNpmEnvironment(),
  });
  const [packed] = JSON.parse(output) as { filename: string }[];
  if (packed === undefined) throw new Error(`npm pack printed no package: ${output}`);
  return path.join(destination, packed.filename);
}

/**
 * Writes package.json and package-lock.json of a project depending on the packed core (as a
 * `file:` tarball) and on `extra` packages, at the versions the repository's lockfile holds.
 */
export function writeOfflineProject(project: string, tarball: string, extra: readonly string[] = []): void {
  mkdirSync(project, { recursive: true });
  const repositoryLock = JSON.parse(readFileSync(path.join(REPOSITORY_ROOT, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  const core = JSON.parse(readFileSync(path.join(CORE_PACKAGE, "package.json"), "utf8")) as CoreManifest;
  const locked = repositoryLock.packages;
  const tarballSpec = `file:${path.relative(project, tarball)}`;
  const dependencies: Record<string, string> = { "@skillbox/core": tarballSpec };
  const packages: Record<string, LockEntry> = {
    "node_modules/@skillbox/core": {
      version: core.version,
      resolved: tarballSpec,
      dependencies: core.dependencies,
      peerDependencies: core.peerDependencies,
      peerDependenciesMeta: core.peerDependenciesMeta,
    },
  };

  // Copies the entry `name` resolves to from `from` (a lockfile location), then its dependencies.
  const copy = (from: string, name: string, optional: boolean): void => {
    const found = resolveLocked(locked, from, name);
    if (found === undefined) {
      if (optional) return;
      throw new Error(`${name} (needed from ${from || "the root"}) is not in package-lock.json: run npm install.`);
    }
    const target = found.startsWith("packages/core/")
      ? `node_modules/@skillbox/core/${found.slice("packages/core/".length)}`
      : found;
    if (packages[target] !== undefined) return;
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...entry } = locked[found] as LockEntry;
    packages[target] = entry;
    for (const dependency of Object.keys(entry.dependencies ?? {})) copy(found, dependency, false);
    for (const dependency of Object.keys(entry.optionalDependencies ?? {})) copy(found, dependency, true);
  };
  for (const name of Object.keys(core.dependencies ?? {})) copy("packages/core", name, false);
  for (const name of extra) {
    const version = locked[`node_modules/${name}`]?.version;
    if (version === undefined) throw new Error(`${name} is not in package-lock.json: run npm install.`);
    dependencies[name] = version;
    copy("", name, false);
  }
  const manifest = { name: "skillbox-core-user", private: true, type: "module", dependencies };
  writeFileSync(path.join(project, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const lock = {
    name: manifest.name,
    lockfileVersion: 3,
    requires: true,
    packages: { "": { name: manifest.name, dependencies }, ...packages },
  };
  writeFileSync(path.join(project, "package-lock.json"), `${JSON.stringify(lock, null, 2)}\n`);
}

/** Node's lookup in lockfile locations: `<from>/node_modules/<name>`, then each folder above. */
function resolveLocked(locked: Record<string, LockEntry>, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const key = base === "" ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (locked[key] !== undefined && locked[key].link !== true) return key;
    if (base === "") return undefined;
    const parent = base.lastIndexOf("/node_modules/");
    base = parent < 0 ? "" : base.slice(0, parent);
  }
}

/** `npm install --ignore-scripts --offline` in `project`; returns the wall time in milliseconds. */
export function installOffline(project: string): number {
  const started = performance.now();
  execFileSync("npm", ["install", "--ignore-scripts", "--offline", "--no-audit", "--no-fund"], {
    cwd: project,
    encoding: "utf8",
    env: quietNpmEnvironment(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  return performance.now() - started;
}

/** The files under `folder` (symbolic links not followed): their bytes, and the disk blocks they take. */
export function folderBytes(folder: string): { bytes: number; diskBytes: number } {
  let bytes = 0;
  let diskBytes = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const stats = lstatSync(path.join(entry.parentPath, entry.name));
    bytes += stats.size;
    diskBytes += stats.blocks * 512;
  }
  return { bytes, diskBytes };
}

/**
 * The environment for the nested npm: under `npm test` npm hands its scripts the outer project's
 * settings (npm_config_local_prefix, npm_package_*); those are dropped so the nested npm works on
 * the temp project, while the cache and config files it was given stay.
 */
export function quietNpmEnvironment(): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    const lower = key.toLowerCase();
    const outer =
      lower === "npm_config_local_prefix" || lower.startsWith("npm_package_") || lower.startsWith("npm_lifecycle_");
    if (!outer) environment[key] = value;
  }
  return { ...environment, npm_config_update_notifier: "false", npm_config_loglevel: "error" };
}

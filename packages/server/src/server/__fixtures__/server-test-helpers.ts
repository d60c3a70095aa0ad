// Test-only helpers for the server tests: a workspace over temp skill folders, and authorized requests.
import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { createTempDirectory, writeSkill } from "@skillbox/testing/skill-folders";
import { openWorkspace } from "@skillbox/workspace/workspace/open-workspace";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";

/** The token the tests' apps are created with. */
export const TEST_TOKEN = "test-token-0123456789abcdef";

/** A workspace over temp folders, and what it was built from. */
export interface TestWorkspace {
  workspace: Workspace;
  home: string;
  /** The first skills folder (highest precedence). */
  skills: string;
  /** Every skills folder, highest first. */
  roots: string[];
  /** Closes the workspace and removes the temp folders. */
  close(): void;
}

/**
 * Opens a workspace over `rootCount` fresh skill folders (`skills-1`, …) with an in-memory store.
 * With `bundled: true` the default roots are used instead, the last folder acting as the bundled one.
 */
export function openTestWorkspace(options: { rootCount?: number; bundled?: boolean } = {}): TestWorkspace {
  const temp = createTempDirectory("skillbox-server-");
  const home = path.join(temp.path, "home");
  const project = path.join(temp.path, "project");
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  const roots = Array.from({ length: options.rootCount ?? 1 }, (_, index) => {
    const root = path.join(temp.path, `skills-${index + 1}`);
    mkdirSync(root, { recursive: true });
    return root;
  });
  const workspace = openWorkspace({
    cwd: project,
    home,
    env: {},
    dirs: options.bundled ? [] : roots,
    bundledDirectory: roots.at(-1) ?? path.join(temp.path, "bundled"),
    storePath: ":memory:",
    persistIndex: false,
  });
  return {
    workspace,
    home,
    skills: roots[0] ?? "",
    roots,
    close() {
      workspace.close();
      temp.remove();
    },
  };
}

/** Test workspaces opened through `open`, all closed by `closeAll` (call it from the test file's `afterEach`). */
export interface TestWorkspaceTracker {
  open(options?: Parameters<typeof openTestWorkspace>[0]): TestWorkspace;
  closeAll(): void;
}

/** Tracks the workspaces a test file opens so one `afterEach(() => workspaces.closeAll())` cleans them all up. */
export function trackTestWorkspaces(): TestWorkspaceTracker {
  const opened: TestWorkspace[] = [];
  return {
    open(options) {
      const workspace = openTestWorkspace(options);
      opened.push(workspace);
      return workspace;
    },
    closeAll() {
      for (const workspace of opened.splice(0)) workspace.close();
    },
  };
}

/** Writes `<root>/<name>/SKILL.md` with a description (and optional body or extra files); returns its path. */
export function addSkill(
  root: string,
  name: string,
  description: string,
  options: { body?: string; fields?: Record<string, unknown>; files?: Record<string, string> } = {},
): string {
  const file = writeSkill(
    root,
    name,
    { description, ...options.fields },
    options.body === undefined ? {} : { body: options.body },
  );
  for (const [relative, text] of Object.entries(options.files ?? {})) {
    const target = path.join(root, name, relative);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  return file;
}

/** Request options for a write carrying the token and a JSON body. */
export function authorized(method: string, body?: unknown, token = TEST_TOKEN): RequestInit {
  return {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  };
}

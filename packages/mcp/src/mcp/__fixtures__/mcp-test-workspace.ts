// A temp workspace for MCP tests: two skill folders (so one name is served twice), skills in every
// state, supporting files in sub-folders and one binary file.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { openWorkspace } from "@skillbox/workspace/workspace/open-workspace";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";

/** Bytes that are not UTF-8 (served as a base64 blob). */
export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00]);

export interface McpTestWorkspace {
  root: string;
  home: string;
  /** The first (higher) skill folder. */
  skills: string;
  /** The second skill folder; holds another `refunds`. */
  moreSkills: string;
  workspace: Workspace;
  /** Writes `<skills>/<relative>` (folders created). */
  write(relative: string, content: string | Uint8Array, folder?: string): string;
  remove(): void;
}

/** Creates the folders, writes the skills and opens a workspace over both folders. */
export function createMcpTestWorkspace(): McpTestWorkspace {
  const root = mkdtempSync(path.join(tmpdir(), "skillbox-mcp-"));
  const home = path.join(root, "home");
  const skills = path.join(root, "skills");
  const moreSkills = path.join(root, "more");
  mkdirSync(home, { recursive: true });
  const write = (relative: string, content: string | Uint8Array, folder = skills) => {
    const file = path.join(folder, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
    return file;
  };
  write(
    "refunds/SKILL.md",
    "---\nname: refunds\ndescription: Process customer refund requests per company policy.\nlicense: Apache-2.0\narguments: [order, reason]\nargument-hint: <order> <reason>\n---\nRefund order $order because $reason. See templates/email.md.\n",
  );
  write("refunds/templates/email.md", "Dear customer, your refund is on its way.\n");
  write("refunds/templates/regional/eu.md", "EU refund rules.\n");
  write("refunds/scripts/check.sh", "#!/bin/sh\necho checked\n");
  write("refunds/logo.png", PNG_BYTES);
  write(
    "notes/SKILL.md",
    "---\nname: notes\ndescription: Takes meeting notes.\nargument-hint: <topic>\n---\nWrite notes about $ARGUMENTS.\n",
  );
  write(
    "hidden/SKILL.md",
    "---\nname: hidden\ndescription: Only when the user asks.\ndisable-model-invocation: true\n---\nHidden body.\n",
  );
  write("quiet/SKILL.md", "---\nname: quiet\ndescription: Listed by name only.\n---\nQuiet body.\n");
  write("personal/SKILL.md", "---\nname: personal\ndescription: The user runs it.\n---\nPersonal body.\n");
  write("gone/SKILL.md", "---\nname: gone\ndescription: Turned off.\n---\nOff body.\n");
  write(
    "refunds/SKILL.md",
    "---\nname: refunds\ndescription: Refunds the second way.\n---\nSecond refunds body.\n",
    moreSkills,
  );
  const workspace = openWorkspace({
    cwd: root,
    home,
    env: {},
    dirs: [skills, moreSkills],
    bundledDirectory: path.join(root, "no-bundled-skills"),
    storePath: ":memory:",
  });
  workspace.setState("quiet", "name-only");
  workspace.setState("personal", "user-only");
  workspace.setState("gone", "off");
  return {
    root,
    home,
    skills,
    moreSkills,
    workspace,
    write,
    remove() {
      workspace.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

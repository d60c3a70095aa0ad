// Test setup for the install routes: a project (a git root) and a home in a temp folder, a workspace
// over their default roots, and the fake GitHub serving `acme/skills` (pdf with a script, docx).
import { mkdirSync } from "node:fs";
import * as path from "node:path";
import {
  createSourceRepository,
  createTempFolders,
  type SourceRepository,
  skillText,
  type TempFolders,
} from "@skillbox/installer/install/__fixtures__/install-fixtures";
import { type FakeGithubServer, startFakeGithubServer } from "@skillbox/testing/fake-github-server";
import { openWorkspace } from "@skillbox/workspace/workspace/open-workspace";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";
import type { CreateAppOptions } from "../create-app.js";

/** What the install tests work with. */
export interface InstallTestSetup {
  folders: TempFolders;
  github: FakeGithubServer;
  repository: SourceRepository;
  workspace: Workspace;
  /** createApp options pointing the installer at the fake GitHub and skills.sh. */
  installer: NonNullable<CreateAppOptions["installer"]>;
  close(): Promise<void>;
}

/** The two skills `acme/skills` starts with. */
export const ACME_SKILLS = {
  "README.md": "# Skills\n",
  "skills/pdf/SKILL.md": skillText("pdf", "Reads PDF files.", ["allowed-tools: Read"]),
  "skills/pdf/scripts/extract.sh": { executable: "#!/bin/sh\necho extract\n" },
  "skills/docx/SKILL.md": skillText("docx", "Writes Word files."),
  "skills/docx/references/styles.md": "Styles\n",
} as const;

/** Starts the fake GitHub with `acme/skills` and opens a workspace over the project's default roots. */
export async function createInstallTestSetup(): Promise<InstallTestSetup> {
  const folders = createTempFolders();
  const github = await startFakeGithubServer();
  const repository = createSourceRepository(path.join(folders.base, "source"));
  repository.commit({ ...ACME_SKILLS }, "two skills");
  github.addRepository("acme/skills", repository.remote);
  const bundled = path.join(folders.base, "bundled");
  mkdirSync(bundled);
  const workspace = openWorkspace({
    cwd: folders.project,
    home: folders.home,
    env: {},
    bundledDirectory: bundled,
    storePath: ":memory:",
    persistIndex: false,
  });
  return {
    folders,
    github,
    repository,
    workspace,
    installer: {
      githubApiUrl: github.url,
      skillsShUrl: github.url,
      tempDirectory: folders.scratch,
      env: { PATH: process.env.PATH, HOME: folders.home },
    },
    async close() {
      workspace.close();
      await github.close();
      folders.remove();
    },
  };
}

/** One server-sent event. */
export interface SentEvent {
  event: string;
  data: unknown;
}

/** Splits a text/event-stream body into its events (comments and `retry:` lines left out). */
export function parseEventStream(text: string): SentEvent[] {
  const events: SentEvent[] = [];
  for (const block of text.split(/\n\n+/)) {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
    }
    if (data.length > 0) events.push({ event, data: JSON.parse(data.join("\n")) });
  }
  return events;
}

// CLI test setup for the installer commands: the CLI harness (temp project, home, store), a fake
// GitHub server serving a git repository with two skills as `acme/skills`, and the environment
// pointing the commands at it.
import * as path from "node:path";
import type { CliCommand } from "../command.js";
import { type CliHarness, type CliRun, createCliHarness } from "./cli-harness.js";
import { type FakeGithubServer, startFakeGithubServer } from "@skillbox/testing/fake-github-server";
import { createSourceRepository, type SourceRepository, skillText } from "@skillbox/installer/install/__fixtures__/install-fixtures";

export interface InstallCli {
  cli: CliHarness;
  server: FakeGithubServer;
  repository: SourceRepository;
  env: Record<string, string | undefined>;
  run(args: string[]): Promise<CliRun>;
  close(): Promise<void>;
}

export async function createInstallCli(commands: readonly CliCommand[]): Promise<InstallCli> {
  const cli = createCliHarness(commands);
  const server = await startFakeGithubServer();
  const repository = createSourceRepository(path.join(cli.base, "source"));
  repository.commit(
    {
      "README.md": "# Skills\n",
      "skills/pdf/SKILL.md": skillText("pdf", "Reads PDF files.", ["allowed-tools: Read"]),
      "skills/pdf/scripts/extract.sh": { executable: "#!/bin/sh\necho extract\n" },
      "skills/docx/SKILL.md": skillText("docx", "Writes Word files."),
      "skills/docx/references/styles.md": "Styles\n",
    },
    "two skills",
  );
  server.addRepository("acme/skills", repository.remote);
  const env: Record<string, string | undefined> = {
    ...process.env,
    GITHUB_TOKEN: undefined,
    GH_TOKEN: undefined,
    SKILLBOX_DB: path.join(cli.base, "skillbox.db"),
    SKILLBOX_GITHUB_API_URL: server.url,
    SKILLBOX_SKILLS_SH_URL: server.url,
  };
  return {
    cli,
    server,
    repository,
    env,
    run: (args) => cli.run(args, { env }),
    async close() {
      await server.close();
      cli.remove();
    },
  };
}

import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildToolDescription } from "../../prompt/tool-description.js";
import { createTempDirectory } from "../../testing/skill-folders.js";
import { createSkillRegistry } from "../skill-registry.js";

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function temp() {
  const directory = createTempDirectory();
  cleanups.push(directory.remove);
  return directory.path;
}

function registryOver(root: string) {
  const registry = createSkillRegistry({ roots: [{ label: "test", path: root, scope: "custom" }] });
  cleanups.push(() => registry.close());
  return registry;
}

/** Everything the model or a user could see of the registry, as one string. */
function everythingShown(registry: ReturnType<typeof registryOver>): string {
  return JSON.stringify([
    registry.list(),
    registry.catalogEntries(),
    buildToolDescription(registry.toolEntries()),
  ]);
}

describe("names taken from folder names", () => {
  it("are refused when unsafe, with an error, unless the frontmatter gives a usable name", () => {
    const root = temp();
    const unsafe = ["method\u200bology", "rtl\u202eevil", "esc\u001b[2Jape"];
    for (const folder of unsafe) {
      mkdirSync(path.join(root, folder));
      writeFileSync(path.join(root, folder, "SKILL.md"), "---\ndescription: No name here.\n---\nBody.\n");
    }
    mkdirSync(path.join(root, "named\u200b"));
    writeFileSync(
      path.join(root, "named\u200b", "SKILL.md"),
      "---\nname: named\ndescription: Plain name.\n---\nBody.\n",
    );
    const registry = registryOver(root);
    expect(registry.list().map((record) => record.name)).toEqual(["named"]);
    const refused = registry.diagnostics().filter((item) => item.code === "folder-name-unsafe");
    expect(refused.map((item) => item.severity)).toEqual(["error", "error", "error"]);
    expect(refused.map((item) => path.basename(path.dirname(item.path))).sort()).toEqual([...unsafe].sort());
    expect(refused[0]?.message).toMatch(/\\u\{/);
    expect(everythingShown(registry)).not.toMatch(/methodology|evil/);
  });

  it("keep a plain folder name usable", () => {
    const root = temp();
    mkdirSync(path.join(root, "plain-name"));
    writeFileSync(path.join(root, "plain-name", "SKILL.md"), "---\ndescription: No name here.\n---\n");
    expect(registryOver(root).get("plain-name")?.name).toBe("plain-name");
  });
});

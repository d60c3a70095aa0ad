import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { createTempDirectory } from "@skillbox/testing/skill-folders";
import { afterEach, describe, expect, it } from "vitest";
import { buildToolDescription } from "../../prompt/tool-description.js";
import { createSkillRegistry } from "../skill-registry.js";
import { parseScannedHead, parseSkillEntry } from "./load-skill-entry.js";

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

describe("a scanned head", () => {
  const stamp = (bytes: Uint8Array) => ({ size: bytes.length, mtimeMs: 1, ino: 2 });
  const place = (folder: string, fileName = "SKILL.md") => ({
    file: path.join("/skills", folder, fileName),
    directory: path.join("/skills", folder),
    rootIndex: 0,
    orderKey: folder,
    firstSeenAt: 3,
  });
  const texts: Array<string | Buffer> = [
    "---\nname: pdf\ndescription: Reads PDFs.\n---\nBody.\n",
    "\ufeff---\r\nname: crlf\r\ndescription: With CRLF.\r\n---\r\nBody.\r\n",
    "---\nname: Mixed_Case\ndescription: Bad: colon here\nallowed-tools: Read, Bash\nmetadata:\n  n: 1\n---\n",
    '---\nname: empty-description\ndescription: ""\n---\n# Title\n\nThe first paragraph.\n',
    "---\nname: no-description\n---\nThe first paragraph.\n",
    "---\nname: (no description)\ndescription: (no description)\n---\nBody.\n",
    "No frontmatter, a first paragraph.\n",
    "---\nname: unclosed\ndescription: Never closed.\n\nBody.\n",
    `---\nname: many-lines\ndescription: A body of many lines.\n---\n${"\n".repeat(600)}`,
    `---\nname: long-body\ndescription: A long body.\n---\n${"word ".repeat(5000)}`,
    "---\nname: café\ndescription: Ünïcödé and emoji 🧪.\n---\nBödy.\n",
    Buffer.from([...Buffer.from("---\nname: bad\ndescription: Bad bytes.\n---\n"), 0xff, 0xfe, 10]),
    Buffer.from([...Buffer.from("---\nname: nul\ndescription: A NUL.\n---\n"), 0, 10]),
    "---\ndescription: Named by its folder.\n---\nBody.\n",
    "---\nname: [a, b]\ndescription: A list as the name.\n---\nBody.\n",
    "---\nname: dup\nname: dup\ndescription: Duplicate keys.\n---\nBody.\n",
    "---\n---\nEmpty frontmatter.\n",
  ];
  const folders = ["pdf", "owner__repo__pdf", "method\u200bology"];

  it("gives exactly the entry a parse of the whole head gives, key order included", () => {
    for (const text of texts) {
      const bytes = typeof text === "string" ? Buffer.from(text) : text;
      for (const folder of folders) {
        for (const fileName of ["SKILL.md", "skill.md"]) {
          const where = place(folder, fileName);
          const scanned = parseScannedHead(where, bytes, stamp(bytes), {});
          const whole = parseSkillEntry(where, bytes, stamp(bytes), {}).entry;
          expect(JSON.stringify(scanned), `${JSON.stringify(text.toString())} in ${folder}`).toBe(
            JSON.stringify(whole),
          );
        }
      }
    }
  });
});

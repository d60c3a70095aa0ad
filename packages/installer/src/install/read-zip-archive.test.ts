import { describe, expect, it } from "vitest";
import { buildZip, skillText } from "./__fixtures__/install-fixtures.js";
import { DEFAULT_INSTALL_LIMITS } from "./install-limits.js";
import { readZipArchive } from "./read-zip-archive.js";

const read = (zip: Buffer) => readZipArchive(zip, { label: "names.zip", limits: DEFAULT_INSTALL_LIMITS });

describe("zip entry names", () => {
  it("reads UTF-8 names without the UTF-8 flag as UTF-8, as macOS and Java write them", async () => {
    const name = "café-ünïcode/SKILL.md";
    const { entries, contents } = await read(
      buildZip([{ name, utf8Flag: false, content: skillText("cafe") }]),
    );
    expect(entries.map((entry) => entry.path)).toContain(name);
    expect(contents.has(name)).toBe(true);
  });

  it("reads names that are not valid UTF-8 as CP437, as the format says", async () => {
    // 0x82 is 'é' in CP437 and a lone continuation byte (invalid) in UTF-8.
    const nameBytes = Buffer.concat([Buffer.from("caf"), Buffer.from([0x82]), Buffer.from("/SKILL.md")]);
    const { entries } = await read(
      buildZip([{ name: "", nameBytes, utf8Flag: false, content: skillText("cafe") }]),
    );
    expect(entries.map((entry) => entry.path)).toContain("café/SKILL.md");
  });

  it("reads flagged names as UTF-8", async () => {
    const { entries } = await read(buildZip([{ name: "日本/SKILL.md", content: skillText("nihon") }]));
    expect(entries.map((entry) => entry.path)).toContain("日本/SKILL.md");
  });
});

import { symlinkSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSkillFolders, type SkillFolders } from "./__fixtures__/skill-folders.js";
import { createReadSkillFileTool } from "./read-skill-file.js";

let folders: SkillFolders;
beforeEach(() => {
  folders = createSkillFolders();
  folders.addSkill("pdf", {});
  folders.write("pdf/reference.md", "# Reference\n\nForms live in forms.md.\n");
  folders.write("pdf/scripts/extract.py", "print('hi')\n");
});
afterEach(() => folders.remove());

const read = (skill: string, file: string, maxBytes?: number) =>
  createReadSkillFileTool({
    registry: folders.registry(),
    ...(maxBytes === undefined ? {} : { maxBytes }),
  }).execute({ skill_name: skill, path: file }, {});

describe("read_skill_file", () => {
  it("reads a file inside the skill folder, wrapped with its skill and path", async () => {
    const result = await read("pdf", "reference.md");
    expect(result.isError).toBeUndefined();
    expect(result.content).toBe(
      '<skill-file skill="pdf" path="reference.md">\n# Reference\n\nForms live in forms.md.\n</skill-file>',
    );
    expect(result.metadata).toMatchObject({ skill: "pdf", path: "reference.md", truncated: false });
    expect((await read("pdf", "./scripts/../scripts/extract.py")).content).toContain("print('hi')");
  });

  it("refuses paths that climb out of the folder with ..", async () => {
    writeFileSync(path.join(folders.base, "secret.txt"), "top secret");
    const result = await read("pdf", "../../secret.txt");
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/outside the skill's folder/);
    expect(result.content).not.toContain("top secret");
  });

  it("refuses absolute paths, even ones inside the folder", async () => {
    const result = await read("pdf", path.join(folders.root, "pdf", "reference.md"));
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/Absolute paths are not allowed/);
    expect((await read("pdf", "C:\\Windows\\win.ini")).isError).toBe(true);
  });

  it("refuses symbolic links that point outside the folder but follows ones that stay inside", async () => {
    writeFileSync(path.join(folders.base, "secret.txt"), "top secret");
    symlinkSync(path.join(folders.base, "secret.txt"), path.join(folders.root, "pdf", "leak.txt"));
    symlinkSync(folders.base, path.join(folders.root, "pdf", "up"));
    symlinkSync(path.join(folders.root, "pdf", "reference.md"), path.join(folders.root, "pdf", "alias.md"));
    const leak = await read("pdf", "leak.txt");
    expect(leak.isError).toBe(true);
    expect(leak.content).toMatch(/points outside the skill's folder/);
    expect((await read("pdf", "up/secret.txt")).content).not.toContain("top secret");
    expect((await read("pdf", "alias.md")).content).toContain("# Reference");
  });

  it("describes binary files by type and size instead of dumping them", async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(2040),
    ]);
    folders.write("pdf/assets/logo.png", png);
    folders.write("pdf/assets/blob.dat", Buffer.from([1, 2, 3, 0, 255, 254, 0, 7]));
    const result = await read("pdf", "assets/logo.png");
    expect(result.content).toBe(
      "assets/logo.png is a binary file (PNG image, 2.0 KB); it is not shown as text. Use a tool or one of the skill's scripts that handles this kind of file.",
    );
    expect(result.metadata).toMatchObject({ binary: true, type: "PNG image", bytes: 2048 });
    expect((await read("pdf", "assets/blob.dat")).content).toMatch(/binary file \(binary data, 8 bytes\)/);
  });

  it("cuts files larger than the cap and says so", async () => {
    folders.write("pdf/big.txt", "é".repeat(100));
    const result = await read("pdf", "big.txt", 51);
    expect(result.content).toContain(`${"é".repeat(25)}\n</skill-file>\n[Cut at 51 bytes of 200 bytes;`);
    expect(result.metadata).toMatchObject({ truncated: true, bytes: 200 });
  });

  it("lists a folder and suggests close names for a missing file", async () => {
    expect((await read("pdf", "scripts")).content).toBe("Files in scripts/:\n- scripts/extract.py");
    const missing = await read("pdf", "refrence.md");
    expect(missing.isError).toBe(true);
    expect(missing.content).toMatch(/has no file "refrence.md". Did you mean "reference.md"\?/);
  });

  it("refuses unknown skills like load_skill does", async () => {
    const result = await read("pfd", "reference.md");
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/Unknown skill "pfd". Did you mean "pdf"\?/);
  });
});

import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBuiltinTools } from "./create-builtin-tools.js";
import { createEditFileTool } from "./edit-file-tool.js";
import { createGlobTool } from "./glob-tool.js";
import { createGrepTool } from "./grep-tool.js";
import { createReadFileTool } from "./read-file-tool.js";
import { createWriteFileTool } from "./write-file-tool.js";

let base: string;
let root: string;
let touched: string[][];
const onPathsTouched = (paths: string[]): void => {
  touched.push(paths);
};

beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), "skillbox-files-"));
  root = path.join(base, "root");
  touched = [];
  await mkdir(path.join(root, "src", "deep"), { recursive: true });
  await mkdir(path.join(root, "node_modules", "pkg"), { recursive: true });
  await writeFile(path.join(root, "src", "a.ts"), "const a = 1;\nconst b = 2;\nconst a2 = 1;\n");
  await writeFile(path.join(root, "src", "deep", "b.md"), "# Title\nTODO: write\n");
  await writeFile(path.join(root, "node_modules", "pkg", "index.ts"), "TODO hidden\n");
  await writeFile(path.join(base, "outside.txt"), "TODO outside\n");
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describe("read_file", () => {
  it("returns numbered lines and reports the path as touched", async () => {
    const result = await createReadFileTool({ root, onPathsTouched }).execute({ path: "src/a.ts" }, {});
    expect(result.content).toBe("     1\tconst a = 1;\n     2\tconst b = 2;\n     3\tconst a2 = 1;");
    expect(touched).toEqual([["src/a.ts"]]);
  });

  it("pages with offset and limit and says where the rest starts", async () => {
    const result = await createReadFileTool({ root }).execute({ path: "src/a.ts", offset: 2, limit: 1 }, {});
    expect(result.content).toContain("     2\tconst b = 2;");
    expect(result.content).toContain("use offset 3 for more");
  });

  it("refuses files over the size cap, binary files, folders and missing files with a hint", async () => {
    await writeFile(path.join(root, "bin.dat"), Buffer.from([1, 0, 2]));
    const tool = createReadFileTool({ root, maxBytes: 10 });
    expect((await tool.execute({ path: "src/a.ts" }, {})).content).toContain("over the 10-byte cap");
    expect((await createReadFileTool({ root }).execute({ path: "bin.dat" }, {})).content).toContain("binary");
    expect((await createReadFileTool({ root }).execute({ path: "src" }, {})).content).toContain(
      "is a directory",
    );
    expect((await createReadFileTool({ root }).execute({ path: "nope.ts" }, {})).content).toContain(
      "Use glob",
    );
  });

  it("refuses paths outside the workspace", async () => {
    const result = await createReadFileTool({ root }).execute({ path: "../outside.txt" }, {});
    expect(result.isError).toBe(true);
    expect(result.content).toContain("outside the workspace");
  });
});

describe("write_file", () => {
  it("creates parent folders, writes atomically and leaves no temp file", async () => {
    const result = await createWriteFileTool({ root, onPathsTouched }).execute(
      { path: "new/dir/file.txt", content: "hello" },
      {},
    );
    expect(result.isError).toBeUndefined();
    expect(await readFile(path.join(root, "new", "dir", "file.txt"), "utf8")).toBe("hello");
    expect(await readdir(path.join(root, "new", "dir"))).toEqual(["file.txt"]);
    expect(touched).toEqual([["new/dir/file.txt"]]);
  });

  it("refuses to write through a symlink that leads out of the workspace", async () => {
    await symlink(base, path.join(root, "escape"));
    const result = await createWriteFileTool({ root }).execute(
      { path: "escape/pwned.txt", content: "x" },
      {},
    );
    expect(result.isError).toBe(true);
    await expect(readFile(path.join(base, "pwned.txt"), "utf8")).rejects.toThrow();
  });
});

describe("write_file and edit_file stay in the workspace", () => {
  it("refuse an absolute path or a .. path outside it", async () => {
    const target = path.join(base, "pwned.txt");
    for (const requested of [target, "../pwned.txt"]) {
      const written = await createWriteFileTool({ root }).execute({ path: requested, content: "x" }, {});
      expect(written.isError).toBe(true);
      expect(written.content).toContain("outside the workspace");
    }
    const edited = await createEditFileTool({ root }).execute(
      { path: path.join(base, "outside.txt"), old_string: "TODO", new_string: "DONE" },
      {},
    );
    expect(edited.isError).toBe(true);
    await expect(readFile(target, "utf8")).rejects.toThrow();
    expect(await readFile(path.join(base, "outside.txt"), "utf8")).toBe("TODO outside\n");
  });
});

describe("edit_file", () => {
  it("replaces a unique string", async () => {
    const result = await createEditFileTool({ root }).execute(
      { path: "src/a.ts", old_string: "const b = 2;", new_string: "const b = 3;" },
      {},
    );
    expect(result.content).toContain("Replaced 1 occurrence");
    expect(await readFile(path.join(root, "src", "a.ts"), "utf8")).toContain("const b = 3;");
  });

  it("names the matching lines when the string is not unique", async () => {
    const result = await createEditFileTool({ root }).execute(
      { path: "src/a.ts", old_string: "= 1;", new_string: "= 9;" },
      {},
    );
    expect(result.isError).toBe(true);
    expect(result.content).toContain("matches 2 places");
    expect(result.content).toContain("lines 1, 3");
    expect(result.content).toContain("replace_all");
  });

  it("replaces every occurrence with replace_all", async () => {
    await createEditFileTool({ root }).execute(
      { path: "src/a.ts", old_string: "= 1;", new_string: "= $&9;", replace_all: true },
      {},
    );
    expect(await readFile(path.join(root, "src", "a.ts"), "utf8")).toBe(
      "const a = $&9;\nconst b = 2;\nconst a2 = $&9;\n",
    );
  });

  it("tells the model to copy the text exactly when nothing matches", async () => {
    const result = await createEditFileTool({ root }).execute(
      { path: "src/a.ts", old_string: "const c", new_string: "x" },
      {},
    );
    expect(result.isError).toBe(true);
    expect(result.content).toContain("not found");
    expect(result.content).toContain("exactly");
  });
});

describe("glob", () => {
  it("lists matching files relative to the root, skipping node_modules", async () => {
    const result = await createGlobTool({ root, onPathsTouched }).execute({ pattern: "**/*.ts" }, {});
    expect(result.content).toBe("src/a.ts");
    expect(touched).toEqual([["src/a.ts"]]);
  });

  it("matches relative to the given folder and caps the results", async () => {
    await writeFile(path.join(root, "src", "c.ts"), "");
    const result = await createGlobTool({ root, maxResults: 1 }).execute(
      { pattern: "*.ts", path: "src" },
      {},
    );
    expect(result.content).toContain("src/a.ts");
    expect(result.content).toContain("only the first 1 matches");
  });

  it("refuses a folder outside the workspace", async () => {
    const result = await createGlobTool({ root }).execute({ pattern: "*", path: ".." }, {});
    expect(result.isError).toBe(true);
  });
});

describe("grep", () => {
  it("finds matching lines with their paths and line numbers", async () => {
    const result = await createGrepTool({ root, onPathsTouched }).execute({ pattern: "TODO" }, {});
    expect(result.content).toBe("src/deep/b.md:2: TODO: write");
    expect(touched).toEqual([["src/deep/b.md"]]);
  });

  it("filters by glob, ignores case and searches a single file", async () => {
    const tool = createGrepTool({ root });
    expect((await tool.execute({ pattern: "todo", ignore_case: true, glob: "*.ts" }, {})).content).toContain(
      "No matches",
    );
    expect((await tool.execute({ pattern: "const b", path: "src/a.ts" }, {})).content).toBe(
      "src/a.ts:2: const b = 2;",
    );
  });

  it("explains an invalid regular expression", async () => {
    const result = await createGrepTool({ root }).execute({ pattern: "(" }, {});
    expect(result.isError).toBe(true);
    expect(result.content).toContain("not a valid regular expression");
  });

  it("does not read through symlinks that leave the workspace", async () => {
    await symlink(path.join(base, "outside.txt"), path.join(root, "link.txt"));
    const result = await createGrepTool({ root }).execute({ pattern: "outside" }, {});
    expect(result.content).toContain("No matches");
  });
});

describe("createBuiltinTools", () => {
  it("returns the six built-ins and can leave some out", () => {
    expect(createBuiltinTools({ root }).map((tool) => tool.name)).toEqual([
      "bash",
      "read_file",
      "write_file",
      "edit_file",
      "glob",
      "grep",
    ]);
    expect(createBuiltinTools({ root, exclude: ["bash"] }).map((tool) => tool.name)).not.toContain("bash");
  });
});

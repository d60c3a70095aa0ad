import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { nodeFileSystem } from "../discovery/registry-file-system.js";
import type { SkillRoot } from "../discovery/skill-roots.js";
import { type RegistryCacheContent, writeRegistryCache } from "./registry-cache.js";
import { createRegistryPersistence } from "./registry-persistence.js";
import type { SkillIndex } from "./skill-index.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("registry persistence", () => {
  it("removes at the next flush a saved index that holds no skill file (as older versions wrote them)", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "skillbox-persistence-"));
    folders.push(folder);
    const file = path.join(folder, "index.bin");
    const roots: SkillRoot[] = [{ label: "test", path: folder, scope: "custom" }];
    expect(
      writeRegistryCache(nodeFileSystem, file, "key", roots, { directories: [], files: [] }),
    ).toBeUndefined();
    expect(existsSync(file)).toBe(true);

    // The persistence reads and writes an index only through hydrate and snapshot.
    const hydrated: RegistryCacheContent[] = [];
    const index = {
      hydrate: (content: RegistryCacheContent) => hydrated.push(content),
      snapshot: () => ({ directories: [], files: [] }),
    } as unknown as SkillIndex;
    const persistence = createRegistryPersistence({
      fs: nodeFileSystem,
      cacheFile: file,
      key: "key",
      roots,
      index,
    });
    expect(persistence.load()).toBe(true);
    expect(hydrated).toEqual([{ directories: [], files: [] }]);
    persistence.flush();
    expect(existsSync(file)).toBe(false);
    expect(persistence.diagnostics()).toEqual([]);
  });
});

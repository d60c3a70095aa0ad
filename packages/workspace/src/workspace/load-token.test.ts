import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { isSkillboxError } from "@skillbox/core/errors";
import { createTempDirectory } from "@skillbox/testing/skill-folders";
import { afterEach, describe, expect, it } from "vitest";
import { loadToken, tokenFilePath } from "./load-token.js";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tempHome(): string {
  const temp = createTempDirectory("skillbox-token-");
  cleanups.push(temp.remove);
  return temp.path;
}

describe("loadToken", () => {
  it("creates a random token on first start in <home>/.skillbox/token with mode 0600", () => {
    const home = tempHome();
    const loaded = loadToken({ home, env: {} });
    expect(loaded.source).toBe("created");
    expect(loaded.file).toBe(path.join(home, ".skillbox", "token"));
    expect(loaded.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readFileSync(loaded.file, "utf8")).toBe(`${loaded.token}\n`);
    if (process.platform !== "win32") expect(statSync(loaded.file).mode & 0o777).toBe(0o600);
  });

  it("reads the same token back on later starts, and different homes get different tokens", () => {
    const home = tempHome();
    const first = loadToken({ home, env: {} });
    const second = loadToken({ home, env: {} });
    expect(second).toEqual({ ...first, source: "file" });
    expect(loadToken({ home: tempHome(), env: {} }).token).not.toBe(first.token);
  });

  it("prefers SKILLBOX_TOKEN and then writes no file", () => {
    const home = tempHome();
    const loaded = loadToken({ home, env: { SKILLBOX_TOKEN: "from-the-environment-123" } });
    expect(loaded).toMatchObject({ token: "from-the-environment-123", source: "env" });
    expect(() => statSync(tokenFilePath(home))).toThrow();
  });

  it("refuses a token that is too short or has spaces", () => {
    const home = tempHome();
    for (const env of [{ SKILLBOX_TOKEN: "short" }, { SKILLBOX_TOKEN: "has a space in the middle" }]) {
      let caught: unknown;
      try {
        loadToken({ home, env });
      } catch (error) {
        caught = error;
      }
      expect(isSkillboxError(caught, "config-error")).toBe(true);
    }
  });

  it("tightens a token file others can read, and replaces an empty one", () => {
    const home = tempHome();
    const file = tokenFilePath(home);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, "a-token-written-by-hand-0001\n");
    chmodSync(file, 0o644);
    expect(loadToken({ home, env: {} }).token).toBe("a-token-written-by-hand-0001");
    if (process.platform !== "win32") expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileSync(file, "");
    expect(loadToken({ home, env: {} }).source).toBe("created");
  });
});

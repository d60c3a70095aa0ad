import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isSkillboxError } from "@skillbox/core/errors";
import { InMemorySettingsStore, type SettingsStore } from "@skillbox/core/store/settings-store";
import {
  createDefaultSkillSettings,
  type SkillSettings,
  setSkillEnabled,
} from "@skillbox/core/store/skill-settings";
import { resolveSkillState, type SkillState } from "@skillbox/core/store/skill-state";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type SkillboxStore } from "./open-store.js";
import { SqliteSettingsStore } from "./sqlite-settings-store.js";

const openStores: SkillboxStore[] = [];

afterEach(() => {
  for (const store of openStores.splice(0)) store.close();
});

const implementations: Array<[string, () => SettingsStore]> = [
  ["InMemorySettingsStore", () => new InMemorySettingsStore()],
  [
    "SqliteSettingsStore",
    () => {
      const store = openStore({ path: ":memory:" });
      openStores.push(store);
      return new SqliteSettingsStore(store);
    },
  ],
];

function catchError(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error("expected the action to throw");
}

describe.each(implementations)("%s", (_name, createStore) => {
  it("starts with default skill settings and no warning", () => {
    expect(createStore().readSkillSettings()).toEqual({
      settings: createDefaultSkillSettings(),
      diagnostics: [],
    });
  });

  it("writes and reads back skill settings", () => {
    const store = createStore();
    const settings: SkillSettings = {
      ...createDefaultSkillSettings(),
      enabledSkillNames: ["pdf"],
      targetLanguage: "de",
    };
    store.writeSkillSettings(settings);
    expect(store.readSkillSettings().settings).toEqual(settings);
  });

  it("refuses to write settings that break the schema", () => {
    const store = createStore();
    const bad = { ...createDefaultSkillSettings(), enabledSkillNames: [42] } as unknown as SkillSettings;
    expect(
      isSkillboxError(
        catchError(() => store.writeSkillSettings(bad)),
        "invalid-argument",
      ),
    ).toBe(true);
    expect(store.readSkillSettings().settings).toEqual(createDefaultSkillSettings());
  });

  it("refuses names that are no skill names, with one path: message line per problem", () => {
    const store = createStore();
    const bad = {
      ...createDefaultSkillSettings(),
      enabledSkillNames: [42],
      allowScripts: ["pdf", "../../etc"],
    } as unknown as SkillSettings;
    const error = catchError(() => store.writeSkillSettings(bad));
    expect(isSkillboxError(error, "invalid-argument")).toBe(true);
    const problems = [
      "enabledSkillNames[0]: Invalid input: expected string, received number",
      `allowScripts[1]: "../../etc" is not a skill name: it contains '..' or is '.'`,
    ];
    expect((error as Error).message).toBe(`Skill settings are invalid:\n${problems.join("\n")}`);
    expect(isSkillboxError(error) && error.data.problems).toEqual(problems);
    expect(store.readSkillSettings().settings).toEqual(createDefaultSkillSettings());
  });

  it("leaves settings unchanged when an update throws", () => {
    const store = createStore();
    store.updateSkillSettings((current) => setSkillEnabled(current, "a", true));
    expect(() =>
      store.updateSkillSettings(() => {
        throw new Error("changed my mind");
      }),
    ).toThrow("changed my mind");
    expect(store.readSkillSettings().settings.enabledSkillNames).toEqual(["a"]);
  });

  it("applies built-in defaults once and respects an opt-out afterwards", () => {
    const store = createStore();
    expect(store.applyBuiltinDefaults(["data-analysis"]).enabledSkillNames).toEqual(["data-analysis"]);
    store.updateSkillSettings((current) => setSkillEnabled(current, "data-analysis", false));
    expect(store.applyBuiltinDefaults(["data-analysis"]).enabledSkillNames).toEqual([]);
    expect(store.readSkillSettings().settings.enabledSkillNames).toEqual([]);
  });

  it("keeps enabled names whose folders are missing when defaults run again", () => {
    const store = createStore();
    store.updateSkillSettings((current) => setSkillEnabled(current, "on-a-usb-stick", true));
    store.applyBuiltinDefaults([]);
    expect(store.readSkillSettings().settings.enabledSkillNames).toEqual(["on-a-usb-stick"]);
  });

  it("keeps JSON settings per key and scope", () => {
    const store = createStore();
    const project = { scope: "project", projectPath: "/work/app" } as const;
    store.writeSetting("theme", { dark: true });
    store.writeSetting("theme", "light", project);
    expect(store.readSetting("theme")).toEqual({ dark: true });
    expect(store.readSetting("theme", project)).toBe("light");
    expect(store.readSetting("theme", { scope: "project", projectPath: "/work/other" })).toBeUndefined();
    store.deleteSetting("theme");
    expect(store.readSetting("theme")).toBeUndefined();
    expect(
      isSkillboxError(
        catchError(() => store.writeSetting("f", () => 1)),
        "invalid-argument",
      ),
    ).toBe(true);
  });

  it("sets, reads and clears skill states per scope and project", () => {
    const store = createStore();
    store.setSkillState("pdf", "off", { scope: "user" });
    store.setSkillState("pdf", "name-only", { scope: "project", projectPath: "/work/app" });
    store.setSkillState("pdf", "on", { scope: "project", projectPath: "/work/app" });
    store.setSkillState("docx", "user-only", { scope: "project-local", projectPath: "/work/app/" });
    expect(store.getSkillStates({ scope: "user" })).toEqual(new Map([["pdf", "off"]]));
    expect(store.getSkillStates({ scope: "project", projectPath: "/work/app" })).toEqual(
      new Map([["pdf", "on"]]),
    );
    expect(store.getSkillStates({ scope: "project-local", projectPath: "/work/app" })).toEqual(
      new Map([["docx", "user-only"]]),
    );
    expect(store.getSkillStates({ scope: "project", projectPath: "/elsewhere" }).size).toBe(0);
    store.clearSkillState("pdf", { scope: "user" });
    expect(store.getSkillStates({ scope: "user" }).size).toBe(0);
  });

  it("refuses an unknown state, an empty name and a project scope without a path", () => {
    const store = createStore();
    const wrongState = catchError(() => store.setSkillState("pdf", "maybe" as SkillState, { scope: "user" }));
    expect(isSkillboxError(wrongState, "invalid-argument")).toBe(true);
    expect(
      isSkillboxError(
        catchError(() => store.setSkillState("", "on", { scope: "user" })),
        "invalid-argument",
      ),
    ).toBe(true);
    expect(
      isSkillboxError(
        catchError(() => store.setSkillState("pdf", "on", { scope: "project" })),
        "invalid-argument",
      ),
    ).toBe(true);
    expect(
      isSkillboxError(
        catchError(() => store.setSessionOverride("", "pdf", "on")),
        "invalid-argument",
      ),
    ).toBe(true);
  });

  it("keeps session overrides per session and clears one or all", () => {
    const store = createStore();
    store.setSessionOverride("s1", "pdf", "on");
    store.setSessionOverride("s1", "docx", "off");
    store.setSessionOverride("s2", "pdf", "off");
    expect(store.getSessionOverrides("s1")).toEqual(
      new Map([
        ["docx", "off"],
        ["pdf", "on"],
      ]),
    );
    store.clearSessionOverrides("s1", "docx");
    expect([...store.getSessionOverrides("s1").keys()]).toEqual(["pdf"]);
    store.clearSessionOverrides("s1");
    expect(store.getSessionOverrides("s1").size).toBe(0);
    expect(store.getSessionOverrides("s2").get("pdf")).toBe("off");
  });

  it("gathers layers that resolve with the narrowest scope and the session winning", () => {
    const store = createStore();
    const projectPath = "/work/app";
    store.setSkillState("pdf", "off", { scope: "user" });
    store.setSkillState("pdf", "name-only", { scope: "project", projectPath });
    store.setSkillState("pdf", "user-only", { scope: "project-local", projectPath });
    store.setSessionOverride("s1", "pdf", "on");
    expect(resolveSkillState("pdf", store.readSkillStateLayers({}))).toEqual({
      state: "off",
      source: "user",
    });
    expect(resolveSkillState("pdf", store.readSkillStateLayers({ projectPath }))).toEqual({
      state: "user-only",
      source: "project-local",
    });
    expect(resolveSkillState("pdf", store.readSkillStateLayers({ projectPath, sessionId: "s1" }))).toEqual({
      state: "on",
      source: "session",
    });
  });
});

describe("SqliteSettingsStore on a file", () => {
  let directory: string;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), "skillbox-settings-"));
  });

  afterEach(() => {
    rmSync(directory, { recursive: true, force: true });
  });

  function storedText(store: SkillboxStore): string | undefined {
    return store.database
      .prepare<[], { value: string }>("SELECT value FROM settings WHERE scope = 'user' AND key = 'skills'")
      .get()?.value;
  }

  it("reads a damaged blob as defaults with a warning and overwrites it only on the next write", () => {
    const path = join(directory, "skillbox.db");
    const store = openStore({ path });
    openStores.push(store);
    const damaged = '{"enabledSkillNames": "pdf", "translationEnabled": false';
    store.database.prepare("INSERT INTO settings VALUES ('user', '', 'skills', ?, 1)").run(damaged);
    const settings = new SqliteSettingsStore(store);
    const read = settings.readSkillSettings();
    expect(read.settings).toEqual(createDefaultSkillSettings());
    expect(read.diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        code: "settings-invalid",
        path: `${path}#settings/skills`,
      }),
    ]);
    settings.readSkillSettings();
    expect(storedText(store)).toBe(damaged);
    settings.updateSkillSettings((current) => setSkillEnabled(current, "docx", true));
    expect(JSON.parse(storedText(store) ?? "null").enabledSkillNames).toEqual(["docx"]);
    expect(settings.readSkillSettings().diagnostics).toEqual([]);
  });

  it("does not rewrite settings when the built-in defaults change nothing", () => {
    let now = 100;
    const store = openStore({ path: join(directory, "skillbox.db") });
    openStores.push(store);
    const settings = new SqliteSettingsStore(store, { now: () => now });
    settings.applyBuiltinDefaults(["a"]);
    now = 200;
    settings.applyBuiltinDefaults(["a"]);
    const row = store.database.prepare("SELECT updated_at FROM settings WHERE key = 'skills'").get();
    expect(row).toEqual({ updated_at: 100 });
  });

  it("keeps settings, states and overrides across reopening", () => {
    const path = join(directory, "skillbox.db");
    const first = openStore({ path });
    const firstSettings = new SqliteSettingsStore(first);
    firstSettings.applyBuiltinDefaults(["a"]);
    firstSettings.setSkillState("a", "name-only", { scope: "user" });
    firstSettings.setSessionOverride("s1", "a", "off");
    first.close();
    const second = openStore({ path });
    openStores.push(second);
    const secondSettings = new SqliteSettingsStore(second);
    expect(secondSettings.readSkillSettings().settings.enabledSkillNames).toEqual(["a"]);
    expect(secondSettings.getSkillStates({ scope: "user" }).get("a")).toBe("name-only");
    expect(secondSettings.getSessionOverrides("s1").get("a")).toBe("off");
  });

  it("skips a stored state it does not know instead of guessing", () => {
    const store = openStore({ path: ":memory:" });
    openStores.push(store);
    store.database.prepare("INSERT INTO skill_states VALUES ('user', '', 'pdf', 'sometimes', 1)").run();
    expect(new SqliteSettingsStore(store).getSkillStates({ scope: "user" }).size).toBe(0);
  });
});

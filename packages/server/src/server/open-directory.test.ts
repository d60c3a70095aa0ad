import { describe, expect, it } from "vitest";
import { chooseOpenCommand, createDirectoryOpener } from "./open-directory.js";

describe("chooseOpenCommand", () => {
  it("uses xdg-open on Linux only where a desktop is running", () => {
    expect(chooseOpenCommand("linux", {})).toBeUndefined();
    expect(chooseOpenCommand("linux", { DISPLAY: ":0" })).toBe("xdg-open");
    expect(chooseOpenCommand("linux", { WAYLAND_DISPLAY: "wayland-0" })).toBe("xdg-open");
    expect(chooseOpenCommand("freebsd", { DISPLAY: "" })).toBeUndefined();
  });

  it("uses open on macOS and explorer on Windows", () => {
    expect(chooseOpenCommand("darwin", {})).toBe("open");
    expect(chooseOpenCommand("win32", {})).toBe("explorer");
  });
});

describe("createDirectoryOpener", () => {
  it("reports false without a desktop, starting nothing", async () => {
    expect(await createDirectoryOpener({ platform: "linux", env: {} })("/tmp")).toBe(false);
  });

  it("reports whether the opener program succeeded", async () => {
    expect(await createDirectoryOpener({ platform: "linux", env: {}, command: "true" })("/tmp")).toBe(true);
    expect(await createDirectoryOpener({ platform: "linux", env: {}, command: "false" })("/tmp")).toBe(false);
  });

  it("reports false when the opener program does not exist", async () => {
    const open = createDirectoryOpener({ platform: "linux", env: {}, command: "skillbox-no-such-opener" });
    expect(await open("/tmp")).toBe(false);
  });
});

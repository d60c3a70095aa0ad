import { describe, expect, it } from "vitest";
import { isLoopbackHost } from "./is-loopback-host.js";

describe("isLoopbackHost", () => {
  it("accepts localhost, ::1 bracketed or not, and 127.x.x.x, in any case", () => {
    for (const host of ["localhost", "LocalHost", "::1", "[::1]", "127.0.0.1", "127.1.2.3"]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
  });

  it("refuses wildcard, private and look-alike addresses", () => {
    for (const host of [
      "0.0.0.0",
      "::",
      "[::]",
      "192.168.1.2",
      "localhost.evil.example",
      "127.0.0.1.nip.io",
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

import { describe, expect, it } from "vitest";
import { formatRelativeTime, formatSize, formatUsage } from "./format-usage.js";

describe("formatUsage", () => {
  const now = Date.UTC(2026, 10, 30, 12);

  it("says never used, once, or a count with the last use", () => {
    expect(formatUsage({ count: 0, lastUsedAt: null }, now)).toBe("Never used");
    expect(formatUsage({ count: 1, lastUsedAt: now - 2 * 3_600_000 }, now)).toBe(
      "Used once, last 2 hours ago",
    );
    expect(formatUsage({ count: 5, lastUsedAt: now - 24 * 3_600_000 }, now)).toBe(
      "Used 5 times, last 1 day ago",
    );
  });

  it("calls times under a minute just now", () => {
    expect(formatRelativeTime(now - 5_000, now)).toBe("just now");
  });

  it("formats sizes in bytes, kilobytes and megabytes", () => {
    expect([formatSize(812), formatSize(4300), formatSize(1_400_000)]).toEqual(["812 B", "4.2 KB", "1.3 MB"]);
  });
});

// Human wording for usage counts, relative times and file sizes.

const relativeTime = new Intl.RelativeTimeFormat("en", { numeric: "always" });

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3_600_000],
  ["month", 30 * 24 * 3_600_000],
  ["week", 7 * 24 * 3_600_000],
  ["day", 24 * 3_600_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/** "3 hours ago", "1 day ago", "just now" for an epoch-milliseconds time ("always" numeric: reads well after "last"). */
export function formatRelativeTime(at: number, now: number): string {
  const elapsed = now - at;
  for (const [unit, size] of units) {
    if (Math.abs(elapsed) >= size) return relativeTime.format(-Math.round(elapsed / size), unit);
  }
  return "just now";
}

/** "Never used", "Used once, last 2 days ago", "Used 12 times, last 1 week ago". */
export function formatUsage(usage: { count: number; lastUsedAt: number | null }, now: number): string {
  if (usage.count === 0) return "Never used";
  const times = usage.count === 1 ? "once" : `${usage.count} times`;
  return usage.lastUsedAt === null
    ? `Used ${times}`
    : `Used ${times}, last ${formatRelativeTime(usage.lastUsedAt, now)}`;
}

/** "812 B", "4.2 KB", "1.3 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

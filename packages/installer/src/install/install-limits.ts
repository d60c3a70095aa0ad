// The caps every install applies while reading a source: bytes downloaded, bytes a decompressor may
// produce, the compression ratio, and the size and file count of one skill.

/** Caps on what a source may make the installer read, expand and write. */
export interface InstallLimits {
  /** Compressed bytes read from the network or an archive file. */
  maxDownloadBytes: number;
  /** Bytes a decompressor (gzip, zip) may produce in total. */
  maxExpandedBytes: number;
  /** Expanded / compressed bytes allowed once `ratioCheckAfterBytes` have been expanded. */
  maxCompressionRatio: number;
  ratioCheckAfterBytes: number;
  /** Bytes of one installed skill (all its files). */
  maxSkillBytes: number;
  /** Files in one installed skill. */
  maxSkillFiles: number;
  /** Skills found in one source. */
  maxSkills: number;
  /** Entries (files and folders) listed for one source. */
  maxListingEntries: number;
}

const MIB = 1024 * 1024;

/** Defaults in line with the peers (vercel: 10 MiB download, 25 MiB extracted, 1000 files). */
export const DEFAULT_INSTALL_LIMITS: InstallLimits = {
  maxDownloadBytes: 64 * MIB,
  maxExpandedBytes: 256 * MIB,
  maxCompressionRatio: 200,
  ratioCheckAfterBytes: 16 * MIB,
  maxSkillBytes: 25 * MIB,
  maxSkillFiles: 1000,
  maxSkills: 200,
  maxListingEntries: 200_000,
};

/** The defaults with `overrides` applied. */
export function resolveInstallLimits(overrides: Partial<InstallLimits> = {}): InstallLimits {
  return { ...DEFAULT_INSTALL_LIMITS, ...overrides };
}

/** `12.3 KiB`: a byte count for messages. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MIB) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / MIB).toFixed(1)} MiB`;
}

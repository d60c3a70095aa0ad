// A .tar.gz, .tar or .zip (a file or a URL) as a snapshot: read into memory within the download
// cap, every entry checked before anything is kept; nothing is written until install.
import { readFile, stat } from "node:fs/promises";
import { SkillboxError } from "@skillbox/core/errors";
import { fetchOrFail, readResponseBytes } from "./download-bytes.js";
import { formatBytes, type InstallLimits } from "./install-limits.js";
import type { ProgressListener } from "./install-progress.js";
import { readTarArchive } from "./read-tar-archive.js";
import { readZipArchive } from "./read-zip-archive.js";
import { addImpliedFolders, type SourceSnapshot } from "./source-snapshot.js";
import { unsafeSource, validateListing } from "./validate-listing.js";

export interface ReadArchiveSourceOptions {
  location: string;
  remote: boolean;
  fetch: typeof fetch;
  limits: InstallLimits;
  onProgress?: ProgressListener;
}

/** Downloads or reads the archive and opens it as a snapshot. */
export async function readArchiveSource(options: ReadArchiveSourceOptions): Promise<SourceSnapshot> {
  const { location, limits } = options;
  const label = location;
  const data = options.remote ? await download(options) : await readArchiveFile(location, limits);
  const isZip = data[0] === 0x50 && data[1] === 0x4b;
  const read = isZip ? readZipArchive : readTarArchive;
  const archive = await read(data, {
    label,
    limits,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  validateListing(archive.entries, label);
  const entries = addImpliedFolders(archive.entries);
  return {
    type: "archive",
    label,
    entries,
    treeSha: () => undefined,
    async readFiles(paths) {
      const result = new Map<string, Uint8Array>();
      for (const entryPath of paths) {
        const bytes = archive.contents.get(entryPath);
        if (bytes === undefined)
          throw unsafeSource(label, entryPath, "the path is not a file of the archive");
        result.set(entryPath, bytes);
      }
      return result;
    },
    dispose: async () => archive.contents.clear(),
  };
}

async function download(options: ReadArchiveSourceOptions): Promise<Uint8Array> {
  const response = await fetchOrFail(options.fetch, options.location, { redirect: "follow" }, "the archive");
  if (!response.ok) {
    throw new SkillboxError(
      "install-error",
      `Downloading ${options.location} failed with ${response.status}.`,
      {
        data: { status: response.status },
      },
    );
  }
  return readResponseBytes(response, {
    label: options.location,
    maxBytes: options.limits.maxDownloadBytes,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
}

async function readArchiveFile(file: string, limits: InstallLimits): Promise<Uint8Array> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch (error) {
    throw new SkillboxError("path-not-found", `No archive at ${file}.`, { cause: error });
  }
  if (size > limits.maxDownloadBytes) {
    throw new SkillboxError(
      "source-too-large",
      `Refused ${file}: the archive is over ${formatBytes(limits.maxDownloadBytes)}. Nothing was installed.`,
    );
  }
  return readFile(file);
}

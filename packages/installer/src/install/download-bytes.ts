// Reads an HTTP response body into memory, stopping at the download cap and reporting progress.
import { SkillboxError } from "@skillbox/core/errors";
import { formatBytes } from "./install-limits.js";
import type { ProgressListener } from "./install-progress.js";

export interface ReadBodyOptions {
  label: string;
  maxBytes: number;
  onProgress?: ProgressListener;
}

/** The body's bytes; throws `source-too-large` past `maxBytes` (checked against Content-Length first). */
export async function readResponseBytes(response: Response, options: ReadBodyOptions): Promise<Uint8Array> {
  const { label, maxBytes } = options;
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooBig(label, maxBytes);
  const totalBytes = Number.isFinite(declared) ? declared : undefined;
  const chunks: Uint8Array[] = [];
  let received = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.length;
      if (received > maxBytes) {
        await reader.cancel();
        throw tooBig(label, maxBytes);
      }
      chunks.push(value);
      options.onProgress?.({
        phase: "download",
        label,
        bytes: received,
        ...(totalBytes === undefined ? {} : { totalBytes }),
      });
    }
  }
  options.onProgress?.({ phase: "download", label, bytes: received, done: true });
  return Buffer.concat(chunks);
}

/** Runs `fetch`, turning a failure to connect into a `network-error` that names the URL. */
export async function fetchOrFail(
  fetcher: typeof fetch,
  url: string,
  init: RequestInit,
  what: string,
): Promise<Response> {
  try {
    return await fetcher(url, init);
  } catch (error) {
    const reason =
      error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : "";
    throw new SkillboxError(
      "network-error",
      `Could not reach ${what} (${url}): ${reason}. Check the network or the URL.`,
      {
        cause: error,
        data: { url },
      },
    );
  }
}

function tooBig(label: string, maxBytes: number): SkillboxError {
  return new SkillboxError(
    "source-too-large",
    `Refused ${label}: the download is over ${formatBytes(maxBytes)}. Nothing was installed.`,
    { data: { source: label } },
  );
}

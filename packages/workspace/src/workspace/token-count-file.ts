// The token-count memo's file in the workspace's cache folder (`token-counts-<encoding>.bin`).

import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import type { TokenCountStorage, TokenEncodingName } from "@skillbox/core/prompt/tokens";

let temporaryCount = 0;

/** Storage for `encoding`'s counts in `folder`; reads give undefined when there is no file yet. */
export function tokenCountFile(folder: string, encoding: TokenEncodingName): TokenCountStorage {
  const file = path.join(folder, `token-counts-${encoding}.bin`);
  return {
    read() {
      try {
        return readFileSync(file);
      } catch {
        return undefined;
      }
    },
    write(bytes) {
      // Temp file then rename: a process reading at the same moment sees the old file or the new one.
      const temporary = `${file}.${process.pid}.${(temporaryCount++).toString(36)}.tmp`;
      try {
        mkdirSync(folder, { recursive: true });
        writeFileSync(temporary, bytes);
        renameSync(temporary, file);
      } catch (error) {
        rmSync(temporary, { force: true });
        throw error;
      }
    },
  };
}

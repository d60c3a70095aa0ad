// Git's object id for a blob, so bytes from a tarball can be checked against the tree listing.
import { createHash } from "node:crypto";

/** `sha1("blob <size>\0" + bytes)` in hex, as `git hash-object` prints it. */
export function gitBlobSha(bytes: Uint8Array): string {
  return createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
}

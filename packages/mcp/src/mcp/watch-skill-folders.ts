// OS watches on the folders of the skills a client has listed or read, so an edit to any of their files
// (a supporting file, a new or removed one, not just SKILL.md, which the registry watches) reaches the
// listing and the clients at once instead of on the next request that happens to check.
//
// Cost at 10,000 skills: libuv keeps one inotify watch per folder per process and shares it between
// every fs.watch on that folder, so a skill folder the registry's watcher already watches costs no
// second kernel watch; what is added is one watch per sub-folder (references/, scripts/ …) of the
// skills clients have looked at, which the entry cache holds anyway. Node 20's `recursive` option
// would not save any: on Linux it is implemented with one watch per folder too.

import { type FSWatcher, watch } from "node:fs";
import * as path from "node:path";

/** Watches folders on behalf of skills (by their SKILL.md URI). */
export interface SkillFolderWatcher {
  /** Watches exactly `folders` for `uri` from now on; false when any of them could not be watched. */
  set(uri: string, folders: readonly string[]): boolean;
  /** Stops watching for `uri`. */
  remove(uri: string): void;
  close(): void;
}

/** What an event is about: the skill, and the path that changed (undefined: anything in the folder may have). */
export type SkillFolderEvent = (uri: string, changed: string | undefined) => void;

/** A watcher calling `onEvent` for each change in a watched folder, for every skill watching it. */
export function createSkillFolderWatcher(onEvent: SkillFolderEvent): SkillFolderWatcher {
  const folders = new Map<string, { watcher: FSWatcher; uris: Set<string> }>();
  const byUri = new Map<string, Set<string>>();
  let closed = false;

  const tell = (folder: string, changed: string | undefined) => {
    const uris = folders.get(folder)?.uris;
    if (uris !== undefined) for (const uri of [...uris]) onEvent(uri, changed);
  };

  const open = (folder: string): boolean => {
    if (folders.has(folder)) return true;
    let watcher: FSWatcher;
    try {
      // Not persistent: watching for clients never keeps a process alive.
      watcher = watch(folder, { persistent: false }, (_event, name) => {
        if (!closed) tell(folder, name === null ? undefined : path.join(folder, String(name)));
      });
    } catch {
      // Gone already, or the OS is out of watches (ENOSPC): the caller checks that skill on every list.
      return false;
    }
    watcher.on("error", () => {
      // The folder went away or the OS dropped the watch: whoever watched it must look again.
      watcher.close();
      const slot = folders.get(folder);
      folders.delete(folder);
      if (!closed && slot !== undefined) for (const uri of slot.uris) onEvent(uri, undefined);
    });
    folders.set(folder, { watcher, uris: new Set() });
    return true;
  };

  const release = (folder: string, uri: string) => {
    const slot = folders.get(folder);
    if (slot === undefined) return;
    slot.uris.delete(uri);
    if (slot.uris.size > 0) return;
    slot.watcher.close();
    folders.delete(folder);
  };

  return {
    set(uri, wanted) {
      if (closed) return false;
      const next = new Set(wanted);
      const previous = byUri.get(uri) ?? new Set<string>();
      for (const folder of previous) if (!next.has(folder)) release(folder, uri);
      let all = true;
      const watched = new Set<string>();
      for (const folder of next) {
        if (!open(folder)) {
          all = false;
          continue;
        }
        folders.get(folder)?.uris.add(uri);
        watched.add(folder);
      }
      byUri.set(uri, watched);
      return all;
    },
    remove(uri) {
      for (const folder of byUri.get(uri) ?? []) release(folder, uri);
      byUri.delete(uri);
    },
    close() {
      closed = true;
      for (const slot of folders.values()) slot.watcher.close();
      folders.clear();
      byUri.clear();
    },
  };
}

// The events a skill registry emits, by name (noun-verb), with their payloads.

import type { Diagnostic } from "../skills/diagnostic.js";
import type { RefreshSummary, SkillRecord } from "./index/skill-record.js";

/** Event name -> payload, for `registry.on(name, listener)`. */
export interface SkillRegistryEvents {
  /** A skill appeared (a new folder, a rename, a root that came into existence). */
  "skill-added": { record: SkillRecord };
  /** A skill's record changed: its file, its shadowing, its activation or its diagnostics. */
  "skill-changed": { record: SkillRecord; previous: SkillRecord };
  /** A skill is gone (folder deleted or renamed away, file emptied into a skipped state). */
  "skill-removed": { record: SkillRecord };
  /** Conditional skills were activated by matching paths. `names` are the plain names newly activated. */
  "skills-activated": { names: string[]; paths: string[] };
  /** Findings that belong to no single skill changed (unreadable folders, skipped files, bounds). */
  "diagnostics-changed": { diagnostics: Diagnostic[] };
  /** A refresh finished (also after a watcher's refresh), whether or not anything changed. */
  "registry-refreshed": { summary: RefreshSummary };
  /** Watching hit a problem (a watcher could not be opened or failed); the registry keeps working. */
  "watch-failed": { diagnostic: Diagnostic };
}

/** Any event name. */
export type SkillRegistryEventName = keyof SkillRegistryEvents;

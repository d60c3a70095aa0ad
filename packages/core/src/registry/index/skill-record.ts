// The registry's public record of one skill, and the change summary a refresh returns.

import type { Diagnostic } from "../../skills/diagnostic.js";
import type { SkillMetadata } from "../../skills/skill-metadata.js";
import type { SkillRoot } from "../discovery/skill-roots.js";

/** One discovered skill as the registry lists it. Records are immutable: a change makes a new one. */
export interface SkillRecord {
  /** The skill's name (frontmatter `name`, or the folder name). Not unique when shadowed. */
  readonly name: string;
  /**
   * Unique: `<root label>:<name>`; a second skill of the same name in the same root gets
   * `<root label>:<name>#2`, `#3` … in path order.
   */
  readonly qualifiedName: string;
  readonly metadata: SkillMetadata;
  /** Absolute path of the skill folder (the base for its relative paths). */
  readonly directory: string;
  /** Absolute path of its SKILL.md (or skill.md). */
  readonly file: string;
  readonly root: SkillRoot;
  /** Loader findings plus registry findings (`shadowed`, `duplicate-name`). */
  readonly diagnostics: readonly Diagnostic[];
  /** Another skill of the same name wins; this one is reachable only by `qualifiedName`. */
  readonly shadowed: boolean;
  /** The qualified name of the winner, when shadowed. */
  readonly shadowedBy: string | undefined;
  /** Has `paths` globs: hidden from the model until a matching path activates it. */
  readonly conditional: boolean;
  /** A matching path activated this conditional skill in this process. */
  readonly activated: boolean;
  /** Bytes of the skill file. */
  readonly size: number;
  /** The skill file's modification time, epoch milliseconds. */
  readonly modifiedAt: number;
  /** When the index first saw this skill file, epoch milliseconds. */
  readonly firstSeenAt: number;
}

/** What one refresh changed. Names are qualified names. */
export interface RefreshSummary {
  added: string[];
  changed: string[];
  removed: string[];
  /** Skill files read and parsed (0 when nothing changed on disk). */
  parsed: number;
  /** Folders listed with `readdir` (unchanged folders are only stat'ed). */
  listed: number;
  durationMs: number;
}

// The skill list: search box, state legend, discovery problems and skills grouped by root.

import type {
  OutdatedSkill,
  PromptResponse,
  SkillListResponse,
  SkillState,
  SkillSummary,
} from "@skillbox/server/server/api-types";
import { type RefObject, useMemo } from "react";
import { DiagnosticList } from "./diagnostic-list.js";
import { filterSkills, groupSkillsByRoot, type SkillGroup, skillKey } from "./filter-skills.js";
import { SkillRow } from "./skill-row.js";
import { StateLegend } from "./state-control.js";

interface SkillListProps {
  list: SkillListResponse | null;
  prompt: PromptResponse | null;
  query: string;
  selectedKey: string | null;
  now: number;
  /** The update check of a listed skill, when Skillbox installed it. */
  updateOf(skill: SkillSummary): OutdatedSkill | undefined;
  onQueryChange(query: string): void;
  onOpen(skill: SkillSummary): void;
  onStateChange(skill: SkillSummary, state: SkillState): void;
  /** The search input, focused by the `/` shortcut. */
  searchRef: RefObject<HTMLInputElement | null>;
}

/** Why a group shows no skill: a folder that is empty or missing, or an MCP server's connection. */
function describeEmptyGroup(group: SkillGroup): string {
  switch (group.mcpServer?.status) {
    case undefined:
      return group.root.exists ? "No skills in this folder." : "This folder does not exist yet.";
    case "connecting":
      return "Connecting to this MCP server…";
    case "unavailable":
      return "This MCP server could not be used; see the problems above.";
    default:
      return "This MCP server lists no skills.";
  }
}

/** The "Skills" section (`aria-labelledby="skills-heading"`), one `root-<label>` section per root. */
export function SkillList(props: SkillListProps) {
  const { list, prompt, query, selectedKey, now, updateOf, onQueryChange, onOpen, onStateChange, searchRef } =
    props;
  const filtered = useMemo(() => filterSkills(list?.skills ?? [], query), [list, query]);
  const groups = useMemo(
    () => groupSkillsByRoot(list?.roots ?? [], filtered, query.trim() === "", list?.mcpServers ?? []),
    [list, filtered, query],
  );
  const tokensByName = useMemo(
    () => new Map(prompt?.stats.perEntry.map((entry) => [entry.name, entry.tokens]) ?? []),
    [prompt],
  );
  const total = list?.skills.length ?? 0;

  return (
    <section className="panel skill-list" aria-labelledby="skills-heading">
      <div className="panel-heading">
        <h2 id="skills-heading">Installed skills</h2>
        <span className="count" data-testid="skill-count" aria-live="polite">
          {list === null
            ? "Loading…"
            : query.trim() === ""
              ? `${total} skills`
              : `${filtered.length} of ${total} skills`}
        </span>
      </div>
      <div className="search">
        <label htmlFor="skill-search">Search skills</label>
        <input
          ref={searchRef}
          id="skill-search"
          type="search"
          data-testid="skill-search"
          placeholder="Name, description or tag"
          value={query}
          aria-describedby="skill-search-hint"
          onChange={(event) => onQueryChange(event.currentTarget.value)}
        />
        <span id="skill-search-hint" className="hint">
          Press <kbd>/</kbd> to search.
        </span>
      </div>
      <StateLegend />
      {list !== null && list.diagnostics.length > 0 && (
        <div className="global-diagnostics">
          <h3>Problems found while scanning and connecting</h3>
          <DiagnosticList diagnostics={list.diagnostics} showPath testId="global-diagnostics" />
        </div>
      )}
      {list !== null && filtered.length === 0 && query.trim() !== "" && (
        <p className="empty" data-testid="no-results">
          No skill matches “{query.trim()}”.
        </p>
      )}
      {groups.map((group, index) => (
        <section
          key={group.root.label}
          className="root-group"
          data-testid={`root-${group.root.label}`}
          aria-labelledby={`root-heading-${index}`}
        >
          <div className="root-heading">
            <h3 id={`root-heading-${index}`}>{group.root.label}</h3>
            {group.root.scope !== group.root.label && <span className="root-scope">{group.root.scope}</span>}
            <code className="root-path" title={group.root.path}>
              {group.root.path}
            </code>
          </div>
          {group.skills.length === 0 ? (
            <p className="empty" data-testid={`root-empty-${group.root.label}`}>
              {describeEmptyGroup(group)}
            </p>
          ) : (
            <ul className="skills">
              {group.skills.map((skill) => (
                <SkillRow
                  key={skillKey(skill)}
                  skill={skill}
                  selected={selectedKey === skillKey(skill)}
                  promptTokens={skill.shadowed ? undefined : tokensByName.get(skill.name)}
                  now={now}
                  update={updateOf(skill)}
                  onOpen={onOpen}
                  onStateChange={onStateChange}
                />
              ))}
            </ul>
          )}
        </section>
      ))}
    </section>
  );
}

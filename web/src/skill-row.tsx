// One skill in the list: name, badges, state control, description, diagnostics and usage.

import type { OutdatedSkill, SkillState, SkillSummary } from "@skillbox/server/server/api-types";
import type { MouseEvent } from "react";
import { describeModelVisibility, type VisibilityBadge } from "./describe-model-visibility.js";
import { DiagnosticList } from "./diagnostic-list.js";
import { skillKey } from "./filter-skills.js";
import { formatUsage } from "./format-usage.js";
import { StateControl } from "./state-control.js";

interface SkillRowProps {
  skill: SkillSummary;
  selected: boolean;
  /** Tokens the skill's entry costs in the current preview, when it is listed there. */
  promptTokens: number | undefined;
  now: number;
  /** The update check of the skill, when Skillbox installed it. */
  update?: OutdatedSkill | undefined;
  onOpen(skill: SkillSummary): void;
  onStateChange(skill: SkillSummary, state: SkillState): void;
}

/** A `<li data-testid="skill-row-<key>">`; its name button (or a click on the row) opens the detail. */
export function SkillRow({
  skill,
  selected,
  promptTokens,
  now,
  update,
  onOpen,
  onStateChange,
}: SkillRowProps) {
  const key = skillKey(skill);
  const errorCount = skill.diagnostics.filter((diagnostic) => diagnostic.severity === "error").length;
  const visibility = describeModelVisibility(skill);
  const openFromRow = (event: MouseEvent<HTMLLIElement>) => {
    // Clicks on the row's own controls do their own thing.
    if ((event.target as HTMLElement).closest("button, select, label, a, summary, input")) return;
    onOpen(skill);
  };
  return (
    // The row click is a mouse convenience; the name button is the keyboard path.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the name button inside handles Enter and Space.
    <li
      className={`skill-row${selected ? " is-selected" : ""}${skill.state === "off" ? " is-off" : ""}`}
      data-testid={`skill-row-${key}`}
      data-state={skill.state}
      data-shadowed={skill.shadowed || undefined}
      aria-current={selected ? "true" : undefined}
      onClick={openFromRow}
    >
      <div className="skill-row-main">
        <div className="skill-row-heading">
          <h4 className="skill-name">
            <button
              type="button"
              className="skill-open"
              data-testid={`skill-open-${key}`}
              aria-expanded={selected}
              aria-controls="skill-detail"
              onClick={() => onOpen(skill)}
            >
              {skill.name}
            </button>
          </h4>
          <SkillBadges skill={skill} errorCount={errorCount} visibilityBadge={visibility.badge} />
          {update?.status === "outdated" && (
            <span
              className="badge badge-update"
              data-testid={`update-badge-${key}`}
              title={`Its source (${update.source}) has changed since it was installed; open it to update.`}
            >
              update available
            </span>
          )}
        </div>
        <p className="skill-description" data-testid={`description-${key}`}>
          {skill.description || <em>No description</em>}
        </p>
        <DiagnosticList diagnostics={skill.diagnostics} testId={`diagnostics-${key}`} />
        <p className="skill-meta">
          <span data-testid={`usage-${key}`} data-count={skill.usage.count}>
            {formatUsage(skill.usage, now)}
          </span>
          {skill.mcp !== undefined && (
            <span data-testid={`origin-${key}`}>
              from the MCP server <strong>{skill.mcp.server}</strong> at <code>{skill.mcp.baseUri}</code>
            </span>
          )}
          {promptTokens !== undefined && <span>{promptTokens} tokens in the preview</span>}
          {skill.tags.length > 0 && (
            <span className="skill-tags">
              <span className="visually-hidden">Tags: </span>
              {skill.tags.map((tag) => (
                <span key={tag} className="tag">
                  {tag}
                </span>
              ))}
            </span>
          )}
        </p>
      </div>
      <StateControl
        skillKey={key}
        state={skill.state}
        disabled={skill.shadowed}
        disabledReason="Shadowed: a higher-priority folder has a skill with this name."
        hint={visibility.hint}
        onChange={(state) => onStateChange(skill, state)}
      />
    </li>
  );
}

interface SkillBadgesProps {
  skill: SkillSummary;
  errorCount: number;
  visibilityBadge: VisibilityBadge | undefined;
}

function SkillBadges({ skill, errorCount, visibilityBadge }: SkillBadgesProps) {
  return (
    <span className="badges">
      {skill.mcp !== undefined && (
        <span
          className="badge"
          title={`Served by the MCP server "${skill.mcp.server}": loaded on demand, verified, and never runs code by itself.`}
        >
          MCP
        </span>
      )}
      {skill.shadowed && (
        <span className="badge badge-muted" title="A higher-priority folder has a skill with the same name.">
          shadowed
        </span>
      )}
      {errorCount > 0 && (
        <span className="badge badge-error">
          {errorCount} {errorCount === 1 ? "error" : "errors"}
        </span>
      )}
      {skill.context === "fork" && (
        <span className="badge" title="Runs in a separate sub-agent context.">
          fork
        </span>
      )}
      {visibilityBadge !== undefined && (
        <span
          className="badge badge-muted"
          title={visibilityBadge.title}
          data-testid={`visibility-${skillKey(skill)}`}
        >
          {visibilityBadge.label}
        </span>
      )}
      {!skill.userInvocable && (
        <span className="badge badge-muted" title="Only the model can invoke this skill.">
          model only
        </span>
      )}
    </span>
  );
}

// The detail pane of one skill: facts, state, diagnostics, rendered body and file tree.

import type {
  SkillDetail as SkillDetailData,
  SkillState,
  SkillSummary,
} from "@skillbox/server/server/api-types";
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef } from "react";
import { describeModelVisibility } from "./describe-model-visibility.js";
import { DiagnosticList } from "./diagnostic-list.js";
import { FileTree } from "./file-tree.js";
import { formatUsage } from "./format-usage.js";
import { renderMarkdown } from "./render-markdown.js";
import { StateControl } from "./state-control.js";
import type { DetailState } from "./use-settings-data.js";

interface SkillDetailProps {
  detail: Exclude<DetailState, { kind: "closed" }>;
  now: number;
  onClose(): void;
  onStateChange(skill: SkillSummary, state: SkillState): void;
  /** Shown under the state control of a ready skill (update and remove, for installed skills). */
  actions?: ReactNode;
}

/** `<section id="skill-detail" data-testid="skill-detail" data-status="loading|ready|removed">`. */
export function SkillDetail({ detail, now, onClose, onStateChange, actions }: SkillDetailProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Move focus to the pane when another skill is opened, so keyboard users land on it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect must rerun when the shown skill changes.
  useEffect(() => {
    headingRef.current?.focus();
  }, [detail.key]);

  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "Escape" && !(event.target instanceof HTMLSelectElement)) {
      event.preventDefault();
      onClose();
    }
  };
  const title = detail.kind === "ready" ? detail.skill.name : detail.key;

  return (
    <section
      id="skill-detail"
      className="panel skill-detail"
      data-testid="skill-detail"
      data-status={detail.kind}
      data-skill={detail.key}
      aria-labelledby="detail-heading"
      aria-busy={detail.kind === "loading"}
      onKeyDown={closeOnEscape}
    >
      <div className="panel-heading">
        <h2 id="detail-heading" ref={headingRef} tabIndex={-1}>
          {title}
        </h2>
        <button type="button" className="button-quiet" data-testid="detail-close" onClick={onClose}>
          Close<span className="visually-hidden"> details of {title}</span>
        </button>
      </div>
      {detail.kind === "loading" && <p className="empty">Loading…</p>}
      {detail.kind === "removed" && (
        <p className="empty" data-testid="detail-removed">
          This skill was removed or renamed. It is no longer on disk.
        </p>
      )}
      {detail.kind === "ready" && (
        <SkillDetailBody skill={detail.skill} now={now} onStateChange={onStateChange} actions={actions} />
      )}
    </section>
  );
}

function SkillDetailBody({
  skill,
  now,
  onStateChange,
  actions,
}: {
  skill: SkillDetailData;
  now: number;
  onStateChange(skill: SkillSummary, state: SkillState): void;
  actions: ReactNode;
}) {
  const html = useMemo(() => renderMarkdown(skill.body), [skill.body]);
  const key = skill.shadowed ? skill.qualifiedName : skill.name;
  return (
    <>
      <p className="skill-description">{skill.description}</p>
      <StateControl
        skillKey={key}
        state={skill.state}
        testIdPrefix="detail-state"
        disabled={skill.shadowed}
        disabledReason="Shadowed: a higher-priority folder has a skill with this name."
        hint={describeModelVisibility(skill).hint}
        onChange={(state) => onStateChange(skill, state)}
      />
      {actions}
      <dl className="facts">
        <dt>Qualified name</dt>
        <dd>
          <code>{skill.qualifiedName}</code>
        </dd>
        {skill.mcp !== undefined && (
          <>
            <dt>Origin</dt>
            <dd data-testid="detail-origin">
              MCP server <strong>{skill.mcp.server}</strong>, base <code>{skill.mcp.baseUri}</code> (its
              SKILL.md is checked against the digest the server listed)
            </dd>
          </>
        )}
        <dt>File</dt>
        <dd>
          <code className="path" data-testid="detail-path">
            {skill.path}
          </code>
        </dd>
        {skill.whenToUse && (
          <>
            <dt>When to use</dt>
            <dd>{skill.whenToUse}</dd>
          </>
        )}
        <dt>Invocation</dt>
        <dd>
          {[
            skill.modelVisibility === "listed" ? "listed for the model" : "hidden from the model",
            skill.userInvocable ? `you can run /${skill.name}` : "not invocable by you",
            skill.context === "fork" ? "runs in a sub-agent" : "runs inline",
          ].join("; ")}
        </dd>
        <dt>Usage</dt>
        <dd>{formatUsage(skill.usage, now)}</dd>
        {skill.tags.length > 0 && (
          <>
            <dt>Tags</dt>
            <dd>{skill.tags.join(", ")}</dd>
          </>
        )}
      </dl>
      {skill.diagnostics.length > 0 && (
        <>
          <h3>Diagnostics</h3>
          <DiagnosticList diagnostics={skill.diagnostics} testId="detail-diagnostics" />
        </>
      )}
      <h3>Instructions</h3>
      {/* Safe: renderMarkdown escapes raw HTML and drops script URLs and images. */}
      <div
        className="markdown"
        data-testid="skill-body"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by renderMarkdown (tested).
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <h3>Files</h3>
      <FileTree files={skill.files} />
      <details className="frontmatter">
        <summary>Frontmatter</summary>
        <pre data-testid="detail-metadata">{JSON.stringify(skill.metadata, null, 2)}</pre>
      </details>
    </>
  );
}

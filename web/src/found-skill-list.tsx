// The skills a scanned source holds, each with a checkbox, what it brings (size, scripts,
// allowed-tools, hooks, fork) and its diagnostics; skills that cannot be installed say why.
import type { FoundSkillSummary, InstallScanResponse } from "@skillbox/server/server/api-types";
import { DiagnosticList } from "./diagnostic-list.js";

interface FoundSkillListProps {
  result: InstallScanResponse;
  chosen: ReadonlySet<string>;
  disabled: boolean;
  onChange(name: string, chosen: boolean): void;
}

/** `<ul data-testid="found-skills">`, one `found-skill-<name>` item per skill. */
export function FoundSkillList({ result, chosen, disabled, onChange }: FoundSkillListProps) {
  return (
    <>
      <ul className="found-skills" data-testid="found-skills">
        {result.skills.map((skill) => (
          <li
            key={`${skill.skillPath}:${skill.name}`}
            className={`found-skill${skill.installable ? "" : " is-blocked"}`}
            data-testid={`found-skill-${skill.name}`}
            data-installable={skill.installable}
          >
            <label className="checkbox">
              <input
                type="checkbox"
                data-testid={`found-choose-${skill.name}`}
                checked={chosen.has(skill.name)}
                disabled={disabled || !skill.installable}
                onChange={(event) => onChange(skill.name, event.currentTarget.checked)}
              />
              <strong>{skill.name}</strong>
            </label>
            <code className="found-path">{skill.skillPath || "."}</code>
            <span className="badges">
              {describeFlags(skill).map((flag) => (
                <span key={flag} className="badge badge-muted">
                  {flag}
                </span>
              ))}
              {!skill.installable && <span className="badge badge-error">cannot be installed</span>}
            </span>
            <p className="skill-description">{skill.description || <em>No description</em>}</p>
            <DiagnosticList diagnostics={skill.diagnostics} testId={`found-diagnostics-${skill.name}`} />
          </li>
        ))}
      </ul>
      {result.diagnostics.length > 0 && (
        <DiagnosticList diagnostics={result.diagnostics} showPath testId="found-source-diagnostics" />
      )}
    </>
  );
}

/** Size and what the skill may do once installed: the things worth reading before installing. */
function describeFlags(skill: FoundSkillSummary): string[] {
  const size = skill.bytes < 1024 ? `${skill.bytes} B` : `${(skill.bytes / 1024).toFixed(1)} kB`;
  return [
    `${size}, ${skill.fileCount} ${skill.fileCount === 1 ? "file" : "files"}`,
    skill.scripts.length > 0 ? `scripts: ${skill.scripts.length}` : "",
    skill.allowedTools.length > 0 ? `allowed-tools: ${skill.allowedTools.join(" ")}` : "",
    skill.hooks.length > 0 ? `hooks: ${skill.hooks.join(", ")}` : "",
    skill.context === "fork" ? "context: fork" : "",
    skill.plugin !== undefined ? `plugin: ${skill.plugin}` : "",
  ].filter((flag) => flag !== "");
}

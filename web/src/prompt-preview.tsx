// The Layer 1 preview: the skill list exactly as the model will see it, with its token count.

import type { PromptFormat, PromptResponse } from "@skillbox/server/server/api-types";
import { useEffect, useState } from "react";
import type { PromptOptions } from "./use-settings-data.js";

const formats: { value: PromptFormat; label: string }[] = [
  { value: "xml", label: "XML" },
  { value: "markdown", label: "Markdown" },
  { value: "plain", label: "Plain text" },
  { value: "available-skills", label: "<available_skills>" },
];

interface PromptPreviewProps {
  prompt: PromptResponse | null;
  options: PromptOptions;
  onOptionsChange(options: PromptOptions): void;
}

/** `data-testid="prompt-preview"` (the text) and `prompt-tokens` (the count, `aria-live="polite"`). */
export function PromptPreview({ prompt, options, onOptionsChange }: PromptPreviewProps) {
  const [budgetText, setBudgetText] = useState(options.budget === undefined ? "" : String(options.budget));

  // Ask for a new preview only once typing pauses.
  useEffect(() => {
    const parsed = budgetText.trim() === "" ? undefined : Number(budgetText);
    const budget = parsed !== undefined && Number.isInteger(parsed) && parsed > 0 ? parsed : undefined;
    if (budget === options.budget) return undefined;
    const timer = setTimeout(() => onOptionsChange({ ...options, budget }), 400);
    return () => clearTimeout(timer);
  }, [budgetText, options, onOptionsChange]);

  const stats = prompt?.stats;
  return (
    <section className="panel prompt-panel" aria-labelledby="prompt-heading">
      <div className="panel-heading">
        <h2 id="prompt-heading">What the model sees</h2>
        <p className="tokens" data-testid="prompt-tokens" data-tokens={prompt?.tokens} aria-live="polite">
          {prompt === null ? "…" : `${prompt.tokens} tokens`}
        </p>
      </div>
      <p className="hint">
        Layer 1 of progressive disclosure: this list goes into every conversation; the model loads a skill's
        instructions only when it needs them.
      </p>
      <div className="prompt-options">
        <label>
          Format
          <select
            data-testid="prompt-format"
            value={options.format}
            onChange={(event) =>
              onOptionsChange({ ...options, format: event.currentTarget.value as PromptFormat })
            }
          >
            {formats.map((format) => (
              <option key={format.value} value={format.value}>
                {format.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Token budget
          <input
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            placeholder="none"
            data-testid="prompt-budget"
            value={budgetText}
            onChange={(event) => setBudgetText(event.currentTarget.value)}
          />
        </label>
      </div>
      {stats && <PromptStats stats={stats} />}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users can scroll a long preview. */}
      <section className="prompt-scroll" aria-label="Layer 1 prompt text" tabIndex={0}>
        <pre className="prompt-text" data-testid="prompt-preview">
          {prompt === null ? "" : prompt.text || "(empty: no skill is listed for the model)"}
        </pre>
      </section>
    </section>
  );
}

/**
 * How the preview shows the skills: described whole or shortened, by name only, or only by area in
 * the map after the list (no line of their own; the model finds them with search_skills).
 */
function PromptStats({ stats }: { stats: PromptResponse["stats"] }) {
  const whole = stats.included - stats.shortened - stats.namesOnly;
  // Only a budget too small for the map itself leaves skills out of the text entirely.
  const unlisted = stats.omitted - stats.grouped;
  return (
    <p className="prompt-stats" data-testid="prompt-stats">
      <span title="Listed with their whole description">{whole} described in full</span> ·{" "}
      <span title="Listed with a description shortened to fit the budget">{stats.shortened} shortened</span> ·{" "}
      <span title="Listed by name only: their state is name only, or they have no description">
        {stats.namesOnly} by name only
      </span>{" "}
      ·{" "}
      <span title="No line of their own: counted in the map of areas after the list, found with search_skills">
        {stats.grouped} by area
      </span>
      {unlisted > 0 && (
        <>
          {" "}
          · <span title="The budget leaves no room even for the map of areas">{unlisted} not listed</span>
        </>
      )}
    </p>
  );
}

// The on | name-only | user-only | off control of one skill, with what the chosen state means.

import type { SkillState } from "@skillbox/server/server/api-types";
import { useId } from "react";
import { skillStates } from "./skill-states.js";

/** Short labels of the states, as the options show them. */
export const stateLabels: Record<SkillState, string> = {
  on: "On",
  "name-only": "Name only",
  "user-only": "User only",
  off: "Off",
};

/** One sentence per state, shown under the control and in the legend. */
export const stateExplanations: Record<SkillState, string> = {
  on: "Listed for the model with its description.",
  "name-only": "Listed for the model by name only.",
  "user-only": "Hidden from the model; only you can invoke it.",
  off: "Off: not listed and cannot be invoked.",
};

interface StateControlProps {
  /** The skill's key (its name, or qualified name for a shadowed copy); used in ids and test ids. */
  skillKey: string;
  state: SkillState;
  disabled?: boolean;
  /** Why the control is disabled, read out with the explanation. */
  disabledReason?: string;
  /** Replaces the state's own sentence when something else decides what the model sees. */
  hint?: string;
  /** Test id prefix: `state` in the list, `detail-state` in the detail pane. */
  testIdPrefix?: string;
  onChange(state: SkillState): void;
}

/** A labelled `<select>` (test id `state-<key>`) with the chosen state's explanation. */
export function StateControl(props: StateControlProps) {
  const { skillKey, state, disabled, disabledReason, hint, testIdPrefix = "state", onChange } = props;
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="state-control">
      <label htmlFor={id}>
        State<span className="visually-hidden"> of {skillKey}</span>
      </label>
      <select
        id={id}
        value={state}
        disabled={disabled}
        aria-describedby={hintId}
        data-testid={`${testIdPrefix}-${skillKey}`}
        data-state={state}
        className={`state-select state-${state}`}
        onChange={(event) => onChange(event.currentTarget.value as SkillState)}
      >
        {skillStates.map((option) => (
          <option key={option} value={option}>
            {stateLabels[option]}
          </option>
        ))}
      </select>
      <span id={hintId} className="state-hint" data-testid={`${testIdPrefix}-hint-${skillKey}`}>
        {disabled && disabledReason ? disabledReason : (hint ?? stateExplanations[state])}
      </span>
    </div>
  );
}

/** The four states and what they mean, collapsed by default above the list. */
export function StateLegend() {
  return (
    <details className="state-legend">
      <summary>What do the states mean?</summary>
      <dl>
        {skillStates.map((state) => (
          <div key={state}>
            <dt>
              <span className={`state-dot state-${state}`} aria-hidden="true" /> {stateLabels[state]}
            </dt>
            <dd>{stateExplanations[state]}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

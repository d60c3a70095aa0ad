// In the detail pane of a skill Skillbox installed: where it came from, whether its source changed,
// and Update (asking again when the update brings scripts, hooks, allowed-tools or a fork) and Remove.

import type {
  InstalledSkillSummary,
  OutdatedSkill,
  SkillUpdateResult,
} from "@skillbox/server/server/api-types";
import { useState } from "react";
import { describeInstallSource } from "./match-installs.js";

interface InstallActionsProps {
  install: InstalledSkillSummary;
  outdated: OutdatedSkill | undefined;
  onUpdate(install: InstalledSkillSummary, yes: boolean): Promise<SkillUpdateResult | undefined>;
  onRemove(install: InstalledSkillSummary): Promise<boolean>;
}

/** `<div data-testid="install-actions">` with `detail-update` and `detail-remove`. */
export function InstallActions({ install, outdated, onUpdate, onRemove }: InstallActionsProps) {
  const [busy, setBusy] = useState(false);
  const [consent, setConsent] = useState<SkillUpdateResult | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [note, setNote] = useState("");

  const update = async (yes: boolean) => {
    setBusy(true);
    const result = await onUpdate(install, yes);
    setBusy(false);
    setConsent(result?.status === "needs-consent" ? result : null);
    if (result !== undefined && result.status !== "needs-consent") {
      setNote(result.status === "updated" ? "Updated." : (result.reason ?? `Update: ${result.status}.`));
    }
  };
  const remove = async () => {
    setBusy(true);
    await onRemove(install);
    setBusy(false);
    setConfirmRemove(false);
  };

  return (
    <div className="install-actions" data-testid="install-actions">
      <p>
        Installed from <code>{describeInstallSource(install)}</code> for{" "}
        {install.scope === "project" ? "this project" : "you"}
        {install.updatedAt !== undefined && <>, updated {install.updatedAt.slice(0, 10)}</>}.
      </p>
      {outdated?.status === "outdated" && (
        <p className="update-note" data-testid="detail-update-available">
          Its source has changed since it was installed.
        </p>
      )}
      {outdated?.status === "missing-at-source" && <p className="hint">{outdated.reason}</p>}
      <div className="add-row">
        {outdated?.status === "outdated" && (
          <button type="button" data-testid="detail-update" disabled={busy} onClick={() => update(false)}>
            Update
          </button>
        )}
        {confirmRemove ? (
          <>
            <button type="button" data-testid="detail-remove-confirm" disabled={busy} onClick={remove}>
              Remove from disk
            </button>
            <button type="button" className="button-quiet" onClick={() => setConfirmRemove(false)}>
              Keep it
            </button>
          </>
        ) : (
          <button
            type="button"
            data-testid="detail-remove"
            disabled={busy}
            onClick={() => setConfirmRemove(true)}
          >
            Remove…
          </button>
        )}
      </div>
      {consent !== null && (
        <div className="consent" data-testid="detail-update-consent">
          <p>This update changes what the skill may do:</p>
          <ul>
            {consent.changes.map((change) => (
              <li key={`${change.kind}:${change.after}`}>
                {change.kind}: <code>{change.before || "none"}</code> → <code>{change.after || "none"}</code>
              </li>
            ))}
          </ul>
          <button
            type="button"
            data-testid="detail-update-accept"
            disabled={busy}
            onClick={() => update(true)}
          >
            Update anyway
          </button>
        </div>
      )}
      {note !== "" && <p className="hint">{note}</p>}
    </div>
  );
}

// The header actions: open "Add skills", rescan the skill folders, and open the user's skills folder.

import type { OpenDirectoryResponse, RefreshResponse } from "@skillbox/server/server/api-types";
import { useState } from "react";
import type { ApiClient } from "./api-client.js";
import type { EventsStatus } from "./use-events.js";

interface ToolbarProps {
  client: ApiClient;
  eventsStatus: EventsStatus;
  /** Whether the "Add skills" view is open, and how to toggle it. */
  adding: boolean;
  onToggleAdd(): void;
  onRefreshed(result: RefreshResponse): void;
  onStatus(message: string): void;
  onError(error: unknown): void;
}

const eventsLabels: Record<EventsStatus, string> = {
  connecting: "Connecting…",
  live: "Live",
  reconnecting: "Reconnecting…",
  unsupported: "No live updates",
};

/** Add skills (`add-skills-toggle`), Refresh (`refresh`), Open folder (`open-folder`) and, when the folder could not be opened, its path. */
export function Toolbar({
  client,
  eventsStatus,
  adding,
  onToggleAdd,
  onRefreshed,
  onStatus,
  onError,
}: ToolbarProps) {
  const [busy, setBusy] = useState<"refresh" | "open" | null>(null);
  const [directory, setDirectory] = useState<OpenDirectoryResponse | null>(null);

  const refresh = async () => {
    setBusy("refresh");
    try {
      const result = await client.refresh();
      onRefreshed(result);
      onStatus(
        `Rescanned: ${result.added.length} added, ${result.changed.length} changed, ${result.removed.length} removed.`,
      );
    } catch (error) {
      onError(error);
    } finally {
      setBusy(null);
    }
  };

  const openFolder = async () => {
    setBusy("open");
    try {
      const result = await client.openDirectory();
      setDirectory(result);
      onStatus(
        result.opened ? `Opened ${result.path}.` : "Could not open the folder here; its path is shown below.",
      );
    } catch (error) {
      onError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="toolbar">
      <div className="toolbar-buttons">
        <span
          className={`events events-${eventsStatus}`}
          data-testid="events-status"
          data-status={eventsStatus}
        >
          <span className="events-dot" aria-hidden="true" />
          {eventsLabels[eventsStatus]}
        </span>
        <button
          type="button"
          data-testid="add-skills-toggle"
          aria-expanded={adding}
          aria-controls="add-skills"
          onClick={onToggleAdd}
        >
          Add skills
        </button>
        <button type="button" data-testid="refresh" disabled={busy === "refresh"} onClick={refresh}>
          {busy === "refresh" ? "Refreshing…" : "Refresh"}
        </button>
        <button type="button" data-testid="open-folder" disabled={busy === "open"} onClick={openFolder}>
          Open skills folder
        </button>
      </div>
      {directory !== null && !directory.opened && (
        <DirectoryFallback path={directory.path} onDismiss={() => setDirectory(null)} />
      )}
    </div>
  );
}

function DirectoryFallback({ path, onDismiss }: { path: string; onDismiss(): void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(path);
      setCopied(true);
    } catch {
      // Clipboard access can be refused; the path stays selectable in the field.
      setCopied(false);
    }
  };
  return (
    <div className="directory-fallback" data-testid="directory-fallback">
      <label htmlFor="directory-path">The folder could not be opened from here. Its path:</label>
      <div className="directory-row">
        <input
          id="directory-path"
          data-testid="directory-path"
          readOnly
          value={path}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" onClick={copy} data-testid="directory-copy">
          {copied ? "Copied" : "Copy"}
        </button>
        <button type="button" className="button-quiet" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </div>
  );
}

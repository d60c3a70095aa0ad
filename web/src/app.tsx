// The settings page: header actions, "Add skills", skill list, detail pane and Layer 1 preview, kept
// live by events.

import type { SkillState, SkillSummary } from "@skillbox/server/server/api-types";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { AddSkills } from "./add-skills.js";
import { ErrorAlert, StatusMessage } from "./alert-region.js";
import type { ApiClient } from "./api-client.js";
import { skillKey } from "./filter-skills.js";
import { InstallActions } from "./install-actions.js";
import { findInstall, findOutdated } from "./match-installs.js";
import { PromptPreview } from "./prompt-preview.js";
import { SkillDetail } from "./skill-detail.js";
import { SkillList } from "./skill-list.js";
import { stateLabels } from "./state-control.js";
import { Toolbar } from "./toolbar.js";
import { useEvents } from "./use-events.js";
import { useInstalls } from "./use-installs.js";
import { useSettingsData } from "./use-settings-data.js";

/** Events arriving together (a folder copied in) cause one refetch. */
const eventBatchMs = 80;

/** The whole page for one API client. */
export function App({ client }: { client: ApiClient }) {
  const data = useSettingsData(client);
  const { reloadAll: reloadData, openDetail, closeDetail, changeState, report } = data;
  const installs = useInstalls(client, report);
  const { reloadInstalled } = installs;
  const reloadAll = useCallback(
    (names?: readonly string[]) => {
      reloadData(names);
      void reloadInstalled();
    },
    [reloadData, reloadInstalled],
  );
  const [adding, setAdding] = useState(false);
  const [query, setQuery] = useState("");
  const [status, setStatus] = useState("");
  const [now, setNow] = useState(() => Date.now());
  const searchRef = useRef<HTMLInputElement | null>(null);
  const pendingNames = useRef<Set<string> | null>(null);
  const batchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // "Last used 3 minutes ago" should not freeze while the page stays open.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const eventHandlers = useMemo(
    () => ({
      onEvent(_name: string, names: string[]) {
        // An event without names concerns everything; remember that as an empty set.
        if (pendingNames.current === null) pendingNames.current = new Set(names);
        else if (names.length === 0 || pendingNames.current.size === 0) pendingNames.current = new Set();
        else for (const name of names) pendingNames.current.add(name);
        clearTimeout(batchTimer.current);
        batchTimer.current = setTimeout(() => {
          const batch = pendingNames.current;
          pendingNames.current = null;
          setNow(Date.now());
          reloadAll(batch === null ? undefined : [...batch]);
        }, eventBatchMs);
      },
      onReconnect: () => reloadAll(),
    }),
    [reloadAll],
  );
  const eventsStatus = useEvents(client.eventsUrl(), eventHandlers);
  useEffect(() => () => clearTimeout(batchTimer.current), []);

  // "/" jumps to the search box, as on most list pages, unless the user is typing somewhere.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target.closest("input, textarea, select, [contenteditable='true']")) return;
      event.preventDefault();
      searchRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  const onStateChange = useCallback(
    async (skill: SkillSummary, state: SkillState) => {
      setStatus("");
      if (await changeState(skill, state))
        setStatus(`${skill.name} is now ${stateLabels[state].toLowerCase()}.`);
    },
    [changeState],
  );

  const onClose = useCallback(() => {
    const key = data.detail.kind === "closed" ? null : data.detail.key;
    closeDetail();
    // Give focus back to the row the pane was opened from.
    if (key !== null) {
      requestAnimationFrame(() => {
        document.querySelector<HTMLElement>(`[data-testid="skill-open-${CSS.escape(key)}"]`)?.focus();
      });
    }
  }, [closeDetail, data.detail]);

  const selectedKey = data.detail.kind === "closed" ? null : data.detail.key;
  const updateOf = useCallback(
    (skill: SkillSummary) => findOutdated(findInstall(skill, installs.installed), installs.outdated),
    [installs.installed, installs.outdated],
  );
  const detailInstall =
    data.detail.kind === "ready" ? findInstall(data.detail.skill, installs.installed) : undefined;
  const onOpen = useCallback(
    (skill: SkillSummary) => (selectedKey === skillKey(skill) ? onClose() : openDetail(skill)),
    [selectedKey, onClose, openDetail],
  );

  return (
    <div className="page">
      <a className="skip-link" href="#skill-search">
        Skip to search
      </a>
      <header className="page-header">
        <div>
          <h1>Skills</h1>
          <p className="lede">
            Skills give the model instructions, scripts and references it loads on demand. Choose which ones
            it sees.
          </p>
        </div>
        <Toolbar
          client={client}
          eventsStatus={eventsStatus}
          adding={adding}
          onToggleAdd={() => setAdding((open) => !open)}
          onRefreshed={() => reloadAll()}
          onStatus={setStatus}
          onError={report}
        />
      </header>
      <ErrorAlert error={data.error} onDismiss={() => data.setError(null)} />
      <StatusMessage message={status} />
      {adding && (
        <AddSkills
          client={client}
          onInstalled={() => reloadAll()}
          onStatus={setStatus}
          onError={report}
          onClose={() => setAdding(false)}
        />
      )}
      <main className="layout">
        <SkillList
          list={data.list}
          prompt={data.prompt}
          query={query}
          selectedKey={selectedKey}
          now={now}
          updateOf={updateOf}
          searchRef={searchRef}
          onQueryChange={setQuery}
          onOpen={onOpen}
          onStateChange={onStateChange}
        />
        <div className="side">
          {data.detail.kind !== "closed" && (
            <SkillDetail
              detail={data.detail}
              now={now}
              onClose={onClose}
              onStateChange={onStateChange}
              actions={
                detailInstall === undefined ? undefined : (
                  <InstallActions
                    install={detailInstall}
                    outdated={findOutdated(detailInstall, installs.outdated)}
                    onUpdate={async (install, yes) => {
                      const result = await installs.update(install, yes);
                      if (result?.status === "updated") setStatus(`Updated ${install.name}.`);
                      return result;
                    }}
                    onRemove={async (install) => {
                      const removed = await installs.remove(install);
                      if (removed) setStatus(`Removed ${install.name}.`);
                      return removed;
                    }}
                  />
                )
              }
            />
          )}
          <PromptPreview
            prompt={data.prompt}
            options={data.promptOptions}
            onOptionsChange={data.setPromptOptions}
          />
        </div>
      </main>
    </div>
  );
}

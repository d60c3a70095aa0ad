// What Skillbox installed (source.json folders) and whether their sources changed: loaded with the
// list, checked for updates once on load and on request, and the update and remove actions.

import type {
  InstalledSkillSummary,
  OutdatedSkill,
  SkillUpdateResult,
} from "@skillbox/server/server/api-types";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ApiClient } from "./api-client.js";

/** Installs, update checks and the actions on them. */
export interface Installs {
  installed: InstalledSkillSummary[];
  outdated: OutdatedSkill[];
  checking: boolean;
  /** When the sources were last compared (epoch ms), or null. */
  checkedAt: number | null;
  reloadInstalled(): Promise<void>;
  checkForUpdates(): Promise<void>;
  update(install: InstalledSkillSummary, yes: boolean): Promise<SkillUpdateResult | undefined>;
  remove(install: InstalledSkillSummary): Promise<boolean>;
}

/** Keeps the installs of `client`'s server; failures go to `report`. */
export function useInstalls(client: ApiClient, report: (error: unknown) => void): Installs {
  const [installed, setInstalled] = useState<InstalledSkillSummary[]>([]);
  const [outdated, setOutdated] = useState<OutdatedSkill[]>([]);
  const [checking, setChecking] = useState(false);
  const [checkedAt, setCheckedAt] = useState<number | null>(null);
  const sequence = useRef(0);
  const checkedOnce = useRef(false);

  const reloadInstalled = useCallback(async () => {
    const id = ++sequence.current;
    try {
      const next = await client.listInstalled();
      if (id === sequence.current) setInstalled(next.skills);
    } catch (error) {
      if (id === sequence.current) report(error);
    }
  }, [client, report]);

  const checkForUpdates = useCallback(async () => {
    setChecking(true);
    try {
      setOutdated((await client.checkOutdated()).skills);
      setCheckedAt(Date.now());
    } catch (error) {
      report(error);
    } finally {
      setChecking(false);
    }
  }, [client, report]);

  const update = useCallback(
    async (install: InstalledSkillSummary, yes: boolean) => {
      try {
        const { results } = await client.updateSkill(install.name, { yes, scope: install.scope });
        const result = results[0];
        if (result?.status === "updated" || result?.status === "up-to-date") {
          setOutdated((current) =>
            current.map((item) =>
              item.name === install.name && item.scope === install.scope
                ? { ...item, status: "up-to-date" }
                : item,
            ),
          );
        }
        await reloadInstalled();
        return result;
      } catch (error) {
        report(error);
        return undefined;
      }
    },
    [client, reloadInstalled, report],
  );

  const remove = useCallback(
    async (install: InstalledSkillSummary) => {
      try {
        await client.removeSkill(install.name, install.scope);
        await reloadInstalled();
        return true;
      } catch (error) {
        report(error);
        return false;
      }
    },
    [client, reloadInstalled, report],
  );

  useEffect(() => {
    void reloadInstalled();
  }, [reloadInstalled]);

  // One check per page load, once something installed is known: it asks each source over the network.
  useEffect(() => {
    if (checkedOnce.current || !installed.some((item) => item.source !== undefined)) return;
    checkedOnce.current = true;
    void checkForUpdates();
  }, [installed, checkForUpdates]);

  return { installed, outdated, checking, checkedAt, reloadInstalled, checkForUpdates, update, remove };
}

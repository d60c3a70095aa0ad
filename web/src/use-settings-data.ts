// The page's server state: skill list, open detail and Layer 1 preview, with refetching and errors.

import type {
  PromptFormat,
  PromptResponse,
  SkillDetail,
  SkillListResponse,
  SkillState,
  SkillSummary,
} from "@skillbox/server/server/api-types";
import { useCallback, useEffect, useRef, useState } from "react";
import { type ApiClient, ApiError } from "./api-client.js";
import { skillKey } from "./filter-skills.js";

/** The detail pane: closed, loading a skill, showing it, or telling that it disappeared. */
export type DetailState =
  | { kind: "closed" }
  | { kind: "loading"; key: string }
  | { kind: "ready"; key: string; skill: SkillDetail }
  | { kind: "removed"; key: string };

/** Options of the Layer 1 preview request. */
export interface PromptOptions {
  format: PromptFormat;
  budget?: number;
}

/** Turns anything thrown into an ApiError so the alert region has a code and a message. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError("unexpected-error", error instanceof Error ? error.message : String(error), 0);
}

/** Loads and keeps the server state; stale answers of superseded requests are dropped. */
export function useSettingsData(client: ApiClient) {
  const [list, setList] = useState<SkillListResponse | null>(null);
  const [prompt, setPrompt] = useState<PromptResponse | null>(null);
  const [promptOptions, setPromptOptions] = useState<PromptOptions>({ format: "xml" });
  const [detail, setDetail] = useState<DetailState>({ kind: "closed" });
  const [error, setError] = useState<ApiError | null>(null);
  const sequence = useRef({ list: 0, prompt: 0, detail: 0 });
  const detailRef = useRef(detail);
  detailRef.current = detail;
  const promptOptionsRef = useRef(promptOptions);
  promptOptionsRef.current = promptOptions;

  const report = useCallback((caught: unknown) => setError(toApiError(caught)), []);

  const loadList = useCallback(async () => {
    const id = ++sequence.current.list;
    try {
      const next = await client.listSkills();
      if (id !== sequence.current.list) return;
      setList(next);
      // The server answered, so an earlier "cannot reach the server" no longer holds.
      setError((current) => (current?.code === "network-error" ? null : current));
    } catch (caught) {
      if (id === sequence.current.list) report(caught);
    }
  }, [client, report]);

  const loadPrompt = useCallback(async () => {
    const id = ++sequence.current.prompt;
    const { format, budget } = promptOptionsRef.current;
    try {
      const next = await client.getPrompt(format, budget);
      if (id === sequence.current.prompt) setPrompt(next);
    } catch (caught) {
      if (id === sequence.current.prompt) report(caught);
    }
  }, [client, report]);

  const loadDetail = useCallback(
    async (key: string) => {
      const id = ++sequence.current.detail;
      try {
        const skill = await client.getSkill(key);
        if (id === sequence.current.detail) setDetail({ kind: "ready", key, skill });
      } catch (caught) {
        if (id !== sequence.current.detail) return;
        if (caught instanceof ApiError && caught.status === 404) setDetail({ kind: "removed", key });
        else report(caught);
      }
    },
    [client, report],
  );

  const openDetail = useCallback(
    (skill: SkillSummary) => {
      const key = skillKey(skill);
      setDetail({ kind: "loading", key });
      void loadDetail(key);
    },
    [loadDetail],
  );

  const closeDetail = useCallback(() => {
    sequence.current.detail++;
    setDetail({ kind: "closed" });
  }, []);

  /** Refetches the list and preview, and the open detail when `names` may concern it. */
  const reloadAll = useCallback(
    (names?: readonly string[]) => {
      void loadList();
      void loadPrompt();
      const current = detailRef.current;
      if (current.kind === "closed") return;
      const name = current.kind === "ready" ? current.skill.name : current.key;
      if (names === undefined || names.length === 0 || names.includes(name) || names.includes(current.key)) {
        void loadDetail(current.key);
      }
    },
    [loadList, loadPrompt, loadDetail],
  );

  const replaceSkill = useCallback((key: string, patch: Partial<SkillSummary>) => {
    setList((current) =>
      current === null
        ? current
        : {
            ...current,
            skills: current.skills.map((skill) => (skillKey(skill) === key ? { ...skill, ...patch } : skill)),
          },
    );
    setDetail((current) =>
      current.kind === "ready" && current.key === key
        ? { ...current, skill: { ...current.skill, ...patch } }
        : current,
    );
  }, []);

  /** Sets a state optimistically, then keeps the server's answer or rolls back and reports. */
  const changeState = useCallback(
    async (skill: SkillSummary, state: SkillState): Promise<boolean> => {
      const key = skillKey(skill);
      const previous = skill.state;
      replaceSkill(key, { state });
      try {
        const updated = await client.setSkillState(key, state);
        replaceSkill(key, updated);
        void loadPrompt();
        return true;
      } catch (caught) {
        replaceSkill(key, { state: previous });
        report(caught);
        return false;
      }
    },
    [client, loadPrompt, replaceSkill, report],
  );

  useEffect(() => {
    void loadList();
  }, [loadList]);

  // Refetch the preview whenever its options change (and on first render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: promptOptions is read through a ref in loadPrompt.
  useEffect(() => {
    void loadPrompt();
  }, [loadPrompt, promptOptions]);

  return {
    list,
    prompt,
    promptOptions,
    setPromptOptions,
    detail,
    openDetail,
    closeDetail,
    changeState,
    reloadAll,
    error,
    setError,
    report,
  };
}

import type { DescriptionItem, Translator } from "@skillbox/agent/translate/create-translator";
import { afterEach, describe, expect, it } from "vitest";
import { addSkill, authorized, TEST_TOKEN, trackTestWorkspaces } from "./__fixtures__/server-test-helpers.js";
import { createApp } from "./create-app.js";
import type { PromptResponse } from "./prompt-route.js";
import type { SkillSummary } from "./skill-summary.js";

const workspaces = trackTestWorkspaces();
afterEach(() => workspaces.closeAll());

/** A translator that marks texts instead of calling a model, counting its calls. */
function createMarkingTranslator(): Translator & { calls: number } {
  const translator = {
    calls: 0,
    async translateDescriptions(items: readonly DescriptionItem[], language: string) {
      translator.calls++;
      return items.map((item) => ({
        name: item.name,
        description: `[${language}] ${item.description}`,
        original: item.description,
        source: "model" as const,
      }));
    },
    async translateBody(_name: string, body: string) {
      return { text: body, source: "original" as const };
    },
  };
  return translator;
}

function setUp(translator?: Translator) {
  const opened = workspaces.open();
  addSkill(opened.skills, "pdf", "Reads PDF files and extracts their tables.");
  addSkill(opened.skills, "excel", "Builds spreadsheets with formulas and charts.");
  const app = createApp({
    workspace: opened.workspace,
    token: TEST_TOKEN,
    ...(translator === undefined ? {} : { translator }),
  });
  return { ...opened, app };
}

async function getPrompt(app: ReturnType<typeof createApp>, query = ""): Promise<PromptResponse> {
  const response = await app.request(`/api/prompt${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as PromptResponse;
}

describe("GET /api/prompt", () => {
  it("renders Layer 1 in xml by default with its token count and per-skill stats", async () => {
    const { app } = setUp();
    const prompt = await getPrompt(app);
    expect(prompt.format).toBe("xml");
    expect(prompt.text).toContain("<system-reminder>");
    expect(prompt.text).toContain("pdf: Reads PDF files and extracts their tables.");
    expect(prompt.tokens).toBeGreaterThan(10);
    expect(prompt.stats).toMatchObject({ included: 2, shortened: 0, namesOnly: 0, omitted: 0 });
    expect(prompt.stats.perEntry.map((entry) => entry.name).sort()).toEqual(["excel", "pdf"]);
  });

  it("renders each format on request", async () => {
    const { app } = setUp();
    for (const format of ["markdown", "plain", "available-skills"] as const) {
      const prompt = await getPrompt(app, `?format=${format}`);
      expect(prompt.format).toBe(format);
      expect(prompt.text).toContain("pdf");
    }
  });

  it("follows state changes: off leaves the list, name-only drops the description", async () => {
    const { app } = setUp();
    const before = await getPrompt(app, "?format=markdown");
    await app.request("/api/skills/excel/state", authorized("PUT", { state: "off" }));
    await app.request("/api/skills/pdf/state", authorized("PUT", { state: "name-only" }));
    const after = await getPrompt(app, "?format=markdown");
    expect(after.text).not.toContain("excel");
    expect(after.text).toContain("pdf");
    expect(after.text).not.toContain("extracts their tables");
    expect(after.tokens).toBeLessThan(before.tokens);
    expect(after.stats).toMatchObject({ included: 1, namesOnly: 1 });
  });

  it("keeps within a token budget by shortening what does not fit", async () => {
    const { app, skills } = setUp();
    addSkill(skills, "long", `Explains ${"many long and winding things ".repeat(30)}in detail.`);
    const full = await getPrompt(app);
    const tight = await getPrompt(app, `?budget=${Math.floor(full.tokens / 2)}`);
    expect(tight.tokens).toBeLessThan(full.tokens);
    expect(tight.stats.shortened + tight.stats.namesOnly + tight.stats.omitted).toBeGreaterThan(0);
  });

  it("takes budget=none for the unbounded list and the default budget without one", async () => {
    const { app, skills } = setUp();
    for (let index = 0; index < 300; index++) {
      addSkill(
        skills,
        `skill-${index}`,
        `Handles task ${index}: ${"reads the inputs, checks every field and reports what it found. ".repeat(3)}`,
      );
    }
    const unbounded = await getPrompt(app, "?budget=none");
    expect(unbounded.stats).toMatchObject({ included: 302, namesOnly: 0, omitted: 0 });
    // No model is configured: the default provider's model (a 400,000-token window) gets 8,000 tokens.
    const preview = await getPrompt(app);
    expect(preview.tokens).toBeLessThanOrEqual(8000);
    expect(unbounded.tokens).toBeGreaterThan(8000);
    expect(preview.text).toContain("call search_skills with a few keywords");
    // The skills without a line are the ones the map counts by area; each listed one says how it is shown.
    expect(preview.stats.grouped).toBeGreaterThan(0);
    expect(preview.stats.grouped).toBe(preview.stats.omitted);
    expect(preview.text).toContain(`More skills by area (${preview.stats.grouped} skills in `);
    expect(preview.stats.perEntry).toHaveLength(preview.stats.included);
    expect(preview.stats.perEntry.filter((entry) => entry.placement === "shortened")).toHaveLength(
      preview.stats.shortened,
    );
  });

  it("answers an empty text when no skill is listed", async () => {
    const { app } = setUp();
    await app.request("/api/skills/excel/state", authorized("PUT", { state: "off" }));
    await app.request("/api/skills/pdf/state", authorized("PUT", { state: "user-only" }));
    expect(await getPrompt(app)).toEqual({
      text: "",
      tokens: 0,
      format: "xml",
      stats: { included: 0, shortened: 0, namesOnly: 0, omitted: 0, grouped: 0, perEntry: [] },
    });
  });

  it("refuses an unknown format and a budget that is not a positive whole number with 400", async () => {
    const { app } = setUp();
    for (const query of ["?format=yaml", "?budget=-1", "?budget=abc", "?budget=1.5", "?budget=0"]) {
      const response = await app.request(`/api/prompt${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("invalid-argument");
    }
  });
});

describe("translated descriptions", () => {
  it("are used in the list and the preview when translation is on and a language is set", async () => {
    const translator = createMarkingTranslator();
    const { app } = setUp(translator);
    await app.request("/api/settings", authorized("PUT", { translationEnabled: true, targetLanguage: "de" }));
    const prompt = await getPrompt(app);
    expect(prompt.text).toContain("[de] Reads PDF files");
    const list = (await (await app.request("/api/skills")).json()) as { skills: SkillSummary[] };
    expect(list.skills.map((skill) => skill.description)).toContain(
      "[de] Reads PDF files and extracts their tables.",
    );
  });

  it("are not asked for without a target language or with translation off", async () => {
    const translator = createMarkingTranslator();
    const { app } = setUp(translator);
    expect((await getPrompt(app)).text).toContain("pdf: Reads PDF files");
    await app.request(
      "/api/settings",
      authorized("PUT", { translationEnabled: false, targetLanguage: "de" }),
    );
    expect((await getPrompt(app)).text).not.toContain("[de]");
    expect(translator.calls).toBe(0);
  });

  it("are skipped without a translator, with no error", async () => {
    const { app } = setUp();
    await app.request("/api/settings", authorized("PUT", { translationEnabled: true, targetLanguage: "de" }));
    expect((await getPrompt(app)).text).not.toContain("[de]");
  });
});

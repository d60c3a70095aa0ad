// The translator against the fake LLM server over real HTTP: batching, caching by content +
// language + model, in-flight sharing, and falling back to the originals on any failure.

import { OpenAIChatProvider } from "@skillbox/agent/agent/providers/openai-chat-provider";
import { createTranslator, type Translator } from "@skillbox/agent/translate/create-translator";
import type { CacheLike } from "@skillbox/agent/translate/translation-cache";
import { InMemoryCacheStore } from "@skillbox/core/store/cache-store";
import { openStore } from "@skillbox/store-sqlite/store/open-store";
import { SqliteCacheStore } from "@skillbox/store-sqlite/store/sqlite-cache-store";
import { MEMORY_STORE_PATH } from "@skillbox/store-sqlite/store/store-path";
import {
  createFakeLlmServer,
  type FakeLlmRequest,
  type FakeLlmServer,
  type FakeLlmStep,
} from "@skillbox/testing";
import { afterEach, describe, expect, it } from "vitest";

let server: FakeLlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(
  script: FakeLlmStep[],
  options: { cache?: CacheLike; model?: string } = {},
): Promise<{ fake: FakeLlmServer; translator: Translator; cache: CacheLike }> {
  const fake = await createFakeLlmServer({ script });
  server = fake;
  const provider = new OpenAIChatProvider({ baseUrl: fake.openaiBaseUrl, retry: { maxRetries: 0 } });
  const cache = options.cache ?? new InMemoryCacheStore();
  return {
    fake,
    translator: createTranslator({ provider, model: options.model ?? "fake-model", cache }),
    cache,
  };
}

function userContent(request: FakeLlmRequest): string {
  const messages = request.body.messages as { role: string; content: string }[];
  return messages.find((message) => message.role === "user")?.content ?? "";
}

/** A step that "translates" every description of the batch by prefixing `[fr] `. */
const prefixDescriptions: FakeLlmStep = (request) => {
  const { items } = JSON.parse(userContent(request)) as { items: { id: number; description: string }[] };
  return {
    text: JSON.stringify({
      translations: items.map((item) => ({ id: item.id, text: `[fr] ${item.description}` })),
    }),
  };
};

const ITEMS = [
  { name: "pdf", description: "Fill PDF forms." },
  { name: "xlsx", description: "Edit spreadsheets." },
];

describe("translateDescriptions", () => {
  it("translates a list in one model call and serves the second call from the cache", async () => {
    const { fake, translator } = await start([prefixDescriptions]);
    const first = await translator.translateDescriptions(ITEMS, "fr");
    expect(first).toEqual([
      { name: "pdf", description: "[fr] Fill PDF forms.", original: "Fill PDF forms.", source: "model" },
      {
        name: "xlsx",
        description: "[fr] Edit spreadsheets.",
        original: "Edit spreadsheets.",
        source: "model",
      },
    ]);
    const second = await translator.translateDescriptions(ITEMS, "fr");
    expect(second.map((item) => [item.description, item.source])).toEqual([
      ["[fr] Fill PDF forms.", "cache"],
      ["[fr] Edit spreadsheets.", "cache"],
    ]);
    expect(fake.requests).toHaveLength(1);
    expect(JSON.parse(userContent(fake.requests[0] as FakeLlmRequest))).toMatchObject({
      targetLanguage: "fr",
    });
  });

  it("asks again only for a description whose text changed", async () => {
    const { fake, translator } = await start([prefixDescriptions, prefixDescriptions]);
    await translator.translateDescriptions(ITEMS, "fr");
    const changed = [ITEMS[0], { name: "xlsx", description: "Edit and chart spreadsheets." }] as typeof ITEMS;
    const result = await translator.translateDescriptions(changed, "fr");
    expect(result.map((item) => item.source)).toEqual(["cache", "model"]);
    expect(result[1]?.description).toBe("[fr] Edit and chart spreadsheets.");
    expect(fake.requests).toHaveLength(2);
    const sent = JSON.parse(userContent(fake.requests[1] as FakeLlmRequest)).items;
    expect(sent).toEqual([{ id: 0, name: "xlsx", description: "Edit and chart spreadsheets." }]);
  });

  it("keys the cache by language and by model", async () => {
    const cache = new InMemoryCacheStore();
    const { fake, translator } = await start([prefixDescriptions, prefixDescriptions, prefixDescriptions], {
      cache,
    });
    await translator.translateDescriptions(ITEMS, "fr");
    await translator.translateDescriptions(ITEMS, "de");
    const otherModel = createTranslator({
      provider: new OpenAIChatProvider({ baseUrl: fake.openaiBaseUrl, retry: { maxRetries: 0 } }),
      model: "other-model",
      cache,
    });
    expect((await otherModel.translateDescriptions(ITEMS, "fr")).map((item) => item.source)).toEqual([
      "model",
      "model",
    ]);
    expect(fake.requests).toHaveLength(3);
  });

  it("falls back to the originals on a provider error and does not cache them", async () => {
    const { fake, translator } = await start([{ status: 500 }, prefixDescriptions]);
    const failed = await translator.translateDescriptions(ITEMS, "fr");
    expect(failed.map((item) => [item.description, item.source])).toEqual([
      ["Fill PDF forms.", "original"],
      ["Edit spreadsheets.", "original"],
    ]);
    expect(failed[0]?.failure).toContain("translation failed");
    const retried = await translator.translateDescriptions(ITEMS, "fr");
    expect(retried.map((item) => item.source)).toEqual(["model", "model"]);
    expect(fake.requests).toHaveLength(2);
  });

  it("reads JSON wrapped in prose and a code fence", async () => {
    const reply =
      'Sure! Here you go:\n```json\n{"translations":[{"id":1,"text":"Tableurs."},{"id":0,"text":"Formulaires PDF."}]}\n```';
    const { translator } = await start([{ text: reply }]);
    const result = await translator.translateDescriptions(ITEMS, "fr");
    expect(result.map((item) => item.description)).toEqual(["Formulaires PDF.", "Tableurs."]);
  });

  it("keeps the original, uncached, for items the reply left out or filled with junk", async () => {
    const junk = JSON.stringify({
      translations: [
        { id: 0, text: "   " },
        { id: 1, text: "x".repeat(500) },
      ],
    });
    const { fake, translator } = await start([
      { text: junk },
      { text: "not json at all" },
      prefixDescriptions,
    ]);
    const first = await translator.translateDescriptions(ITEMS, "fr");
    expect(first.map((item) => item.source)).toEqual(["original", "original"]);
    expect(first[0]?.failure).toContain("empty");
    expect(first[1]?.failure).toContain("longer");
    const second = await translator.translateDescriptions(ITEMS, "fr");
    expect(second[0]?.failure).toContain("no translation");
    expect((await translator.translateDescriptions(ITEMS, "fr")).map((item) => item.source)).toEqual([
      "model",
      "model",
    ]);
    expect(fake.requests).toHaveLength(3);
  });

  it("accepts a translation identical to the original", async () => {
    const same = JSON.stringify({ translations: [{ id: 0, text: "Fill PDF forms." }] });
    const { translator } = await start([{ text: same }]);
    const [item] = await translator.translateDescriptions([ITEMS[0] as (typeof ITEMS)[0]], "en");
    expect(item).toMatchObject({ description: "Fill PDF forms.", source: "model" });
  });

  it("sends a repeated description once and makes no call for empty ones or an empty language", async () => {
    const { fake, translator } = await start([prefixDescriptions]);
    const items = [
      ...ITEMS,
      { name: "pdf-copy", description: "Fill PDF forms." },
      { name: "blank", description: "" },
    ];
    expect(
      (await translator.translateDescriptions(items, "  ")).every((item) => item.source === "original"),
    ).toBe(true);
    expect(fake.requests).toHaveLength(0);
    const result = await translator.translateDescriptions(items, "fr");
    expect(result.map((item) => item.description)).toEqual([
      "[fr] Fill PDF forms.",
      "[fr] Edit spreadsheets.",
      "[fr] Fill PDF forms.",
      "",
    ]);
    expect(JSON.parse(userContent(fake.requests[0] as FakeLlmRequest)).items).toHaveLength(2);
  });

  it("splits a long list into batches of batchSize", async () => {
    const fake = await createFakeLlmServer({ script: [prefixDescriptions, prefixDescriptions] });
    server = fake;
    const provider = new OpenAIChatProvider({ baseUrl: fake.openaiBaseUrl, retry: { maxRetries: 0 } });
    const translator = createTranslator({
      provider,
      model: "m",
      cache: new InMemoryCacheStore(),
      batchSize: 2,
    });
    const items = ["a", "b", "c"].map((name) => ({ name, description: `Skill ${name}.` }));
    const result = await translator.translateDescriptions(items, "fr");
    expect(result.map((item) => item.description)).toEqual([
      "[fr] Skill a.",
      "[fr] Skill b.",
      "[fr] Skill c.",
    ]);
    expect(fake.requests).toHaveLength(2);
  });

  it("works over the SQLite cache store, surviving a new translator on the same store", async () => {
    const store = openStore({ path: MEMORY_STORE_PATH });
    try {
      const cache = new SqliteCacheStore(store);
      const { fake, translator } = await start([prefixDescriptions], { cache });
      await translator.translateDescriptions(ITEMS, "fr");
      const again = createTranslator({
        provider: new OpenAIChatProvider({ baseUrl: fake.openaiBaseUrl }),
        model: "fake-model",
        cache,
      });
      expect((await again.translateDescriptions(ITEMS, "fr")).map((item) => item.source)).toEqual([
        "cache",
        "cache",
      ]);
      expect(fake.requests).toHaveLength(1);
    } finally {
      store.close();
    }
  });

  it("treats a cache that holds a non-string as a miss", async () => {
    const odd: CacheLike = { get: () => ({ not: "a string" }), set: () => undefined };
    const { translator } = await start([prefixDescriptions], { cache: odd });
    expect((await translator.translateDescriptions(ITEMS, "fr"))[0]?.source).toBe("model");
  });

  it("still translates when the cache throws on every read and write", async () => {
    const broken: CacheLike = {
      get: () => {
        throw new Error("database is locked");
      },
      set: () => {
        throw new Error("database is locked");
      },
    };
    const viaBroken = (await start([prefixDescriptions, prefixDescriptions], { cache: broken })).translator;
    expect((await viaBroken.translateDescriptions(ITEMS, "fr"))[0]?.source).toBe("model");
    expect((await viaBroken.translateDescriptions(ITEMS, "fr"))[0]?.source).toBe("model");
  });
});

describe("translateBody", () => {
  const BODY = "# PDF\n\nRun `scripts/fill.py` to fill a form.\n";

  it("translates a body once, then serves it from the cache until the body changes", async () => {
    const { fake, translator } = await start([
      { text: "# PDF\n\nLancez `scripts/fill.py` pour remplir un formulaire." },
      { text: "# PDF\n\nNouveau texte." },
    ]);
    const first = await translator.translateBody("pdf", BODY, "fr");
    expect(first).toEqual({
      text: "# PDF\n\nLancez `scripts/fill.py` pour remplir un formulaire.\n",
      source: "model",
    });
    expect(await translator.translateBody("pdf", BODY, "fr")).toMatchObject({ source: "cache" });
    expect(fake.requests).toHaveLength(1);
    expect(await translator.translateBody("pdf", `${BODY}\nMore.\n`, "fr")).toMatchObject({
      source: "model",
    });
    expect(fake.requests).toHaveLength(2);
    expect(userContent(fake.requests[0] as FakeLlmRequest)).toBe(BODY);
  });

  it("unwraps a reply fenced as a whole", async () => {
    const { translator } = await start([{ text: "```markdown\n# PDF\n\nTraduit.\n```" }]);
    expect((await translator.translateBody("pdf", BODY, "fr")).text).toBe("# PDF\n\nTraduit.\n");
  });

  it("falls back to the original body on a provider error, and on junk, without caching", async () => {
    const { fake, translator } = await start([{ status: 503 }, { text: "" }, { text: "Traduit." }]);
    const failed = await translator.translateBody("pdf", BODY, "fr");
    expect(failed).toMatchObject({ text: BODY, source: "original" });
    expect(failed.failure).toContain("translation failed");
    expect(await translator.translateBody("pdf", BODY, "fr")).toMatchObject({
      text: BODY,
      source: "original",
    });
    expect(await translator.translateBody("pdf", BODY, "fr")).toMatchObject({
      text: "Traduit.\n",
      source: "model",
    });
    expect(fake.requests).toHaveLength(3);
  });

  it("shares one model call between callers asking for the same body at the same time", async () => {
    const { fake, translator } = await start([{ text: "Traduit.", delayMs: 100 }]);
    const [a, b] = await Promise.all([
      translator.translateBody("pdf", BODY, "fr"),
      translator.translateBody("pdf", BODY, "fr"),
    ]);
    expect(a).toEqual(b);
    expect(a.source).toBe("model");
    expect(fake.requests).toHaveLength(1);
  });

  it("does not send a body longer than maxBodyChars", async () => {
    const fake = await createFakeLlmServer({ script: [] });
    server = fake;
    const provider = new OpenAIChatProvider({ baseUrl: fake.openaiBaseUrl });
    const translator = createTranslator({
      provider,
      model: "m",
      cache: new InMemoryCacheStore(),
      maxBodyChars: 10,
    });
    const result = await translator.translateBody("pdf", BODY, "fr");
    expect(result).toMatchObject({ text: BODY, source: "original" });
    expect(fake.requests).toHaveLength(0);
  });
});

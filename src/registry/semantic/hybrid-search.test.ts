import { writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createConfiguredSemanticRanker } from "@skillbox/core/registry/semantic/create-configured-semantic-ranker";
import type { EmbeddingsConfig } from "@skillbox/core/registry/semantic/embeddings-config";
import { hybridSearch, skillEmbeddingText } from "@skillbox/core/registry/semantic/hybrid-search";
import type { SemanticRanker } from "@skillbox/core/registry/semantic/semantic-ranker";
import { createSkillRegistry } from "@skillbox/core/registry/skill-registry";
import type { SkillRegistry, SkillSearchResult } from "@skillbox/core/registry/skill-registry-types";
import type { Diagnostic } from "@skillbox/core/skills/diagnostic";
import { type EmbeddingStore, InMemoryEmbeddingStore } from "@skillbox/core/store/embedding-store";
import {
  createTestSchemaName,
  HAS_POSTGRES,
  openTestStore,
} from "@skillbox/store-postgres/store/postgres/__fixtures__/test-database";
import { openStore } from "@skillbox/store-sqlite/store/open-store";
import { SqliteEmbeddingStore } from "@skillbox/store-sqlite/store/sqlite-embedding-store";
import { fakeEmbedding } from "@skillbox/testing/fake-embeddings";
import { createFakeLlmServer, type FakeLlmServer } from "@skillbox/testing/fake-llm-server";
import { createTempDirectory, skillText, writeSkill } from "@skillbox/testing/skill-folders";
import { afterEach, describe, expect, it } from "vitest";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const SKILLS: Record<string, string> = {
  "pdf-forms": "Fill in PDF forms and extract their fields.",
  "kube-deploy": "Deploy services to a Kubernetes cluster with rolling updates.",
  "sql-tuning": "Speed up slow SQL queries with indexes and query plans.",
  "image-resize": "Resize and crop images in bulk.",
};

function libraryRoot(): string {
  const directory = createTempDirectory("skillbox-semantic-");
  cleanups.push(directory.remove);
  for (const [name, description] of Object.entries(SKILLS)) writeSkill(directory.path, name, { description });
  return directory.path;
}

function registryOver(root: string, semantic?: SemanticRanker): SkillRegistry {
  const registry = createSkillRegistry({
    roots: [{ path: root, scope: "project", label: "project" }],
    ...(semantic === undefined ? {} : { semantic }),
  });
  cleanups.push(() => registry.close());
  return registry;
}

async function fakeServer(options: { apiKey?: string } = {}): Promise<FakeLlmServer> {
  const server = await createFakeLlmServer(options);
  cleanups.push(() => server.close());
  return server;
}

function rankerFor(
  baseUrl: string,
  store: EmbeddingStore,
  warnings: Diagnostic[],
  extra: Partial<EmbeddingsConfig> = {},
  env: Record<string, string> = {},
): SemanticRanker {
  return createConfiguredSemanticRanker({
    config: { baseUrl, model: "fake-embed", ...extra },
    env,
    store,
    fetch: globalThis.fetch,
    warn: (diagnostic) => warnings.push(diagnostic),
  });
}

/** A ranker that answers a fixed order, for the fusion arithmetic. */
function fixedRanker(order: string[]): SemanticRanker {
  return { model: "fixed", rank: async (_query, _documents, limit) => order.slice(0, limit) };
}

const names = (results: { record: { name: string } }[]) => results.map((result) => result.record.name);
const ranked = (results: SkillSearchResult[]) =>
  results.map(({ record, score, confidence }) => ({ name: record.name, score, confidence }));

describe("hybridSearch", () => {
  it("is the registry's own search when no embeddings are configured", async () => {
    const registry = registryOver(libraryRoot());
    const hybrid = await hybridSearch(registry, "pdf forms", 3);
    expect(hybrid).toEqual(registry.search("pdf forms", 3));
  });

  it("orders by reciprocal rank fusion of the lexical and the semantic ranking", async () => {
    const root = libraryRoot();
    const query = "deploy kubernetes services";
    const lexical = names(registryOver(root).search(query, 50));
    expect(lexical[0]).toBe("kube-deploy");
    // The semantic side puts image-resize first (a skill lexical search does not find at all),
    // kube-deploy second.
    expect(lexical).not.toContain("image-resize");
    const registry = registryOver(root, fixedRanker(["image-resize", "kube-deploy", "sql-tuning"]));
    const results = await hybridSearch(registry, query, 3);
    // kube-deploy: 1/61 + 1/62; image-resize: 1/61; then sql-tuning at 1/63 (+ its lexical place, if any).
    expect(names(results).slice(0, 2)).toEqual(["kube-deploy", "image-resize"]);
    expect(results[0]?.score).toBeCloseTo(1 / 61 + 1 / 62, 12);
    expect(results[1]?.score).toBeCloseTo(1 / 61, 12);
    // Confidence stays lexical: none for a skill only the semantic side found.
    expect(results[1]?.confidence).toBe(0);
    expect(results[0]?.confidence).toBeGreaterThan(0);
    expect(results).toHaveLength(3);
  });

  it("offers the semantic side only skills the model may load when asked for model-only results", async () => {
    const root = libraryRoot();
    writeSkill(root, "secret-tool", { description: "Deploy secrets.", "disable-model-invocation": true });
    const registry = registryOver(root, fixedRanker(["secret-tool", "kube-deploy"]));
    expect(names(await hybridSearch(registry, "deploy", 5, { modelOnly: true }))).not.toContain(
      "secret-tool",
    );
    expect(names(await hybridSearch(registry, "deploy", 5))).toContain("secret-tool");
  });

  it("embeds name, description and when_to_use", () => {
    const root = libraryRoot();
    writeSkill(root, "csv-clean", {
      description: "Clean CSV files.",
      when_to_use: "When a CSV has bad rows.",
    });
    const record = registryOver(root).require("csv-clean");
    expect(skillEmbeddingText(record)).toBe(
      "csv clean: Clean CSV files.\nWhen to use: When a CSV has bad rows.",
    );
  });
});

interface StoreKind {
  name: string;
  enabled: boolean;
  /** Opens the same store again on each call. */
  location(): () => Promise<EmbeddingStore>;
}

const storeKinds: StoreKind[] = [
  {
    name: "in memory",
    enabled: true,
    location() {
      const store = new InMemoryEmbeddingStore();
      return async () => store;
    },
  },
  {
    name: "SQLite",
    enabled: true,
    location() {
      const directory = createTempDirectory("skillbox-semantic-store-");
      cleanups.push(directory.remove);
      return async () => {
        const store = openStore({ path: `${directory.path}/skillbox.db` });
        cleanups.push(() => store.close());
        return new SqliteEmbeddingStore(store);
      };
    },
  },
  {
    name: "PostgreSQL",
    // `npm run test:pg` and .ci/run set the database; CI fails instead of skipping without one.
    enabled: HAS_POSTGRES || ["1", "true"].includes((process.env.CI ?? "").toLowerCase()),
    location() {
      const schema = createTestSchemaName("semantic");
      return async () => {
        const store = await openTestStore({ schema });
        cleanups.push(() => store.close());
        return store.embeddings;
      };
    },
  },
];

describe.each(storeKinds.filter((kind) => kind.enabled))("embedding cache ($name)", ({ location }) => {
  it("embeds each skill once: a new process embeds only the request, an edited skill only itself", async () => {
    const server = await fakeServer();
    const root = libraryRoot();
    const open = location();
    const warnings: Diagnostic[] = [];

    // First process: the request and every skill.
    const first = registryOver(root, rankerFor(server.openaiBaseUrl, await open(), warnings));
    const results = await hybridSearch(first, "fill pdf forms", 3);
    expect(results[0]?.record.name).toBe("pdf-forms");
    // First in both rankings.
    expect(results[0]?.score).toBeCloseTo(2 / 61, 12);
    expect(server.embeddedTexts).toHaveLength(1 + Object.keys(SKILLS).length);
    expect(server.embeddedTexts[0]).toBe("fill pdf forms");

    // The same process again: nothing (the request's vector is kept too).
    await hybridSearch(first, "fill pdf forms", 3);
    expect(server.embeddedTexts).toHaveLength(1 + Object.keys(SKILLS).length);

    // A new process over the same store: only its request.
    const before = server.embeddedTexts.length;
    const second = registryOver(root, rankerFor(server.openaiBaseUrl, await open(), warnings));
    expect(names(await hybridSearch(second, "resize images", 2))[0]).toBe("image-resize");
    expect(server.embeddedTexts.slice(before)).toEqual(["resize images"]);

    // One skill's description changes: the next process embeds that skill alone.
    writeFileSync(
      `${root}/sql-tuning/SKILL.md`,
      skillText({ name: "sql-tuning", description: "Tune slow PostgreSQL queries with EXPLAIN." }),
    );
    const after = server.embeddedTexts.length;
    const third = registryOver(root, rankerFor(server.openaiBaseUrl, await open(), warnings));
    expect(names(await hybridSearch(third, "explain slow postgresql queries", 1))).toEqual(["sql-tuning"]);
    expect(server.embeddedTexts.slice(after)).toEqual([
      "explain slow postgresql queries",
      "sql tuning: Tune slow PostgreSQL queries with EXPLAIN.",
    ]);
    expect(warnings).toEqual([]);
  });
});

/** A real HTTP server answering every request with `answer` (or never, when it returns undefined). */
async function scriptedEndpoint(
  answer: (input: string[]) => { status: number; body: string; delayMs?: number } | undefined,
): Promise<string> {
  const server: Server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk) => {
      text += String(chunk);
    });
    request.on("end", () => {
      const reply = answer((JSON.parse(text) as { input: string[] }).input);
      if (reply === undefined) return;
      const send = () => {
        if (response.destroyed) return;
        response.writeHead(reply.status, { "content-type": "application/json" });
        response.end(reply.body);
      };
      if (reply.delayMs === undefined) send();
      else setTimeout(send, reply.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

const vectors = (input: string[], dimensions = 64) =>
  JSON.stringify({
    data: input.map((text, index) => ({ index, embedding: fakeEmbedding(text, dimensions) })),
  });

describe("hybridSearch when the endpoint fails", () => {
  /** Searches twice; both answers must be the lexical ones, and one warning must say what failed. */
  async function expectLexicalWithOneWarning(
    baseUrl: string,
    problem: RegExp,
    extra: Partial<EmbeddingsConfig> = {},
  ): Promise<Diagnostic> {
    const root = libraryRoot();
    const warnings: Diagnostic[] = [];
    const registry = registryOver(root, rankerFor(baseUrl, new InMemoryEmbeddingStore(), warnings, extra));
    // Another registry over the same folder: its records are other objects, so compare what they say.
    const lexical = ranked(registryOver(root).search("pdf forms", 3));
    expect(lexical.length).toBeGreaterThan(0);
    expect(ranked(await hybridSearch(registry, "pdf forms", 3))).toEqual(lexical);
    expect(ranked(await hybridSearch(registry, "pdf forms", 3))).toEqual(lexical);
    expect(warnings).toHaveLength(1);
    const [warning] = warnings as [Diagnostic];
    expect(warning.severity).toBe("warning");
    expect(warning.code).toBe("embeddings-failed");
    expect(warning.path).toBe(`${baseUrl}/embeddings`);
    expect(warning.message).toMatch(/search is lexical/);
    expect(warning.message).toMatch(problem);
    return warning;
  }

  it("falls back to lexical results with one warning when the endpoint is down", async () => {
    const server = await createFakeLlmServer();
    const baseUrl = server.openaiBaseUrl;
    await server.close();
    await expectLexicalWithOneWarning(
      baseUrl,
      /cannot be reached \(ECONNREFUSED\); check embeddings\.baseUrl/,
    );
  });

  it("names the key variable when the endpoint refuses the key", async () => {
    const server = await fakeServer({ apiKey: "right" });
    await expectLexicalWithOneWarning(
      server.openaiBaseUrl,
      /refused the API key \(HTTP 401.*\); set SKILLBOX_EMBEDDINGS_API_KEY/,
    );
  });

  it("sends the key from the environment", async () => {
    const server = await fakeServer({ apiKey: "right" });
    const warnings: Diagnostic[] = [];
    const ranker = rankerFor(
      server.openaiBaseUrl,
      new InMemoryEmbeddingStore(),
      warnings,
      {},
      {
        SKILLBOX_EMBEDDINGS_API_KEY: "right",
      },
    );
    const registry = registryOver(libraryRoot(), ranker);
    expect((await hybridSearch(registry, "pdf forms", 1))[0]?.score).toBeCloseTo(2 / 61, 12);
    expect(warnings).toEqual([]);
  });

  it("reports a server error with its message and the model to check", async () => {
    const baseUrl = await scriptedEndpoint(() => ({
      status: 500,
      body: JSON.stringify({ error: { message: "model not loaded" } }),
    }));
    await expectLexicalWithOneWarning(
      baseUrl,
      /HTTP 500: model not loaded; check embeddings\.model "fake-embed"/,
    );
  });

  it("reports an answer that is not JSON", async () => {
    const baseUrl = await scriptedEndpoint(() => ({ status: 200, body: "<html>proxy login</html>" }));
    await expectLexicalWithOneWarning(baseUrl, /something other than JSON/);
  });

  it("reports an answer of the wrong shape", async () => {
    const baseUrl = await scriptedEndpoint(() => ({ status: 200, body: JSON.stringify({ embeddings: [] }) }));
    await expectLexicalWithOneWarning(baseUrl, /without a data list/);
  });

  it("reports vectors whose dimensions change between answers", async () => {
    let calls = 0;
    const baseUrl = await scriptedEndpoint((input) => {
      calls += 1;
      return { status: 200, body: vectors(input, calls === 1 ? 64 : 32) };
    });
    await expectLexicalWithOneWarning(baseUrl, /vectors of 32 dimensions where earlier ones had 64/);
  });

  it("gives up within the timeout on an endpoint that never answers", async () => {
    const baseUrl = await scriptedEndpoint(() => undefined);
    const started = performance.now();
    await expectLexicalWithOneWarning(baseUrl, /did not answer within 300 ms/, { timeoutMs: 300 });
    // Once for the timeout; the second search does not wait (the endpoint is left alone a while).
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it("keeps what a slow endpoint embedded within the budget, and fuses once every skill is embedded", async () => {
    const embedded: string[] = [];
    // One text per request, 150 ms each: four skills and a request take longer than the 500 ms budget.
    const baseUrl = await scriptedEndpoint((input) => {
      embedded.push(...input);
      return { status: 200, body: vectors(input), delayMs: 150 };
    });
    const root = libraryRoot();
    const warnings: Diagnostic[] = [];
    const store = new InMemoryEmbeddingStore();
    const registry = registryOver(
      root,
      rankerFor(baseUrl, store, warnings, { timeoutMs: 500, batchSize: 1 }),
    );
    const lexical = ranked(registryOver(root).search("pdf forms", 3));
    expect(ranked(await hybridSearch(registry, "pdf forms", 3))).toEqual(lexical);
    expect(warnings.map((warning) => warning.code)).toEqual(["embeddings-warming-up"]);
    expect(warnings[0]?.message).toMatch(/skills still need embedding.*raise embeddings\.timeoutMs/);
    const stored = store.size;
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThan(Object.keys(SKILLS).length);
    // Later searches carry on where the first stopped (a request cut off by the budget is sent again).
    let results = await hybridSearch(registry, "pdf forms", 3);
    for (let attempt = 0; attempt < 8 && store.size < Object.keys(SKILLS).length; attempt++)
      results = await hybridSearch(registry, "pdf forms", 3);
    expect(store.size).toBe(Object.keys(SKILLS).length);
    const sent = embedded.length;
    results = await hybridSearch(registry, "pdf forms", 3);
    expect(results[0]?.score).toBeCloseTo(2 / 61, 12);
    expect(embedded.length).toBe(sent);
    expect(warnings).toHaveLength(1);
  });
});

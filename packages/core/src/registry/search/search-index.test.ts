import { describe, expect, it } from "vitest";
import { createRandom, generateSyntheticSkills } from "../__fixtures__/synthetic-skills.js";
import { isStopWord, splitSearchWords } from "./analyze-search-text.js";
import { createSearchIndex, type SearchableSkill } from "./search-index.js";

function skill(name: string, description: string, extra: Partial<SearchableSkill> = {}): SearchableSkill {
  return { name, description, tags: [], ...extra };
}

const catalog: SearchableSkill[] = [
  skill("pdf-processing", "Extract text and tables from PDF files, fill forms, merge documents.", {
    tags: ["document"],
  }),
  skill("pdf", "Work with PDF files."),
  skill("report-writer", "Write a report; mentions pdf pdf pdf pdf output several times for pdf readers."),
  skill("kubernetes-deploy", "Deploy containers to a Kubernetes cluster with Helm charts.", {
    whenToUse: "Use when the user wants to ship a service to production.",
    tags: ["devops", "cloud"],
  }),
  skill("code-review", "Review a pull request for bugs, style problems and security issues.", {
    tags: ["quality", "security"],
  }),
  skill("literature-review", "系统性文献综述方法论：如何高效地完成学术文献调研"),
  skill("parseYamlConfig", "Parse configuration files."),
];

describe("createSearchIndex: ranking", () => {
  const index = createSearchIndex(catalog);

  it("finds skills by words of their description", () => {
    expect(index.search("helm charts")[0]?.name).toBe("kubernetes-deploy");
    expect(index.search("pull request bugs")[0]?.name).toBe("code-review");
  });

  it("ranks an exact name first, whatever its case, hyphens or spacing", () => {
    expect(index.search("pdf")[0]?.name).toBe("pdf");
    expect(index.search("PDF Processing")[0]?.name).toBe("pdf-processing");
    expect(index.search("parse yaml config")[0]?.name).toBe("parseYamlConfig");
  });

  it("weighs a name match above repeated mentions in a description", () => {
    const names = index.search("pdf", 3).map((hit) => hit.name);
    expect(names.indexOf("pdf-processing")).toBeLessThan(names.indexOf("report-writer"));
  });

  it("searches when_to_use and tags", () => {
    expect(index.search("production service")[0]?.name).toBe("kubernetes-deploy");
    expect(index.search("devops")[0]?.name).toBe("kubernetes-deploy");
    expect(index.search("security")[0]?.name).toBe("code-review");
  });

  it("matches inflected forms through stemming", () => {
    expect(index.search("deploying container")[0]?.name).toBe("kubernetes-deploy");
    expect(index.search("reviewed requests")[0]?.name).toBe("code-review");
  });

  it("completes a half-typed last word", () => {
    expect(index.search("kuber")[0]?.name).toBe("kubernetes-deploy");
    expect(index.search("merge docu")[0]?.name).toBe("pdf-processing");
  });

  it("does not complete a last word the index knows as a word", () => {
    const words = createSearchIndex([
      skill("userscript-tools", "Write browser scripts."),
      skill("team-admin", "Invite a new user to the team."),
    ]);
    expect(words.search("invite new user").map((hit) => hit.name)).toEqual(["team-admin"]);
    expect(words.search("invite new users")[0]?.name).toBe("team-admin");
    expect(words.search("usersc")[0]?.name).toBe("userscript-tools");
  });

  it("does not complete a last word followed by a space", () => {
    expect(index.search("kuber ")).toEqual([]);
  });

  it("finds CJK text through character bigrams", () => {
    expect(index.search("文献综述")[0]?.name).toBe("literature-review");
  });

  it("answers a long request in a library of three skills, where every known word is in a third of them", () => {
    const small = createSearchIndex([
      skill("pdf-forms", "Fill and extract fields of PDF forms."),
      skill("slides", "Build slide decks."),
      skill("changelog", "Write release notes from commits."),
    ]);
    expect(small.search("extract the field values from the signed pdf form")[0]?.name).toBe("pdf-forms");
  });

  it("returns nothing for an empty, stop-word-only or unknown query", () => {
    expect(index.search("")).toEqual([]);
    expect(index.search("   ")).toEqual([]);
    expect(index.search("the and of")).toEqual([]);
    expect(index.search("zzzzqqq")).toEqual([]);
  });

  it("returns at most `limit` hits, best first, with positive scores", () => {
    const hits = index.search("pdf files", 2);
    expect(hits).toHaveLength(2);
    expect(hits[0]?.score).toBeGreaterThanOrEqual(hits[1]?.score ?? 0);
    expect(index.search("pdf files")).toHaveLength(4);
    expect(index.search("pdf", 0)).toEqual([]);
  });

  it("breaks ties by usage, then by name", () => {
    const twins = [
      skill("b-twin", "same words here"),
      skill("a-twin", "same words here"),
      skill("c-twin", "same words here"),
    ];
    expect(
      createSearchIndex(twins)
        .search("words")
        .map((hit) => hit.name),
    ).toEqual(["a-twin", "b-twin", "c-twin"]);
    const usage: Record<string, number> = { "c-twin": 5, "b-twin": 1 };
    const used = createSearchIndex(twins, { usageOf: (name) => usage[name] ?? 0 });
    expect(used.search("words").map((hit) => hit.name)).toEqual(["c-twin", "b-twin", "a-twin"]);
  });

  it("lets usage decide only between equal scores", () => {
    const skills = [skill("report-pdf", "Fill PDF forms"), skill("report-other", "Fill forms")];
    const index = createSearchIndex(skills, { usageOf: (name) => (name === "report-other" ? 1_000 : 0) });
    expect(index.search("pdf forms")[0]?.name).toBe("report-pdf");
  });

  it("survives hostile queries", () => {
    for (const query of ["(.*)+$", "\\", "[", "😀".repeat(500), "a ".repeat(5_000), "\u0000\u202E"]) {
      expect(() => index.search(query)).not.toThrow();
    }
  });

  it("counts the query's distinct words each hit holds in any field, body opening included", () => {
    const index = createSearchIndex([
      skill("deploy-tool", "Deploy containers.", { bodyTerms: "helm chart rollback" }),
      skill("other", "Unrelated notes about gardening."),
    ]);
    const [hit] = index.search("deploy helm rollback 42 x gardening\n");
    expect(hit?.name).toBe("deploy-tool");
    // deploy, helm, rollback: the bare number and the one-letter word do not count; score unchanged.
    expect(hit?.matchedTerms).toBe(3);
    expect(index.search("deploy helm rollback\n")[0]?.matchedTerms).toBe(3);
    expect(index.search("gardening\n")[0]).toMatchObject({ name: "other", matchedTerms: 1 });
  });

  it("counts common words a long request drops from scoring too", () => {
    const many = Array.from({ length: 10 }, (_, at) =>
      skill(`file-skill-${at}`, `Handle file work number ${at}.`),
    );
    const index = createSearchIndex([...many, skill("csv-cleaner", "Clean a csv file and dedupe rows.")]);
    const hit = index.search("please clean my csv file and dedupe the rows today\n")[0];
    expect(hit?.name).toBe("csv-cleaner");
    // clean, csv, file (in every skill, dropped from scoring), dedupe, rows.
    expect(hit?.matchedTerms).toBe(5);
  });

  it("keeps each hit's matchedTerms when it is read after later searches and changes", () => {
    const index = createSearchIndex([
      skill("deploy-tool", "Deploy containers.", { bodyTerms: "helm chart rollback" }),
      skill("other", "Unrelated notes about gardening."),
    ]);
    const [first] = index.search("deploy helm rollback gardening\n");
    const [second] = index.search("gardening\n");
    index.update(skill("deploy-tool", "Something else entirely."));
    expect(first).toMatchObject({ name: "deploy-tool", matchedTerms: 3 });
    expect(second).toMatchObject({ name: "other", matchedTerms: 1 });
  });
});

describe("createSearchIndex: incremental updates", () => {
  it("adds, removes and updates skills in place", () => {
    const index = createSearchIndex();
    expect(index.search("anything")).toEqual([]);
    index.add(skill("alpha", "handles invoices"));
    index.add(skill("beta", "handles receipts"));
    expect(index.size).toBe(2);
    expect(index.search("invoices")[0]?.name).toBe("alpha");

    expect(index.remove("alpha")).toBe(true);
    expect(index.remove("alpha")).toBe(false);
    expect(index.has("alpha")).toBe(false);
    expect(index.search("invoices")).toEqual([]);

    index.update(skill("beta", "handles invoices now"));
    expect(index.size).toBe(1);
    expect(index.search("receipts")).toEqual([]);
    expect(index.search("invoices")[0]?.name).toBe("beta");
  });

  it("replaces a skill added twice under the same name", () => {
    const index = createSearchIndex([skill("x", "first words"), skill("x", "second words")]);
    expect(index.size).toBe(1);
    expect(index.search("first")).toEqual([]);
    expect(index.search("second")[0]?.name).toBe("x");
  });

  it("ranks exactly like a fresh index after many incremental changes", () => {
    const skills = generateSyntheticSkills(600, 3);
    const incremental = createSearchIndex(skills.slice(0, 400));
    for (const removed of skills.slice(0, 150)) incremental.remove(removed.name);
    for (const added of skills.slice(400)) incremental.add(added);
    for (const changed of skills.slice(150, 200))
      incremental.update({ ...changed, description: `${changed.description} refreshed` });
    const finalSkills = [
      ...skills
        .slice(150, 200)
        .map((changed) => ({ ...changed, description: `${changed.description} refreshed` })),
      ...skills.slice(200),
    ];
    const fresh = createSearchIndex(finalSkills);
    expect(incremental.size).toBe(fresh.size);
    for (const probe of finalSkills.slice(0, 80)) {
      const query = probe.domainWords.slice(0, 3).join(" ");
      const round = (hits: { name: string; score: number }[]) =>
        hits.map((hit) => ({ name: hit.name, score: Number(hit.score.toFixed(9)) }));
      expect(round(incremental.search(query)), query).toEqual(round(fresh.search(query)));
    }
  });
});

describe("createSearchIndex: quality on 10,000 synthetic skills", () => {
  it("finds a skill in the top 5 from three distinctive words of its description for at least 95%", () => {
    const skills = generateSyntheticSkills(10_000, 42);
    const buildStarted = performance.now();
    const index = createSearchIndex(skills);
    const buildMilliseconds = performance.now() - buildStarted;

    const wordsBySkill = skills.map((item) => [
      ...new Set(splitSearchWords(item.description).filter((word) => !isStopWord(word))),
    ]);
    const documentFrequency = new Map<string, number>();
    for (const words of wordsBySkill) {
      for (const word of words) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
    }
    const random = createRandom(7);
    const sample = Array.from({ length: 1_000 }, () => Math.floor(random() * skills.length));
    const durations: number[] = [];
    let found = 0;
    for (const position of sample) {
      // The three words of the description that the fewest other skills use.
      const words = [...(wordsBySkill[position] as string[])].sort(
        (left, right) => (documentFrequency.get(left) ?? 0) - (documentFrequency.get(right) ?? 0),
      );
      const query = words.slice(0, 3).join(" ");
      // The faster of two runs: the query's own cost, without the shared machine's scheduling noise.
      let fastest = Number.POSITIVE_INFINITY;
      let hits = index.search(query, 5);
      for (let run = 0; run < 2; run++) {
        const started = performance.now();
        hits = index.search(query, 5);
        fastest = Math.min(fastest, performance.now() - started);
      }
      durations.push(fastest);
      if (hits.some((hit) => hit.name === skills[position]?.name)) found++;
    }
    durations.sort((left, right) => left - right);
    const recall = found / sample.length;
    console.log(
      `search: 10,000 skills built in ${buildMilliseconds.toFixed(0)} ms; recall@5 ${(recall * 100).toFixed(1)}% ` +
        `on 1,000 queries; query p50 ${durations[500]?.toFixed(3)} ms, p99 ${durations[990]?.toFixed(3)} ms`,
    );
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });
});

import { describe, expect, it } from "vitest";
import { analyzeSearchText, splitSearchWords, stemSearchWord } from "./analyze-search-text.js";

describe("splitSearchWords", () => {
  const cases: [string, string, string[]][] = [
    ["hyphens and punctuation separate words", "pdf-processing, v2.0!", ["pdf", "processing", "v2", "0"]],
    ["camelCase splits", "parseYamlFile", ["parse", "yaml", "file"]],
    [
      "acronyms split before a capitalised word",
      "HTTPServer XMLHttpRequest",
      ["http", "server", "xml", "http", "request"],
    ],
    ["snake_case splits", "read_skill_file", ["read", "skill", "file"]],
    ["accented letters stay in words", "Café Über", ["café", "über"]],
    ["CJK runs become overlapping bigrams", "文献综述", ["文献", "献综", "综述"]],
    ["a single CJK character stays alone", "用 pdf", ["用", "pdf"]],
    ["mixed CJK and Latin split at the boundary", "PDF转换", ["pdf", "转换"]],
    ["empty text has no words", "  --  ", []],
  ];
  it.each(cases)("%s", (_title, text, expected) => {
    expect(splitSearchWords(text)).toEqual(expected);
  });
});

describe("stemSearchWord", () => {
  const groups: [string, string[]][] = [
    ["plurals, verb forms and nouns of deploy", ["deploy", "deploys", "deployed", "deploying", "deployment"]],
    ["a silent e", ["configure", "configures", "configured", "configuring", "configuration"]],
    ["a doubled consonant", ["run", "runs", "running"]],
    ["plan", ["plan", "plans", "planned", "planning"]],
    ["-ies plurals", ["library", "libraries"]],
    ["-es after s, x, ch", ["match", "matches", "matching"]],
    ["generate and generation", ["generate", "generated", "generating", "generation"]],
    ["summarize and summaries", ["summary", "summaries"]],
    ["image", ["image", "images", "imaging"]],
    ["invite and invitation", ["invite", "invited", "invitation"]],
  ];
  it.each(groups)("gives one stem to %s", (_title, words) => {
    const stems = new Set(words.map((word) => stemSearchWord(word)));
    expect([...stems], words.join(" ")).toHaveLength(1);
  });

  it("keeps apart words that only look alike", () => {
    expect(stemSearchWord("string")).not.toBe(stemSearchWord("strong"));
    expect(stemSearchWord("status")).not.toBe(stemSearchWord("state"));
    expect(stemSearchWord("news")).not.toBe(stemSearchWord("new"));
  });

  it("leaves short words, digits and non-ASCII words alone", () => {
    for (const word of ["is", "gas", "v2", "2024", "cafés", "文献"]) expect(stemSearchWord(word)).toBe(word);
  });
});

describe("analyzeSearchText", () => {
  it("drops stop words and stems the rest", () => {
    expect(analyzeSearchText("Use this when deploying the containers")).toEqual(["deploy", "contain"]);
    expect(analyzeSearchText("Could you please help me with my deployments?")).toEqual(["help", "deploy"]);
  });
});

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
    ["plurals and verb forms of deploy", ["deploy", "deploys", "deployed", "deploying"]],
    ["a silent e", ["configure", "configures", "configured", "configuring"]],
    ["a doubled consonant", ["run", "runs", "running"]],
    ["plan", ["plan", "plans", "planned", "planning"]],
    ["-ies plurals", ["library", "libraries"]],
    ["-es after s, x, ch", ["class", "classes", "box", "boxes", "match", "matches"]],
    ["test", ["test", "tests", "tested", "testing"]],
    ["name", ["name", "names", "named", "naming"]],
    ["image", ["image", "images", "imaging"]],
  ];
  it.each(groups)("gives one stem to %s", (_title, words) => {
    const [first, ...rest] = words;
    const pairs = words.map((word) => stemSearchWord(word));
    if (first === "class") {
      expect(stemSearchWord("classes")).toBe(stemSearchWord("class"));
      expect(stemSearchWord("boxes")).toBe(stemSearchWord("box"));
      expect(stemSearchWord("matches")).toBe(stemSearchWord("match"));
      return;
    }
    for (const word of rest) expect(stemSearchWord(word), word).toBe(stemSearchWord(first as string));
    expect(new Set(pairs).size).toBe(1);
  });

  it("leaves words whose suffix is part of the root alone", () => {
    for (const word of ["string", "bring", "speed", "status", "analysis", "pass", "add", "install"]) {
      expect(stemSearchWord(word), word).toBe(word);
    }
    expect(stemSearchWord("strings")).toBe("string");
    expect(stemSearchWord("installing")).toBe("install");
    expect(stemSearchWord("adding")).toBe("add");
    expect(stemSearchWord("apis")).toBe("api");
    expect(stemSearchWord("gpus")).toBe("gpu");
    expect(stemSearchWord("axis")).toBe("axis");
  });

  it("leaves short words, digits and non-ASCII words alone", () => {
    for (const word of ["is", "gas", "v2", "2024", "cafés", "文献"]) expect(stemSearchWord(word)).toBe(word);
  });
});

describe("analyzeSearchText", () => {
  it("drops stop words and stems the rest", () => {
    expect(analyzeSearchText("Use this when deploying the containers")).toEqual(["deploy", "container"]);
  });
});

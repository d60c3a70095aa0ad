// The reply parser: the asked-for shape, the shapes models drift into, and replies with no JSON.
import { describe, expect, it } from "vitest";
import { parseTranslationReply } from "./parse-translation-reply.js";

describe("parseTranslationReply", () => {
  it("reads the asked-for shape, matching entries by id rather than position", () => {
    const reply = '{"translations":[{"id":1,"text":"B"},{"id":0,"text":"A"}]}';
    expect([...parseTranslationReply(reply, 2)]).toEqual([
      [1, "B"],
      [0, "A"],
    ]);
  });

  it("reads a bare array of strings by position and an object keyed by id", () => {
    expect(parseTranslationReply('["A", "B"]', 2).get(1)).toBe("B");
    expect(parseTranslationReply('{"0": "A", "1": "B"}', 2).get(0)).toBe("A");
    expect(parseTranslationReply('{"items":[{"id":"0","translation":"A"}]}', 1).get(0)).toBe("A");
  });

  it("finds the JSON inside prose or a fence", () => {
    expect(parseTranslationReply('Here:\n```json\n["A"]\n```\nDone.', 1).get(0)).toBe("A");
    expect(
      parseTranslationReply('Result: {"translations":[{"id":0,"text":"A"}]} hope this helps', 1).get(0),
    ).toBe("A");
  });

  it("ignores unknown ids, non-string texts and duplicates, and gives nothing for non-JSON", () => {
    const reply =
      '{"translations":[{"id":5,"text":"X"},{"id":0,"text":3},{"id":1,"text":"B"},{"id":1,"text":"C"}]}';
    expect([...parseTranslationReply(reply, 2)]).toEqual([[1, "B"]]);
    expect(parseTranslationReply("I cannot translate this.", 2).size).toBe(0);
    expect(parseTranslationReply("", 2).size).toBe(0);
  });
});

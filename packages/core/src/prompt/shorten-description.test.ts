import { describe, expect, it } from "vitest";
import { findSentenceEnds, shortenDescription } from "./shorten-description.js";

const text = "Reads PDF files. Extracts tables, e.g. invoices and v1.2 reports. Use when a PDF is attached.";

describe("shortenDescription", () => {
  it("returns the text unchanged when it fits", () => {
    expect(shortenDescription(text, text.length)).toBe(text);
  });

  it("keeps the leading whole sentences that fit, not splitting at e.g. or a version number", () => {
    expect(shortenDescription(text, 70)).toBe(
      "Reads PDF files. Extracts tables, e.g. invoices and v1.2 reports.",
    );
    expect(shortenDescription(text, 30)).toBe("Reads PDF files.");
  });

  it("cuts the first sentence at a word with an ellipsis when even it is too long", () => {
    const shortened = shortenDescription(text, 12);
    expect(shortened).toBe("Reads PDF…");
    expect(shortened.length).toBeLessThanOrEqual(12);
  });

  it("finds the same sentence ends it cuts at", () => {
    expect(findSentenceEnds(text)).toEqual([16, 65]);
    expect(findSentenceEnds("全角の文。次の文。")).toEqual([5, 9]);
  });
});

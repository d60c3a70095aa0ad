import { describe, expect, it } from "vitest";
import { renderAvailableSkillsXml } from "./available-skills-format.js";
import { renderAvailableSkills } from "./render-catalog.js";

describe("renderAvailableSkillsXml", () => {
  it("renders the reference's exact format and escapes the location too", () => {
    expect(renderAvailableSkillsXml([])).toBe("<available_skills>\n</available_skills>");
    expect(
      renderAvailableSkillsXml([
        { name: "a&b", description: " Use <foo> & 'x' \"q\" ", location: "/p/<&>/SKILL.md" },
      ]),
    ).toBe(
      [
        "<available_skills>",
        "<skill>",
        "<name>",
        "a&amp;b",
        "</name>",
        "<description>",
        "Use &lt;foo&gt; &amp; &#x27;x&#x27; &quot;q&quot;",
        "</description>",
        "<location>",
        "/p/&lt;&amp;&gt;/SKILL.md",
        "</location>",
        "</skill>",
        "</available_skills>",
      ].join("\n"),
    );
  });
});

describe("the available_skills renderers", () => {
  it("render one skill element alike in the budgeted format and in to-prompt's exact output", () => {
    const skill = { name: "pdf", description: "Reads <PDF> & tables.", location: "/s/pdf/SKILL.md" };
    const exact = renderAvailableSkillsXml([skill]);
    const listed = renderAvailableSkills([{ ...skill, tags: [], score: 0, isNew: false }]);
    expect(listed).toBe(exact);
  });
});

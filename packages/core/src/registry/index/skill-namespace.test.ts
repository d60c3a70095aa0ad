import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { firstNameSegment, skillNamespace } from "./skill-namespace.js";

const root = path.resolve("/library");
const at = (...segments: string[]) => path.join(root, ...segments);

describe("skillNamespace", () => {
  it("takes the plugin from a plugins/<x>/skills/<name> layout", () => {
    expect(
      skillNamespace({ rootPath: root, directory: at("plugins", "azure", "skills", "azure-storage") }),
    ).toBe("azure");
  });

  it("takes the nearest folder that names an area, skipping containers and dot-folders", () => {
    expect(skillNamespace({ rootPath: root, directory: at("document-skills", "pdf") })).toBe(
      "document-skills",
    );
    expect(skillNamespace({ rootPath: root, directory: at("Vendor Tools", "skills", ".curated", "x") })).toBe(
      "vendor-tools",
    );
  });

  it("has none for a skill directly under the root or under container folders only", () => {
    expect(skillNamespace({ rootPath: root, directory: at("pdf") })).toBeUndefined();
    expect(skillNamespace({ rootPath: root, directory: at("skills", ".system", "pdf") })).toBeUndefined();
    expect(skillNamespace({ rootPath: root, directory: root })).toBeUndefined();
  });

  it("never names a folder outside the root", () => {
    expect(
      skillNamespace({ rootPath: root, directory: path.resolve("/elsewhere/area/pdf") }),
    ).toBeUndefined();
  });

  it("prefers a known plugin, then the folders, then the source repository", () => {
    const flat = { rootPath: root, directory: at("pdf") };
    expect(skillNamespace({ ...flat, plugin: "Office Tools", sourceRepo: "acme/docs" })).toBe("office-tools");
    expect(skillNamespace({ ...flat, sourceRepo: "acme/doc-kit" })).toBe("doc-kit");
    expect(skillNamespace({ ...flat, sourceRepo: "https://github.com/acme/doc-kit.git" })).toBe("doc-kit");
    // A repository named like a container says nothing: its owner does.
    expect(skillNamespace({ ...flat, sourceRepo: "anthropics/skills" })).toBe("anthropics");
    expect(skillNamespace({ ...flat, sourceRepo: "./skills" })).toBeUndefined();
  });

  it("keeps markup out of a label", () => {
    expect(skillNamespace({ rootPath: root, directory: at("<i>evil&amp;", "pdf") })).toBe("ievilamp");
  });
});

describe("firstNameSegment", () => {
  it("splits on hyphens, underscores, dots and colons", () => {
    expect(firstNameSegment("azure-storage-blob")).toBe("azure");
    expect(firstNameSegment("My_Tool")).toBe("my");
    expect(firstNameSegment("pdf")).toBe("pdf");
    expect(firstNameSegment("-odd")).toBe("odd");
  });
});

// The system prompt as named sections rendered on every turn, so a section whose content changes
// (the skills list after a hot reload) is current in the very next request.
import { LOAD_SKILL_TOOL } from "../tools/tool-names.js";

/** What a section may look at while rendering. */
export interface SectionContext {
  /** Names of the tools this request offers (empty when the model cannot call tools). */
  toolNames: readonly string[];
  supportsTools: boolean;
}

/** One named part of the system prompt. `render` runs every turn; undefined or "" leaves it out. */
export interface SystemSection {
  name: string;
  render(context: SectionContext): string | undefined;
  /** Left out entirely when the model cannot call tools (the skills list is useless then). */
  requiresTools?: boolean;
}

/** Joins the rendered sections with blank lines, skipping empty ones and tool-only ones when tools are off. */
export function renderSystemPrompt(sections: readonly SystemSection[], context: SectionContext): string {
  const parts: string[] = [];
  for (const section of sections) {
    if (section.requiresTools && !context.supportsTools) continue;
    const text = section.render(context)?.trim();
    if (text) parts.push(text);
  }
  return parts.join("\n\n");
}

/** A section with fixed text. */
export function createTextSection(name: string, text: string): SystemSection {
  return { name, render: () => text };
}

export interface GuideSectionOptions {
  /** The opening line; default "You are a helpful agent working in <workspace>." */
  intro?: string;
  workspace?: string;
}

/**
 * The static guide: who the agent is, and — only when a `load_skill` tool is offered — the rule to
 * load a skill before an unfamiliar task and to get a skill's method before planning a complex one.
 */
export function createGuideSection(options: GuideSectionOptions = {}): SystemSection {
  const intro =
    options.intro ??
    (options.workspace === undefined
      ? "You are a helpful agent."
      : `You are a helpful agent working in ${options.workspace}.`);
  return {
    name: "guide",
    render(context) {
      if (!context.toolNames.includes(LOAD_SKILL_TOOL)) return intro;
      return [
        intro,
        `Use ${LOAD_SKILL_TOOL} to access specialized knowledge before tackling unfamiliar topics.`,
        `For complex tasks, first call ${LOAD_SKILL_TOOL} for the matching skill's method, then plan the steps and follow it.`,
        "When a user message starts with /<skill-name>, that skill's instructions are already included: follow them.",
      ].join("\n");
    },
  };
}

/**
 * The skills section (Layer 1): whatever `renderCatalog` returns this turn — typically
 * renderSkillCatalog over the registry's entries — so skills added or edited mid-session show up at once.
 */
export function createSkillsSection(renderCatalog: () => string | undefined): SystemSection {
  return { name: "skills", requiresTools: true, render: () => renderCatalog() };
}

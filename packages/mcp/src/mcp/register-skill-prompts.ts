// Keeps one McpServer's prompts in step with the skills: registers, updates and removes them as the
// registry and the states change.

import {
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  type RegisteredPrompt,
} from "@modelcontextprotocol/server";
import { passThroughSchema } from "./pass-through-schema.js";
import type { SkillPrompt } from "./skill-prompts.js";

/** Renders one prompt with its argument values; throws with a readable reason when it cannot run. */
export type PromptRenderer = (
  prompt: SkillPrompt,
  values: Readonly<Record<string, string | undefined>>,
  sessionId: string | undefined,
) => Promise<string>;

/** The prompts registered on one server. */
export interface RegisteredSkillPrompts {
  /** Brings the registered prompts in line with `prompts`; true when anything changed. */
  sync(prompts: readonly SkillPrompt[]): boolean;
}

/** Registers `prompts` on `mcp`; each prompts/get renders the prompt's current skill. */
export function registerSkillPrompts(
  mcp: McpServer,
  prompts: readonly SkillPrompt[],
  render: PromptRenderer,
): RegisteredSkillPrompts {
  const registered = new Map<string, { handle: RegisteredPrompt; key: string; prompt: SkillPrompt }>();

  const add = (prompt: SkillPrompt) => {
    const slot = { prompt, key: keyOf(prompt) } as {
      handle: RegisteredPrompt;
      key: string;
      prompt: SkillPrompt;
    };
    slot.handle = mcp.registerPrompt(
      prompt.name,
      {
        description: prompt.description,
        argsSchema: passThroughSchema(() => argumentsSchema(slot.prompt)),
      },
      async (values, context) => {
        const strings: Record<string, string | undefined> = {};
        for (const [name, value] of Object.entries(values)) {
          strings[name] = typeof value === "string" ? value : undefined;
        }
        let text: string;
        try {
          text = await render(slot.prompt, strings, context.sessionId);
        } catch (error) {
          throw new ProtocolError(
            ProtocolErrorCode.InvalidParams,
            error instanceof Error ? error.message : String(error),
          );
        }
        return {
          description: slot.prompt.description,
          messages: [{ role: "user", content: { type: "text", text } }],
        };
      },
    );
    registered.set(prompt.name, slot);
  };

  for (const prompt of prompts) add(prompt);

  return {
    sync(next) {
      let changed = false;
      const wanted = new Map(next.map((prompt) => [prompt.name, prompt]));
      for (const [name, slot] of registered) {
        if (wanted.has(name)) continue;
        slot.handle.remove();
        registered.delete(name);
        changed = true;
      }
      for (const prompt of next) {
        const slot = registered.get(prompt.name);
        if (slot === undefined) {
          add(prompt);
          changed = true;
          continue;
        }
        slot.prompt = prompt;
        const key = keyOf(prompt);
        if (key !== slot.key) {
          slot.key = key;
          slot.handle.update({ description: prompt.description });
          changed = true;
        }
      }
      return changed;
    },
  };
}

/** The arguments as JSON Schema: the SDK lists each property as a prompt argument. */
function argumentsSchema(prompt: SkillPrompt): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const argument of prompt.arguments) {
    properties[argument.name] = {
      type: "string",
      ...(argument.description === undefined ? {} : { description: argument.description }),
    };
  }
  const required = prompt.arguments.filter((argument) => argument.required).map((argument) => argument.name);
  return { type: "object", properties, ...(required.length > 0 ? { required } : {}) };
}

function keyOf(prompt: SkillPrompt): string {
  return JSON.stringify([prompt.description, prompt.arguments]);
}

// The `task` tool: hands a self-contained job to a general sub-agent with a fresh context (the
// teaching agent's s04), and returns its report.

import { defineTool, type Tool, toolError } from "@skillbox/core/tools/define-tool";
import {
  SUB_AGENT_DEFAULT_STEPS,
  SUB_AGENT_MAX_STEPS,
  type SubAgentRunner,
} from "@skillbox/core/tools/sub-agent-runner";
import { TASK_TOOL } from "@skillbox/core/tools/tool-names";
import { z } from "zod";

const taskInput = z.strictObject({
  prompt: z.string().describe("The complete instructions for the sub-agent."),
  description: z.string().describe("A short label for the job (3-5 words).").optional(),
  // The runner clamps it to whole numbers from 1 to SUB_AGENT_MAX_STEPS.
  max_steps: z.number().min(1).max(SUB_AGENT_MAX_STEPS).optional(),
});

export type TaskInput = z.input<typeof taskInput>;

/** Creates the `task` tool over a shared SubAgentRunner. */
export function createTaskTool(options: { runner: SubAgentRunner; model?: string }): Tool<TaskInput> {
  return defineTool({
    name: TASK_TOOL,
    description:
      "Start a sub-agent with a fresh, empty context for a self-contained job (exploring files, research, a " +
      `multi-step change) and get back its final report. It has your tools except ${TASK_TOOL}, cannot see this ` +
      `conversation, and stops after max_steps model calls (default ${SUB_AGENT_DEFAULT_STEPS}, at most ` +
      `${SUB_AGENT_MAX_STEPS}). Write the prompt so it stands on its own.`,
    inputSchema: taskInput,
    async execute(input, context) {
      if (input.prompt.trim() === "") {
        return toolError('task needs a non-empty "prompt" describing the job.');
      }
      return options.runner.run({
        task: input.prompt,
        maxSteps: input.max_steps,
        model: options.model,
        sessionId: context.sessionId,
        signal: context.abortSignal,
      });
    },
  });
}

// The `task` tool: hands a self-contained job to a general sub-agent with a fresh context (the
// teaching agent's s04), and returns its report.
import { defineTool, type Tool, toolError } from "../../tools/define-tool.js";
import { SUB_AGENT_DEFAULT_STEPS, SUB_AGENT_MAX_STEPS, type SubAgentRunner } from "./sub-agent-runner.js";

export type TaskInput = { prompt: string; description?: string; max_steps?: number };

/** Creates the `task` tool over a shared SubAgentRunner. */
export function createTaskTool(options: { runner: SubAgentRunner; model?: string }): Tool<TaskInput> {
  return defineTool<TaskInput>({
    name: "task",
    description:
      "Start a sub-agent with a fresh, empty context for a self-contained job (exploring files, research, a " +
      "multi-step change) and get back its final report. It has your tools except task, cannot see this " +
      `conversation, and stops after max_steps model calls (default ${SUB_AGENT_DEFAULT_STEPS}, at most ` +
      `${SUB_AGENT_MAX_STEPS}). Write the prompt so it stands on its own.`,
    inputSchema: {
      type: "object",
      properties: {
        prompt: { type: "string", description: "The complete instructions for the sub-agent." },
        description: { type: "string", description: "A short label for the job (3-5 words)." },
        max_steps: { type: "number", minimum: 1, maximum: SUB_AGENT_MAX_STEPS },
      },
      required: ["prompt"],
    },
    async execute(input, context) {
      if (typeof input.prompt !== "string" || input.prompt.trim() === "") {
        return toolError('task needs a non-empty "prompt" describing the job.');
      }
      return options.runner.run({
        task: input.prompt,
        maxSteps: typeof input.max_steps === "number" ? input.max_steps : undefined,
        model: options.model,
        sessionId: context.sessionId,
        signal: context.abortSignal,
      });
    },
  });
}

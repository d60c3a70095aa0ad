import type { SubAgentRequest } from "@skillbox/core/tools/sub-agent-runner";
import { describe, expect, it } from "vitest";
import { createTaskTool } from "./task-tool.js";

describe("task tool", () => {
  it("describes its input to providers as before and refuses unknown keys before starting a sub-agent", async () => {
    const requests: SubAgentRequest[] = [];
    const tool = createTaskTool({
      runner: {
        async run(request) {
          requests.push(request);
          return { content: "done" };
        },
      },
    });
    expect(tool.inputSchema).toEqual({
      type: "object",
      properties: {
        prompt: { type: "string", description: "The complete instructions for the sub-agent." },
        description: { type: "string", description: "A short label for the job (3-5 words)." },
        max_steps: { type: "number", minimum: 1, maximum: 10 },
      },
      required: ["prompt"],
      additionalProperties: false,
    });
    const refused = await tool.execute({ prompt: "Explore src", steps: 3 } as never, {});
    expect(refused.isError).toBe(true);
    expect(refused.content).toContain('"steps" is not a parameter of task');
    expect(requests).toEqual([]);
    expect(await tool.execute({ prompt: "Explore src", max_steps: 3 }, { sessionId: "s" })).toEqual({
      content: "done",
    });
    expect(requests).toMatchObject([{ task: "Explore src", maxSteps: 3, sessionId: "s" }]);
  });
});

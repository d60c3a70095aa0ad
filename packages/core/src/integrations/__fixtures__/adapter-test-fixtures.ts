// Shared setup for the adapter tests: fake LLM servers closed after each test, and an echo tool.

import {
  createFakeLlmServer,
  type FakeLlmServer,
  type FakeLlmServerOptions,
} from "@skillbox/testing";
import { defineTool, toolError } from "../../tools/define-tool.js";
import { releaseNotesScript } from "./release-notes-script.js";

/** Fake LLM servers started through `start`, all closed by `closeAll` (call it from `afterEach`). */
export interface FakeLlmServerTracker {
  start(options?: FakeLlmServerOptions): Promise<FakeLlmServer>;
  closeAll(): Promise<void>;
}

/** Tracks the fake servers a test file starts; `start()` without options plays the release-notes script. */
export function trackFakeLlmServers(): FakeLlmServerTracker {
  const started: FakeLlmServer[] = [];
  return {
    async start(options = { script: releaseNotesScript() }) {
      const server = await createFakeLlmServer(options);
      started.push(server);
      return server;
    },
    async closeAll() {
      for (const server of started.splice(0)) await server.close();
    },
  };
}

/** A tool that repeats its `text`, or fails with "Nothing to echo." when there is none. */
export const echoTool = defineTool<{ text?: string }>({
  name: "echo",
  description: "Repeats text.",
  inputSchema: { type: "object", properties: { text: { type: "string" } } },
  execute: async (input) => (input.text ? { content: input.text } : toolError("Nothing to echo.")),
});

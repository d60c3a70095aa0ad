// A tiny in-process ChatProvider that answers from a script, for agent tests that need exact
// control (abort mid-call, request inspection). End-to-end tests use the fake LLM server instead.
import { SkillboxError } from "@skillbox/core/errors";
import type { ChatCallOptions, ChatProvider, ChatRequest, ChatResponse, ToolCall } from "@skillbox/core/agent/providers/provider";

/** One scripted answer: a reply, a thrown error, a wait for abort, or a function of the request. */
export type ScriptedStep =
  | { text?: string; toolCalls?: ToolCall[]; usage?: ChatResponse["usage"] }
  | { error: Error }
  | { hang: true }
  | ((request: ChatRequest) => ScriptedStep);

export interface ScriptedProvider extends ChatProvider {
  /** Every request, with a copy of its messages as they were at call time. */
  requests: ChatRequest[];
}

/** Creates a provider answering from `steps` in order; running out is an error the test will see. */
export function createScriptedProvider(steps: ScriptedStep[], options: { supportsTools?: boolean } = {}): ScriptedProvider {
  const queue = [...steps];
  const requests: ChatRequest[] = [];
  return {
    name: "scripted",
    supportsTools: options.supportsTools ?? true,
    requests,
    async complete(request: ChatRequest, callOptions: ChatCallOptions = {}): Promise<ChatResponse> {
      requests.push({ ...request, messages: structuredClone(request.messages) });
      let step = queue.shift();
      if (step === undefined) throw new SkillboxError("provider-error", `The script ran out at call ${requests.length}.`);
      while (typeof step === "function") step = step(request);
      if ("error" in step) throw step.error;
      if ("hang" in step) return hang(callOptions.signal);
      const text = step.text ?? "";
      if (text !== "") callOptions.onText?.(text);
      const toolCalls = step.toolCalls ?? [];
      return {
        text,
        toolCalls,
        stopReason: toolCalls.length > 0 ? "tool-calls" : "end",
        usage: step.usage ?? { inputTokens: 10, outputTokens: 5 },
      };
    },
  };
}

/** A tool call for scripts: `call("bash", { command: "ls" })`. */
export function call(name: string, input: Record<string, unknown> = {}, id = `call_${name}_${Math.random().toString(36).slice(2, 8)}`): ToolCall {
  return { id, name, arguments: input };
}

function hang(signal: AbortSignal | undefined): Promise<ChatResponse> {
  return new Promise((_resolve, reject) => {
    const onAbort = () => reject(new SkillboxError("aborted", "The model call was aborted by the caller."));
    if (signal?.aborted) onAbort();
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

// A real HTTP server on 127.0.0.1 that speaks the OpenAI and Anthropic wire formats from a script,
// so agents (ours and our users') can be tested end to end without a model or a network.

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import { buildAnthropicEvents, buildAnthropicMessage } from "./anthropic-wire-reply.js";
import { answerEmbeddings, FAKE_EMBEDDING_DIMENSIONS } from "./fake-embeddings.js";
import {
  errorBody,
  faultType,
  flattenHeaders,
  hasApiKey,
  listModels,
  parseJsonObject,
  readBody,
  sendJson,
  writeEvents,
} from "./fake-llm-http.js";
import {
  type FakeLlmReply,
  type FakeLlmRequest,
  type FakeLlmResponse,
  type FakeLlmStep,
  type FakeLlmWireFormat,
  isFakeLlmFault,
  isFakeLlmHangUp,
} from "./fake-llm-script.js";
import { buildOpenAIChunks, buildOpenAICompletion, buildOpenAIError } from "./openai-wire-reply.js";

export interface FakeLlmServerOptions {
  /** Answers for model calls, used in order, one per request to either wire format. */
  script?: FakeLlmStep[];
  /** When set, requests must carry it (`Authorization: Bearer` or `x-api-key`) or get a 401. */
  apiKey?: string;
  /** Model ids listed by `GET /v1/models` (default `["fake-model"]`). */
  models?: string[];
  /**
   * Length of the vectors `POST /v1/embeddings` answers with (default 64): a hashed bag of words,
   * normalised, the same for the same text (see fake-embeddings.ts). Embeddings use no script step.
   */
  embeddingDimensions?: number;
}

export interface FakeLlmServer {
  /** `http://127.0.0.1:<port>`, the Anthropic SDK's base URL. */
  url: string;
  /** `<url>/v1`, the base URL OpenAI-compatible clients expect. */
  openaiBaseUrl: string;
  /** Same as `url`: Anthropic clients add `/v1/messages` themselves. */
  anthropicBaseUrl: string;
  /** Every request received so far, in order (model calls and others). */
  requests: FakeLlmRequest[];
  /** Every text embedded through `POST /v1/embeddings` so far, in order (to count what a cache saved). */
  embeddedTexts: string[];
  /** Steps not yet used. */
  readonly remainingSteps: number;
  /** Appends steps to the end of the script. */
  addSteps(...steps: FakeLlmStep[]): void;
  /** Stops the server, dropping open connections and pending delays. */
  close(): Promise<void>;
}

const ROUTES: Record<string, FakeLlmWireFormat> = {
  "POST /v1/chat/completions": "openai",
  "POST /v1/messages": "anthropic",
};

/** Starts a fake LLM server on a free port of 127.0.0.1 and resolves once it is listening. */
export async function createFakeLlmServer(options: FakeLlmServerOptions = {}): Promise<FakeLlmServer> {
  const script = [...(options.script ?? [])];
  const requests: FakeLlmRequest[] = [];
  const embeddedTexts: string[] = [];
  const closing = new AbortController();
  let modelCalls = 0;
  let stepsUsed = 0;

  const pause = async (milliseconds: number | undefined): Promise<void> => {
    if (!milliseconds || milliseconds <= 0) return;
    // Rejects only when the server closes, which must end every pending delay at once.
    await delay(milliseconds, undefined, { signal: closing.signal }).catch(() => undefined);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = (request.url ?? "/").split("?")[0] ?? "/";
    const method = request.method ?? "GET";
    const format = ROUTES[`${method} ${path}`] ?? "other";
    const rawBody = await readBody(request);
    const body = parseJsonObject(rawBody);
    const recorded: FakeLlmRequest = {
      index: requests.length,
      method,
      path,
      headers: flattenHeaders(request),
      body: body ?? {},
      format,
      stream: body?.stream === true,
    };
    requests.push(recorded);
    const fail = (status: number, message: string, type: string) =>
      sendJson(response, status, errorBody(format, message, type));

    if (options.apiKey !== undefined && !hasApiKey(recorded, options.apiKey)) {
      return fail(401, "Fake LLM server: missing or wrong API key.", "authentication_error");
    }
    if (method === "GET" && path === "/v1/models") {
      return sendJson(response, 200, listModels(options.models ?? ["fake-model"], recorded));
    }
    if (method === "POST" && path === "/v1/embeddings") {
      if (body === undefined)
        return fail(400, "Fake LLM server: the request body is not a JSON object.", "invalid_request_error");
      const answer = answerEmbeddings(recorded, options.embeddingDimensions ?? FAKE_EMBEDDING_DIMENSIONS);
      embeddedTexts.push(...answer.texts);
      return sendJson(response, answer.status, answer.body);
    }
    if (format === "other") {
      return fail(
        404,
        `Fake LLM server: no route for ${method} ${path}. OpenAI clients should use openaiBaseUrl (ending in /v1), Anthropic clients anthropicBaseUrl.`,
        "not_found_error",
      );
    }
    if (body === undefined)
      return fail(400, "Fake LLM server: the request body is not a JSON object.", "invalid_request_error");

    modelCalls += 1;
    const step = script.shift();
    if (step === undefined) {
      return fail(
        500,
        `Fake LLM server: the script ran out at model call #${modelCalls} (${method} ${path}); all ${stepsUsed} scripted step(s) were already used. Add a step for this call.`,
        "api_error",
      );
    }
    stepsUsed += 1;
    let answer: FakeLlmResponse;
    try {
      answer = typeof step === "function" ? await step(recorded) : step;
    } catch (error) {
      return fail(
        500,
        `Fake LLM server: the step function for model call #${modelCalls} threw: ${String(error)}`,
        "api_error",
      );
    }

    await pause(answer.delayMs);
    if (response.destroyed || closing.signal.aborted) return;
    if (isFakeLlmHangUp(answer)) return void request.socket.destroy();
    if (isFakeLlmFault(answer)) {
      const faultBody =
        answer.body ?? errorBody(format, `Scripted fault: HTTP ${answer.status}`, faultType(answer.status));
      return sendJson(response, answer.status, faultBody, answer.headers);
    }
    const reply = answer as FakeLlmReply;
    if (!recorded.stream) {
      return sendJson(
        response,
        200,
        format === "openai" ? buildOpenAICompletion(reply, recorded) : buildAnthropicMessage(reply, recorded),
      );
    }
    const events =
      format === "openai" ? buildOpenAIChunks(reply, recorded) : buildAnthropicEvents(reply, recorded);
    await writeEvents(response, events, reply, pause);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      // A bug in the fake must surface in the test as a failed request, not crash the worker.
      if (!response.headersSent)
        sendJson(response, 500, buildOpenAIError(`Fake LLM server failed: ${String(error)}`, "api_error"));
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    anthropicBaseUrl: url,
    requests,
    embeddedTexts,
    get remainingSteps() {
      return script.length;
    },
    addSteps: (...steps) => void script.push(...steps),
    close: async () => {
      closing.abort();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

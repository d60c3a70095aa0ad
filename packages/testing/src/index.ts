// The `skillbox/testing` subpath: test doubles for users testing their own agents.

export type {
  FakeLlmFault,
  FakeLlmHangUp,
  FakeLlmReply,
  FakeLlmRequest,
  FakeLlmResponse,
  FakeLlmStep,
  FakeLlmWireFormat,
  FakeToolCall,
} from "./fake-llm-script.js";
export type { FakeLlmServer, FakeLlmServerOptions } from "./fake-llm-server.js";
export { createFakeLlmServer } from "./fake-llm-server.js";

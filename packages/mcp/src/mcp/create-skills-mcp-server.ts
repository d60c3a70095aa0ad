// `createSkillsMcpServer(workspace)`: an McpServer that serves the workspace's skills through the
// skills extension, as tools and as prompts, with hot-reload notifications. Add your own tools to it.

import { McpServer } from "@modelcontextprotocol/server";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";
import { buildInstructions, DEFAULT_INSTRUCTIONS_BUDGET_CHARACTERS } from "./build-instructions.js";
import {
  refuseResourceSubscriptions,
  registerResourceSubscriptions,
} from "./register-resource-subscriptions.js";
import { registerSkillPrompts } from "./register-skill-prompts.js";
import { registerSkillTools } from "./register-skill-tools.js";
import {
  createSkillsMcpService,
  type SkillsMcpService,
  type SkillsMcpServiceOptions,
} from "./skills-mcp-service.js";

export interface CreateSkillsMcpServerOptions extends SkillsMcpServiceOptions {
  /** `serverInfo.name`; default `skillbox`. */
  name?: string;
  /** `serverInfo.version`; default `0.0.0`. */
  version?: string;
  /**
   * State shared by every server over the workspace (one per HTTP session, one per stdio connection);
   * default one service per workspace, created on first use. Its options win over the ones given here.
   */
  service?: SkillsMcpService;
  /** Characters for the Layer 1 listing in `instructions`; default 2,400 (about 600 tokens). */
  instructionsBudgetCharacters?: number;
  /** Register load_skill, read_skill_file and search_skills; default true. */
  tools?: boolean;
  /** Offer user-invocable skills as prompts; default true. */
  prompts?: boolean;
  /**
   * Answer resources/subscribe and advertise `resources.subscribe`; default true. False for a server
   * that cannot notify afterwards (a 2025-era request under `--stateless`): subscribe is refused.
   */
  resourceSubscriptions?: boolean;
}

const sharedServices = new WeakMap<Workspace, SkillsMcpService>();

/** The service every server over `workspace` shares unless given another one. */
export function skillsMcpServiceFor(
  workspace: Workspace,
  options: SkillsMcpServiceOptions = {},
): SkillsMcpService {
  let service = sharedServices.get(workspace);
  if (service === undefined) {
    service = createSkillsMcpService(workspace, options);
    sharedServices.set(workspace, service);
  }
  return service;
}

/**
 * A new McpServer (not yet connected) serving `workspace`'s skills: the skills extension with
 * `directoryRead`, the three skill tools, one prompt per user-invocable skill, resource
 * subscriptions and `instructions` with a budgeted listing. Connect it to any transport, or return
 * it from a factory for `serveStdio` / `createMcpHandler`.
 */
export function createSkillsMcpServer(
  workspace: Workspace,
  options: CreateSkillsMcpServerOptions = {},
): McpServer {
  const service = options.service ?? skillsMcpServiceFor(workspace, options);
  const mcp = new McpServer(
    { name: options.name ?? "skillbox", version: options.version ?? "0.0.0" },
    {
      // Declared up front: a capability cannot be added once connected, and skills may appear later.
      capabilities: {
        ...(options.tools === false ? {} : { tools: { listChanged: true } }),
        ...(options.prompts === false ? {} : { prompts: { listChanged: true } }),
      },
      instructions: buildInstructions(
        service.modelRegistry,
        options.instructionsBudgetCharacters ?? DEFAULT_INSTRUCTIONS_BUDGET_CHARACTERS,
      ),
    },
  );
  service.extension.attach(mcp);
  let subscriptions: ReturnType<typeof registerResourceSubscriptions> | undefined;
  if (options.resourceSubscriptions === false) refuseResourceSubscriptions(mcp);
  else subscriptions = registerResourceSubscriptions(mcp);
  const tools =
    options.tools === false ? undefined : registerSkillTools(mcp, service.tools, service.loadable());
  const prompts =
    options.prompts === false
      ? undefined
      : registerSkillPrompts(mcp, service.prompts(), service.renderPrompt);
  service.track(mcp, {
    ...(subscriptions === undefined ? {} : { subscriptions }),
    ...(tools === undefined ? {} : { tools }),
    ...(prompts === undefined ? {} : { prompts }),
  });
  return mcp;
}

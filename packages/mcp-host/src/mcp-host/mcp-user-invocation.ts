// `/label:name args` typed by the user, for a skill from an MCP server: the same verified load the
// model's load_skill gets (fetched or from the verified cache, digest and frontmatter checked, approval
// bound to content, origin-tagged, `!` lines never run), arguments substituted by the host.

import type { ExternalSkillSource } from "@skillbox/agent/agent/invocation/user-invocation";
import type { SkillState } from "@skillbox/core/store/skill-state";
import type { McpSkillHost } from "./mcp-skill-host.js";

/**
 * The agent's external skill source over the host (read when asked, since the host connects in the
 * background). States apply as to a local skill typed by the user: `off` is refused, `user-only` runs,
 * and so does a `disable-model-invocation` skill; `user-invocable: false` in its frontmatter is refused.
 */
export function mcpUserInvocation(
  host: () => McpSkillHost | undefined,
  stateOf?: (name: string) => SkillState,
): ExternalSkillSource {
  return {
    owns: (name) => host()?.owns(name) === true,
    refusal(name) {
      const entry = host()
        ?.entries()
        .find((candidate) => candidate.name === name);
      // An unknown name gets the host's own answer (which lists the servers' skills).
      if (entry === undefined) return undefined;
      if (stateOf?.(name) === "off") {
        return `Skill "${name}" is turned off in the settings; turn it on to run it with /${name}.`;
      }
      if ((entry.entry.frontmatter as Record<string, unknown>)["user-invocable"] === false) {
        return `Skill "${name}" cannot be run with /${name}: its server marks it user-invocable: false, so only the model can load it.`;
      }
      return undefined;
    },
    async invoke(name, args, options) {
      const current = host();
      if (current === undefined)
        return { content: `No MCP server is connected, so "${name}" cannot be loaded.`, isError: true };
      return current.loadSkill(name, {
        ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
        ...(args === "" ? {} : { args }),
      });
    },
  };
}

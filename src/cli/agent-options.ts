// The command-line options `skillbox run` and `skillbox chat` share, kept apart from the agent code so
// the command table loads without the providers' SDKs.

import { DEFAULT_MCP_TIMEOUT_MS } from "@skillbox/mcp-host/mcp-host/mcp-timeout";
import { WORKSPACE_OPTIONS } from "./open-cli-workspace.js";

/** The options `run` and `chat` share, for parseCommandArguments. */
export const AGENT_OPTIONS = {
  provider: { type: "string" },
  model: { type: "string" },
  "base-url": { type: "string" },
  "api-key": { type: "string" },
  "max-steps": { type: "string" },
  budget: { type: "string" },
  allow: { type: "string", multiple: true },
  "mcp-timeout": { type: "string" },
  suggest: { type: "boolean" },
  "no-suggest": { type: "boolean" },
  ...WORKSPACE_OPTIONS,
} as const;

/** Help lines for AGENT_OPTIONS, aligned with a command's own lines. */
export const AGENT_OPTIONS_HELP = `  --provider <name>  openai (also any OpenAI-compatible server) or anthropic
  --model <id>       Model id (default: config "model", else the provider's default)
  --base-url <url>   API base URL, e.g. http://localhost:11434/v1 for Ollama
  --api-key <key>    API key (better: OPENAI_API_KEY or ANTHROPIC_API_KEY)
  --max-steps <n>    Model calls per prompt at most (default 25)
  --budget <tokens>  Limit on the skills list in the system prompt, or none for every skill
                     (default: config prompt.budgetTokens, else 2% of the model's context window)
  --suggest          Suggest fitting skills in each of your turns, whatever the library's size
  --no-suggest       Never suggest skills (default: config "suggestions", else only while the
                     skills list leaves some skill without its description)
  --allow <rule>     Let tool calls the rule covers run without asking (repeatable), e.g.
                     --allow "Bash(git:*)"; bash is asked about otherwise
  --mcp-timeout <seconds>
                     How long each of the config's MCP servers gets to start and list its
                     skills (default ${DEFAULT_MCP_TIMEOUT_MS / 1000})
  --dir <folder>     Look for skills only in this folder (repeatable); replaces the default roots
  --cwd <folder>     Work as if started in this folder`;

/** Where provider settings, permissions and hooks come from, for the end of a help text. */
export const AGENT_SETTINGS_HELP = `Settings: flags win over the config files (~/.skillbox/config.json, then .skillbox/config.json up
from the working folder: provider, model, baseUrl, models, permissions, hooks), which win over
OPENAI_BASE_URL / OPENAI_API_KEY or ANTHROPIC_BASE_URL / ANTHROPIC_API_KEY.

Permissions: bash runs code, so each bash call is asked about unless an allow rule covers it
(--allow, or "permissions": { "allow": ["Bash(git:*)"] } in a config file), or a skill whose scripts
you allowed (skillbox settings allow-scripts <name>) lists it in allowed-tools. Where no one can be
asked, the call is refused and the model is told which rule would allow it. bash is not a sandbox:
an allowed command can read and write anything your user can. read_file, write_file and edit_file
stay inside the working folder.`;

/** The parsed values of AGENT_OPTIONS. */
export interface AgentOptionValues {
  provider?: string | undefined;
  model?: string | undefined;
  "base-url"?: string | undefined;
  "api-key"?: string | undefined;
  "max-steps"?: string | undefined;
  budget?: string | undefined;
  allow?: string[] | undefined;
  "mcp-timeout"?: string | undefined;
  suggest?: boolean | undefined;
  "no-suggest"?: boolean | undefined;
  dir?: string[] | undefined;
  cwd?: string | undefined;
}

// The command table: every `skillbox` command by name and summary, imported only when used.
import type { LazyCliCommand } from "./lazy-command.js";

// Summaries are repeated here so `skillbox --help` imports no command (run-cli.test checks they match).
export const commandTable: LazyCliCommand[] = [
  {
    name: "validate",
    summary: "Check skills against the spec (--strict) or the runtime's lenient policy",
    load: async () => (await import("./commands/validate.js")).validateCommand,
  },
  {
    name: "read-properties",
    summary: "Print a skill's spec fields as JSON",
    load: async () => (await import("./commands/read-properties.js")).readPropertiesCommand,
  },
  {
    name: "to-prompt",
    summary: "Print the <available_skills> catalog XML for skills",
    load: async () => (await import("./commands/to-prompt.js")).toPromptCommand,
  },
  {
    name: "list",
    summary: "List the skills in the skill roots (or search them with --query)",
    load: async () => (await import("./commands/list.js")).listCommand,
  },
  {
    name: "show",
    summary: "Show one skill: metadata, diagnostics, files and body",
    load: async () => (await import("./commands/show.js")).showCommand,
  },
  {
    name: "prompt",
    summary: "Print the Layer 1 skill listing the model would see",
    load: async () => (await import("./commands/prompt.js")).promptCommand,
  },
  {
    name: "eval",
    summary: "Score activation sets: can the agent reach the right skill (offline, or --model)",
    load: async () => (await import("./commands/eval.js")).evalCommand,
  },
  {
    name: "explain",
    summary: "Explain what the agent is offered for a prompt, and why a skill is or is not",
    load: async () => (await import("./commands/explain.js")).explainCommand,
  },
  {
    name: "load",
    summary: "Print what load_skill returns for a skill",
    load: async () => (await import("./commands/load.js")).loadCommand,
  },
  {
    name: "watch",
    summary: "Print skill changes as they happen (until Ctrl-C)",
    load: async () => (await import("./commands/watch.js")).watchCommand,
  },
  {
    name: "state",
    summary: "Set, clear or print a skill's state (on, name-only, user-only, off) at a scope",
    load: async () => (await import("./commands/state.js")).stateCommand,
  },
  {
    name: "settings",
    summary: "Print or change the skill settings (allow scripts, shell lines, enabled skills)",
    load: async () => (await import("./commands/settings.js")).settingsCommand,
  },
  {
    name: "run",
    summary: "Run the agent once on a prompt and print the answer",
    load: async () => (await import("./commands/run.js")).runCommand,
  },
  {
    name: "chat",
    summary: "Chat with the agent interactively (streamed, /skills, /name, Ctrl-C stops a turn)",
    load: async () => (await import("./commands/chat.js")).chatCommand,
  },
  {
    name: "exec",
    summary: "Run a script of a skill whose scripts you allowed",
    load: async () => (await import("./commands/exec.js")).execCommand,
  },
  {
    name: "demo",
    summary: "Watch a scripted model use skills (no API key needed)",
    load: async () => (await import("./commands/demo.js")).demoCommand,
  },
  {
    name: "serve",
    summary: "Start the HTTP API and the settings page",
    load: async () => (await import("./commands/serve.js")).serveCommand,
  },
  {
    name: "mcp",
    summary: "Serve the skills over MCP (stdio, or Streamable HTTP with --http)",
    load: async () => (await import("./commands/mcp.js")).mcpCommand,
  },
  {
    name: "trust",
    summary: "List, approve or revoke approvals of skills from MCP servers (bound to their content)",
    load: async () => (await import("./commands/trust.js")).trustCommand,
  },
  {
    name: "add",
    summary: "Install skills from GitHub, a git URL, a folder or an archive",
    load: async () => (await import("./commands/add.js")).addCommand,
  },
  {
    name: "install",
    summary: "Install exactly the skills skills-lock.json names (--frozen for CI)",
    load: async () => (await import("./commands/install.js")).installCommand,
  },
  {
    name: "verify",
    summary: "Report installed skills whose files changed since install (exit 1 if any)",
    load: async () => (await import("./commands/verify.js")).verifyCommand,
  },
  {
    name: "outdated",
    summary: "List installed skills whose source changed (reads only)",
    load: async () => (await import("./commands/outdated.js")).outdatedCommand,
  },
  {
    name: "update",
    summary: "Update installed skills from their source (consent for new permissions)",
    load: async () => (await import("./commands/update.js")).updateCommand,
  },
  {
    name: "remove",
    summary: "Remove installed skills (and their lock entries and links)",
    load: async () => (await import("./commands/remove.js")).removeCommand,
  },
  {
    name: "search",
    summary: "Search skills.sh and the bundled curated list",
    load: async () => (await import("./commands/search.js")).searchCommand,
  },
];

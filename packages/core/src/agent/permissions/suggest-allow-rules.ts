// The allow rules that would cover one tool call, so a refusal can say exactly what allows it
// (`Bash(git:*)`) and an "always" answer knows what to remember for the session.
import { BASH_TOOL } from "../../tools/tool-names.js";
import { claudeToolName } from "./claude-tool-names.js";
import { describeCallSubjects, isFileTool } from "./permission-rule.js";

/**
 * Rules in Claude Code syntax covering the call: `Bash(<command>:*)` for each command of a bash line
 * (plain `Bash` when commands hide in `$(…)` or backticks or a redirection opens a file, since no
 * narrower rule covers those: suggesting one would only ask again),
 * `<Tool>(<path or name>)` for other tools, or the bare tool name when the input has no subject.
 */
export function suggestAllowRules(tool: string, input: Record<string, unknown>, root?: string): string[] {
  const lower = tool.toLowerCase();
  const call = describeCallSubjects(lower, input, root);
  const name = claudeToolName(lower);
  if (lower === BASH_TOOL) {
    const commands = call.subjects.map((subject) => subject.split(/\s+/)[0] ?? "");
    if (
      call.hasSubstitution ||
      call.fileRedirections.length > 0 ||
      commands.length === 0 ||
      commands.some((command) => !isPlainWord(command))
    ) {
      return [name];
    }
    return [...new Set(commands)].map((command) => `${name}(${command}:*)`);
  }
  const subject = call.subjects[0];
  if (subject === undefined || subject.startsWith("{") || !isPlainWord(subject)) return [name];
  // In rules `/x` is project-relative and `//x` absolute (Claude Code's reading).
  const pattern = isFileTool(lower) && subject.startsWith("/") ? `/${subject}` : subject;
  return [`${name}(${pattern})`];
}

/** Text that fits inside `Tool(…)` and reads back as the same rule: no parentheses, quotes or blanks. */
function isPlainWord(text: string): boolean {
  return text !== "" && !/[()\s"'`]/.test(text);
}

// The permission policy: allow / ask / deny rules per tool, skill scopes that pre-approve (or, in a
// forked skill, restrict to) the skill's allowed-tools for the whole skill run, and the ask callback.
import {
  describeCallSubjects,
  type PermissionRule,
  parsePermissionRule,
  patternAccepts,
  ruleNamesTool,
} from "./permission-rule.js";

export type PermissionDecision = "allow" | "ask" | "deny";

/** Rules in Claude Code syntax. Deny wins over ask, ask over allow; unmatched calls get `defaultDecision`. */
export interface PermissionRules {
  allow?: string[];
  ask?: string[];
  deny?: string[];
  /** Default `"allow"`, so an agent without rules behaves like a plain tool loop. */
  defaultDecision?: PermissionDecision;
}

/**
 * A skill's grant while it runs: its `allowed-tools` are pre-approved. With `restrict`, used for a
 * forked skill, calls outside them are denied (so `Bash(git:*)` limits bash to git commands).
 */
export interface PermissionScope {
  skill: string;
  allowedTools: string[];
  disallowedTools?: string[];
  restrict?: boolean;
}

/** One tool call asking for permission. */
export interface PermissionRequest {
  tool: string;
  input: Record<string, unknown>;
}

/** What the ask callback is told: the tool, its input, the active skill, and a ready-made question. */
export interface PermissionQuestion extends PermissionRequest {
  /** The innermost active skill, if any. */
  skill?: string;
  /** The rule that asked, as written (absent when the default decision asked). */
  rule?: string;
  /** One sentence naming the tool and the skill, for a prompt. */
  message: string;
}

/** The rule-only answer, before anyone is asked. */
export interface PermissionVerdict {
  decision: PermissionDecision;
  /** Why, in a sentence the model can read when the call is refused. */
  reason: string;
  rule?: string;
}

/** The final answer for a call. */
export interface PermissionOutcome {
  allowed: boolean;
  decision: PermissionDecision;
  /** Set when refused: names the tool and, when one is active, the skill. */
  reason?: string;
}

export interface PermissionPolicyOptions extends PermissionRules {
  /** Asked for `ask` decisions; without it (headless) they are denied. */
  onAsk?: (question: PermissionQuestion) => Promise<boolean>;
  /** The workspace root, so absolute paths in tool input match project-relative rules. */
  root?: string;
}

/** Decides whether tool calls may run. Scopes are passed per call, so every agent keeps its own. */
export interface PermissionPolicy {
  /** Rules and scopes only, synchronous; `ask` is not resolved. */
  evaluate(request: PermissionRequest, scopes?: readonly PermissionScope[]): PermissionVerdict;
  /** The final answer, asking `onAsk` when the verdict is `ask`. */
  check(request: PermissionRequest, scopes?: readonly PermissionScope[]): Promise<PermissionOutcome>;
}

/** Creates a PermissionPolicy from rules in Claude Code syntax. */
export function createPermissionPolicy(options: PermissionPolicyOptions = {}): PermissionPolicy {
  const deny = (options.deny ?? []).map(parsePermissionRule);
  const ask = (options.ask ?? []).map(parsePermissionRule);
  const allow = (options.allow ?? []).map(parsePermissionRule);
  const defaultDecision = options.defaultDecision ?? "allow";

  const evaluate = (
    request: PermissionRequest,
    scopes: readonly PermissionScope[] = [],
  ): PermissionVerdict => {
    const tool = request.tool.toLowerCase();
    const call = describeCallSubjects(tool, request.input, options.root);
    const skillNote = describeSkill(scopes);
    const denied = anySubjectMatches(deny, tool, call);
    if (denied)
      return {
        decision: "deny",
        reason: `${request.tool} is denied by the rule ${denied.source}.`,
        rule: denied.source,
      };
    for (const scope of scopes) {
      const disallowed = anySubjectMatches(
        (scope.disallowedTools ?? []).map(parsePermissionRule),
        tool,
        call,
      );
      if (disallowed) {
        return {
          decision: "deny",
          reason: `${request.tool} is not allowed while skill "${scope.skill}" is active (disallowed-tools: ${disallowed.source}).`,
          rule: disallowed.source,
        };
      }
      if (scope.restrict && !coversCall(scope.allowedTools.map(parsePermissionRule), tool, call)) {
        return {
          decision: "deny",
          reason: `Skill "${scope.skill}" allows only ${scope.allowedTools.join(", ")}; this ${request.tool} call is outside them.`,
        };
      }
    }
    const asked = anySubjectMatches(ask, tool, call);
    if (asked)
      return {
        decision: "ask",
        reason: `${request.tool} needs approval (rule ${asked.source})${skillNote}.`,
        rule: asked.source,
      };
    if (coversCall(allow, tool, call)) return { decision: "allow", reason: "Allowed by rule." };
    const granting = scopes.find((scope) =>
      coversCall(scope.allowedTools.map(parsePermissionRule), tool, call),
    );
    if (granting) return { decision: "allow", reason: `Pre-approved by skill "${granting.skill}".` };
    return { decision: defaultDecision, reason: `${request.tool} is not covered by any rule${skillNote}.` };
  };

  return {
    evaluate,
    async check(request, scopes = []) {
      const verdict = evaluate(request, scopes);
      if (verdict.decision === "allow") return { allowed: true, decision: "allow" };
      if (verdict.decision === "deny") return { allowed: false, decision: "deny", reason: verdict.reason };
      const skill = scopes.at(-1)?.skill;
      const where = skill === undefined ? "" : ` while skill "${skill}" is active`;
      const message = `Allow ${request.tool}${describeInput(request.input)}${where}?`;
      if (options.onAsk === undefined) {
        return {
          allowed: false,
          decision: "ask",
          reason: `${request.tool} needs approval${where}, and this run has no one to ask (headless), so it was denied.`,
        };
      }
      const question: PermissionQuestion = { ...request, message };
      if (skill !== undefined) question.skill = skill;
      if (verdict.rule !== undefined) question.rule = verdict.rule;
      let approved = false;
      try {
        approved = await options.onAsk(question);
      } catch {
        // A failing prompt is a "no": fail closed.
        approved = false;
      }
      return approved
        ? { allowed: true, decision: "ask" }
        : { allowed: false, decision: "ask", reason: `The user did not approve ${request.tool}${where}.` };
    },
  };
}

/**
 * The first rule naming the tool whose pattern accepts any subject (deny and ask: one bad part is
 * enough). Commands hidden in `$(…)` or backticks cannot be checked, so they match too: fail closed.
 */
function anySubjectMatches(
  rules: PermissionRule[],
  tool: string,
  call: CallSubjects,
): PermissionRule | undefined {
  return rules.find(
    (rule) =>
      ruleNamesTool(rule, tool) &&
      (rule.pattern === undefined ||
        call.hasSubstitution ||
        call.subjects.some((subject) => patternAccepts(rule, tool, subject))),
  );
}

type CallSubjects = { subjects: string[]; hasSubstitution: boolean };

/** True when every subject is accepted by some rule (allow: all parts must be covered; hidden commands never are). */
function coversCall(rules: PermissionRule[], tool: string, call: CallSubjects): boolean {
  const naming = rules.filter((rule) => ruleNamesTool(rule, tool));
  if (naming.some((rule) => rule.pattern === undefined)) return true;
  if (naming.length === 0 || call.hasSubstitution || call.subjects.length === 0) return false;
  return call.subjects.every((subject) => naming.some((rule) => patternAccepts(rule, tool, subject)));
}

function describeSkill(scopes: readonly PermissionScope[]): string {
  const skill = scopes.at(-1)?.skill;
  return skill === undefined ? "" : ` while skill "${skill}" is active`;
}

function describeInput(input: Record<string, unknown>): string {
  const main =
    input.command ??
    input.path ??
    input.name ??
    Object.values(input).find((value) => typeof value === "string");
  if (typeof main !== "string") return "";
  return ` (${main.length > 120 ? `${main.slice(0, 120)}…` : main})`;
}

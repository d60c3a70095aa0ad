// The permission policy: allow / ask / deny rules per tool, skill scopes that pre-approve (or, in a
// forked skill, restrict to) the skill's allowed-tools for the whole skill run, and the ask callback.
// Tools that run code (bash, run_skill_script) are asked about unless a rule or a trusted skill allows them.
// Under untrusted content (a skill from an MCP server) they are asked about whatever the rules allow,
// in one question that names the content, unless the person allowed it for good.
import { BASH_TOOL, RUN_SKILL_SCRIPT_TOOL } from "../../tools/tool-names.js";
import {
  type CallSubjects,
  describeCallSubjects,
  type PermissionRule,
  parsePermissionRule,
  patternAccepts,
  ruleNamesTool,
} from "./permission-rule.js";
import { suggestAllowRules } from "./suggest-allow-rules.js";

export type PermissionDecision = "allow" | "ask" | "deny";

/** Tools that run arbitrary code: unmatched calls get `runCodeDecision` (ask), not `defaultDecision`. */
export const TOOLS_THAT_RUN_CODE: ReadonlySet<string> = new Set([BASH_TOOL, RUN_SKILL_SCRIPT_TOOL]);

/** Rules in Claude Code syntax. Deny wins over ask, ask over allow; unmatched calls get a default. */
export interface PermissionRules {
  allow?: string[];
  ask?: string[];
  deny?: string[];
  /** For unmatched calls of tools that do not run code; default `"allow"`. */
  defaultDecision?: PermissionDecision;
  /**
   * For unmatched calls of TOOLS_THAT_RUN_CODE; default `"ask"`. Never looser than `defaultDecision`:
   * with `defaultDecision: "deny"` they are denied too.
   */
  runCodeDecision?: PermissionDecision;
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
  /** The session making the call (sub-agents share their parent's), for untrustedOrigin. */
  sessionId?: string;
}

/**
 * Content of uncertain provenance a code-running call is made under, e.g. skills from an MCP server
 * the session is following. Such calls are put to the person once (deny rules still deny first),
 * and an "always" answer is remembered by the origin itself, beyond this session.
 */
export interface UntrustedOrigin {
  /** Names the content for the question, e.g. `"docs:notes" (MCP server "docs")`. */
  description: string;
  /** Why the question is asked at all, one sentence. */
  notice: string;
  /** True when the person allowed this tool under this content for good. */
  allowed: boolean;
  /** What an "always" answer records, for the prompt, e.g. `for this content of the skill, kept`. */
  always: string;
  /** Records the persistent allow (an "always" answer). */
  allowAlways(): void;
}

/** What the ask callback is told: the tool, its input, the active skill, and a ready-made question. */
export interface PermissionQuestion extends PermissionRequest {
  /** The innermost active skill, if any. */
  skill?: string;
  /** The rule that asked, as written (absent when the default decision asked). */
  rule?: string;
  /** One sentence naming the tool and the skill, for a prompt. */
  message: string;
  /** The allow rules an `"always"` answer adds for the rest of the session, e.g. `["Bash(git:*)"]`. */
  suggestedRules: string[];
  /** Set when the call runs under untrusted content: who it comes from (UntrustedOrigin.description). */
  origin?: string;
  /** Set when "always" means something else than suggestedRules for the session (UntrustedOrigin.always). */
  always?: string;
}

/** The ask callback's answer: `true` allows this call, `"always"` also its suggested rules for the session. */
export type PermissionAnswer = boolean | "always";

/** What would allow a refused call: allow rules, and the skill whose trust would let its grant count. */
export interface AllowAdvice {
  rules: string[];
  /** A skill that pre-approves the call (or whose script it is) but is not trusted to run code. */
  skill?: string;
}

/** The rule-only answer, before anyone is asked. */
export interface PermissionVerdict {
  decision: PermissionDecision;
  /** Why, in a sentence the model can read when the call is refused. */
  reason: string;
  rule?: string;
  /** Set when a default (no rule) refused or asked: what would allow the call. */
  advice?: AllowAdvice;
  /** Set when no narrow rule can allow the call (a redirection to a file): why, for the refusal. */
  note?: string;
  /** Set when the call runs code under untrusted content: the one question is about it. */
  origin?: UntrustedOrigin;
}

/** The final answer for a call. */
export interface PermissionOutcome {
  allowed: boolean;
  decision: PermissionDecision;
  /** Set when refused: names the tool and, when one is active, the skill. */
  reason?: string;
}

export interface PermissionPolicyOptions extends PermissionRules {
  /** Asked for `ask` decisions; without it (headless) they are denied with a hint saying what allows them. */
  onAsk?: (question: PermissionQuestion) => Promise<PermissionAnswer>;
  /** The workspace root, so absolute paths in tool input match project-relative rules. */
  root?: string;
  /**
   * Skills the person let run code (settings `allowScripts`): their `run_skill_script` calls are
   * allowed, and their `allowed-tools` may pre-approve code-running tools. Default: no skill, so a
   * skill from a cloned repository cannot switch bash on by listing it.
   */
  trustsSkill?: (skill: string) => boolean;
  /**
   * The end of a refusal's hint, after "To allow it, ": front ends name their flag or config key.
   * Default: `add "Bash(git:*)" to the allow rules`.
   */
  describeAllow?: (advice: AllowAdvice) => string;
  /** The untrusted content a code-running call is made under, if any (see UntrustedOrigin). */
  untrustedOrigin?: (request: PermissionRequest) => UntrustedOrigin | undefined;
}

/** Decides whether tool calls may run. Scopes are passed per call, so every agent keeps its own. */
export interface PermissionPolicy {
  /** Rules and scopes only, synchronous; `ask` is not resolved. */
  evaluate(request: PermissionRequest, scopes?: readonly PermissionScope[]): PermissionVerdict;
  /** The final answer, asking `onAsk` when the verdict is `ask`. */
  check(request: PermissionRequest, scopes?: readonly PermissionScope[]): Promise<PermissionOutcome>;
  /** Allows calls these rules cover for the rest of the session, over ask rules (not deny rules). */
  allowForSession(rules: readonly string[]): void;
}

/** Creates a PermissionPolicy from rules in Claude Code syntax. */
export function createPermissionPolicy(options: PermissionPolicyOptions = {}): PermissionPolicy {
  const deny = (options.deny ?? []).map(parsePermissionRule);
  const ask = (options.ask ?? []).map(parsePermissionRule);
  const allow = (options.allow ?? []).map(parsePermissionRule);
  const approvedForSession: PermissionRule[] = [];
  const defaultDecision = options.defaultDecision ?? "allow";
  const runCodeDecision = stricter(options.runCodeDecision ?? "ask", defaultDecision);
  const trusts = (skill: string) => options.trustsSkill?.(skill) === true;
  const describeAllow = options.describeAllow ?? describeAllowRules;

  const evaluate = (
    request: PermissionRequest,
    scopes: readonly PermissionScope[] = [],
  ): PermissionVerdict => {
    const verdict = evaluateRules(request, scopes);
    // Rules may only make it stricter: what they deny stays denied, what they allow is still asked.
    if (verdict.decision === "deny" || !TOOLS_THAT_RUN_CODE.has(request.tool.toLowerCase())) return verdict;
    const origin = options.untrustedOrigin?.(request);
    if (origin === undefined) return verdict;
    if (origin.allowed) {
      return {
        decision: "allow",
        reason: `Allowed for good by the user while following ${origin.description}.`,
      };
    }
    return {
      decision: "ask",
      reason: `${request.tool} runs code while following ${origin.description}, which needs the user's approval whatever the rules allow.`,
      origin,
    };
  };

  const evaluateRules = (
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
        const note = redirectionNote(call);
        return {
          decision: "deny",
          reason: `Skill "${scope.skill}" allows only ${scope.allowedTools.join(", ")}; this ${request.tool} call is outside them.${note === undefined ? "" : ` ${note}`}`,
        };
      }
    }
    if (coversCall(approvedForSession, tool, call)) {
      return { decision: "allow", reason: "Allowed for this session by the user." };
    }
    const asked = anySubjectMatches(ask, tool, call);
    if (asked)
      return {
        decision: "ask",
        reason: `${request.tool} needs approval (rule ${asked.source})${skillNote}.`,
        rule: asked.source,
      };
    if (coversCall(allow, tool, call)) return { decision: "allow", reason: "Allowed by rule." };
    const runsCode = TOOLS_THAT_RUN_CODE.has(tool);
    const granting = scopes.filter((scope) =>
      coversCall(scope.allowedTools.map(parsePermissionRule), tool, call),
    );
    // A skill's grant of code-running tools counts only for a skill the person trusts to run code.
    const trusted = granting.find((scope) => !runsCode || trusts(scope.skill));
    if (trusted) return { decision: "allow", reason: `Pre-approved by skill "${trusted.skill}".` };
    const script = tool === RUN_SKILL_SCRIPT_TOOL ? scriptSkill(request.input) : undefined;
    if (script !== undefined && trusts(script)) {
      return { decision: "allow", reason: `Scripts of skill "${script}" are allowed in the settings.` };
    }
    const advice: AllowAdvice = { rules: suggestAllowRules(tool, request.input, options.root) };
    const untrusted = script ?? granting[0]?.skill;
    if (untrusted !== undefined) advice.skill = untrusted;
    const decision = runsCode ? runCodeDecision : defaultDecision;
    const why = runsCode
      ? `${request.tool} runs code, and no allow rule covers this call${skillNote}`
      : `${request.tool} is not covered by any rule${skillNote}`;
    const note = redirectionNote(call);
    if (note === undefined) return { decision, reason: `${why}.`, advice };
    return { decision, reason: `${why}. ${note}`, advice, note };
  };

  const hint = (verdict: PermissionVerdict): string =>
    verdict.advice === undefined ? "" : ` To allow it, ${describeAllow(verdict.advice)}.`;
  const noted = (verdict: PermissionVerdict): string =>
    verdict.note === undefined ? "" : ` ${verdict.note}`;
  // The person is told why an allow rule did not spare the question; the model gets the whole note.
  const asksAboutRedirection = (verdict: PermissionVerdict): string =>
    verdict.note === undefined ? "" : " It redirects to a file, which no prefix rule allows.";

  return {
    evaluate,
    async check(request, scopes = []) {
      const verdict = evaluate(request, scopes);
      if (verdict.decision === "allow") return { allowed: true, decision: "allow" };
      if (verdict.decision === "deny") {
        return { allowed: false, decision: "deny", reason: `${verdict.reason}${hint(verdict)}` };
      }
      if (verdict.origin !== undefined) return askAboutOrigin(request, verdict.origin);
      const skill = scopes.at(-1)?.skill;
      const where = skill === undefined ? "" : ` while skill "${skill}" is active`;
      const message = `Allow ${request.tool}${describeInput(request.input)}${where}?${asksAboutRedirection(verdict)}`;
      if (options.onAsk === undefined) {
        const asking = verdict.rule === undefined ? "" : ` (the rule ${verdict.rule} asks for it)`;
        return {
          allowed: false,
          decision: "ask",
          reason: `${request.tool} needs approval${where}${asking}, and this run has no one to ask (headless), so it was denied.${noted(verdict)}${hint(verdict)}`,
        };
      }
      const suggestedRules = suggestAllowRules(request.tool, request.input, options.root);
      const question: PermissionQuestion = { ...request, message, suggestedRules };
      if (skill !== undefined) question.skill = skill;
      if (verdict.rule !== undefined) question.rule = verdict.rule;
      let answer: PermissionAnswer = false;
      try {
        answer = await options.onAsk(question);
      } catch {
        // A failing prompt is a "no": fail closed.
        answer = false;
      }
      if (answer === "always") approvedForSession.push(...suggestedRules.map(parsePermissionRule));
      return answer === true || answer === "always"
        ? { allowed: true, decision: "ask" }
        : { allowed: false, decision: "ask", reason: `The user did not approve ${request.tool}${where}.` };
    },
    allowForSession(rules) {
      approvedForSession.push(...rules.map(parsePermissionRule));
    },
  };

  /** The one question for a code-running call under untrusted content; "always" is the origin's to keep. */
  async function askAboutOrigin(
    request: PermissionRequest,
    origin: UntrustedOrigin,
  ): Promise<PermissionOutcome> {
    const refused = (why: string): PermissionOutcome => ({
      allowed: false,
      decision: "ask",
      reason: `${request.tool} was not run: while following ${origin.description}, running code needs the user's explicit approval, and ${why}. Continue without running it, or ask the user.`,
    });
    if (options.onAsk === undefined) {
      return refused(
        `this run has no one to ask (headless), so it was denied; run it interactively and answer "always" to allow it ${origin.always}`,
      );
    }
    const question: PermissionQuestion = {
      tool: request.tool,
      input: request.input,
      message: `Allow ${request.tool}${describeInput(request.input)} while following ${origin.description}? ${origin.notice}`,
      suggestedRules: [],
      origin: origin.description,
      always: origin.always,
    };
    let answer: PermissionAnswer = false;
    try {
      answer = await options.onAsk(question);
    } catch {
      // A failing prompt is a "no": fail closed.
      answer = false;
    }
    if (answer === "always") origin.allowAlways();
    return answer === true || answer === "always"
      ? { allowed: true, decision: "ask" }
      : refused("it was not given");
  }
}

/** The library's hint: the rules to add, and the skill to trust when one would have granted the call. */
export function describeAllowRules(advice: AllowAdvice): string {
  const rules = advice.rules.map((rule) => `"${rule}"`).join(" and ");
  const skill = advice.skill === undefined ? "" : `, or trust skill "${advice.skill}" to run code`;
  return `add ${rules} to the allow rules${skill}`;
}

/** The stricter of two decisions: deny over ask over allow. */
function stricter(left: PermissionDecision, right: PermissionDecision): PermissionDecision {
  const order: PermissionDecision[] = ["allow", "ask", "deny"];
  return order.indexOf(left) >= order.indexOf(right) ? left : right;
}

function scriptSkill(input: Record<string, unknown>): string | undefined {
  const name = input.skill_name;
  return typeof name === "string" && name.trim() !== "" ? name.trim() : undefined;
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

/**
 * True when every subject is accepted by some rule (allow: all parts must be covered). Hidden
 * commands never are, nor is a redirection to a file: `Bash(echo:*)` names a command, and
 * `echo hi > ~/.bashrc` would otherwise write anywhere under it. Only a rule for every input covers those.
 */
function coversCall(rules: PermissionRule[], tool: string, call: CallSubjects): boolean {
  const naming = rules.filter((rule) => ruleNamesTool(rule, tool));
  if (naming.some((rule) => rule.pattern === undefined)) return true;
  if (naming.length === 0 || call.hasSubstitution || call.subjects.length === 0) return false;
  if (call.fileRedirections.length > 0) return false;
  return call.subjects.every((subject) => naming.some((rule) => patternAccepts(rule, tool, subject)));
}

/** Why no narrow rule allows a call that redirects to a file, and what to do instead. */
function redirectionNote(call: CallSubjects): string | undefined {
  const [first] = call.fileRedirections;
  if (first === undefined) return undefined;
  const shown = first.length > 80 ? `${first.slice(0, 80)}…` : first;
  const command = call.subjects[0]?.split(/\s+/)[0] ?? "";
  const example = /^[\w.-]+$/.test(command) ? ` such as Bash(${command}:*)` : "";
  return `It redirects to a file (${shown}), and no prefix rule${example} allows a redirection to a file: write files with write_file or edit_file, or run the command without the redirection.`;
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

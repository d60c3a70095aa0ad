// Diagnostics of a skill or of discovery: severity icon, message, code and position.
import type { Diagnostic } from "@skillbox/server/server/api-types";

const icons: Record<Diagnostic["severity"], string> = { error: "✖", warning: "⚠", info: "ℹ" };
const severityNames: Record<Diagnostic["severity"], string> = {
  error: "Error",
  warning: "Warning",
  info: "Note",
};

interface DiagnosticListProps {
  diagnostics: readonly Diagnostic[];
  /** Show each diagnostic's file path (for discovery-wide diagnostics not tied to one skill). */
  showPath?: boolean;
  testId?: string;
}

/** A list of diagnostics, each `data-testid="diagnostic"` with `data-severity` and `data-code`. */
export function DiagnosticList({ diagnostics, showPath, testId }: DiagnosticListProps) {
  if (diagnostics.length === 0) return null;
  return (
    <ul className="diagnostics" data-testid={testId}>
      {diagnostics.map((diagnostic, index) => (
        <li
          // Diagnostics have no id; the same code can repeat on different lines.
          // biome-ignore lint/suspicious/noArrayIndexKey: order is stable within one server answer.
          key={index}
          className={`diagnostic diagnostic-${diagnostic.severity}`}
          data-testid="diagnostic"
          data-severity={diagnostic.severity}
          data-code={diagnostic.code}
        >
          <span className="diagnostic-icon" aria-hidden="true">
            {icons[diagnostic.severity]}
          </span>
          <span className="visually-hidden">{severityNames[diagnostic.severity]}: </span>
          <span className="diagnostic-message">{diagnostic.message}</span>
          {formatPosition(diagnostic, showPath) && (
            <span className="diagnostic-position">{formatPosition(diagnostic, showPath)}</span>
          )}
          <code className="diagnostic-code">{diagnostic.code}</code>
        </li>
      ))}
    </ul>
  );
}

function formatPosition(diagnostic: Diagnostic, showPath: boolean | undefined): string {
  const parts: string[] = [];
  if (showPath) parts.push(diagnostic.path);
  if (diagnostic.line !== undefined) {
    parts.push(
      `line ${diagnostic.line}${diagnostic.column === undefined ? "" : `, column ${diagnostic.column}`}`,
    );
  }
  return parts.join(", ");
}

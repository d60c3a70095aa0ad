// Where API errors and progress messages are announced: an alert region and a polite status line.
import type { ApiError } from "./api-client.js";

/** Always rendered so screen readers track it; `data-testid="error-alert"` with `data-error-code`. */
export function ErrorAlert({ error, onDismiss }: { error: ApiError | null; onDismiss(): void }) {
  return (
    <div
      role="alert"
      className={error === null ? "alert-region" : "alert-region alert"}
      data-testid="error-alert"
      data-error-code={error?.code}
    >
      {error !== null && (
        <>
          <span className="alert-icon" aria-hidden="true">
            ✖
          </span>
          <p>
            <strong>{error.message}</strong> <code className="alert-code">{error.code}</code>
          </p>
          <button type="button" className="button-quiet" onClick={onDismiss} data-testid="error-dismiss">
            Dismiss<span className="visually-hidden"> error</span>
          </button>
        </>
      )}
    </div>
  );
}

/** `role="status"` line (`data-testid="status-message"`) for refreshes, state changes and the like. */
export function StatusMessage({ message }: { message: string }) {
  return (
    <p role="status" className="status-message" data-testid="status-message">
      {message}
    </p>
  );
}

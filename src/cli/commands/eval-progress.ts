// Progress for `skillbox eval` on a terminal: one bar on stderr (cli-progress, as the installer
// uses), cleared when done; nothing at all when stderr is not a terminal, so logs stay clean.

import cliProgress from "cli-progress";

/** A bar over `total` prompts; `tick` after each one, `stop` at the end (or on failure). */
export interface EvalProgress {
  tick(): void;
  stop(): void;
}

/** A bar on `stream`, or one that shows nothing when there is no terminal to draw on. */
export function createEvalProgress(
  stream: NodeJS.WritableStream | undefined,
  phase: string,
  total: number,
): EvalProgress {
  if (stream === undefined || total === 0) return { tick: () => {}, stop: () => {} };
  const bar = new cliProgress.SingleBar(
    {
      format: ` ${phase} [{bar}] {value}/{total} prompts`,
      hideCursor: true,
      clearOnComplete: true,
      stream,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  return { tick: () => bar.increment(), stop: () => bar.stop() };
}

// Progress events the installer emits while downloading, extracting and writing; front ends draw
// them (bars on a terminal, plain lines otherwise). The core never prints.

/** One progress step. `done` marks the last event of a phase for that label. */
export type InstallProgress =
  | { phase: "download"; label: string; bytes: number; totalBytes?: number; done?: boolean }
  | { phase: "extract"; label: string; entries: number; bytes: number; done?: boolean }
  | { phase: "write"; label: string; files: number; totalFiles: number; done?: boolean };

export type ProgressListener = (event: InstallProgress) => void;

/** A listener that does nothing, for callers that pass none. */
export const ignoreProgress: ProgressListener = () => {};

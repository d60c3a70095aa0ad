// Where Skillbox's SQLite file lives, apart from opening it: knowing the path loads no database code.

import { join } from "node:path";

/** The in-memory database path, for tests and throwaway runs. */
export const MEMORY_STORE_PATH = ":memory:";

/** `<homeDirectory>/.skillbox/skillbox.db`. */
export function defaultStorePath(homeDirectory: string): string {
  return join(homeDirectory, ".skillbox", "skillbox.db");
}

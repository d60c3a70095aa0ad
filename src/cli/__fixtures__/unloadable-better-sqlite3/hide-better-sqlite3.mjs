// Preloaded with `node --import`: makes 'better-sqlite3' unresolvable in this process, as on a machine
// whose install of it failed (no prebuilt binary, no compiler). node_modules is left untouched.
// Skillbox loads it through require(), so the CommonJS resolver is the one to refuse it.
import Module from "node:module";

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveWithoutBetterSqlite3(request, ...rest) {
  if (request === "better-sqlite3" || request.startsWith("better-sqlite3/")) {
    const error = new Error(`Cannot find module '${request}'`);
    error.code = "MODULE_NOT_FOUND";
    throw error;
  }
  return resolveFilename.call(this, request, ...rest);
};

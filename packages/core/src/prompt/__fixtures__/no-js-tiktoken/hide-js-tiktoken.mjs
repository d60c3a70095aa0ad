// Preloaded with `node --import`: makes 'js-tiktoken' unresolvable in this process, as in a project
// that installed @skillbox/core without its optional tokenizer. node_modules is left untouched.
// tokens.ts loads it through require(), so the CommonJS resolver is the one to refuse it.
import Module from "node:module";

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveWithoutJsTiktoken(request, ...rest) {
  if (request === "js-tiktoken" || request.startsWith("js-tiktoken/")) {
    const error = new Error(`Cannot find module '${request}'`);
    error.code = "MODULE_NOT_FOUND";
    throw error;
  }
  return resolveFilename.call(this, request, ...rest);
};

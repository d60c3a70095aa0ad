// The import-time row of the whole-process bench: one Node process that loads @skillbox/core as a
// user's program does (the package's `default` condition: packages/core/dist) and exits.
// Usage: node bench/import-core.mjs
await import("@skillbox/core");

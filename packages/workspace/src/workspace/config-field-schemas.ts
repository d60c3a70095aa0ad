// The zod schema of each config key: the rule the plain checks of read-valid-config-field.ts follow,
// and the wording of what is wrong with a field they reject (loaded through load-config-field-schemas.ts).

import { normalizeHookConfig } from "@skillbox/core/agent/hooks/normalize-hook-config";
import { readEmbeddingsSetting } from "@skillbox/core/registry/semantic/embeddings-config";
import { z } from "zod";
import { readStoreSetting } from "./resolve-configured-store.js";
import type { SkillboxConfig } from "./workspace.js";

/** One schema per key, so one bad field is dropped with a warning and the rest still apply. */
export const configFieldSchemas = {
  roots: z.array(z.string().min(1)),
  extraRoots: z.array(z.string().min(1)),
  provider: z.enum(["openai", "anthropic"]),
  model: z.string().min(1),
  baseUrl: z.string().min(1),
  models: z.object({ haiku: z.string(), sonnet: z.string(), opus: z.string() }).partial().strict(),
  prompt: z
    .object({
      format: z.enum(["xml", "markdown", "plain", "available-skills"]),
      budgetTokens: z.union([z.number().int().positive(), z.literal("none")]),
    })
    .partial()
    .strict(),
  permissions: z
    .object({ allow: z.array(z.string()), ask: z.array(z.string()), deny: z.array(z.string()) })
    .partial()
    .strict(),
  // Both shapes (flat and Claude Code's groups) become flat entries; parseConfigText drops only the
  // bad entries, with a warning each, so this whole-key rule words what the plain check refuses.
  hooks: z.unknown().transform((value, context) => {
    const { hooks, problems } = normalizeHookConfig(value);
    for (const problem of problems) {
      context.addIssue({
        code: "custom",
        message: problem.message,
        path: problem.at === "" ? [] : [problem.at],
      });
    }
    return hooks ?? z.NEVER;
  }),
  server: z
    .object({ port: z.number().int().min(0).max(65535), host: z.string().min(1) })
    .partial()
    .strict(),
  trustedSymlinkTargets: z.array(z.string().min(1)),
  trustedProjects: z.array(z.string().min(1)),
  maxDepth: z.number().int().positive(),
  maxDirectories: z.number().int().positive(),
  mcpServers: z.record(z.string(), z.unknown()),
  // Checked without zod, so the CLI can read it before anything heavy loads (resolveConfiguredStore).
  store: z.unknown().transform((value, context) => {
    const setting = readStoreSetting(value);
    if (typeof setting !== "string") return setting;
    context.addIssue({ code: "custom", message: setting });
    return z.NEVER;
  }),
  suggestions: z.enum(["auto", "on", "off"]),
  // Checked without zod, like store: the same check words the problem.
  embeddings: z.unknown().transform((value, context) => {
    const setting = readEmbeddingsSetting(value);
    if (typeof setting !== "string") return setting;
    context.addIssue({ code: "custom", message: setting });
    return z.NEVER;
  }),
} satisfies Record<keyof SkillboxConfig, z.ZodType>;

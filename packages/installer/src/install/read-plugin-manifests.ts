// Claude Code plugin marketplaces: `.claude-plugin/marketplace.json` lists plugins, each plugin's
// `.claude-plugin/plugin.json` (or the marketplace entry) may name skill paths; the default is the
// plugin's `skills/` folder. Every path must stay inside the repository; plugins from other sources
// are reported, not followed.
import { posix } from "node:path";
import type { Diagnostic } from "@skillbox/core/skills/diagnostic";
import { checkEntryPath } from "./check-entry-path.js";
import type { SourceSnapshot } from "./source-snapshot.js";

/** A skill folder a plugin manifest declares. */
export interface DeclaredSkillFolder {
  folder: string;
  plugin: string;
}

const MARKETPLACE = ".claude-plugin/marketplace.json";
const PLUGIN = ".claude-plugin/plugin.json";
const MAX_MANIFEST_BYTES = 1024 * 1024;

/** The skill folders the repository's plugin manifests declare, with findings about the manifests. */
export async function readPluginSkillFolders(
  snapshot: SourceSnapshot,
): Promise<{ declared: DeclaredSkillFolder[]; diagnostics: Diagnostic[] }> {
  const files = new Set(snapshot.entries.filter((entry) => entry.kind === "file").map((entry) => entry.path));
  const diagnostics: Diagnostic[] = [];
  const warn = (path: string, code: string, message: string) =>
    diagnostics.push({ severity: "warning", code, message, path });
  const readJson = async (path: string): Promise<Record<string, unknown> | undefined> => {
    if (!files.has(path)) return undefined;
    const bytes = (await snapshot.readFiles([path])).get(path);
    if (bytes === undefined || bytes.length > MAX_MANIFEST_BYTES) return undefined;
    try {
      const value: unknown = JSON.parse(Buffer.from(bytes).toString("utf8"));
      if (value !== null && typeof value === "object" && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      // reported just below, like a manifest that is not an object
    }
    warn(path, "invalid-manifest", "the manifest is not a JSON object; it is ignored");
    return undefined;
  };
  const plugins: Array<{ name: string; folder: string; skills: unknown }> = [];
  const marketplace = await readJson(MARKETPLACE);
  if (marketplace) {
    const metadata = marketplace.metadata as Record<string, unknown> | undefined;
    const pluginRoot = typeof metadata?.pluginRoot === "string" ? metadata.pluginRoot : "";
    for (const item of Array.isArray(marketplace.plugins) ? marketplace.plugins : []) {
      const plugin = item as Record<string, unknown>;
      const name = typeof plugin.name === "string" ? plugin.name : "(unnamed)";
      if (typeof plugin.source !== "string") {
        warn(
          MARKETPLACE,
          "external-plugin",
          `plugin '${name}' comes from another source and is not followed`,
        );
        continue;
      }
      const base = plugin.source.startsWith("./") || plugin.source.startsWith("../") ? "" : pluginRoot;
      const folder = resolveInside(base, plugin.source);
      if (folder === undefined)
        warn(MARKETPLACE, "plugin-path-escape", `plugin '${name}' points outside the repository`);
      else plugins.push({ name, folder, skills: plugin.skills });
    }
  }
  if (files.has(PLUGIN) && !plugins.some((plugin) => plugin.folder === "")) {
    plugins.push({ name: "", folder: "", skills: undefined });
  }
  const declared: DeclaredSkillFolder[] = [];
  for (const plugin of plugins) {
    const manifestPath = plugin.folder === "" ? PLUGIN : `${plugin.folder}/${PLUGIN}`;
    const manifest = await readJson(manifestPath);
    const name = plugin.name || (typeof manifest?.name === "string" ? manifest.name : "plugin");
    const paths = ["skills", ...asList(plugin.skills), ...asList(manifest?.skills)];
    for (const entry of paths) {
      const folder = resolveInside(plugin.folder, entry);
      if (folder === undefined) {
        warn(
          manifestPath,
          "plugin-path-escape",
          `skill path '${entry}' of plugin '${name}' leaves the repository`,
        );
        continue;
      }
      for (const skillFolder of expandSkillPath(folder, files))
        declared.push({ folder: skillFolder, plugin: name });
    }
  }
  return { declared, diagnostics };
}

/** `base/relative` normalised, or undefined when it is absolute or climbs out of the root. */
function resolveInside(base: string, relative: string): string | undefined {
  if (relative.startsWith("/") || relative.includes("\\")) return undefined;
  const joined = posix.normalize(posix.join(base || ".", relative));
  if (joined === ".." || joined.startsWith("../")) return undefined;
  const checked = checkEntryPath(joined);
  return checked.ok ? checked.path : undefined;
}

/** A skill folder itself, or the skill folders directly inside it. */
function expandSkillPath(folder: string, files: ReadonlySet<string>): string[] {
  const prefix = folder === "" ? "" : `${folder}/`;
  if (files.has(`${prefix}SKILL.md`) || files.has(`${prefix}skill.md`)) return [folder];
  const found = new Set<string>();
  for (const file of files) {
    if (!file.startsWith(prefix)) continue;
    const rest = file.slice(prefix.length).split("/");
    if (rest.length === 2 && (rest[1] === "SKILL.md" || rest[1] === "skill.md"))
      found.add(`${prefix}${rest[0]}`);
  }
  return [...found].sort();
}

function asList(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

// Every documented entry point exports the types its functions take and return: a user who calls
// `createSearchIndex(options)` can also name the type of `options`. Checked with the TypeScript
// checker over the entries' sources: a parameter or return type that is one of our own interfaces
// or type aliases must be exported by the same entry.

import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const ENTRIES = [
  "packages/core/src/index.ts",
  "packages/core/src/integrations/index.ts",
  "src/index.ts",
  "src/agent-entry.ts",
  "src/mcp/index.ts",
  "src/server/index.ts",
].map((entry) => path.join(ROOT, entry));

/** For each entry: the unexported type names, each with the exports that use it. */
function findUnexportedTypes(): Record<string, string[]> {
  const program = ts.createProgram(ENTRIES, {
    strict: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    customConditions: ["skillbox-source"],
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const resolve = (symbol: ts.Symbol) =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const found: Record<string, string[]> = {};
  for (const entry of ENTRIES) {
    const source = program.getSourceFile(entry);
    const module = source && checker.getSymbolAtLocation(source);
    if (module === undefined) throw new Error(`cannot read ${entry}`);
    const exports = checker.getExportsOfModule(module);
    const exported = new Set(exports.map(resolve));
    const missing: string[] = [];
    const check = (type: ts.Type, user: string) => {
      const symbol = type.aliasSymbol ?? type.getSymbol();
      const declaration = symbol?.declarations?.[0];
      if (symbol === undefined || declaration === undefined || exported.has(symbol)) return;
      const file = declaration.getSourceFile().fileName;
      if (file.includes("/node_modules/") || !file.startsWith(ROOT)) return;
      if (!ts.isInterfaceDeclaration(declaration) && !ts.isTypeAliasDeclaration(declaration)) return;
      missing.push(`${symbol.name} (used by ${user})`);
    };
    for (const symbol of exports) {
      const target = resolve(symbol);
      const declaration = target.valueDeclaration;
      if (declaration === undefined) continue;
      const type = checker.getTypeOfSymbolAtLocation(target, declaration);
      for (const signature of [...type.getCallSignatures(), ...type.getConstructSignatures()]) {
        for (const parameter of signature.parameters) {
          check(checker.getTypeOfSymbolAtLocation(parameter, declaration), symbol.name);
        }
        check(signature.getReturnType(), symbol.name);
      }
    }
    found[path.relative(ROOT, entry)] = [...new Set(missing)].sort();
  }
  return found;
}

describe("public entry points", () => {
  it("export every type of our own that their functions take or return", () => {
    const found = findUnexportedTypes();
    expect(Object.keys(found)).toHaveLength(ENTRIES.length);
    for (const missing of Object.values(found)) expect(missing).toEqual([]);
  }, 120_000);
});

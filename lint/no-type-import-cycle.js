// import-x/no-cycle follows value imports only, so a cycle closed by an `import type` (core/habit.ts <-> core/stats.ts
// was one) passes it; this rule reports such an import (docs/decisions/0018-no-import-cycles.md).
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.dirname(import.meta.dirname);
const { config } = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile);
const compilerOptions = ts.parseJsonConfigFileContent(config, ts.sys, root).options;

/** The project file that `specifier` names from `from`, or null for packages and declaration files. */
function resolve(specifier, from) {
  const { resolvedModule: m } = ts.resolveModuleName(specifier, from, compilerOptions, ts.sys);
  if (!m || m.isExternalLibraryImport || m.extension === ts.Extension.Dts) return null;
  return path.resolve(m.resolvedFileName);
}

// Every import of a file (type, value and import()), parsed once per lint run unless the file changes.
const imports = new Map();
function importsOf(file) {
  const mtimeMs = statSync(file).mtimeMs;
  const cached = imports.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.files;
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  const files = importedFiles.map((f) => resolve(f.fileName, file)).filter((f) => f !== null);
  imports.set(file, { mtimeMs, files });
  return files;
}

/** The shortest chain of imports from `start` back to `target`, or null. */
function routeBack(start, target) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length > 0) {
    const route = queue.shift();
    for (const next of importsOf(route.at(-1))) {
      if (next === target) return route;
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...route, next]);
      }
    }
  }
  return null;
}

const typeOnly = (node) =>
  node.importKind === "type" ||
  node.exportKind === "type" ||
  (node.specifiers?.length > 0 &&
    node.specifiers.every((s) => s.importKind === "type" || s.exportKind === "type"));

export const noTypeImportCycle = {
  meta: {
    type: "problem",
    docs: { description: "Forbid an `import type` that closes an import cycle." },
    messages: {
      cycle:
        "Import cycle through a type import: {{route}}. Move the shared type to a module both can import.",
    },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    const check = (node) => {
      if (typeof node.source?.value !== "string" || !typeOnly(node)) return;
      const target = resolve(node.source.value, file);
      const route = target && target !== file ? routeBack(target, file) : null;
      if (!route) return;
      const names = [file, ...route, file].map((f) => path.relative(root, f));
      context.report({ node: node.source, messageId: "cycle", data: { route: names.join(" -> ") } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

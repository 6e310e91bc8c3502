// The initial bundle (docs/decisions/0060) is every module main.tsx reaches through static imports. A
// few modules must stay out of it, loaded after the first paint or with the pages that need them; scripts/
// bundle-size.mjs measures the whole, this names the culprit when one of them comes back.
import { describe, expect, it } from "vitest";

// Every source file of the app, as text (Vite reads them; src/web has no file system access).
const sources = import.meta.glob<string>(["/src/web/**/*.{ts,tsx}", "/src/core/**/*.ts", "!**/*.test.*"], {
  query: "?raw",
  import: "default",
  eager: true,
});
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

/** "/src/web/app" + "../lib/x" → "/src/web/lib/x". */
function join(dir: string, spec: string): string {
  const parts = dir.split("/");
  for (const part of spec.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== ".") parts.push(part);
  }
  return parts.join("/");
}

/** The relative modules a file imports for their values (not `import type`, nor `import()`). */
function staticImports(file: string): string[] {
  const found: string[] = [];
  const statement = /^(?:import|export)\s+([^;]*?)\s*from\s+"(\.[^"]+)"|^import\s+"(\.[^"]+)"/gm;
  for (const [, clause = "", from, bare] of (sources[file] ?? "").matchAll(statement)) {
    const specifiers = /\{([^}]*)\}/.exec(clause)?.[1];
    const typeOnly =
      /^type\s/.test(clause) ||
      (specifiers !== undefined &&
        !/^[\w$]+\s*,/.test(clause) &&
        specifiers
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
          .every((s) => s.startsWith("type ")));
    if (!typeOnly || bare) found.push((from ?? bare)!);
  }
  return found.map((spec) => {
    const base = join(file.slice(0, file.lastIndexOf("/")), spec);
    const hit = EXTENSIONS.map((ext) => base + ext).find((path) => path in sources);
    // Not a source file (a stylesheet): no modules behind it.
    return hit ?? base;
  });
}

function initialModules(): Set<string> {
  const seen = new Set<string>();
  const queue = ["/src/web/main.tsx"];
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file) || !(file in sources)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return new Set([...seen].map((file) => file.slice(1)));
}

describe("the initial bundle's modules", () => {
  const initial = initialModules();

  it("include the first screen: the shell, Today and the first screen's texts", () => {
    for (const file of [
      "src/web/app/shell/app-shell.tsx",
      "src/web/features/today/today-page.tsx",
      "src/core/messages/first-screen.ts",
    ])
      expect(initial, file).toContain(file);
  });

  it("leave out the whole message catalogue: the first screen imports its own part", () => {
    expect(initial).not.toContain("src/core/messages.ts");
    expect(initial).not.toContain("src/core/messages/on-demand.ts");
  });

  it("leave out what loads after the first paint: Today's list and the store engine with its writes", () => {
    for (const file of ["src/web/features/today/today-list.tsx", "src/web/lib/sync/sync-engine.ts"])
      expect(initial, file).not.toContain(file);
  });

  it("leave out the reminders: the visit's time zone and the Today card's reminder load with import()", () => {
    for (const file of [
      "src/web/lib/reminders/visit.ts",
      "src/web/lib/reminders/enable-daily-reminder.ts",
      "src/web/lib/reminders/reminders-api.ts",
      "src/web/lib/pwa/sw-reminders.ts",
    ])
      expect(initial, file).not.toContain(file);
  });

  it("leave out other languages: their texts and the code that applies them load only for them (0072)", () => {
    expect(initial).toContain("src/web/lib/locale.ts");
    expect(initial).toContain("src/core/messages/compiled/en/first-screen.ts");
    for (const file of [
      "src/web/lib/locale-switch.ts",
      "src/core/i18n/catalogue-apply.ts",
      "src/core/i18n/locale-names.ts",
      "src/core/messages/in-locale.ts",
      "src/core/messages/compiled/index.ts",
      "src/core/messages/compiled/en/on-demand.ts",
      "src/core/messages/compiled/de/first-screen.ts",
    ])
      expect(initial, file).not.toContain(file);
  });
});

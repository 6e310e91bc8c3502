// The CSP allows index.html's inline scripts by their hashes, and only those (the theme script and the script
// that starts the app after the first paint are inline, so the first paint waits for no request). Recomputed
// from the file: an edit of a script without its hash in src/server/http/security.ts fails here, not in a
// user's browser (where the theme would silently not apply, or the app never start).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { securityHeaderList } from "../src/server/http/security";

const html = readFileSync(new URL("../src/web/index.html", import.meta.url), "utf8");
const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
  (m) => m[1]!,
);
const hashSource = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

function scriptSources(): string[] {
  const csp = securityHeaderList({ hsts: false }).find(([name]) => name === "Content-Security-Policy")![1];
  const directive = csp
    .split(";")
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === "script-src")!;
  return directive.slice(1);
}

describe("the CSP's script-src and index.html's inline scripts", () => {
  it("index.html has exactly two inline scripts, the theme's and the app's start", () => {
    expect(inlineScripts).toHaveLength(2);
    expect(inlineScripts[0]).toContain("habitStreaksTheme");
    expect(inlineScripts[1]).toContain("data-entry");
  });

  it("allows each inline script by its hash and no other hash", () => {
    const hashes = scriptSources().filter((source) => source.startsWith("'sha256-"));
    expect(hashes).toEqual(inlineScripts.map(hashSource));
  });

  it("still allows no inline script by any other means", () => {
    const sources = scriptSources();
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources).not.toContain("'unsafe-eval'");
    expect(sources.filter((s) => !s.startsWith("'sha256-"))).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });
});

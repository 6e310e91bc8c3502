import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SERVER = join(import.meta.dirname);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe("the SQLite writer's thread", () => {
  it("loads every module that holds a write function, so that each is known there by its name", () => {
    const entry = readFileSync(join(SERVER, "sqlite-writer.worker.ts"), "utf8");
    const loaded = [...entry.matchAll(/^import "\.\/(.+)";$/gm)].map((m) => `${m[1]}.ts`);
    const holders = sources(SERVER)
      .filter((file) => /\bonWriter\(/.test(readFileSync(file, "utf8")) && !file.endsWith("db/writer.ts"))
      .map((file) => relative(SERVER, file));
    expect(holders.length).toBeGreaterThan(5);
    expect(loaded.sort()).toEqual(holders.sort());
  });
});

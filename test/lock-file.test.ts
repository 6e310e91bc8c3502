// `npm ci` refuses a lock file that lacks a package's optional per-platform dependencies (npm leaves them out when
// it writes the lock from a node_modules of one platform), and a build on another platform then lacks its native
// part. Every optional dependency a locked package names must itself be locked.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

type Locked = { optionalDependencies?: Record<string, string> };
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, Locked> };

/** Where npm would resolve `name` from the package at `at`: its own node_modules, then each parent's. */
function resolves(at: string, name: string): boolean {
  let dir = at;
  for (;;) {
    if (lock.packages[`${dir ? `${dir}/` : ""}node_modules/${name}`]) return true;
    if (!dir) return false;
    const cut = dir.lastIndexOf("/node_modules/");
    dir = cut === -1 ? "" : dir.slice(0, cut);
  }
}

describe("package-lock.json", () => {
  it("holds every platform's optional packages, so that npm ci installs on any machine", () => {
    const missing = Object.entries(lock.packages).flatMap(([at, locked]) =>
      Object.keys(locked.optionalDependencies ?? {})
        .filter((name) => !resolves(at, name))
        .map((name) => `${at || "(root)"} -> ${name}`),
    );
    expect(missing).toEqual([]);
  });
});

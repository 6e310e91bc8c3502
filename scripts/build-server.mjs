#!/usr/bin/env node
// Builds the server ahead of time (docs/decisions/0059-server-read-path.md): src/server/main.ts and everything it
// imports, the npm packages included, into one plain JavaScript file, dist/server/main.js, which `npm start` runs
// with plain Node, without run-time TypeScript (tsx) and loading a thousand package files as modules, which both
// cost memory. Kept outside the bundle: native addons (better-sqlite3) and optional packages that
// are not installed (pg-native), loaded from node_modules at run time as before.
// Files a module opens beside itself (`new URL("./name", import.meta.url)`: the SQLite writer's worker, the common
// passwords list) are copied next to the bundle under the same name, found by reading the bundled sources.
// With --commands, the operator commands (`npm run backup`, `restore`, `user`) are built beside it too, as
// backup.js, restore.js and user.js, for installs without tsx and the sources: the container image
// (docs/decisions/0073-container-image.md).
// Usage: node scripts/build-server.mjs [--outdir <dir>] [--commands]   (default dist/server; takes about a second)
import { build } from "esbuild";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";

const ROOT = resolve(import.meta.dirname, "..");
// The server, and the SQLite writer's thread (db/sqlite-dialect.ts), which loads the same modules.
const ENTRIES = ["src/server/main.ts", "src/server/sqlite-writer.worker.ts"];
const COMMANDS = ["scripts/backup.ts", "scripts/restore.ts", "scripts/user.ts"];
const EXTERNAL = ["better-sqlite3", "pg-native"];
const ASSET = /new URL\(\s*["'](\.\/[^"'/]+)["']\s*,\s*import\.meta\.url\s*\)/g;

/** Bundles the server into `outdir` (emptied first); resolves to the files written. */
export async function buildServer({ outdir = join(ROOT, "dist/server"), commands = false } = {}) {
  const out = resolve(outdir);
  const entries = commands ? [...ENTRIES, ...COMMANDS] : ENTRIES;
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: entries,
    outdir: out,
    entryNames: "[name]",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    external: EXTERNAL,
    // CommonJS packages inside an ES module bundle call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    // No comments and no indentation: V8 keeps the source of every loaded script in memory (one character
    // outside Latin-1 in a comment makes the whole bundle a two-byte string). Names are kept, so stack traces
    // stay readable without a source map.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: "none",
    charset: "ascii",
    metafile: true,
    logLevel: "warning",
  });
  const written = entries.map((entry) => join(out, `${basename(entry, ".ts")}.js`));
  const copied = new Map();
  for (const input of Object.keys(result.metafile.inputs)) {
    if (input.includes("node_modules/") || !/\.(ts|mts|js|mjs)$/.test(input)) continue;
    const file = join(ROOT, input);
    for (const [, name] of readFileSync(file, "utf8").matchAll(ASSET)) {
      if (written.some((path) => basename(path) === basename(name))) continue; // built above
      const source = resolve(dirname(file), name);
      const target = join(out, basename(source));
      if (!existsSync(source)) throw new Error(`${input} opens ${name}, which does not exist`);
      const other = copied.get(target);
      if (other && other !== source)
        throw new Error(`two files would be copied to ${relative(ROOT, target)}: ${other} and ${source}`);
      if (!other) copyFileSync(source, target);
      copied.set(target, source);
    }
  }
  return [...written, ...copied.keys()];
}

/** package.json's start command after its build step: leading NAME=value settings, then node's arguments. */
function startCommand(root) {
  const start = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts.start;
  const words = start.split("&&").at(-1).trim().split(/\s+/);
  const settings = [];
  while (/^[A-Z_][A-Z0-9_]*=/.test(words[0] ?? "")) settings.push(words.shift());
  if (words[0] !== "node" || words.at(-1) !== "dist/server/main.js")
    throw new Error(`package.json's start script does not end with node … dist/server/main.js: ${start}`);
  return { settings, command: words };
}

/**
 * The Node options `npm start` gives the server (package.json's start script, after its build step): the bench,
 * the tests and the smoke test start the built server the way production does.
 */
export function serverNodeOptions(root = ROOT) {
  return startCommand(root).command.slice(1, -1);
}

/** The environment settings `npm start` puts before `node` (MALLOC_ARENA_MAX), as an object to spread into env. */
export function serverStartEnv(root = ROOT) {
  return Object.fromEntries(
    startCommand(root).settings.map((setting) => {
      const eq = setting.indexOf("=");
      return [setting.slice(0, eq), setting.slice(eq + 1)];
    }),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { values } = parseArgs({ options: { outdir: { type: "string" }, commands: { type: "boolean" } } });
  const started = performance.now();
  const files = await buildServer({ outdir: values.outdir, commands: values.commands });
  const ms = (performance.now() - started).toFixed(0);
  console.log(`server built in ${ms} ms: ${files.map((f) => relative(process.cwd(), f)).join(", ")}`);
}

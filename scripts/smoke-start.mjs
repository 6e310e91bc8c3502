#!/usr/bin/env node
// Start-up smoke test: builds the server as `npm run build` does (scripts/build-server.mjs, into a folder of its
// own), starts it as `npm start` does (package.json's Node options) with the given Node binary on a fresh SQLite
// folder, waits for /api/health, loads the app's page, then stops it with SIGTERM and expects a clean exit.
// Usage: node scripts/smoke-start.mjs [path/to/node]
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildServer, serverNodeOptions, serverStartEnv } from "./build-server.mjs";

const nodeBin = process.argv[2] ?? process.execPath;
const port = await new Promise((resolve) => {
  const s = createServer().listen(0, "127.0.0.1", () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});
const dataDir = mkdtempSync(join(tmpdir(), "hs-smoke-"));
// Beside node_modules, where the bundle finds better-sqlite3; not dist/server, which a running server may use.
const serverDir = join(".tmp", `smoke-server-${process.pid}`);
await buildServer({ outdir: serverDir });
const child = spawn(nodeBin, [...serverNodeOptions(), join(serverDir, "main.js")], {
  env: {
    ...serverStartEnv(),
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));

async function check() {
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    const health = await fetch(`${base}/api/health`).catch(() => null);
    if (health?.status === 200) {
      const body = await health.json();
      if (body.database !== "ok") throw new Error(`health: ${JSON.stringify(body)}`);
      const page = await fetch(`${base}/login`);
      const html = await page.text();
      if (page.status !== 200 || !html.includes('<div id="root"'))
        throw new Error(`GET /login answered ${page.status}`);
      return;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the server did not answer /api/health within 30 s");
}

let ok = false;
try {
  const version = await new Promise((resolve) => {
    const v = spawn(nodeBin, ["--version"]);
    let out = "";
    v.stdout.on("data", (d) => (out += d));
    v.on("exit", () => resolve(out.trim()));
  });
  const early = exited.then(({ code, signal }) => {
    throw new Error(`the server exited before answering (code ${code}, signal ${signal})`);
  });
  await Promise.race([check(), early]);
  early.catch(() => {});
  child.kill("SIGTERM");
  const { code } = await exited;
  ok = code === 0;
  console.log(`start-up smoke test on Node ${version}: ${ok ? "ok" : `exit code ${code} after SIGTERM`}`);
} catch (error) {
  console.error(`start-up smoke test failed: ${error.message}`);
  child.kill("SIGKILL");
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(serverDir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);

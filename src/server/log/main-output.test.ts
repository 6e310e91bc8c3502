// The started server's own output, as `npm start` runs it (the server built by scripts/build-server.mjs, its pino
// and pino-pretty bundled): JSON lines without colour codes on a pipe, readable lines on a terminal.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer, serverNodeOptions, serverStartEnv } from "../../../scripts/build-server.mjs";
import { freePort } from "../../../test/support/free-port";

// Beside node_modules, where the bundle finds better-sqlite3.
const serverDir = join(".tmp", `main-output-${process.pid}`);
const args = [...serverNodeOptions(), join(serverDir, "main.js")];
beforeAll(() => buildServer({ outdir: serverDir }), 60_000);
afterAll(() => rmSync(serverDir, { recursive: true, force: true }));

/** Starts the built server (under a pseudo-terminal when `tty`), calls /api/health, stops it; returns its output. */
async function run(tty: boolean): Promise<string> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "hs-main-log-"));
  const command = [process.execPath, ...args].join(" ");
  const child = tty
    ? spawn("script", ["-qfec", command, "/dev/null"], { detached: true, env: env(port, dataDir) })
    : spawn(process.execPath, args, { env: env(port, dataDir) });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => child.on("exit", resolve));
  try {
    // A bound, not a timing: a loaded machine only makes the start slower.
    for (let i = 0; i < 400 && !output.includes("listening"); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await fetch(`http://127.0.0.1:${port}/api/health?token=secret-query`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
  } finally {
    // script runs the server in its own process group: end that group, started here, by its id.
    if (tty && child.pid) process.kill(-child.pid, "SIGTERM");
    else child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  return output;
}

const env = (port: number, dataDir: string, extra: Record<string, string> = {}) => ({
  ...serverStartEnv(),
  PATH: process.env.PATH,
  TERM: "xterm-256color",
  ...{ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info" },
  ...extra,
});

describe("the server's output", () => {
  it("is one JSON object a line, without colour codes, when stdout is not a terminal", async () => {
    const output = await run(false);
    expect(output).not.toContain("\u001b[");
    const lines = output
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.some((l) => String(l.msg).startsWith("Habit Streaks listening on"))).toBe(true);
    expect(lines).toContainEqual(
      expect.objectContaining({ method: "GET", route: "/api/health", status: 200 }),
    );
    expect(output).not.toContain("secret-query");
  }, 60_000);

  it("is one readable line a request on a terminal", async () => {
    const output = await run(true);
    expect(output).toMatch(/INFO.*Habit Streaks listening on/);
    expect(output).toMatch(/GET \/api\/health 200 [\d.]+ ms req=[0-9a-f-]{36}/);
    expect(output).not.toMatch(/^\{/m);
  }, 60_000);

  it("is one line that says why when the database cannot be reached, and the exit code is 1", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "hs-main-log-"));
    const closed = await freePort();
    const child = spawn(process.execPath, args, {
      env: env(await freePort(), dataDir, {
        DATABASE_URL: `postgres://habits:habits@127.0.0.1:${closed}/habits`,
      }),
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const code = await new Promise((resolve) => child.on("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(1);
    const lines = output.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 60,
      msg: expect.stringContaining("Could not start"),
    });
    expect(lines[0]).toContain("ECONNREFUSED");
  }, 60_000);
});

// Two server processes on one SQLite file (e.g. `npm run user` beside a live server): writers must wait for each
// other (BEGIN IMMEDIATE and the busy timeout) instead of failing with "database is locked".
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../core/local-date";
import { testDialects } from "../../../test/support/databases";
import { freePort } from "../../../test/support/free-port";
import { TEST_SECRET, useTestServer, type TestUser } from "../../../test/support/api-server";

const sqlite = testDialects().filter((d) => d.dialect === "sqlite");
// Well in the past, so that both servers' clocks (pinned and real) accept every day.
const history = Array.from({ length: 40 }, (_, i) => addDays("2026-01-01", i));
const backup = Array.from({ length: 20 }, (_, i) => ({ name: `Habit ${i}`, completedDates: history }));

async function startSecondServer(file: string, dataDir: string) {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${file}`,
      AUTH_SECRET: TEST_SECRET,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => void (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => void (output += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (
    !(await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`second server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, url, output: () => output };
}

describe.each(sqlite)("two server processes on one $dialect file", (dialect) => {
  const t = useTestServer(dialect);
  let second: { child: ChildProcess; url: string; output: () => string };
  let dataDir: string;
  // Imports are limited per account and minute (IMPORTS_PER_MINUTE): the 60 of a round come from 20 accounts.
  let users: TestUser[];

  beforeAll(async () => {
    const { rows } = await sql<{
      file: string;
    }>`select file from pragma_database_list where name = 'main'`.execute(t.running.database.db);
    dataDir = mkdtempSync(join(tmpdir(), "hs-second-"));
    second = await startSecondServer(rows[0]!.file, dataDir);
    users = await Promise.all(Array.from({ length: 20 }, () => t.signUp()));
  }, 60_000);
  afterAll(async () => {
    if (second?.child.exitCode === null) {
      const exited = new Promise((resolve) => second.child.once("exit", resolve));
      second.child.kill("SIGTERM");
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 60 concurrent imports split between both processes without a single 5xx, three times", async () => {
    const viaSecond = (user: TestUser) =>
      fetch(`${second.url}/api/habits`, {
        method: "PUT",
        headers: { "content-type": "application/json", origin: second.url, cookie: user.cookie },
        body: JSON.stringify(backup),
      }).then(async (res) => ({ status: res.status, body: await res.text() }));
    const viaFirst = (user: TestUser) =>
      t.call(user, "PUT", "/api/habits", { json: backup }).then((res) => ({
        status: res.status,
        body: JSON.stringify(res.body).slice(0, 200),
      }));
    // Three rounds: a clash needs one process to commit between the other's first read and first write.
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) => (i % 2 ? viaSecond : viaFirst)(users[i % users.length]!)),
      );
      const failures = results.filter((r) => r.status !== 200);
      expect(failures, second.output()).toEqual([]);
    }
    for (const user of users) {
      const { body } = await t.call<unknown[]>(user, "GET", "/api/habits");
      expect(body).toHaveLength(backup.length);
    }
  });
});

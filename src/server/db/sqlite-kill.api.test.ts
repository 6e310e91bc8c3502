// kill -9 under write load (docs/decisions/0058-write-path.md): with group commit a push is answered only after the
// COMMIT it shares with others has returned, so a server process killed at any moment has lost no write it
// acknowledged. The server runs as its own process on a SQLite file; twenty clients push setDay ops for distinct days
// until it is killed; a new process on the same file must hold every day (and op result) that was answered.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { addDays, todayInZone, type LocalDate } from "../../core/local-date";
import { freePort } from "../../../test/support/free-port";
import { STUB_WEB_DIR, TEST_SECRET, cookieOf, newAccount } from "../../../test/support/test-server";

const CLIENTS = 20;

type Server = { child: ChildProcess; url: string; exited: Promise<unknown> };

async function startServer(file: string, dataDir: string): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${file}`,
      AUTH_SECRET: TEST_SECRET,
      WEB_DIR: STUB_WEB_DIR,
      LOG_LEVEL: "warn",
      USER_WRITE_RATE_MAX: "1000000",
      USER_MAX_DAYS: "100000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => void (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => void (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, url, exited };
}

describe("SQLite server killed with SIGKILL under write load", () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => {
    for (const step of cleanup.splice(0)) step();
  });

  it("keeps every write it answered", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hs-kill-"));
    const file = join(dir, "habit-streaks.db");
    const first = await startServer(file, dir);
    cleanup.push(
      () => first.child.kill("SIGKILL"),
      () => rmSync(dir, { recursive: true, force: true }),
    );
    const headers = { "content-type": "application/json", origin: first.url };
    const signUp = await fetch(`${first.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers,
      body: JSON.stringify(newAccount()),
    });
    expect(signUp.status).toBe(200);
    const cookie = cookieOf(signUp.headers.getSetCookie());
    const created = await fetch(`${first.url}/api/habits`, {
      method: "POST",
      headers: { ...headers, cookie },
      body: JSON.stringify({ name: "Read" }),
    });
    const habitId = ((await created.json()) as { id: string }).id;

    // Yesterday and before: accepted whatever the time zone of the server's clock.
    const latest = addDays(todayInZone(new Date(), "UTC"), -1);
    const acknowledged: { opId: string; date: LocalDate }[] = [];
    let killed = false;
    const client = async (k: number) => {
      for (let j = 0; !killed; j++) {
        const date = addDays(latest, -(j * CLIENTS + k));
        const opId = randomUUID();
        const answer = await fetch(`${first.url}/api/sync/push`, {
          method: "POST",
          headers: { ...headers, cookie },
          body: JSON.stringify({ ops: [{ opId, type: "setDay", habitId, date, state: "done" }] }),
        })
          .then(async (res) =>
            res.ok ? ((await res.json()) as { results: { status: string }[] }) : undefined,
          )
          // No answer, or its body cut by the kill after the headers came: not acknowledged.
          .catch(() => undefined);
        if (answer?.results[0]?.status === "applied") acknowledged.push({ opId, date });
        else if (!killed) throw new Error(`push refused before the kill: ${JSON.stringify(answer)}`);
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, k) => client(k));
    // Kill in the middle of the load, once a few hundred writes have been answered.
    while (acknowledged.length < 300) await new Promise((resolve) => setTimeout(resolve, 5));
    first.child.kill("SIGKILL");
    killed = true;
    await first.exited;
    await Promise.all(clients);

    const second = await startServer(file, dir);
    cleanup.push(() => second.child.kill("SIGKILL"));
    const list = await fetch(`${second.url}/api/habits`, { headers: { cookie } });
    const [habit] = (await list.json()) as { completedDates: string[] }[];
    const stored = new Set(habit?.completedDates);
    const lost = acknowledged.filter(({ date }) => !stored.has(date));
    expect(lost).toEqual([]);
    // Each op's result was kept in the same commit: a replay answers duplicate and changes nothing.
    const replayed = acknowledged.slice(0, 50);
    const replay = await fetch(`${second.url}/api/sync/push`, {
      method: "POST",
      headers: { ...headers, origin: second.url, cookie },
      body: JSON.stringify({
        ops: replayed.map(({ opId, date }) => ({ opId, type: "setDay", habitId, date, state: "none" })),
      }),
    });
    const { results } = (await replay.json()) as { results: { status: string }[] };
    expect(results.map((r) => r.status)).toEqual(replayed.map(() => "duplicate"));
    second.child.kill("SIGTERM");
    await second.exited;
  }, 120_000);
});

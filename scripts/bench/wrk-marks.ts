// The bench's mark load (marking and unmarking today over the accounts' habits, by push or by REST) from wrk, a
// load generator written in C (Debian's package "wrk"), instead of autocannon in this process. A development
// measurement for scripts/dev-push-floor.ts (--load=wrk): autocannon's own CPU, on one of the machine's two cores,
// and its event loop's pauses are part of the latencies it reports, which counts for a server as fast as the floor.
// wrk sends each connection's next request as soon as its answer is in, from a list: every target is marked done,
// then every one is returned to nothing, and so on, so a habit's two writes are as many requests apart as there are
// targets (a thousand for the bench's 50 accounts), as autocannon's way of giving each connection a target for a
// pair of writes keeps them apart.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { CONNECTIONS, type LoadResult } from "./load";
import type { Target } from "./server-figures";

export type WrkMarks = {
  seconds: number;
  connections?: number;
  via: "push" | "rest";
  /** The habits to mark, in order. */
  targets: readonly Target[];
  headers: (target: Target) => Record<string, string>;
  today: string;
};

const lua = (value: string) => JSON.stringify(value); // a JSON string is a Lua string literal for these values

function script({ via, targets, headers, today }: WrkMarks): string {
  const entries = targets.map((target) => {
    const fields = Object.entries(headers(target)).map(([name, value]) => `[${lua(name)}] = ${lua(value)}`);
    return `{ id = ${lua(target.habitId)}, headers = { ${fields.join(", ")} } }`;
  });
  // Op ids: a UUID (version 4, variant 8) of this run's prefix and the request's number.
  const prefix = randomBytes(4).toString("hex");
  return `
local targets = {
${entries.join(",\n")}
}
local n = 0
function request()
  local target = targets[(n % #targets) + 1]
  local done = math.floor(n / #targets) % 2 == 0
  n = n + 1
  if ${lua(via)} == "rest" then
    local path = "/api/habits/" .. target.id .. "/completions/" .. ${lua(today)}
    return wrk.format(done and "PUT" or "DELETE", path, target.headers)
  end
  local op = '{"opId":"${prefix}-0000-4000-8000-' .. string.format("%012x", n) .. '","type":"setDay","habitId":"'
    .. target.id .. '","date":"${today}","state":"' .. (done and "done" or "none") .. '"}'
  return wrk.format("POST", "/api/sync/push", target.headers, '{"ops":[' .. op .. ']}')
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("wrk-result %d %d %d %d %d %d %d %d %d\\n", summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(99), e.status, e.connect, e.read, e.write, e.timeout))
end
`;
}

/** Runs the load for `seconds` on one wrk thread; latencies are wrk's, to the microsecond, over the whole run. */
export async function wrkMarks(url: string, options: WrkMarks): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), "hs-wrk-"));
  try {
    const file = join(dir, "marks.lua");
    writeFileSync(file, script(options));
    const connections = String(options.connections ?? CONNECTIONS);
    const args = ["-t1", `-c${connections}`, `-d${options.seconds}s`, "-s", file, url];
    const { stdout } = await promisify(execFile)("wrk", args).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") throw new Error("wrk is not installed (Debian: apt-get install wrk)");
      throw error;
    });
    const line = stdout.split("\n").find((l) => l.startsWith("wrk-result "));
    if (!line) throw new Error(`wrk gave no result: ${stdout}`);
    const [requests, micros, p50, p99, status, connect, read, write, timeout] = line
      .split(" ")
      .slice(1)
      .map(Number) as [number, number, number, number, number, number, number, number, number];
    const badKinds = {
      "HTTP 4xx/5xx": status,
      "connection errors": connect + read + write,
      timeouts: timeout,
    };
    return {
      rps: (requests - status) / (micros / 1e6),
      steadySeconds: micros / 1e6,
      p50: p50 / 1000,
      p99: p99 / 1000,
      bad: status + connect + read + write + timeout,
      badKinds: Object.fromEntries(Object.entries(badKinds).filter(([, n]) => n > 0)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

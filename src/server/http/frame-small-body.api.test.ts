// Small request bodies read straight from Node's stream (smallBody, http/frame.ts), over a real socket: the size cap
// holds whatever Content-Length says, bad JSON is a 400, and nothing changes on either.
import { request } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../../../test/support/databases";
import { useTestServer, type TestUser } from "../../../test/support/api-server";
import { SYNC_PUSH_MAX_BYTES } from "../../core/sync-push-size";
import type { Habit } from "../../core/habit";

const [sqlite] = testDialects();

/** A raw HTTP/1.1 request: `chunks` are written one by one, chunked unless a Content-Length is given. */
function send(url: string, path: string, headers: Record<string, string>, chunks: (string | Buffer)[]) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(`${url}${path}`, { method: "POST", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (d: string) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
    });
    req.on("error", reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe("small request bodies", () => {
  const t = useTestServer(sqlite!);
  let user: TestUser;
  let habit: Habit;
  beforeAll(async () => {
    user = await t.signUp();
    habit = (await t.call<Habit>(user, "POST", "/api/habits", { json: { name: "Read" } })).body;
  });
  const headers = () => ({ cookie: user.cookie, origin: t.url, "content-type": "application/json" });
  const setDay = (date: string) => ({
    ops: [{ opId: crypto.randomUUID(), type: "setDay", habitId: habit.id, date, state: "done" }],
  });
  const doneDates = async () =>
    (await t.call<Habit[]>(user, "GET", "/api/habits")).body.find((h) => h.id === habit.id)!.completedDates;

  it("takes a push in several chunks, with a byte order mark, and applies it", async () => {
    const json = JSON.stringify(setDay("2026-01-02"));
    const res = await send(t.url, "/api/sync/push", headers(), ["\ufeff", json.slice(0, 20), json.slice(20)]);
    expect(res.status, res.body).toBe(200);
    expect(await doneDates()).toContain("2026-01-02");
  });

  it("refuses a chunked body past the limit with 413, and changes nothing", async () => {
    const json = JSON.stringify({ ...setDay("2026-01-03"), padding: "x".repeat(SYNC_PUSH_MAX_BYTES) });
    const res = await send(t.url, "/api/sync/push", headers(), [json.slice(0, 1000), json.slice(1000)]);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } });
    expect(await doneDates()).not.toContain("2026-01-03");
  });

  it("refuses a declared Content-Length past the limit before reading it", async () => {
    const body = Buffer.alloc(SYNC_PUSH_MAX_BYTES + 1, 0x20);
    const res = await send(t.url, "/api/sync/push", { ...headers(), "content-length": String(body.length) }, [
      body,
    ]);
    expect(res.status).toBe(413);
  });

  it("answers 400 INVALID_JSON to a body that is not JSON", async () => {
    const res = await send(t.url, "/api/sync/push", headers(), ['{"ops": [']);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: "INVALID_JSON" } });
    const next = await t.call(user, "GET", "/api/habits");
    expect(next.status).toBe(200);
  });
});

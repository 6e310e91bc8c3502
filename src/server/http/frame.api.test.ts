// The answers a route makes whole (http/frame.ts: framedResponse, used by the in-sync pull and the kept habit list)
// carry the same headers as every other answer, over a real socket as a browser gets them.
import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../../../test/support/databases";
import { TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";
import { addDays } from "../../core/local-date";
import type { Habit } from "../../core/habit";
import { ANSWER_COMPRESS_MIN_BYTES } from "./cached-body";
import { securityHeaderList } from "./security";
import type { SyncPull } from "../../core/sync";

const [sqlite] = testDialects();

describe("answers made whole by their route", () => {
  const t = useTestServer(sqlite!);
  let user: TestUser;
  beforeAll(async () => {
    user = await t.signUp();
    for (let i = 0; i < 30; i++) await t.call(user, "POST", "/api/habits", { json: { name: `Habit ${i}` } });
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${t.url}${path}`, { headers: { cookie: user.cookie, ...headers } });

  const expectFramed = (res: Response, requestId: string) => {
    for (const [name, value] of securityHeaderList({ hsts: false }))
      expect(res.headers.get(name), name).toBe(value);
    expect(res.headers.get("strict-transport-security")).toBeNull();
    expect(res.headers.get("x-request-id")).toBe(requestId);
    expect(res.headers.get("content-type")).toBe("application/json; charset=UTF-8");
  };

  it("an in-sync pull: the security headers, the client's request id, its length, no compression", async () => {
    const first = (await (await get("/api/sync?cursor=0")).json()) as SyncPull;
    const res = await get(`/api/sync?cursor=${first.cursor}`, {
      "x-request-id": "pull-1",
      "accept-encoding": "gzip",
    });
    expect(res.status).toBe(200);
    expectFramed(res, "pull-1");
    const body = await res.text();
    expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(body)));
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(JSON.parse(body)).toMatchObject({ cursor: first.cursor, more: false, habits: [] });
  });

  it("the kept list: gzipped once for a client that takes gzip, as it is for one that does not, with Vary", async () => {
    const zipped = await get("/api/habits", { "x-request-id": "list-1", "accept-encoding": "gzip" });
    expectFramed(zipped, "list-1");
    expect(zipped.headers.get("vary")).toBe("Accept-Encoding");
    // fetch decodes the body itself; the header says what came over the wire.
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    const names = ((await zipped.json()) as { name: string }[]).map((h) => h.name);
    expect(names).toHaveLength(30);

    const plain = await get("/api/habits", { "x-request-id": "list-2", "accept-encoding": "identity" });
    expectFramed(plain, "list-2");
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    expect(plain.headers.get("content-encoding")).toBeNull();
    const text = await plain.text();
    expect(Number(plain.headers.get("content-length"))).toBe(Buffer.byteLength(text));
    expect((JSON.parse(text) as { name: string }[]).map((h) => h.name)).toEqual(names);
    expect(() => gunzipSync(Buffer.from(text))).toThrow();
  });

  it("reads Accept-Encoding as browsers and other clients write it", async () => {
    const encodingFor = async (accept: string) =>
      (await get("/api/habits", { "accept-encoding": accept })).headers.get("content-encoding");
    for (const accept of ["gzip, deflate, br, zstd", "br,GZIP", "deflate;q=0.5, gzip;q=0.8", "gzip ;q=1"])
      expect(await encodingFor(accept), accept).toBe("gzip");
    for (const accept of ["br, zstd", "gzip;q=0", "deflate;q=1, gzip;q=0", "x-gzip"])
      expect(await encodingFor(accept), accept).toBeNull();
  });

  it("a REST mark's answer: as it is under ANSWER_COMPRESS_MIN_BYTES, gzipped from it, with Vary then", async () => {
    const other = await t.signUp();
    const days = (count: number) =>
      Array.from({ length: count }, (_, i) => addDays(TEST_DAY, -1 - i)).reverse();
    const { body: habits } = await t.call<Habit[]>(other, "PUT", "/api/habits", {
      json: [
        { name: "A year", completedDates: days(200), position: 0 },
        { name: "Three years", completedDates: days(1100), position: 1 },
      ],
    });
    const mark = (id: string) =>
      fetch(`${t.url}/api/habits/${id}/completions/${TEST_DAY}`, {
        method: "PUT",
        headers: { cookie: other.cookie, origin: t.url, "accept-encoding": "gzip, deflate, br, zstd" },
      });

    const small = await mark(habits[0]!.id);
    expect(small.status).toBe(200);
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(small.headers.get("vary")).toBeNull();
    const smallText = await small.text();
    expect(Number(small.headers.get("content-length"))).toBe(Buffer.byteLength(smallText));
    expect(smallText.length).toBeGreaterThan(1024);
    expect(smallText.length).toBeLessThan(ANSWER_COMPRESS_MIN_BYTES);
    expect((JSON.parse(smallText) as Habit).completedDates).toHaveLength(201);

    const large = await mark(habits[1]!.id);
    expect(large.status).toBe(200);
    expect(large.headers.get("content-encoding")).toBe("gzip");
    expect(large.headers.get("vary")).toBe("Accept-Encoding");
    const habit = (await large.json()) as Habit;
    expect(JSON.stringify(habit).length).toBeGreaterThanOrEqual(ANSWER_COMPRESS_MIN_BYTES);
    expect(habit.completedDates).toHaveLength(1101);
    expect(habit.completedToday).toBe(true);
  });

  it("a pull's page, which a first sync fetches one after another: gzipped from 1 KiB", async () => {
    const zipped = await get("/api/sync?cursor=0", { "accept-encoding": "gzip" });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toBe("Accept-Encoding");
    const text = JSON.stringify(await zipped.json());
    expect(text.length).toBeGreaterThan(1024);
    expect(text.length).toBeLessThan(ANSWER_COMPRESS_MIN_BYTES);
    const plain = await get("/api/sync?cursor=0", { "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
  });

  it("a request id that is not plain is replaced by one the server makes", async () => {
    const res = await get("/api/sync?cursor=0", { "x-request-id": "bad id\u00e9" });
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

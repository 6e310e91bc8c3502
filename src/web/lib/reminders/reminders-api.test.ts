import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api";
import { remindersApi } from "./reminders-api";

afterEach(() => vi.unstubAllGlobals());

const respond = (status: number, body: unknown) =>
  vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );

const settings = {
  timeZone: "Europe/Berlin",
  email: { enabled: false, available: true, verified: false },
  push: { publicKey: "BOr6", devices: 0 },
  reminders: [{ id: "r1", time: "20:00", habitId: null }],
};

describe("remindersApi", () => {
  it("puts the reminder's id in the path of PUT and DELETE /api/reminders/:id, encoded", async () => {
    const put = respond(200, { id: "r 1/x", time: "07:30", habitId: null });
    vi.stubGlobal("fetch", put);
    expect(await remindersApi.update("r 1/x", "07:30")).toEqual({
      id: "r 1/x",
      time: "07:30",
      habitId: null,
    });
    expect(put.mock.calls[0]![0]).toBe("/api/reminders/r%201%2Fx");
    expect(put.mock.calls[0]![1]).toMatchObject({ method: "PUT", body: JSON.stringify({ time: "07:30" }) });

    const del = respond(200, settings);
    vi.stubGlobal("fetch", del);
    expect(await remindersApi.remove("r1")).toEqual(settings);
    expect(del.mock.calls[0]![0]).toBe("/api/reminders/r1");
    expect(del.mock.calls[0]![1]).toMatchObject({ method: "DELETE" });
  });

  it("sends a daily time with habitId null and a habit's own time with its id", async () => {
    const post = respond(201, { id: "r2", time: "08:00", habitId: null });
    vi.stubGlobal("fetch", post);
    await remindersApi.add("08:00");
    await remindersApi.add("09:15", "h1");
    expect(post.mock.calls.map((call) => [call[0], call[1]?.body])).toEqual([
      ["/api/reminders", JSON.stringify({ time: "08:00", habitId: null })],
      ["/api/reminders", JSON.stringify({ time: "09:15", habitId: "h1" })],
    ]);
  });

  it("posts the browser's subscription as the contract takes it", async () => {
    const post = respond(200, settings);
    vi.stubGlobal("fetch", post);
    await remindersApi.subscribe({ endpoint: "https://push.example/abc", keys: { p256dh: "p", auth: "a" } });
    expect(JSON.parse(String(post.mock.calls[0]![1]?.body))).toEqual({
      endpoint: "https://push.example/abc",
      keys: { p256dh: "p", auth: "a" },
      expirationTime: null,
    });
  });

  it("rejects with the server's code when it refuses", async () => {
    vi.stubGlobal("fetch", respond(409, { error: { code: "REMINDER_LIMIT", message: "at most 5" } }));
    const error = await remindersApi.add("10:00").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: "REMINDER_LIMIT" });
  });
});

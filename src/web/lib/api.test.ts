import { afterEach, describe, expect, it, vi } from "vitest";
import { messages } from "../../core/messages";
import { ApiError, apiRequest, failureText, isUnreachable } from "./api";
import { localToday } from "./local-today";

afterEach(() => vi.unstubAllGlobals());

const respond = (status: number, body?: unknown) =>
  vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json" },
      }),
  );

describe("apiRequest", () => {
  it("sends the local day and JSON, and returns the answer", async () => {
    const fetch = respond(201, { id: "1" });
    vi.stubGlobal("fetch", fetch);
    await expect(apiRequest("/api/habits", { method: "POST", body: { name: "Read" } })).resolves.toEqual({
      id: "1",
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/habits");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"name":"Read"}');
    expect((init?.headers as Record<string, string>)["X-Local-Date"]).toBe(localToday());
    expect((init?.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("returns nothing for 204", async () => {
    vi.stubGlobal("fetch", respond(204));
    await expect(apiRequest("/api/habits/1", { method: "DELETE" })).resolves.toBeUndefined();
  });

  it("maps the error body to an ApiError", async () => {
    vi.stubGlobal("fetch", respond(404, { error: { code: "HABIT_NOT_FOUND", message: "Habit not found" } }));
    const error = await apiRequest("/api/habits/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: "HABIT_NOT_FOUND", message: "Habit not found" });
    expect(isUnreachable(error)).toBe(false);
  });

  it("reports a server without a JSON error body, and a network failure, as unreachable", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>Bad gateway</html>", { status: 502 })),
    );
    const gateway = await apiRequest("/api/habits").catch((e: unknown) => e);
    expect(gateway).toMatchObject({ status: 502, code: "HTTP_ERROR" });
    expect(isUnreachable(gateway)).toBe(true);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const offline = await apiRequest("/api/habits").catch((e: unknown) => e);
    expect(offline).toMatchObject({ status: 0, code: "NETWORK_ERROR" });
    expect(isUnreachable(offline)).toBe(true);
  });

  it("explains a rate-limit refusal instead of the action's generic failure text", async () => {
    const body = { error: { code: "RATE_LIMITED", message: "Too many changes" } };
    vi.stubGlobal("fetch", respond(429, body));
    const limited = await apiRequest("/api/habits", { method: "POST", body: {} }).catch((e: unknown) => e);
    expect(failureText(limited, messages.habits.saveFailed)).toBe(messages.limits.rateLimited);
    expect(isUnreachable(limited)).toBe(false);
    const notFound = new ApiError(404, "HABIT_NOT_FOUND", "Habit not found");
    expect(failureText(notFound, messages.habits.saveFailed)).toBe(messages.habits.saveFailed);
    expect(failureText(new TypeError("x"), messages.habits.updateFailed)).toBe(messages.habits.updateFailed);
  });

  it("explains a quota refusal instead of the action's generic failure text", async () => {
    const body = { error: { code: "QUOTA_EXCEEDED", message: "An account holds at most 500 habits" } };
    vi.stubGlobal("fetch", respond(409, body));
    const full = await apiRequest("/api/habits", { method: "POST", body: {} }).catch((e: unknown) => e);
    expect(failureText(full, messages.habits.saveFailed)).toBe(messages.limits.quotaExceeded);
    expect(failureText(full, messages.habits.importFailed)).toBe(messages.limits.quotaExceeded);
  });
});

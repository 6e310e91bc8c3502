import { afterEach, describe, expect, it, vi } from "vitest";
import { messages } from "../../core/messages";
import { ApiError, failureText, isUnreachable } from "./api";
import { apiRequest, SYNC_ROUTES } from "./api-request";
import { localToday, setDayStart } from "./local-today";
import { setShownLocale } from "./locale-store";

afterEach(() => vi.unstubAllGlobals());

const respond = (status: number, body?: unknown) =>
  vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json" },
      }),
  );

const respondText = (status: number, text: string | null) =>
  vi.fn(async () => new Response(text, { status }));

const profile = {
  id: "u1",
  email: "ada@example.com",
  displayName: "Ada",
  photoURL: null,
  preferences: { theme: "light", notifications: true, language: null },
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e,
  );

describe("apiRequest", () => {
  it("sends the route's method, path and JSON body with the local day, and returns the parsed answer", async () => {
    const fetch = respond(200, profile);
    vi.stubGlobal("fetch", fetch);
    await expect(apiRequest("PATCH /api/profile", { body: { displayName: "Ada" } })).resolves.toEqual(
      profile,
    );
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/profile");
    expect(init?.method).toBe("PATCH");
    expect(init?.body).toBe('{"displayName":"Ada"}');
    const headers = new Headers(init?.headers);
    expect(headers.get("X-Local-Date")).toBe(localToday());
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(headers.get("Accept-Language")).toBe("en");
  });

  it("asks for the shown language, so that a refusal's message arrives in it", async () => {
    setShownLocale("de");
    try {
      const fetch = respond(200, profile);
      vi.stubGlobal("fetch", fetch);
      await apiRequest("PATCH /api/profile", { body: { displayName: "Ada" } });
      expect(new Headers(fetch.mock.calls[0]![1]?.headers).get("Accept-Language")).toBe("de");
    } finally {
      setShownLocale("en");
    }
  });

  it("sends the user's today, shifted by the day start", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 21, 1, 30));
    try {
      setDayStart("u1", 180);
      const fetch = respond(200, profile);
      vi.stubGlobal("fetch", fetch);
      await apiRequest("GET /api/profile");
      expect(new Headers(fetch.mock.calls[0]![1]?.headers).get("X-Local-Date")).toBe("2026-11-20");
    } finally {
      setDayStart("u1", 0);
      vi.useRealTimers();
    }
  });

  it("puts the query in the URL, leaving out what is undefined", async () => {
    const fetch = respond(200, {
      cursor: "7",
      more: false,
      habits: [],
      completions: [],
      deletedHabitIds: [],
    });
    vi.stubGlobal("fetch", fetch);
    await apiRequest("GET /api/sync", { query: { cursor: "3", limit: 50 } });
    await apiRequest("GET /api/sync", { query: { cursor: "", limit: undefined } });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      "/api/sync?cursor=3&limit=50",
      "/api/sync?cursor=",
    ]);
  });

  it("keeps only the fields the contract names: a field a newer server adds is dropped, not an error", async () => {
    vi.stubGlobal("fetch", respond(200, { version: "1.2.3", feedbackEmail: "", newField: 1 }));
    await expect(apiRequest("GET /api/app-info")).resolves.toEqual({ version: "1.2.3", feedbackEmail: "" });
  });

  it("refuses an answer that breaks the contract with a BAD_RESPONSE error that names the fault", async () => {
    vi.stubGlobal(
      "fetch",
      respond(200, { ...profile, preferences: { theme: "blue", notifications: true, language: null } }),
    );
    const wrongValue = await failure(apiRequest("GET /api/profile"));
    expect(wrongValue).toBeInstanceOf(ApiError);
    expect(wrongValue).toMatchObject({
      status: 200,
      code: "BAD_RESPONSE",
      message: expect.stringMatching(/^GET \/api\/profile answered .*\[preferences\]\[theme\]/),
    });
    expect(isUnreachable(wrongValue)).toBe(true);

    vi.stubGlobal("fetch", respond(200, { google: true }));
    const missing = await failure(apiRequest("GET /api/auth-providers"));
    expect(missing).toMatchObject({ code: "BAD_RESPONSE", message: expect.stringMatching(/\[oidc\]/) });

    vi.stubGlobal("fetch", respond(200, null));
    expect(await failure(apiRequest("GET /api/app-info"))).toMatchObject({ code: "BAD_RESPONSE" });
  });

  it("parses the sync routes' answers with the contract's own schemas", async () => {
    const { contract } = await import("../../core/contract-schema");
    const { SYNC_ANSWERS } = await import("../../core/sync-answer-schema");
    expect([...SYNC_ROUTES].sort()).toEqual(Object.keys(SYNC_ANSWERS).sort());
    for (const route of SYNC_ROUTES)
      expect(SYNC_ANSWERS[route as keyof typeof SYNC_ANSWERS]).toBe(contract[route].response);

    const pull = { cursor: "7", more: false, habits: [], completions: [], deletedHabitIds: [] };
    vi.stubGlobal("fetch", respond(200, { ...pull, newField: 1 }));
    await expect(apiRequest("GET /api/sync", { query: { cursor: "" } })).resolves.toEqual(pull);
    vi.stubGlobal("fetch", respond(200, { ...pull, cursor: 7 }));
    expect(await failure(apiRequest("GET /api/sync", { query: { cursor: "" } }))).toMatchObject({
      code: "BAD_RESPONSE",
      message: expect.stringMatching(/^GET \/api\/sync answered .*\[cursor\]/),
    });
    vi.stubGlobal("fetch", respond(200, { results: [{ opId: "o1", status: "applied" }], cursor: "8" }));
    await expect(apiRequest("POST /api/sync/push", { body: { ops: [] } })).resolves.toEqual({
      results: [{ opId: "o1", status: "applied" }],
      cursor: "8",
    });
  });

  it("refuses a 2xx answer that is not JSON, or empty, as BAD_RESPONSE", async () => {
    vi.stubGlobal("fetch", respondText(200, "<html>Welcome to the captive portal</html>"));
    const html = await failure(apiRequest("GET /api/profile"));
    expect(html).toMatchObject({
      status: 200,
      code: "BAD_RESPONSE",
      message: expect.stringMatching(/not JSON/),
    });
    vi.stubGlobal("fetch", respondText(204, null));
    expect(await failure(apiRequest("GET /api/profile"))).toMatchObject({
      status: 204,
      code: "BAD_RESPONSE",
    });
  });

  it("maps the error body to an ApiError, with any code a server sends", async () => {
    vi.stubGlobal(
      "fetch",
      respond(404, { error: { code: "PROFILE_NOT_FOUND", message: "Profile not found" } }),
    );
    const error = await failure(apiRequest("GET /api/profile"));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: "PROFILE_NOT_FOUND", message: "Profile not found" });
    expect(isUnreachable(error)).toBe(false);
    vi.stubGlobal("fetch", respond(400, { error: { code: "A_NEWER_CODE", message: "Explained" } }));
    expect(await failure(apiRequest("GET /api/profile"))).toMatchObject({
      status: 400,
      code: "A_NEWER_CODE",
    });
  });

  it("reports a server without a JSON error body, and a network failure, as unreachable", async () => {
    vi.stubGlobal("fetch", respondText(502, "<html>Bad gateway</html>"));
    const gateway = await failure(apiRequest("GET /api/profile"));
    expect(gateway).toMatchObject({ status: 502, code: "HTTP_ERROR" });
    expect(isUnreachable(gateway)).toBe(true);
    vi.stubGlobal("fetch", respond(500, { error: { code: 500 } }));
    expect(await failure(apiRequest("GET /api/profile"))).toMatchObject({ status: 500, code: "HTTP_ERROR" });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const offline = await failure(apiRequest("GET /api/profile"));
    expect(offline).toMatchObject({ status: 0, code: "NETWORK_ERROR" });
    expect(isUnreachable(offline)).toBe(true);
  });

  it("explains a rate-limit refusal instead of the action's generic failure text", async () => {
    const body = { error: { code: "RATE_LIMITED", message: "Too many changes" } };
    vi.stubGlobal("fetch", respond(429, body));
    const limited = await failure(apiRequest("PATCH /api/profile", { body: {} }));
    expect(failureText(limited, messages.habits.saveFailed)).toBe(messages.limits.rateLimited);
    expect(isUnreachable(limited)).toBe(false);
    const notFound = new ApiError(404, "HABIT_NOT_FOUND", "Habit not found");
    expect(failureText(notFound, messages.habits.saveFailed)).toBe(messages.habits.saveFailed);
    expect(failureText(new TypeError("x"), messages.habits.updateFailed)).toBe(messages.habits.updateFailed);
  });

  it("explains a quota refusal instead of the action's generic failure text", async () => {
    const body = { error: { code: "QUOTA_EXCEEDED", message: "An account holds at most 500 habits" } };
    vi.stubGlobal("fetch", respond(409, body));
    const full = await failure(apiRequest("PUT /api/habits", { body: [] }));
    expect(failureText(full, messages.habits.saveFailed)).toBe(messages.limits.quotaExceeded);
    expect(failureText(full, messages.habits.importFailed)).toBe(messages.limits.quotaExceeded);
  });

  it("reports a contract module that cannot be loaded (the server went away) as unreachable", async () => {
    const gone = () => {
      throw new TypeError("Failed to fetch dynamically imported module");
    };
    const pull = { cursor: "1", more: false, habits: [], completions: [], deletedHabitIds: [] };
    const call = async (mocked: string, route: "GET /api/profile" | "GET /api/sync") => {
      vi.resetModules();
      vi.doMock(mocked, gone);
      try {
        const fresh = await import("./api-request");
        const errors = await import("./api"); // the fresh module graph's ApiError
        vi.stubGlobal("fetch", respond(200, route === "GET /api/sync" ? pull : profile));
        return await fresh.apiRequest(route).catch((error: unknown) => {
          expect(error).toMatchObject({
            status: 0,
            code: "NETWORK_ERROR",
            message: expect.stringMatching(/contract/),
          });
          expect(errors.isUnreachable(error)).toBe(true);
          return "unreachable";
        });
      } finally {
        vi.doUnmock(mocked);
      }
    };
    expect(await call("../../core/contract-schema", "GET /api/profile")).toBe("unreachable");
    expect(await call("../../core/sync-answer-schema", "GET /api/sync")).toBe("unreachable");
    // The start's pull needs no more of the contract than its answer's schemas (the contract builds on those).
    expect(await call("../../core/contract-schema", "GET /api/sync")).toEqual(pull);
  });
});

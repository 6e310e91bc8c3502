import { afterEach, describe, expect, it, vi } from "vitest";
import type { SyncPull } from "../../../core/sync";
import { ApiError } from "../api";
import { syncApi } from "./sync-loop";

afterEach(() => vi.unstubAllGlobals());

const answer = (body: unknown) => {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body)));
  vi.stubGlobal("fetch", fetch);
  return fetch;
};
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e,
  );

const HABIT = "0f8fad5b-d9cb-469f-a165-70867728950e";
const page: SyncPull = {
  cursor: "12",
  more: false,
  habits: [
    {
      id: HABIT,
      name: "Read",
      createdAt: "2026-01-01T00:00:00Z",
      updatedAt: "2026-01-02T00:00:00Z",
      schedule: { weekdays: [1, 3] },
      archived: false,
      position: -1.5,
      emoji: "📚",
    },
  ],
  completions: [
    {
      habitId: HABIT,
      done: ["2026-01-01/2026-01-05", "2026-01-07"],
      skipped: ["2026-01-08"],
      undone: ["2026-01-06"],
    },
  ],
  deletedHabitIds: [],
};

describe("syncApi.pull", () => {
  it("asks from the cursor and returns the page as the contract parses it", async () => {
    const fetch = answer(page);
    await expect(syncApi.pull("11", 500)).resolves.toEqual(page);
    expect(fetch.mock.calls[0]![0]).toBe("/api/sync?cursor=11&limit=500");
    answer({ ...page, reset: true });
    await expect(syncApi.pull("99")).resolves.toEqual({ ...page, reset: true });
  });

  it.each([
    ["a missing cursor", { ...page, cursor: undefined }, /\[cursor\]/],
    ["a numeric cursor", { ...page, cursor: 12 }, /\[cursor\]/],
    ["reset other than true", { ...page, reset: false }, /\[reset\]/],
    [
      "a habit without a name",
      { ...page, habits: [{ ...page.habits[0], name: undefined }] },
      /\[habits\]\[0\]\[name\]/,
    ],
    [
      "a day range that is not one",
      { ...page, completions: [{ habitId: HABIT, done: ["2026-01-01..2026-01-05"], undone: [] }] },
      /\[completions\]\[0\]\[done\]\[0\]/,
    ],
    ["completions that are dates", { ...page, completions: ["2026-01-01"] }, /\[completions\]\[0\]/],
    ["an array", [page], /answer/],
  ])("refuses %s with a BAD_RESPONSE error, not a crash later", async (_what, body, fault) => {
    answer(body);
    const error = await failure(syncApi.pull(""));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "BAD_RESPONSE", message: expect.stringMatching(fault) });
  });
});

describe("syncApi.push", () => {
  const opId = "9b2f4c38-8a4e-4d6a-9d5c-2f7d2b7f3c11";
  const op = { opId, type: "renameHabit", habitId: HABIT, name: "Read more" } as const;

  it("sends the ops and returns each result", async () => {
    const fetch = answer({
      results: [{ opId, status: "rejected", code: "QUOTA_EXCEEDED", message: "Full" }],
      cursor: "3",
    });
    await expect(syncApi.push([op])).resolves.toEqual({
      results: [{ opId, status: "rejected", code: "QUOTA_EXCEEDED", message: "Full" }],
      cursor: "3",
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/sync/push");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ ops: [op] });
  });

  it.each([
    ["an unknown status", { results: [{ opId, status: "done" }], cursor: "3" }, /\[results\]\[0\]/],
    [
      "a rejection without its code",
      { results: [{ opId, status: "rejected", message: "x" }], cursor: "3" },
      /\[code\]/,
    ],
    ["no cursor", { results: [] }, /\[cursor\]/],
  ])("refuses %s with a BAD_RESPONSE error", async (_what, body, fault) => {
    answer(body);
    expect(await failure(syncApi.push([op]))).toMatchObject({
      code: "BAD_RESPONSE",
      message: expect.stringMatching(fault),
    });
  });
});

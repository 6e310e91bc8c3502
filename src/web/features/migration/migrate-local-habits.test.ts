// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MIGRATION_MESSAGE_MS, STORAGE_KEYS } from "../../../core/constants";
import { messages } from "../../../core/messages";
import { clearNotices, currentNotices } from "../../ui/notices";
import {
  migrateLocalHabits,
  migrateOnce,
  migrationMessage,
  resetMigrationRuns,
} from "./migrate-local-habits";

const m = messages.migration;
const texts = () => currentNotices().map((n) => n.text);
const answer = (body: unknown, status = 200) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status }));

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  clearNotices();
  resetMigrationRuns();
});

describe("migrationMessage", () => {
  it("picks the migration text for each result", () => {
    expect(migrationMessage({ migrated: 0, failed: 0, skipped: true, habits: [] }).text).toBe(m.skipped);
    expect(migrationMessage({ migrated: 2, failed: 1, skipped: false, habits: [] }).text).toBe(
      m.partial(2, 1),
    );
    expect(migrationMessage({ migrated: 3, failed: 0, skipped: false, habits: [] }).text).toBe(m.success(3));
  });
});

describe("migrateLocalHabits", () => {
  it("sends the local items, removes them once copied, and ends the first visit", async () => {
    localStorage.setItem(
      STORAGE_KEYS.habits,
      JSON.stringify([{ name: "A", completedDates: [] }, { bad: true }]),
    );
    const fetch = answer({ migrated: 1, failed: 1, skipped: false, habits: [] });
    vi.stubGlobal("fetch", fetch);
    const outcome = await migrateLocalHabits();
    expect(outcome.kind).toBe("done");
    expect(
      JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body)),
    ).toHaveLength(2);
    expect(localStorage.getItem(STORAGE_KEYS.habits)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.firstVisit)).toBe("false");
    expect(texts()).toEqual([m.partial(1, 1)]);
    vi.advanceTimersByTime(MIGRATION_MESSAGE_MS);
    expect(texts()).toEqual([]);
  });

  it("keeps the local list when nothing was copied", async () => {
    localStorage.setItem(STORAGE_KEYS.habits, JSON.stringify([{ name: "A", completedDates: [] }]));
    vi.stubGlobal("fetch", answer({ migrated: 0, failed: 0, skipped: true, habits: [] }));
    await migrateLocalHabits();
    expect(localStorage.getItem(STORAGE_KEYS.habits)).not.toBeNull();
    expect(texts()).toEqual([m.skipped]);
  });

  it("says 'Failed' when the server refuses and 'Unable' when it cannot be reached, and retries later", async () => {
    localStorage.setItem(STORAGE_KEYS.habits, JSON.stringify([{ name: "A", completedDates: [] }]));
    vi.stubGlobal("fetch", answer({ error: { code: "INTERNAL", message: "x" } }, 500));
    expect((await migrateLocalHabits()).kind).toBe("failed");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    expect((await migrateLocalHabits()).kind).toBe("unable");
    expect(texts()).toEqual([m.failed, m.unable]);
    expect(localStorage.getItem(STORAGE_KEYS.firstVisit)).toBeNull();
  });

  it("says the account is full when the server refuses for the quota, and retries later", async () => {
    localStorage.setItem(STORAGE_KEYS.habits, JSON.stringify([{ name: "A", completedDates: [] }]));
    vi.stubGlobal("fetch", answer({ error: { code: "QUOTA_EXCEEDED", message: "at most 500 habits" } }, 409));
    expect((await migrateLocalHabits()).kind).toBe("failed");
    expect(texts()).toEqual([messages.limits.quotaExceeded]);
    expect(localStorage.getItem(STORAGE_KEYS.firstVisit)).toBeNull();
  });

  it("does nothing after the first visit, and runs once per user and page", async () => {
    const fetch = answer({ migrated: 1, failed: 0, skipped: false, habits: [] });
    vi.stubGlobal("fetch", fetch);
    localStorage.setItem(STORAGE_KEYS.habits, JSON.stringify([{ name: "A", completedDates: [] }]));
    await Promise.all([migrateOnce("u1"), migrateOnce("u1")]);
    expect(fetch).toHaveBeenCalledTimes(1);
    localStorage.setItem(STORAGE_KEYS.habits, JSON.stringify([{ name: "B", completedDates: [] }]));
    expect((await migrateLocalHabits()).kind).toBe("nothing");
  });
});

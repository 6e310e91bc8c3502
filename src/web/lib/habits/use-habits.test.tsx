// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "../../../core/constants";
import { messages } from "../../../core/messages";
import { CurrentUserProvider } from "../current-user";
import { localToday } from "../local-today";
import { clearNotices, currentNotices } from "../../ui/notices";
import { BeforeHabitsLoadProvider } from "./before-habits-load";
import { useHabits } from "./use-habits";
import { usePendingWrites } from "./use-pending-writes";

const today = localToday();
const habit = (id: string, name: string, completedDates: string[] = []) => ({
  id,
  name,
  completedDates,
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
});
type Handler = (method: string, path: string, body: unknown) => Response | Promise<Response>;
const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status });
const failure = () => json(500, { error: { code: "INTERNAL", message: "x" } });

let handler: Handler;
const calls: string[] = [];
beforeEach(() => {
  localStorage.clear();
  calls.length = 0;
  vi.stubGlobal("fetch", async (path: string, init: RequestInit) => {
    const method = init.method ?? "GET";
    calls.push(`${method} ${path}`);
    return handler(method, path, init.body ? JSON.parse(String(init.body)) : undefined);
  });
});
afterEach(() => {
  cleanup(); // a hook left mounted would still answer the clock of later tests
  vi.unstubAllGlobals();
  clearNotices();
});

function wrapperFor(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <CurrentUserProvider value={{ id: "u1", name: "U", email: "u@example.com" }}>
        {children}
      </CurrentUserProvider>
    </QueryClientProvider>
  );
}

function setup(client = new QueryClient()) {
  return renderHook(() => useHabits(), { wrapper: wrapperFor(client) });
}

/** useHabits with usePendingWrites beside it, as on one screen. */
function setupWithPending(client = new QueryClient()) {
  return renderHook(() => ({ ...useHabits(), pending: usePendingWrites() }), { wrapper: wrapperFor(client) });
}
const stored = () =>
  JSON.parse(localStorage.getItem(STORAGE_KEYS.habits) ?? "[]") as {
    name: string;
    completedDates: string[];
  }[];
const unreachable = () => Promise.reject(new TypeError("Failed to fetch"));
const noticeTexts = () => currentNotices().map((n) => n.text);

describe("useHabits on the server", () => {
  it("loads the list and derives the figures for today", async () => {
    handler = () => json(200, [habit("a", "Read", [today])]);
    const { result } = setup();
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(result.current.source).toBe("server");
    expect(result.current.habits[0]).toMatchObject({
      name: "Read",
      streakCount: 1,
      completedToday: true,
      lastCompletedDate: today,
    });
  });

  it("adds optimistically and keeps the saved habit", async () => {
    let release!: (r: Response) => void;
    handler = (method) => (method === "GET" ? json(200, []) : new Promise((resolve) => (release = resolve)));
    const { result } = setup();
    await waitFor(() => expect(result.current.status).toBe("ready"));
    let saved!: Promise<boolean>;
    act(() => void (saved = result.current.add("  Read  ")));
    await waitFor(() => expect(result.current.habits.map((h) => h.name)).toEqual(["Read"]));
    expect(result.current.isSaving(result.current.habits[0]!.id)).toBe(true);
    await act(async () => {
      release(json(201, habit("b", "Read")));
      expect(await saved).toBe(true);
    });
    await waitFor(() => expect(result.current.habits.map((h) => h.id)).toEqual(["b"]));
  });

  it("ignores a blank name", async () => {
    handler = () => json(200, []);
    const { result } = setup();
    await waitFor(() => expect(result.current.status).toBe("ready"));
    await expect(result.current.add("   ")).resolves.toBe(false);
    expect(calls).toEqual(["GET /api/habits"]);
  });

  it("removes the temporary row when saving fails", async () => {
    handler = (method) => (method === "GET" ? json(200, []) : failure());
    const { result } = setup();
    await waitFor(() => expect(result.current.status).toBe("ready"));
    await act(async () => void (await result.current.add("Read")));
    expect(result.current.habits).toEqual([]);
    expect(noticeTexts()).toEqual([messages.habits.saveFailed]);
  });

  it("says so when the server refuses a write for making changes too quickly", async () => {
    const limited = () => json(429, { error: { code: "RATE_LIMITED", message: "Too many changes" } });
    handler = (method) => (method === "GET" ? json(200, []) : limited());
    const { result } = setup();
    await waitFor(() => expect(result.current.status).toBe("ready"));
    await act(async () => void (await result.current.add("Read")));
    expect(result.current.habits).toEqual([]);
    expect(noticeTexts()).toEqual([messages.limits.rateLimited]);
  });

  it("rolls back a failed toggle, rename and delete with their messages", async () => {
    const pending: ((r: Response) => void)[] = [];
    handler = (method) =>
      method === "GET"
        ? json(200, [habit("a", "Read"), habit("b", "Walk")])
        : new Promise((resolve) => pending.push(resolve));
    const { result } = setup();
    await waitFor(() => expect(result.current.status).toBe("ready"));
    act(() => void result.current.toggle("a"));
    await waitFor(() => expect(result.current.habits[0]?.completedToday).toBe(true));
    await act(async () => pending.shift()!(failure()));
    await waitFor(() => expect(result.current.habits[0]?.completedToday).toBe(false));
    expect(calls).toContain(`PUT /api/habits/a/completions/${today}`);

    act(() => void result.current.rename("a", "Reading"));
    await waitFor(() => expect(result.current.habits[0]?.name).toBe("Reading"));
    await act(async () => pending.shift()!(failure()));
    await waitFor(() => expect(result.current.habits[0]?.name).toBe("Read"));

    act(() => void result.current.remove("a"));
    await waitFor(() => expect(result.current.habits.map((h) => h.id)).toEqual(["b"]));
    await act(async () => pending.shift()!(failure()));
    await waitFor(() => expect(result.current.habits.map((h) => h.id)).toEqual(["a", "b"]));
    expect(noticeTexts()).toEqual([messages.habits.updateFailed, messages.habits.deleteFailed]);
  });

  it.each([
    ["the late answer to the first tap comes last", [1, 0]],
    ["the answers come in order", [0, 1]],
  ])(
    "applies only the answer to the last tap when one habit is toggled twice quickly: %s",
    async (_label, order) => {
      const pending: ((r: Response) => void)[] = [];
      handler = (method) =>
        method === "GET" ? json(200, [habit("a", "Read")]) : new Promise((resolve) => pending.push(resolve));
      const { result } = setupWithPending();
      await waitFor(() => expect(result.current.status).toBe("ready"));
      await act(async () => void result.current.toggle("a"));
      await waitFor(() => expect(result.current.habits[0]?.completedToday).toBe(true));
      await act(async () => void result.current.toggle("a"));
      await waitFor(() => expect(result.current.habits[0]?.completedToday).toBe(false));
      await waitFor(() => expect(pending).toHaveLength(2));
      const answers = [json(200, habit("a", "Read", [today])), json(200, habit("a", "Read"))];
      for (const i of order) {
        await act(async () => pending[i]!(answers[i]!));
        await waitFor(() => expect(result.current.pending).toBe(order.indexOf(i) === 0 ? 1 : 0));
      }
      expect(result.current.habits[0]?.completedToday).toBe(false);
    },
  );
});

describe("useHabits without the server", () => {
  it("falls back to the local list and says so (SPEC §8)", async () => {
    localStorage.setItem(
      STORAGE_KEYS.habits,
      JSON.stringify([{ id: "l1", name: "Local", completedDates: [today] }]),
    );
    handler = () => Promise.reject(new TypeError("Failed to fetch"));
    const { result } = setup();
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(result.current.source).toBe("local");
    expect(result.current.habits[0]).toMatchObject({ id: "l1", streakCount: 1 });
    expect(noticeTexts()).toEqual([messages.habits.cloudLoadFallback]);
    await act(async () => void (await result.current.add("Second")));
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.habits) ?? "[]") as { name: string }[];
    expect(stored.map((h) => h.name)).toEqual(["Second", "Local"]);
  });

  it("reports a load error when the local list is unreadable too", async () => {
    localStorage.setItem(STORAGE_KEYS.habits, "{nope");
    handler = () => failure();
    const { result } = setup();
    await waitFor(() => expect(result.current.status).toBe("error"));
    expect(noticeTexts()).toEqual([messages.habits.loadFailed]);
  });

  it("keeps an import that the server refused in the local list (SPEC §8)", async () => {
    handler = (method) => (method === "GET" ? json(200, []) : failure());
    const { result } = setup();
    await waitFor(() => expect(result.current.status).toBe("ready"));
    let outcome: unknown;
    await act(
      async () =>
        void (outcome = await result.current.importAll([{ name: "Imported", completedDates: [today] }])),
    );
    expect(outcome).toEqual({ ok: false, source: "local" });
    await waitFor(() => expect(result.current.source).toBe("local"));
    expect(result.current.habits.map((h) => h.name)).toEqual(["Imported"]);
    expect(noticeTexts()).toEqual([messages.habits.importFailed]);
    expect(localStorage.getItem(STORAGE_KEYS.habits)).toContain("Imported");
  });
});

describe("importAll", () => {
  const rows = [{ name: "Imported", completedDates: [today] }];
  const saved = [habit("s1", "Imported", [today])];

  it("on local data still asks the server first and returns to server data (SPEC §4 Import)", async () => {
    localStorage.setItem(
      STORAGE_KEYS.habits,
      JSON.stringify([{ id: "l1", name: "Local", completedDates: [] }]),
    );
    handler = (method) => (method === "GET" ? unreachable() : json(200, saved));
    const { result } = setup();
    await waitFor(() => expect(result.current.source).toBe("local"));
    let outcome: unknown;
    await act(async () => void (outcome = await result.current.importAll(rows)));
    expect(outcome).toEqual({ ok: true, source: "server" });
    expect(calls).toContain("PUT /api/habits");
    await waitFor(() => expect(result.current.source).toBe("server"));
    expect(result.current.habits.map((h) => h.id)).toEqual(["s1"]);
  });

  it("saves a retried import on the server after a failed one", async () => {
    let puts = 0;
    handler = (method) => {
      if (method === "GET") return json(200, [habit("a", "Old")]);
      return ++puts === 1 ? failure() : json(200, saved);
    };
    const { result } = setup();
    await waitFor(() => expect(result.current.status).toBe("ready"));
    await act(async () => void (await result.current.importAll(rows)));
    await waitFor(() => expect(result.current.source).toBe("local"));
    expect(noticeTexts()).toEqual([messages.habits.importFailed]);

    let outcome: unknown;
    await act(async () => void (outcome = await result.current.importAll(rows)));
    expect(outcome).toEqual({ ok: true, source: "server" });
    expect(calls.filter((c) => c === "PUT /api/habits")).toHaveLength(2);
    await waitFor(() => expect(result.current.source).toBe("server"));
    expect(result.current.habits.map((h) => h.id)).toEqual(["s1"]);
  });

  it("on local data with the server still unreachable, says so and loads the file locally (SPEC §8)", async () => {
    localStorage.setItem(
      STORAGE_KEYS.habits,
      JSON.stringify([{ id: "l1", name: "Local", completedDates: [] }]),
    );
    handler = () => unreachable();
    const { result } = setup();
    await waitFor(() => expect(result.current.source).toBe("local"));
    clearNotices();
    let outcome: unknown;
    await act(async () => void (outcome = await result.current.importAll(rows)));
    expect(outcome).toEqual({ ok: false, source: "local" });
    expect(calls).toContain("PUT /api/habits");
    expect(noticeTexts()).toEqual([messages.habits.importFailed]);
    await waitFor(() => expect(result.current.habits.map((h) => h.name)).toEqual(["Imported"]));
    expect(stored().map((h) => h.name)).toEqual(["Imported"]);
  });
});

describe("usePendingWrites", () => {
  it("counts each write until its answer arrives", async () => {
    const pending: ((r: Response) => void)[] = [];
    handler = (method) =>
      method === "GET"
        ? json(200, [habit("a", "Read"), habit("b", "Walk")])
        : new Promise((resolve) => pending.push(resolve));
    const { result } = setupWithPending();
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(result.current.pending).toBe(0);

    act(() => void result.current.toggle("a"));
    act(() => void result.current.add("Run"));
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(result.current.pending).toBe(2);
    act(() => void result.current.rename("b", "Walking"));
    await waitFor(() => expect(pending).toHaveLength(3));
    act(() => void result.current.remove("b"));
    act(() => void result.current.importAll([{ name: "X", completedDates: [] }]));
    await waitFor(() => expect(pending).toHaveLength(5));
    expect(result.current.pending).toBe(5);

    await act(async () => pending[0]!(json(200, habit("a", "Read", [today]))));
    await waitFor(() => expect(result.current.pending).toBe(4));
    await act(async () => {
      pending[1]!(json(201, habit("c", "Run")));
      pending[2]!(json(200, habit("b", "Walking")));
      pending[3]!(json(204));
      pending[4]!(failure()); // a failed write is no longer pending either
    });
    await waitFor(() => expect(result.current.pending).toBe(0));
  });

  it("still counts a write after the screen that started it is gone", async () => {
    let release!: (r: Response) => void;
    handler = (method) =>
      method === "GET" ? json(200, [habit("a", "Read")]) : new Promise((resolve) => (release = resolve));
    const client = new QueryClient();
    const today = setup(client);
    await waitFor(() => expect(today.result.current.status).toBe("ready"));
    let saved!: Promise<boolean>;
    act(() => void (saved = today.result.current.toggle("a")));
    await waitFor(() => expect(release).toBeDefined());
    today.unmount();

    const settings = renderHook(() => usePendingWrites(), { wrapper: wrapperFor(client) });
    expect(settings.result.current).toBe(1);
    await act(async () => release(json(200, habit("a", "Read", [localToday()]))));
    expect(await saved).toBe(true);
    await waitFor(() => expect(settings.result.current).toBe(0));
  });

  it("counts nothing for a blank name, which is ignored before any write", async () => {
    handler = () => json(200, []);
    const { result } = setupWithPending();
    await waitFor(() => expect(result.current.status).toBe("ready"));
    await act(async () => void (await result.current.add("  ")));
    expect(result.current.pending).toBe(0);
  });
});

describe("local data", () => {
  it("keeps two quick writes to the browser's list, none lost to the other", async () => {
    localStorage.setItem(
      STORAGE_KEYS.habits,
      JSON.stringify([
        { id: "l1", name: "Read", completedDates: [] },
        { id: "l2", name: "Walk", completedDates: [] },
      ]),
    );
    handler = () => unreachable();
    const { result } = setup();
    await waitFor(() => expect(result.current.source).toBe("local"));
    await act(async () => {
      await Promise.all([
        result.current.toggle("l1"),
        result.current.toggle("l2"),
        result.current.add("Run"),
      ]);
    });
    expect(stored().map((h) => [h.name, h.completedDates])).toEqual([
      ["Run", []],
      ["Read", [today]],
      ["Walk", [today]],
    ]);
  });
});

describe("the step before loading", () => {
  it("awaits the step of BeforeHabitsLoadProvider (app/ gives the migration) before asking for the list", async () => {
    handler = () => json(200, []);
    let release!: () => void;
    const beforeLoad = vi.fn((_userId: string) => new Promise<void>((resolve) => (release = resolve)));
    const Inner = wrapperFor(new QueryClient());
    const { result } = renderHook(() => useHabits(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <BeforeHabitsLoadProvider value={beforeLoad}>
          <Inner>{children}</Inner>
        </BeforeHabitsLoadProvider>
      ),
    });
    await waitFor(() => expect(beforeLoad).toHaveBeenCalledWith("u1"));
    expect(calls).toEqual([]);
    expect(result.current.status).toBe("loading");
    await act(async () => release());
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(calls).toEqual(["GET /api/habits"]);
  });
});

describe("a new day", () => {
  afterEach(() => {
    vi.useRealTimers();
    act(() => void window.dispatchEvent(new Event("focus"))); // back to the real day for the shared clock
  });

  it("asks for the list once, also with two hooks on one screen (Settings)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 21, 12, 0, 0));
    handler = () => json(200, []);
    const client = new QueryClient();
    const { result } = renderHook(() => [useHabits(), useHabits()], { wrapper: wrapperFor(client) });
    act(() => void window.dispatchEvent(new Event("focus"))); // the shared clock takes up the fake day
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(result.current[1]?.status).toBe("ready");
    calls.length = 0;
    vi.setSystemTime(new Date(2026, 10, 22, 0, 0, 1));
    act(() => void window.dispatchEvent(new Event("focus")));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(calls).toEqual(["GET /api/habits"]);
  });
});

// @vitest-environment jsdom
// The schemas are loaded on first use (docs/decisions/0007): when that chunk cannot be fetched, each write says
// so with its SPEC §8 message and nothing is sent.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "../../../core/constants";
import { messages } from "../../../core/messages";
import { CurrentUserProvider } from "../current-user";
import { clearNotices, currentNotices } from "../../ui/notices";
import { useHabits } from "./use-habits";

vi.mock("./habit-validation", () => {
  const unavailable = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module"));
  return {
    preloadHabitValidation: () => undefined,
    parseHabitName: unavailable,
    loadBackupParser: unavailable,
  };
});

const calls: string[] = [];
let listStatus = 200;
beforeEach(() => {
  localStorage.clear();
  calls.length = 0;
  vi.stubGlobal("fetch", async (path: string, init: RequestInit) => {
    calls.push(`${init.method ?? "GET"} ${path}`);
    const body =
      listStatus === 200
        ? [{ id: "a", name: "Read", completedDates: [], createdAt: "x", updatedAt: "x" }]
        : { error: { code: "INTERNAL", message: "x" } };
    return new Response(JSON.stringify(body), { status: listStatus });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearNotices();
  listStatus = 200;
});

function setup() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <CurrentUserProvider value={{ id: "u1", name: "U", email: "u@example.com" }}>
        {children}
      </CurrentUserProvider>
    </QueryClientProvider>
  );
  return renderHook(() => useHabits(), { wrapper });
}
const noticeTexts = () => currentNotices().map((n) => n.text);

describe("useHabits when the schemas cannot be loaded", () => {
  it("does not add or rename, and says so", async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.status).toBe("ready"));
    await act(async () => expect(await result.current.add("Walk")).toBe(false));
    await act(async () => expect(await result.current.rename("a", "Reading")).toBe(false));
    expect(noticeTexts()).toEqual([messages.habits.saveFailed, messages.habits.updateFailed]);
    expect(calls).toEqual(["GET /api/habits"]);
    expect(result.current.habits.map((h) => h.name)).toEqual(["Read"]);
  });

  it("reports a load error when the server fails and the local list cannot be parsed", async () => {
    listStatus = 500;
    localStorage.setItem(
      STORAGE_KEYS.habits,
      JSON.stringify([{ id: "l1", name: "Local", completedDates: [] }]),
    );
    const { result } = setup();
    await waitFor(() => expect(result.current.status).toBe("error"));
    expect(noticeTexts()).toEqual([messages.habits.loadFailed]);
  });
});

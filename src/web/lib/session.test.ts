// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The server is the outside service here: fetch answers as /api/auth/get-session would.
type Answer = { status?: number; body?: unknown } | Error;
let answers: Answer[] = [];
const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
  const next = answers.shift();
  if (!next) throw new Error("No answer queued for this request");
  if (next instanceof Error) throw next;
  return new Response(next.body === undefined ? "" : JSON.stringify(next.body), {
    status: next.status ?? 200,
  });
});

const ada = {
  user: { id: "u1", name: "Ada", email: "ada@example.com", image: null },
  session: { id: "s1", expiresAt: "2030-01-01T00:00:00.000Z" },
};

// Each test gets the module anew: its state is the page's.
const load = async () => {
  vi.resetModules();
  return import("./session");
};

beforeEach(() => {
  answers = [];
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
});

describe("useSession", () => {
  it("is pending until the first answer, then holds the user", async () => {
    const { useSession } = await load();
    answers.push({ body: ada });
    const { result } = renderHook(() => useSession());
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.data?.user).toEqual(ada.user);
    expect(result.current.error).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/auth/get-session");
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe("include");
  });

  it("gives no session when signed out", async () => {
    const { useSession } = await load();
    answers.push({ body: null });
    const { result } = renderHook(() => useSession());
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.data).toBeNull();
    expect(result.current.error).toBeNull();
  });

  it("keeps the same session object when the answer has not changed", async () => {
    const { useSession, refetchSession } = await load();
    answers.push({ body: ada }, { body: structuredClone(ada) });
    const { result } = renderHook(() => useSession());
    await waitFor(() => expect(result.current.data).not.toBeNull());
    const first = result.current.data;
    await act(() => refetchSession());
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(result.current.data).toBe(first);
  });

  it("keeps the session through a network failure, with the error; a 401 drops it", async () => {
    const { useSession, refetchSession } = await load();
    answers.push({ body: ada }, new TypeError("Failed to fetch"), { status: 401, body: { message: "no" } });
    const { result } = renderHook(() => useSession());
    await waitFor(() => expect(result.current.data).not.toBeNull());
    await act(() => refetchSession());
    expect(result.current.data?.user.id).toBe("u1");
    expect(result.current.error).toBeInstanceOf(TypeError);
    expect(result.current.isPending).toBe(false);
    await act(() => refetchSession());
    expect(result.current.data).toBeNull();
    expect(result.current.error).toMatchObject({ status: 401 });
  });

  it("counts an answer that is not a session as a failure", async () => {
    const { useSession } = await load();
    answers.push({ body: { user: { id: 7 }, session: {} } });
    const { result } = renderHook(() => useSession());
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.data).toBeNull();
    expect(result.current.error).toBeInstanceOf(Error);
  });

  it("lets a newer request win over one still under way", async () => {
    const { useSession, refetchSession } = await load();
    let answerFirst: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answerFirst = resolve)));
    answers.push({ body: ada });
    const { result } = renderHook(() => useSession());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await act(() => refetchSession());
    expect(result.current.data?.user.name).toBe("Ada");
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
    await act(async () => answerFirst(new Response("null")));
    expect(result.current.data?.user.name).toBe("Ada");
  });

  it("asks again when the tab becomes visible, at most once in FOCUS_REFETCH_GAP_S", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2025-06-01T10:00:00Z") });
    const { useSession, FOCUS_REFETCH_GAP_S } = await load();
    answers.push({ body: ada }, { body: ada }, { body: ada });
    const { result } = renderHook(() => useSession());
    await waitFor(() => expect(result.current.data).not.toBeNull());
    const visible = () => act(async () => void document.dispatchEvent(new Event("visibilitychange")));
    await visible();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    vi.setSystemTime(Date.now() + (FOCUS_REFETCH_GAP_S - 1) * 1000);
    await visible();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    vi.setSystemTime(Date.now() + 1000);
    await visible();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
  });

  it("asks again when another tab signs out, and tells the other tabs in Better Auth's format", async () => {
    const { useSession, broadcastSession, SESSION_BROADCAST_KEY } = await load();
    answers.push({ body: ada }, { body: null });
    const { result } = renderHook(() => useSession());
    await waitFor(() => expect(result.current.data).not.toBeNull());

    broadcastSession("signout");
    const sent: unknown = JSON.parse(window.localStorage.getItem(SESSION_BROADCAST_KEY) ?? "null");
    expect(sent).toMatchObject({ event: "session", data: { trigger: "signout" } });

    // The browser delivers storage events to the other tabs only: this one plays such a tab.
    const newValue = JSON.stringify(sent);
    await act(async () => void window.dispatchEvent(new StorageEvent("storage", { key: "other", newValue })));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => {
      window.dispatchEvent(new StorageEvent("storage", { key: SESSION_BROADCAST_KEY, newValue }));
    });
    await waitFor(() => expect(result.current.data).toBeNull());
  });

  it("asks again after sessionChanged (an action of Better Auth's client)", async () => {
    const { useSession, sessionChanged } = await load();
    answers.push({ body: null }, { body: ada });
    const { result } = renderHook(() => useSession());
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.data).toBeNull();
    act(() => sessionChanged());
    await waitFor(() => expect(result.current.data?.user.email).toBe("ada@example.com"));
  });
});

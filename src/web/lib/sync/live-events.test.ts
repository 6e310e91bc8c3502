import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type ChangeSource, liveEvents, POLL_MS } from "./live-events";

type Kind = "open" | "change" | "error";

/** An EventSource the test drives: `emit` fires its events, `closed` tells whether the page closed it. */
function fakeSource() {
  const listeners = new Map<Kind, (() => void)[]>();
  const source = {
    closed: false,
    addEventListener: (type: Kind, listener: () => void) =>
      void listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    close: () => void (source.closed = true),
    emit: (type: Kind) => listeners.get(type)?.forEach((listener) => listener()),
  } satisfies ChangeSource & Record<string, unknown>;
  return source;
}

describe("liveEvents", () => {
  let sources: ReturnType<typeof fakeSource>[];
  let visible: boolean;
  const changed = vi.fn();
  const retry = vi.fn();
  const start = () =>
    liveEvents({
      changed,
      retry,
      visible: () => visible,
      connect: () => {
        const source = fakeSource();
        sources.push(source);
        return source;
      },
    });

  beforeEach(() => {
    vi.useFakeTimers();
    sources = [];
    visible = true;
    changed.mockReset();
    retry.mockReset();
  });
  afterEach(() => void vi.useRealTimers());

  it("passes the server's change events on, without polling", () => {
    start().open();
    sources[0]!.emit("open");
    sources[0]!.emit("change");
    expect(changed).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(POLL_MS * 3);
    expect(changed).toHaveBeenCalledOnce();
  });

  it("polls every POLL_MS while visible when the stream is refused, and tries it again later", () => {
    const live = start();
    live.open();
    sources[0]!.emit("error"); // a 429, an ended session or no network: the browser says only "error"
    expect(sources[0]!.closed).toBe(true);

    vi.advanceTimersByTime(POLL_MS);
    expect(changed).toHaveBeenCalledTimes(1);
    visible = false;
    vi.advanceTimersByTime(POLL_MS * 2);
    expect(changed).toHaveBeenCalledTimes(1); // a hidden page does not poll
    visible = true;
    vi.advanceTimersByTime(POLL_MS);
    expect(changed).toHaveBeenCalledTimes(2);
    expect(retry).toHaveBeenCalled(); // the stream is asked for again (after a successful cycle: open())

    live.open();
    expect(sources).toHaveLength(2);
    sources[1]!.emit("error");
    vi.advanceTimersByTime(POLL_MS);
    expect(changed).toHaveBeenCalledTimes(3); // still polling, once per interval
    live.open();
    sources[2]!.emit("open");
    vi.advanceTimersByTime(POLL_MS * 3);
    expect(changed).toHaveBeenCalledTimes(3); // the stream is back: polling stopped
  });

  it("backs off its attempts to reopen the stream", () => {
    const live = start();
    const waits: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      live.open();
      sources.at(-1)!.emit("error");
      retry.mockReset();
      let waited = 0;
      while (retry.mock.calls.length === 0) {
        vi.advanceTimersByTime(1000);
        waited += 1000;
      }
      waits.push(waited);
    }
    expect(waits[0]).toBeLessThanOrEqual(2000);
    expect(waits.at(-1)).toBeGreaterThanOrEqual(60_000);
  });

  it("stops polling and reopening when stopped (offline, signed out), until opened again", () => {
    const live = start();
    live.open();
    sources[0]!.emit("error");
    live.stop();
    vi.advanceTimersByTime(POLL_MS * 3);
    expect(changed).not.toHaveBeenCalled();
    expect(retry).not.toHaveBeenCalled();
    live.open();
    sources[1]!.emit("error");
    vi.advanceTimersByTime(POLL_MS);
    expect(changed).toHaveBeenCalledOnce();
  });

  it("polls where the browser has no EventSource", () => {
    liveEvents({ changed, retry, visible: () => true, connect: () => null }).open();
    vi.advanceTimersByTime(POLL_MS * 2);
    expect(changed).toHaveBeenCalledTimes(2);
  });
});

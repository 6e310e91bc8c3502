import { afterEach, describe, expect, it, vi } from "vitest";

const browserTimeZone = vi.fn(() => "Europe/Paris");
vi.mock("./local-today", () => ({ browserTimeZone }));

const { warmIntl } = await import("./warm-intl");
const nextTasks = () => new Promise((resolve) => setTimeout(resolve, 10));

/** A stand-in for the browser's Worker: jsdom has none. Records what the page does with it. */
class FakeWorker {
  static made: FakeWorker[] = [];
  static refuse = false;
  onmessage: (() => void) | null = null;
  onerror: ((event: { preventDefault: () => void }) => void) | null = null;
  terminated = false;
  constructor(public url: URL | string) {
    if (FakeWorker.refuse) throw new DOMException("blocked", "SecurityError");
    FakeWorker.made.push(this);
  }
  terminate() {
    this.terminated = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeWorker.made = [];
  FakeWorker.refuse = false;
  browserTimeZone.mockClear();
});

describe("warmIntl", () => {
  it("leaves Intl's first call to a worker, and ends the worker when it answers", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    warmIntl();
    expect(FakeWorker.made).toHaveLength(1);
    expect(String(FakeWorker.made[0]?.url)).toContain("warm-intl.worker");
    FakeWorker.made[0]?.onmessage?.();
    await nextTasks();
    expect(FakeWorker.made[0]?.terminated).toBe(true);
    expect(browserTimeZone).not.toHaveBeenCalled();
  });

  it("makes the call on the page, in a later task, when the worker fails", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    warmIntl();
    const preventDefault = vi.fn();
    FakeWorker.made[0]?.onerror?.({ preventDefault });
    expect(browserTimeZone).not.toHaveBeenCalled();
    await nextTasks();
    expect(preventDefault).toHaveBeenCalled();
    expect(FakeWorker.made[0]?.terminated).toBe(true);
    expect(browserTimeZone).toHaveBeenCalledTimes(1);
  });

  it("makes the call on the page when no worker can start", async () => {
    FakeWorker.refuse = true;
    vi.stubGlobal("Worker", FakeWorker);
    warmIntl();
    await nextTasks();
    expect(browserTimeZone).toHaveBeenCalledTimes(1);
  });
});

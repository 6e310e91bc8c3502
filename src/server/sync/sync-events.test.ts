import { afterEach, describe, expect, it, vi } from "vitest";
import { eventSender, SLOW_READER_MS } from "./sync.routes";

/** A socket that takes a write only when the test says so. */
function slowSocket() {
  const written: string[] = [];
  const pending: (() => void)[] = [];
  const write = (text: string) =>
    new Promise<void>((resolve) =>
      pending.push(() => {
        written.push(text);
        resolve();
      }),
    );
  return { written, write, takeOne: () => pending.shift()?.() };
}

describe("eventSender", () => {
  afterEach(() => void vi.useRealTimers());

  it("ends a stream whose reader has not taken a write within SLOW_READER_MS", () => {
    vi.useFakeTimers();
    const socket = slowSocket();
    const stuck = vi.fn();
    const send = eventSender(socket.write, stuck, SLOW_READER_MS);
    void send("event one\n\n");
    vi.advanceTimersByTime(SLOW_READER_MS - 1);
    expect(stuck).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(stuck).toHaveBeenCalledOnce();
  });

  it("keeps a reader that takes its writes in time", async () => {
    vi.useFakeTimers();
    const socket = slowSocket();
    const stuck = vi.fn();
    const send = eventSender(socket.write, stuck, SLOW_READER_MS);
    for (let i = 0; i < 5; i++) {
      const sent = send(`event ${i}\n\n`);
      vi.advanceTimersByTime(SLOW_READER_MS / 2);
      socket.takeOne();
      await sent;
    }
    vi.advanceTimersByTime(SLOW_READER_MS * 2);
    expect(stuck).not.toHaveBeenCalled();
    expect(socket.written).toHaveLength(5);
  });

  it("holds one write at most while the reader is slow: the newest change, no heartbeat", async () => {
    const socket = slowSocket();
    const send = eventSender(socket.write, () => undefined, SLOW_READER_MS);
    const first = send("change 1");
    for (let i = 2; i <= 1000; i++) void send(`change ${i}`);
    void send(": heartbeat", true);
    socket.takeOne();
    await new Promise((resolve) => setTimeout(resolve, 0));
    socket.takeOne();
    await first; // resolves once the write it left waiting is taken too
    expect(socket.written).toEqual(["change 1", "change 1000"]);
  });
});

// The parts of sync-loop.ts: the outbox's rules, the server's change signals, and the client of the sync protocol.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_HABIT_NAME_LENGTH } from "../../../core/constants";
import { messages } from "../../../core/messages";
import { SYNC_MAX_OPS, type SyncOp, type SyncPull } from "../../../core/sync";
import { SYNC_PUSH_MAX_BYTES } from "../../../core/sync-push-size";
import { ApiError } from "../api";
import type { QueuedOp } from "./replica-state";
import {
  backoffMs,
  type ChangeSource,
  failureMessage,
  holdEnd,
  liveEvents,
  nextBatch,
  POLL_MS,
  type QueuedSyncOp,
  settleBatch,
  syncApi,
} from "./sync-loop";

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
      kind: "measurable",
      rules: [
        {
          from: "2026-01-01",
          frequency: { weekdays: [1, 3] },
          target: { atMost: false, amount: 8, per: "day", unit: "glasses" },
        },
      ],
      step: 2,
      groupId: null,
    },
  ],
  completions: [
    {
      habitId: HABIT,
      done: ["2026-01-01/2026-01-05", "2026-01-07"],
      skipped: ["2026-01-08"],
      undone: ["2026-01-06"],
      values: [["2026-01-06", 3.5]],
      notes: [["2026-01-08", "ill"]],
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

  it("reads a page of a server of the previous release: a yes/no habit, days without numbers or notes", async () => {
    const { kind: _k, rules: _r, step: _s, ...habit } = page.habits[0]!;
    const { values: _v, notes: _n, ...days } = page.completions[0]!;
    answer({ ...page, habits: [habit], completions: [days] });
    await expect(syncApi.pull("11")).resolves.toEqual({
      ...page,
      habits: [{ ...habit, kind: "yesNo", rules: [], step: 1 }],
      completions: [{ ...days, values: [], notes: [] }],
    });
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
      {
        ...page,
        completions: [
          { habitId: HABIT, done: ["2026-01-01..2026-01-05"], undone: [], values: [], notes: [] },
        ],
      },
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

const op = (n: number): SyncOp => ({
  opId: `o${n}`,
  type: "setCompletion",
  habitId: "h",
  date: "2026-11-21",
  done: n % 2 === 1,
});
const queued = (seqs: number[]): QueuedSyncOp[] => seqs.map((seq) => ({ seq, op: op(seq) }));

describe("the outbox", () => {
  it("sends the oldest ops first, at most a batch", () => {
    expect(nextBatch(queued([5, 2, 9, 1]), 3).map((q) => q.seq)).toEqual([1, 2, 5]);
    expect(nextBatch(queued(Array.from({ length: 150 }, (_, i) => 150 - i))).length).toBe(100);
  });

  describe("by size", () => {
    const bodyBytes = (batch: readonly QueuedSyncOp[]) =>
      new TextEncoder().encode(JSON.stringify({ ops: batch.map((q) => q.op) })).length;
    const create = (seq: number, name: string): QueuedOp => ({
      seq,
      op: { opId: crypto.randomUUID(), type: "createHabit", habitId: crypto.randomUUID(), name },
    });
    /** Takes batches until the queue is empty, as the sync loop does; each batch with its body size. */
    const drain = (queue: QueuedOp[], maxBytes?: number) => {
      const batches: QueuedSyncOp[][] = [];
      for (let left = queue; left.length > 0;) {
        const batch = nextBatch(left, SYNC_MAX_OPS, maxBytes);
        expect(batch.length).toBeGreaterThan(0);
        batches.push(batch);
        const sent = new Set(batch.map((q) => q.seq));
        left = left.filter((q) => !sent.has(q.seq));
      }
      return batches;
    };

    it("sends the largest valid batch whole: 100 names of 100 three-byte characters fit one push", () => {
      const queue = Array.from({ length: SYNC_MAX_OPS }, (_, i) =>
        create(i + 1, "語".repeat(MAX_HABIT_NAME_LENGTH)),
      );
      const [batch, ...rest] = drain(queue);
      expect(batch).toHaveLength(SYNC_MAX_OPS);
      expect(rest).toEqual([]);
      expect(bodyBytes(batch!)).toBeLessThanOrEqual(SYNC_PUSH_MAX_BYTES);
    });

    it("splits by the bytes of the body, counting each character's UTF-8 length, and drains every op in order", () => {
      // Names longer than any valid one (an op the server would refuse on its own), of 1-, 2-, 3- and 4-byte text.
      const names = ["a", "é", "語", "🙂"].map((ch) => ch.repeat(3000));
      const queue = Array.from({ length: 60 }, (_, i) => create(i + 1, names[i % 4]!));
      const batches = drain(queue);
      expect(batches.length).toBeGreaterThan(1);
      for (const [i, batch] of batches.entries()) {
        expect(bodyBytes(batch)).toBeLessThanOrEqual(SYNC_PUSH_MAX_BYTES);
        // Full: one more op would not have fitted.
        const next = batches[i + 1]?.[0];
        if (next) expect(bodyBytes([...batch, next])).toBeGreaterThan(SYNC_PUSH_MAX_BYTES);
      }
      expect(batches.flat().map((q) => q.seq)).toEqual(queue.map((q) => q.seq));
    });

    it("counts the envelope and the commas exactly", () => {
      const queue = [create(1, "x"), create(2, "y"), create(3, "z")];
      const two = bodyBytes(queue.slice(0, 2) as QueuedSyncOp[]);
      expect(nextBatch(queue, SYNC_MAX_OPS, two).map((q) => q.seq)).toEqual([1, 2]);
      expect(nextBatch(queue, SYNC_MAX_OPS, two - 1).map((q) => q.seq)).toEqual([1]);
    });

    it("sends an op larger than a whole push alone, so that the server's answer decides and the queue moves on", () => {
      const queue = [create(1, "x".repeat(SYNC_PUSH_MAX_BYTES)), create(2, "small")];
      expect(drain(queue).map((batch) => batch.map((q) => q.seq))).toEqual([[1], [2]]);
    });
  });

  it("sends no op past an import waiting in the queue: the import goes alone, in its turn", () => {
    const waiting = { seq: 3, op: { opId: "i", type: "importAll" as const, habits: [] } };
    expect(nextBatch([...queued([4, 1, 2]), waiting]).map((q) => q.seq)).toEqual([1, 2]);
    expect(nextBatch([waiting, ...queued([4])])).toEqual([]);
  });

  it("drops every answered op, reports the refused ones and keeps ops without an answer", () => {
    const batch = queued([1, 2, 3]);
    const outcome = settleBatch(batch, [
      { opId: "o1", status: "applied" },
      { opId: "o2", status: "rejected", code: "QUOTA_EXCEEDED", message: "full" },
    ]);
    expect(outcome.done).toEqual([1, 2]);
    expect(outcome.rejected).toEqual([{ op: op(2), code: "QUOTA_EXCEEDED", message: "full" }]);
    expect(
      settleBatch(batch, [
        { opId: "o3", status: "duplicate" },
        { opId: "o1", status: "dropped" },
      ]).done,
    ).toEqual([1, 3]);
  });

  it("names a refused write with the failure text of its kind", () => {
    expect(failureMessage({ opId: "a", type: "createHabit", habitId: "h", name: "x" })).toBe(
      messages.habits.saveFailed,
    );
    expect(failureMessage({ opId: "a", type: "renameHabit", habitId: "h", name: "x" })).toBe(
      messages.habits.updateFailed,
    );
    expect(failureMessage(op(1))).toBe(messages.habits.updateFailed);
    expect(failureMessage({ opId: "a", type: "deleteHabit", habitId: "h" })).toBe(
      messages.habits.deleteFailed,
    );
  });

  it("backs off exponentially while failing, with bounded jitter and a ceiling", () => {
    const none = () => 0;
    expect([0, 1, 2, 3, 4].map((n) => backoffMs(n, none))).toEqual([0, 1000, 2000, 4000, 8000]);
    expect(backoffMs(30, none)).toBe(60_000);
    expect(backoffMs(1, () => 1)).toBe(1200);
  });
});

describe("a held op (an undoable delete)", () => {
  const now = Date.parse("2026-11-21T10:00:00Z");
  const q = (seq: number, op: SyncOp, notBefore?: number): QueuedOp => ({ seq, op, notBefore });
  const tick = (n: number, habitId: string): SyncOp => ({
    opId: `t${n}`,
    type: "setDay",
    habitId,
    date: "2026-11-21",
    state: "done",
  });
  const queue: QueuedOp[] = [
    q(1, tick(1, "a")),
    q(2, { opId: "del", type: "deleteHabit", habitId: "a" }, now + 5000),
    q(3, tick(3, "b")),
    q(4, tick(4, "a")),
    q(5, { opId: "s", type: "setSettings", dayStart: 60 }),
  ];

  it("waits until its hold ends, with every later op of its habit; the others go on in order", () => {
    expect(nextBatch(queue, 100, SYNC_PUSH_MAX_BYTES, now).map((x) => x.seq)).toEqual([1, 3, 5]);
    expect(nextBatch(queue, 100, SYNC_PUSH_MAX_BYTES, now + 4999).map((x) => x.seq)).toEqual([1, 3, 5]);
    expect(nextBatch(queue, 100, SYNC_PUSH_MAX_BYTES, now + 5000).map((x) => x.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it("says when the first hold ends, none once all are over", () => {
    const two = [...queue, q(6, { opId: "del2", type: "deleteHabit", habitId: "b" }, now + 3000)];
    expect(holdEnd(two, now)).toBe(now + 3000);
    expect(holdEnd(two, now + 3000)).toBe(now + 5000);
    expect(holdEnd(two, now + 5000)).toBeNull();
    expect(holdEnd([], now)).toBeNull();
  });

  it("a refused new op says the text of its kind of write", () => {
    expect(failureMessage(tick(1, "a"))).toBe(messages.habits.updateFailed);
    expect(failureMessage({ opId: "s", type: "setSettings", dayStart: 60 })).toBe(
      messages.habits.updateFailed,
    );
  });
});

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

import { describe, expect, it } from "vitest";
import { MAX_HABIT_NAME_LENGTH } from "../../../core/constants";
import { messages } from "../../../core/messages";
import { SYNC_MAX_OPS, type SyncOp } from "../../../core/sync";
import { SYNC_PUSH_MAX_BYTES } from "../../../core/sync-push-size";
import {
  backoffMs,
  failureMessage,
  holdEnd,
  nextBatch,
  type QueuedOp,
  type QueuedSyncOp,
  settleBatch,
} from "./outbox";

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

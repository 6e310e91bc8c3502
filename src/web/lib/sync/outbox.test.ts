import { describe, expect, it } from "vitest";
import { messages } from "../../../core/messages";
import type { SyncOp } from "../../../core/sync";
import { backoffMs, failureMessage, nextBatch, type QueuedSyncOp, settleBatch } from "./outbox";

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

  it("names a refused write with the SPEC §8 text of its kind", () => {
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

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import type { LocalOp } from "./replica-state";
import { recordedWrites, recordWrite, settleWrite, writerOf } from "./replica-db";

const tick = (opId: string): LocalOp => ({
  opId,
  type: "setDay",
  habitId: "h1",
  date: "2026-11-27",
  state: "done",
});

afterEach(() => localStorage.clear());

describe("the records of writes not yet in IndexedDB (decision 0060)", () => {
  it("keeps a write until it is settled, per user, oldest first", () => {
    const a = recordWrite("u1", { op: tick("b"), at: "2026-11-27T10:00:00.001Z", tab: "t1", n: 2 });
    const b = recordWrite("u1", { op: tick("a"), at: "2026-11-27T10:00:00.000Z", tab: "t1", n: 1 });
    const c = recordWrite("u1", { op: tick("c"), at: "2026-11-27T10:00:00.001Z", tab: "t2", n: 1 });
    recordWrite("u2", { op: tick("d"), at: "2026-11-27T10:00:00.000Z", tab: "t3", n: 1 });
    expect(recordedWrites("u1").map((e) => [e.op.opId, e.tab])).toEqual([
      ["a", "t1"],
      ["c", "t2"],
      ["b", "t1"],
    ]);
    settleWrite(a);
    settleWrite(b);
    settleWrite(null);
    expect(recordedWrites("u1").map((e) => e.key)).toEqual([c]);
    expect(recordedWrites("u2").map((e) => e.op)).toEqual([tick("d")]);
  });

  it("keeps a held delete's time and leaves imports out", () => {
    const op: LocalOp = { opId: "x", type: "deleteHabit", habitId: "h1" };
    recordWrite("u1", { op, at: "2026-11-27T10:00:00.000Z", tab: "t1", n: 1, notBefore: 1234 });
    expect(
      recordWrite("u1", {
        op: { opId: "i", type: "importAll", habits: [] },
        at: "2026-11-27T10:00:00.000Z",
        tab: "t1",
        n: 2,
      }),
    ).toBeNull();
    const [entry, ...rest] = recordedWrites("u1");
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ op, notBefore: 1234, tab: "t1", n: 1 });
  });

  it("removes a record it cannot read, and names the writer of a storage event's record", () => {
    const key = recordWrite("u1", { op: tick("a"), at: "2026-11-27T10:00:00.000Z", tab: "t1", n: 1 })!;
    localStorage.setItem("habitStreaksUnstoredWrite:u1:bad", "{not json");
    localStorage.setItem("habitStreaksUnstoredWrite:u1:odd", JSON.stringify({ op: { opId: 1 }, at: "x" }));
    expect(recordedWrites("u1").map((e) => e.key)).toEqual([key]);
    expect(localStorage.getItem("habitStreaksUnstoredWrite:u1:bad")).toBeNull();
    expect(localStorage.getItem("habitStreaksUnstoredWrite:u1:odd")).toBeNull();
    expect(writerOf("u1", key, localStorage.getItem(key))).toBe("t1");
    expect(writerOf("u2", key, localStorage.getItem(key))).toBeNull();
    expect(writerOf("u1", key, null)).toBeNull();
    expect(writerOf("u1", "habitStreaksTheme", "dark")).toBeNull();
  });
});

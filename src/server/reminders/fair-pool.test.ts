import { describe, expect, it } from "vitest";
import { createFairPool, PoolClosedError } from "./fair-pool";

/** A task that runs until released, noting when it starts. */
function gate(log: string[], name: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  return { task: () => (log.push(name), released.then(() => name)), release: () => release() };
}

/** After the pool's own bookkeeping of a finished task. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("createFairPool", () => {
  it("runs at most perKey of one key: another key's task starts while the first key's wait", async () => {
    const pool = createFairPool({ total: 4, perKey: 1 });
    const log: string[] = [];
    const slow = Array.from({ length: 50 }, (_, i) => gate(log, `a${i}`));
    const aDone = slow.map((g) => pool.run("a", g.task));
    const b = gate(log, "b");
    const bDone = pool.run("b", b.task);
    expect(log).toEqual(["a0", "b"]);
    expect(pool.size()).toEqual({ running: 2, waiting: 49 });
    b.release();
    expect(await bDone).toBe("b");
    for (const g of slow) g.release();
    expect(await Promise.all(aDone)).toEqual(slow.map((_, i) => `a${i}`));
  });

  it("holds the total, and serves the least busy key first", async () => {
    const pool = createFairPool({ total: 2, perKey: 2 });
    const log: string[] = [];
    const gates = ["a1", "a2", "a3", "b1", "c1"].map((name) => ({ key: name[0]!, ...gate(log, name) }));
    const done = gates.map((g) => pool.run(g.key, g.task));
    expect(log).toEqual(["a1", "a2"]);
    gates[0]!.release(); // a1 ends: b, with nothing running, goes before a's third
    await done[0];
    await settled();
    expect(log).toEqual(["a1", "a2", "b1"]);
    gates[1]!.release(); // a2 ends: a and c have nothing running, and a has waited longer
    await done[1];
    await settled();
    expect(log).toEqual(["a1", "a2", "b1", "a3"]);
    for (const g of gates) g.release();
    await Promise.all(done);
    expect(log).toEqual(["a1", "a2", "b1", "a3", "c1"]);
  });

  it("passes a task's failure on and goes on with the next", async () => {
    const pool = createFairPool({ total: 1, perKey: 1 });
    const failed = pool.run("a", () => Promise.reject(new Error("dead endpoint")));
    const next = pool.run("a", () => Promise.resolve(2));
    await expect(failed).rejects.toThrow("dead endpoint");
    expect(await next).toBe(2);
  });

  it("on close, drops the waiting tasks and waits for the running ones", async () => {
    const pool = createFairPool({ total: 1, perKey: 1 });
    const log: string[] = [];
    const first = gate(log, "first");
    const running = pool.run("a", first.task);
    const waiting = pool.run("a", () => Promise.resolve("never"));
    const closing = pool.close();
    await expect(waiting).rejects.toBeInstanceOf(PoolClosedError);
    first.release();
    await closing;
    expect(await running).toBe("first");
    await expect(pool.run("b", () => Promise.resolve(1))).rejects.toBeInstanceOf(PoolClosedError);
  });
});

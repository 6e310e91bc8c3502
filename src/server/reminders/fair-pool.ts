// Runs tasks fairly across keys (users): at most `perKey` of one key at once and `total` in all, the keys with work
// waiting served in turn, the least busy first. A user whose tasks are slow holds only their own share of the pool
// (docs/decisions/0054-push-to-public-addresses-fairly.md).

export type FairPool = {
  /** Queues `task` under `key`; resolves or rejects as it does. After close(), refuses at once. */
  run: <T>(key: string, task: () => Promise<T>) => Promise<T>;
  /** Tasks started and not finished, and tasks waiting. */
  size: () => { running: number; waiting: number };
  /** Drops the waiting tasks (they reject with PoolClosedError) and waits for those running. */
  close: () => Promise<void>;
};

export class PoolClosedError extends Error {}

type Job = { start: () => Promise<void>; drop: () => void };

export function createFairPool(limits: { total: number; perKey: number }): FairPool {
  /** Waiting jobs per key, in the order the keys began to wait. */
  const waiting = new Map<string, Job[]>();
  const runningPerKey = new Map<string, number>();
  const running = new Set<Promise<void>>();
  let closed = false;

  const pump = () => {
    while (running.size < limits.total) {
      // The waiting key with the fewest tasks running goes first; among equals, the one waiting longest.
      let key: string | undefined;
      for (const k of waiting.keys()) {
        const n = runningPerKey.get(k) ?? 0;
        if (n < limits.perKey && (key === undefined || n < (runningPerKey.get(key) ?? 0))) key = k;
      }
      if (key === undefined) return;
      const queue = waiting.get(key)!;
      const job = queue.shift()!;
      waiting.delete(key);
      if (queue.length > 0) waiting.set(key, queue); // to the back of the line
      runningPerKey.set(key, (runningPerKey.get(key) ?? 0) + 1);
      const done = job.start().finally(() => {
        running.delete(done);
        const left = (runningPerKey.get(key) ?? 1) - 1;
        if (left === 0) runningPerKey.delete(key);
        else runningPerKey.set(key, left);
        pump();
      });
      running.add(done);
    }
  };

  return {
    run: (key, task) =>
      new Promise((resolve, reject) => {
        if (closed) return reject(new PoolClosedError("the pool is closed"));
        const job: Job = {
          start: () => task().then(resolve, reject),
          drop: () => reject(new PoolClosedError("the pool closed before the task started")),
        };
        const queue = waiting.get(key);
        if (queue) queue.push(job);
        else waiting.set(key, [job]);
        pump();
      }),
    size: () => ({
      running: running.size,
      waiting: [...waiting.values()].reduce((sum, queue) => sum + queue.length, 0),
    }),
    async close() {
      closed = true;
      for (const queue of waiting.values()) for (const job of queue) job.drop();
      waiting.clear();
      await Promise.all(running);
    },
  };
}

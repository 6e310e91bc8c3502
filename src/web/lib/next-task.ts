// A yield to the browser between two pieces of work, so that neither with the other makes one long task
// (Lighthouse's total blocking time counts each task's time over 50 ms). Not a timer: a page clock that tests stop
// (Playwright's) does not hold it up.

type Scheduler = { yield?: () => Promise<void> };

/** Resolves in a later task: scheduler.yield() where there is one, else a message to a new channel. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

type PostTask = (callback: () => void, options: { priority: "background" }) => Promise<unknown>;

/**
 * Runs `work` at background priority where the browser has `scheduler.postTask` (after the frame a click asked
 * for, so the tick shows before its push goes out), at once elsewhere. Not a timer: a page clock that tests stop
 * does not hold it up.
 */
export function inBackground(work: () => void): void {
  const scheduler = (globalThis as { scheduler?: { postTask?: PostTask } }).scheduler;
  if (typeof scheduler?.postTask === "function")
    void scheduler.postTask(work, { priority: "background" }).catch(() => work());
  else work();
}

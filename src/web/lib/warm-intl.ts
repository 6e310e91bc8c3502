// The page's first Intl call sets up ICU (its locale and time zone data): tens of ms in one native call, once, which
// no split can shorten (TBT). That set-up belongs to the process, not to the thread: after a worker has made the
// first call, the page's own first call is fast. So a worker pays it, while the splash shows (docs/performance.md).
// Where no worker can start, one call in a task of its own keeps it out of Today's first render, as before.
import { browserTimeZone } from "./local-today";
import { nextTask } from "./next-task";

/** Sets ICU up on a worker's thread; where that fails, asks Intl for the zone in a later task of the page. */
export function warmIntl(): void {
  const onPage = () => void nextTask().then(() => browserTimeZone());
  let worker: Worker;
  try {
    worker = new Worker(new URL("./warm-intl.worker.ts", import.meta.url), { type: "module" });
  } catch {
    onPage();
    return;
  }
  worker.onmessage = () => worker.terminate();
  worker.onerror = (event) => {
    event.preventDefault();
    worker.terminate();
    onPage();
  };
}

// The page's first Intl call sets up ICU (its locale and time zone data): 15 to 40 ms of main thread on this
// machine, once. Left to itself it happens inside Today's first render (useToday, the heading's date), one task
// that React cannot slice. Done in a task of its own while the splash shows, it is out of the way (issue 11, TBT).
import { browserTimeZone } from "./local-today";
import { nextTask } from "./next-task";

/** Asks Intl for the browser's zone in a later task of its own; the answer is not kept (the zone can change). */
export function warmIntl(): void {
  void nextTask().then(() => browserTimeZone());
}

// The leading tab's line to the server's change signals (GET /api/sync/events), and polling while there is none
// (docs/decisions/0056-bounded-event-streams.md): the server may refuse a stream (429 past its limits) or end it
// (a session that ended, a slow network); the browser's EventSource tells neither apart from a network fault.
import { backoffMs } from "./outbox";

/** While the stream is down, a visible page pulls this often. */
export const POLL_MS = 45_000;

export type LiveEvents = {
  /** Opens the stream unless it is open; polling goes on until it is. */
  open: () => void;
  /** Stops the stream, polling and the next attempt, until `open` (offline or signed out: the loop's retries act). */
  stop: () => void;
};

/** What is used of an EventSource. */
export type ChangeSource = {
  addEventListener: (type: "open" | "change" | "error", listener: () => void) => void;
  close: () => void;
};

type LiveOptions = {
  /** The server signalled a change, or a poll is due: run a sync cycle. */
  changed: () => void;
  /** Time to try the stream again: run a cycle, whose success calls `open`. */
  retry: () => void;
  /** A new stream; null where the browser has no EventSource. */
  connect?: (url: string) => ChangeSource | null;
  visible?: () => boolean;
};

const browserSource = (url: string): ChangeSource | null =>
  typeof EventSource === "function" ? new EventSource(url) : null;

export function liveEvents({
  changed,
  retry,
  connect = browserSource,
  visible = () => document.visibilityState === "visible",
}: LiveOptions): LiveEvents {
  let events: ChangeSource | null = null;
  let failures = 0;
  let polling: ReturnType<typeof setInterval> | undefined;
  let reopen: ReturnType<typeof setTimeout> | undefined;

  const startPolling = () => {
    polling ??= setInterval(() => {
      if (visible()) changed();
    }, POLL_MS);
  };
  const stopPolling = () => {
    clearInterval(polling);
    polling = undefined;
  };
  const close = () => {
    events?.close();
    events = null;
  };

  function open(): void {
    if (events) return;
    const source = connect("/api/sync/events");
    if (!source) return startPolling();
    events = source;
    source.addEventListener("open", () => {
      failures = 0;
      stopPolling();
    });
    source.addEventListener("change", changed);
    source.addEventListener("error", () => {
      // Refused, ended or unreachable: stop the browser's own quick retries, poll, and try again later.
      if (events !== source) return;
      close();
      failures += 1;
      startPolling();
      clearTimeout(reopen);
      reopen = setTimeout(retry, backoffMs(failures));
    });
  }

  return {
    open,
    stop: () => {
      close();
      stopPolling();
      clearTimeout(reopen);
    },
  };
}

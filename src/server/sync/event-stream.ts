// One open GET /api/sync/events: the cursor at connect, a `change` event after every write of the user, a
// heartbeat, and its end: the client leaves, the server stops, its session or token ends (stream-registry.ts), or
// it reads too slowly (docs/decisions/0056-bounded-event-streams.md).
import type { ServerResponse } from "node:http";
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../http/env";
import type { SyncChangeEvent } from "../../core/sync";
import type { ChangeHub } from "./change-hub";
import type { StreamPlace } from "./stream-registry";
import { currentVersion } from "./versions.repo";

// A comment line this often keeps proxies and load balancers from closing an idle stream.
const HEARTBEAT_MS = 25_000;
/** A write the socket has not taken in this long: the reader is too slow, or gone without a word. */
export const SLOW_READER_MS = 30_000;

const changeEvent = (cursor: string) =>
  `event: change\ndata: ${JSON.stringify({ cursor } satisfies SyncChangeEvent)}\n\n`;

/** Resolves after `ms`, or at once when `signal` aborts; leaves no listener behind either way. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done);
  });
}

/**
 * Writes one at a time, so that a reader that does not read holds one write, not a queue: a change event that
 * comes while a write waits replaces the one waiting before it (the newer cursor says all), and a heartbeat is
 * left out. A write not taken within `boundMs` calls `stuck`.
 */
export function eventSender(write: (text: string) => Promise<unknown>, stuck: () => void, boundMs: number) {
  let busy = false;
  let waiting: string | undefined;
  const send = async (text: string, heartbeat = false): Promise<void> => {
    if (busy) {
      if (!heartbeat) waiting = text;
      return;
    }
    busy = true;
    const timer = setTimeout(stuck, boundMs);
    try {
      await write(text);
    } finally {
      clearTimeout(timer);
      busy = false;
    }
    const next = waiting;
    waiting = undefined;
    if (next !== undefined) await send(next);
  };
  return send;
}

export function eventStream(c: Context<AppEnv>, hub: ChangeHub, place: StreamPlace): Response {
  const db = c.get("db");
  const user = c.get("user");
  // Node's response (absent in app.request()): a stuck reader's socket is destroyed, which ends its writes.
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return streamSSE(c, async (stream) => {
    const ended = new AbortController();
    const end = () => ended.abort();
    stream.onAbort(end);
    place.ended.addEventListener("abort", end);
    if (place.ended.aborted) end();
    const send = eventSender(
      (text) => stream.write(text),
      () => {
        end();
        stream.abort();
        outgoing?.destroy();
      },
      SLOW_READER_MS,
    );
    let unsubscribe: () => void = () => {};
    try {
      unsubscribe = await hub.subscribe(user.id, (cursor) => {
        if (!ended.signal.aborted) void send(changeEvent(cursor));
      });
      // The cursor now, read after subscribing: a write in between is not missed, only signalled twice.
      if (!ended.signal.aborted) await send(changeEvent(String(await currentVersion(db, user.id))));
      while (!ended.signal.aborted) {
        await sleep(HEARTBEAT_MS, ended.signal);
        if (!ended.signal.aborted) await send(": heartbeat\n\n", true);
      }
    } catch {
      // The client went away or the database could not listen: the client's EventSource reconnects.
    } finally {
      unsubscribe();
      place.ended.removeEventListener("abort", end);
      place.release();
    }
  });
}

// The sync routes: the pull (GET /api/sync), the push, and the open event stream (GET /api/sync/events); and
// notifyChanges, around every write of the user.
import type { ServerResponse } from "node:http";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../http/env";
import { latestDayOf } from "../http/user-day";
import { describeIssues, validate } from "../http/validation";
import type { UserLimits } from "../habits/quota";
import { contract } from "../../core/contract-schema";
import { SYNC_DEFAULT_LIMIT, SYNC_MAX_LIMIT, type SyncChangeEvent, type SyncPull } from "../../core/sync";
import type { ChangeHub, UserCache } from "./change-hub";
import { isStaleCursor, pullChanges } from "./pull.repo";
import { pushOps, type CheckedOp } from "./push.repo";
import { SyncOpSchema } from "../../core/sync-schema";
import { sendError } from "../http/error-answer";
import { errorText } from "../http/errors";
import type { AdmitStream } from "./stream-auth";
import { STREAM_RETRY_AFTER_S, STREAMS_PER_USER, type StreamPlace } from "./stream-registry";
import { currentVersion } from "./versions.repo";
import { COMPRESS_MIN_BYTES, jsonAnswer, sizedJson } from "../http/cached-body";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The answer of a pull at the user's latest cursor. */
const inSync = (cursor: number) =>
  JSON.stringify({
    cursor: String(cursor),
    more: false,
    habits: [],
    completions: [],
    deletedHabitIds: [],
  } satisfies SyncPull);

/**
 * After a write request of the signed-in user has ended, before its answer goes out: drops their cache entry
 * (the next read goes to the database), then, when it succeeded, tells their open streams.
 */
/** Each op read by its schema: a malformed one is rejected on its own, so that it does not hold back the rest. */
function checkOps(ops: readonly { opId: string }[]): CheckedOp[] {
  return ops.map((raw) => {
    const parsed = SyncOpSchema.safeParse(raw);
    return parsed.success
      ? { opId: raw.opId, op: parsed.data }
      : { opId: raw.opId, fault: describeIssues(parsed.error.issues) };
  });
}

export const notifyChanges =
  (hub: ChangeHub, cache: UserCache): MiddlewareHandler<AppEnv> =>
  (c, next) =>
    WRITE_METHODS.has(c.req.method)
      ? next()
          .finally(() => cache.forget(c.get("user").id))
          .then(() => {
            if (c.res.status < 400) void hub.publish(c.get("user").id).catch(() => undefined); // a lost signal costs a device one late pull
          })
      : next(); // a read changes nothing: passed on at once

const pullQuerySchema = validate("query", contract["GET /api/sync"].query);
const PLAIN_PULL_QUERY = /^cursor=(\d{1,15})(?:&limit=(\d{1,6}))?$/;

/**
 * The pull's query as the web app writes it (`cursor=<digits>&limit=<digits>`, or the cursor alone) read with one
 * regular expression; anything else, or a limit out of range, goes through the contract's schema, which gives the
 * same values or the 400. The in-sync pull is the request a device makes most, and zod's parse of its query was
 * a tenth of it.
 */
const pullQuery: typeof pullQuerySchema = async (c, next) => {
  const url = c.req.url;
  const match = PLAIN_PULL_QUERY.exec(url.slice(url.indexOf("?") + 1));
  const limit = match && (match[2] === undefined ? SYNC_DEFAULT_LIMIT : Number(match[2]));
  if (!match || limit === null || limit < 1 || limit > SYNC_MAX_LIMIT) return pullQuerySchema(c, next);
  c.req.addValidatedData("query", { cursor: Number(match[1]), limit });
  await next();
};

export const syncRoutes = (limits: UserLimits, hub: ChangeHub, cache: UserCache, admitStream: AdmitStream) =>
  new Hono<AppEnv>()
    .get("/", pullQuery, async (c) => {
      const { cursor, limit } = c.req.valid("query");
      const db = c.get("db");
      const user = c.get("user");
      // A device's most frequent request: nothing changed after its cursor. One indexed read answers it, with the
      // page pullChanges would give (no settings: they cannot have changed after the counter).
      if (cursor > 0) {
        const { current, horizon } = await cache.position(user.id, c.get("now").getTime());
        if (cursor === current && cursor >= horizon) return sizedJson(c, inSync(cursor));
      }
      const page = await pullChanges(db, user.id, cursor, limit);
      // Checked after the page was read: a prune that committed meanwhile raised the horizon, and is seen here.
      // A first sync's pages come one after the other: gzipped from 1 KiB, as the bytes of the whole sync count.
      if (!(await isStaleCursor(db, user.id, cursor))) return jsonAnswer(c, page, 200, COMPRESS_MIN_BYTES);
      const reset: SyncPull = { ...(await pullChanges(db, user.id, 0, limit)), reset: true };
      return jsonAnswer(c, reset, 200, COMPRESS_MIN_BYTES);
    })
    .post("/push", validate("json", contract["POST /api/sync/push"].json), async (c) => {
      const db = c.get("db");
      const user = c.get("user");
      const now = c.get("now");
      // The device's today bounds the days it may set; an implausible one is ignored (http/user-day.ts).
      const latest = latestDayOf(c.req.header("x-local-date"), now);
      const ops = checkOps(c.req.valid("json").ops);
      return jsonAnswer(c, await pushOps(db, user.id, ops, { now, limits, latest }));
    })
    .get("/events", (c) => {
      const place = admitStream(c);
      if ("ended" in place) return eventStream(c, hub, place);
      c.header("Retry-After", String(STREAM_RETRY_AFTER_S));
      return sendError(
        c,
        429,
        "STREAM_LIMIT",
        errorText("streamLimit", { scope: place.refused, max: STREAMS_PER_USER }),
      );
    });

// One open GET /api/sync/events: the cursor at connect, a `change` event after every write of the user, a
// heartbeat, and its end: the client leaves, the server stops, its session or token ends (stream-registry.ts), or
// it reads too slowly (docs/decisions/0056-bounded-event-streams.md).

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

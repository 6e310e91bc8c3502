// The outbox's rules, the server's change signals and the loop that runs them: the tick's push and pull, one file.
//
// The network side of the local store: it sends the outbox in order, pulls by cursor, listens for the server's
// "something changed" events (or polls while it has none for us), and backs off while failing. Every tab may run a
// cycle when asked (ops are idempotent, so two tabs sending one op apply it once); the standing loop (events,
// retries) runs in the one tab that holds the Web Lock.
import { BACKUP_VERSION } from "../../../core/backup";
import { messages } from "../../../core/messages";
import {
  MAX_GROUPS,
  SYNC_MAX_OPS,
  type SyncOp,
  type SyncOpResult,
  type SyncPull,
  type SyncPushResult,
} from "../../../core/sync";
import { SYNC_PUSH_MAX_BYTES } from "../../../core/sync-push-size";
import { ApiError, failureText } from "../api";
import { apiRequest } from "../api-request";
import { commitPull, dropOps, type Meta, readOutbox, saveMeta, settleImport } from "./replica-db";
import { type ImportOp, type LocalOp, type QueuedOp, rebase, startPull, takePage } from "./replica-state";

// The pure rules of the outbox: ops leave in the order they were made, a batch at a time; failures
// back off; a refused op is reported with the failure text of its kind of write.

export type QueuedSyncOp = { seq: number; op: SyncOp };

/** The queue in order. */
export const inOrder = (queue: readonly QueuedOp[]): QueuedOp[] => [...queue].sort((a, b) => a.seq - b.seq);

const encoder = new TextEncoder();
/** Bytes of `{"ops":[]}`; each op adds its own bytes (UTF-8, as the server counts them) and a comma. */
const ENVELOPE_BYTES = encoder.encode(JSON.stringify({ ops: [] })).length;

const habitOf = (op: LocalOp): string | null => ("habitId" in op ? op.habitId : null);

/**
 * The next sync ops to send: the oldest first, none past an import, and at most `max` ops whose push body stays
 * within `maxBytes`. The oldest op always goes, alone if it is larger than that: the server's answer decides.
 * An op held past `now`, and every later op for its habit, stays behind; the others go on in their order.
 */
export function nextBatch(
  queue: readonly QueuedOp[],
  max = SYNC_MAX_OPS,
  maxBytes = SYNC_PUSH_MAX_BYTES,
  now = Date.now(),
): QueuedSyncOp[] {
  const batch: QueuedSyncOp[] = [];
  const held = new Set<string>();
  let bytes = ENVELOPE_BYTES - 1; // the first op adds no comma
  for (const { seq, op, notBefore } of inOrder(queue)) {
    if (op.type === "importAll" || batch.length >= max) break;
    const habitId = habitOf(op);
    if (habitId !== null && (held.has(habitId) || (notBefore !== undefined && notBefore > now))) {
      held.add(habitId);
      continue;
    }
    bytes += encoder.encode(JSON.stringify(op)).length + 1;
    if (batch.length > 0 && bytes > maxBytes) break;
    batch.push({ seq, op });
  }
  return batch;
}

/** When the first hold in `queue` ends (ms since the epoch), or null when none is held past `now`. */
export function holdEnd(queue: readonly QueuedOp[], now = Date.now()): number | null {
  let end: number | null = null;
  for (const { notBefore } of queue)
    if (notBefore !== undefined && notBefore > now && (end === null || notBefore < end)) end = notBefore;
  return end;
}

export type PushOutcome = { done: number[]; rejected: { op: SyncOp; code: string; message: string }[] };

/** Every answered op leaves the outbox; the refused ones are reported. Ops without an answer stay queued. */
export function settleBatch(batch: readonly QueuedSyncOp[], results: readonly SyncOpResult[]): PushOutcome {
  const byId = new Map(results.map((r) => [r.opId, r]));
  const outcome: PushOutcome = { done: [], rejected: [] };
  for (const { seq, op } of batch) {
    const result = byId.get(op.opId);
    if (!result) continue;
    outcome.done.push(seq);
    if (result.status === "rejected")
      outcome.rejected.push({ op, code: result.code, message: result.message });
  }
  return outcome;
}

/** The failure text for a write of this kind that the server refused (`code`: the refusal's, when it has one). */
export function failureMessage(op: LocalOp, code?: string): string {
  if (op.type === "createGroup" || op.type === "updateGroup" || op.type === "deleteGroup") {
    // Another device took the name, or the last place, while this one was offline.
    if (code === "GROUP_NAME_TAKEN") return messages.groups.taken;
    if (code === "GROUP_LIMIT") return messages.groups.limit(MAX_GROUPS);
    return messages.groups.saveFailed;
  }
  if (op.type === "importAll") return messages.habits.importFailed;
  if (op.type === "createHabit") return messages.habits.saveFailed;
  if (op.type === "deleteHabit") return messages.habits.deleteFailed;
  return messages.habits.updateFailed;
}

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 60_000;

/** Wait before the next attempt after `failures` failed ones in a row: 1 s, 2 s, 4 s... up to a minute, with
 * up to 20 % jitter so that many devices coming back together do not knock at once. */
export function backoffMs(failures: number, random: () => number = Math.random): number {
  if (failures <= 0) return 0;
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (failures - 1));
  return Math.round(base * (1 + 0.2 * random()));
}

// The leading tab's line to the server's change signals (GET /api/sync/events), and polling while there is none
// (docs/decisions/0056-bounded-event-streams.md): the server may refuse a stream (429 past its limits) or end it
// (a session that ended, a slow network); the browser's EventSource tells neither apart from a network fault.

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

// The loop.

/** The web client of the sync protocol (src/core/sync.ts). apiRequest parses the answers by the contract's schemas
 * (core/sync-answer-schema.ts): a malformed one rejects with ApiError BAD_RESPONSE, never reaches the store. */
export const syncApi = {
  pull: (cursor: string, limit?: number): Promise<SyncPull> =>
    apiRequest("GET /api/sync", { query: { cursor, limit } }),
  push: (ops: readonly SyncOp[]): Promise<SyncPushResult> =>
    apiRequest("POST /api/sync/push", { body: { ops: [...ops] } }),
};

export type CycleResult = { ok: true } | { ok: false; offline: boolean };

export type SyncLoop = {
  /** Run a cycle soon (a write, `online`, focus, an event); only the leading tab acts on it. */
  kick: () => void;
  /** Run a cycle now, in this tab, and wait for it; `full` replaces the copy with the server's. */
  run: (full?: boolean) => Promise<CycleResult>;
};

type LoopOptions = {
  db: IDBDatabase;
  userId: string;
  /** After each cycle: the store or its meta may have changed. */
  cycled: (result: CycleResult) => void;
  /** A failure text for a write the server refused. */
  notice: (text: string) => void;
  /** An import left the queue: taken by the server (true) or refused (false). */
  imported: (opId: string, saved: boolean) => void;
};

/** The ids the server gave an import's habits, in the order sent; null for an answer of another shape. */
function savedIds(answer: unknown): string[] | null {
  if (!Array.isArray(answer)) return null;
  const ids = answer.map((habit: unknown) =>
    typeof habit === "object" && habit !== null && "id" in habit && typeof habit.id === "string"
      ? habit.id
      : null,
  );
  return ids.every((id) => id !== null) ? ids : null;
}

/** A 4xx that sending again cannot change (not a lost session, a timeout or a rate limit). */
const refusedFinally = (error: unknown) =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  ![401, 408, 429].includes(error.status);

/** A reset answers a pull whose cursor is too old or ahead of the server; one pull meets it once, a second time
 * only if the server pruned or was restored meanwhile: more than that is a fault, retried with backoff. */
const MAX_RESETS = 3;

const ok = (now: string): Meta => ({ lastSyncedAt: now, offlineSince: undefined, failingSince: undefined });

export function startSyncLoop({ db, userId, cycled, notice, imported }: LoopOptions): SyncLoop {
  let leader = false;
  let running: Promise<CycleResult> | null = null;
  let again: boolean | null = null; // a further cycle was asked for while one ran (true: a full one)
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  // The server's change signals, or polling while it refuses or ends the stream (liveEvents above).
  const live = liveEvents({
    changed: () => kick(),
    retry: () => {
      if (leader) void run();
    },
  });
  let held: ReturnType<typeof setTimeout> | undefined;

  /** A held op (a delete that can still be undone) goes when its hold ends: a cycle then, in the leading tab. */
  async function wakeAtHoldEnd(): Promise<void> {
    clearTimeout(held);
    const queue = (await readOutbox(db)).outbox;
    const end = holdEnd(queue);
    if (!leader) return;
    // A hold that ended while the cycle ran (a slow network) left its op behind: it goes now, not at the next write.
    if (nextBatch(queue, 1).length > 0) held = setTimeout(kick, 0);
    else if (end !== null) held = setTimeout(kick, Math.max(0, end - Date.now()) + 50);
  }

  /** An import at the head of the queue, as one PUT /api/habits (one transaction on the server). */
  async function sendImport(seq: number, op: ImportOp): Promise<void> {
    let answer: unknown;
    try {
      // Each habit as a backup row: the original fields and the optional history ones it has.
      const rows = op.habits.map(({ id: _localId, ...row }) => row);
      // With groups, the body is a backup file's shape; without, the bare list an earlier server also takes.
      const body = op.groups ? { version: BACKUP_VERSION, habits: rows, groups: op.groups } : rows;
      answer = await apiRequest("PUT /api/habits", { body });
    } catch (error) {
      if (!refusedFinally(error)) throw error;
      await dropOps(db, [seq]);
      notice(failureText(error, messages.habits.importFailed));
      imported(op.opId, false);
      return;
    }
    const ids = savedIds(answer);
    if (!ids || ids.length !== op.habits.length)
      throw new ApiError(500, "SYNC_SHAPE", "The server's import answer has an unexpected shape");
    await settleImport(db, seq, new Map(op.habits.map((habit, i) => [habit.id, ids[i]!])));
    imported(op.opId, true);
  }

  /** Sends the whole outbox, a batch at a time (held ops stay: see holdEnd); true when the server refused an op or
   * took an import (then pull in full: the copy returns to the server's state, or learns the imported habits' ids). */
  async function pushAll(): Promise<boolean> {
    let refused = false;
    let cap = SYNC_MAX_OPS;
    for (;;) {
      const queue = inOrder((await readOutbox(db)).outbox);
      const head = queue[0];
      if (head?.op.type === "importAll") {
        await sendImport(head.seq, head.op);
        refused = true;
        continue;
      }
      const batch = nextBatch(queue, cap);
      if (batch.length === 0) return refused;
      let answer: SyncPushResult;
      try {
        answer = await syncApi.push(batch.map((queued) => queued.op));
      } catch (error) {
        // Too large for the server after all (its limit is lower than ours): halve the batch; one op alone that
        // is too large is refused, dropped like any other 4xx.
        if (!(error instanceof ApiError && error.status === 413)) throw error;
        cap = Math.ceil(batch.length / 2);
        if (batch.length > 1) continue;
        await dropOps(db, [batch[0]!.seq]);
        notice(failureText(error, failureMessage(batch[0]!.op)));
        refused = true;
        continue;
      }
      const { done, rejected } = settleBatch(batch, answer.results);
      await dropOps(db, done);
      for (const r of rejected)
        notice(failureText(new ApiError(400, r.code, r.message), failureMessage(r.op, r.code)));
      refused ||= rejected.length > 0;
      if (done.length === 0)
        throw new ApiError(500, "SYNC_NO_RESULTS", "The server answered none of the ops");
    }
  }

  /** Pulls until `more` is false; a reset (or `full`) replaces the copy with the server's (replica-state.ts). */
  async function pullAll(full: boolean): Promise<void> {
    const { meta } = await readOutbox(db);
    let run = startPull(full || meta.fullPull !== undefined ? "" : (meta.cursor ?? ""));
    for (;;) {
      const page = await syncApi.pull(run.cursor);
      const taken = takePage(run, page);
      run = taken.run;
      if (run.resets > MAX_RESETS)
        throw new ApiError(500, "SYNC_RESET_LOOP", "The server asked for a full pull again and again");
      const changes = taken.write;
      if (changes) {
        const now = new Date().toISOString();
        await commitPull(db, (waiting) => rebase(changes, waiting, now), {
          cursor: run.cursor,
          ...(page.more ? {} : ok(now)),
          ...(run.fromScratch && !page.more ? { fullPull: undefined } : {}),
        });
      }
      if (!page.more) return;
    }
  }

  async function cycle(full: boolean): Promise<CycleResult> {
    clearTimeout(retry);
    try {
      const refused = await pushAll();
      await pullAll(full || refused);
      failures = 0;
      if (leader) live.open();
      await wakeAtHoldEnd();
      return { ok: true };
    } catch (error) {
      const offline = error instanceof ApiError && error.status === 0;
      const empty: Meta = {};
      const { meta } = await readOutbox(db).catch(() => ({ meta: empty }));
      const now = new Date().toISOString();
      await saveMeta(
        db,
        offline ? { offlineSince: meta.offlineSince ?? now } : { failingSince: meta.failingSince ?? now },
      );
      failures += 1;
      // Unreachable or signed out: no stream and no polling; the retries below (or `online`, focus) come back.
      if (offline || (error instanceof ApiError && error.status === 401)) live.stop();
      if (leader) retry = setTimeout(kick, backoffMs(failures));
      return { ok: false, offline };
    }
  }

  function run(full = false): Promise<CycleResult> {
    if (running) {
      again = (again ?? false) || full;
      return running;
    }
    const next = async (): Promise<CycleResult> => {
      let result = await cycle(full);
      cycled(result);
      while (again !== null) {
        const nextFull = again;
        again = null;
        result = await cycle(nextFull);
        cycled(result);
      }
      return result;
    };
    running = next().finally(() => (running = null));
    return running;
  }

  function kick(): void {
    if (leader) void run();
  }

  const lead = () => {
    leader = true;
    if (!running) kick();
  };
  if (typeof navigator.locks?.request === "function") {
    // Held until the page goes away: then the next tab in line takes over the loop.
    void navigator.locks.request(`habit-streaks-sync-${userId}`, () => {
      lead();
      return new Promise<never>(() => undefined);
    });
  } else {
    lead();
  }

  return { kick, run };
}

// The pure rules of the outbox: ops leave in the order they were made, a batch at a time; failures
// back off; a refused op is reported with the failure text of its kind of write.
import type { LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import type { Schedule } from "../../../core/schedule";
import { SYNC_MAX_OPS, type SyncHabit, type SyncOp, type SyncOpResult } from "../../../core/sync";
import { SYNC_PUSH_MAX_BYTES } from "../../../core/sync-push-size";

/** A habit of an import, with the id it has on this device until the server gives its own, and the optional fields
 * of a backup file. */
export type ImportHabit = {
  id: string;
  name: string;
  completedDates: LocalDate[];
  skippedDates?: LocalDate[];
  schedule?: Schedule | null;
  archived?: boolean;
  position?: number;
  emoji?: string | null;
};
/**
 * An import the server could not take yet (the imported list is still loaded locally). It stays a
 * device-only op: it goes alone, as the one-transaction PUT /api/habits, when it reaches the head of the queue.
 */
export type ImportOp = { opId: string; type: "importAll"; habits: ImportHabit[] };
/** Anything the outbox holds: a sync op, or an import. */
export type LocalOp = SyncOp | ImportOp;

/** What a delete removed, kept with its op while it can be undone; `cursor`: the pull cursor then. */
export type DeletedHabit = {
  habit: SyncHabit;
  done: LocalDate[];
  skipped: LocalDate[];
  cursor: string | null;
};

/**
 * An op as the outbox keeps it: `seq` is its place in the queue (IndexedDB's auto-increment key). A held op
 * (`notBefore`, ms since the epoch: a delete that can still be undone) waits until then, and so does every op
 * after it for the same habit; `undo` is what its delete removed.
 */
export type QueuedOp = { seq: number; op: LocalOp; notBefore?: number; undo?: DeletedHabit };
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

/** The failure text for a write of this kind that the server refused. */
export function failureMessage(op: LocalOp): string {
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

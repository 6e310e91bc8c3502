// A notification's "Done" in the service worker: the op a tick writes, into the app's outbox, then sent.
import { DEFAULT_DAY_START, todayInZoneAt } from "../../../core/day-start";
import type { LocalDate } from "../../../core/local-date";
import type { SyncHabit, SyncOp, SyncPushResult } from "../../../core/sync";
import { commitLocal, dropOps, openReplicaDb, readHabit, readOutbox } from "../sync/replica-db";
import { opChanges } from "../sync/replica-state";
import type { TabMessage } from "../sync/sync-engine";
import { nextBatch, settleBatch } from "../sync/sync-loop";
import { pushUser } from "./push-device";
import { isRecord, type ServiceWorkerScope } from "./sw-scope";

/** The device's calendar day: never before the user's day (a day start only moves today earlier). */
const calendarToday = (now = new Date()) =>
  todayInZoneAt(now, Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC", DEFAULT_DAY_START);

/**
 * The op of "Done" for the habit as this device holds it (undefined: not here yet): the setDay a tick on Today writes
 * (sync-engine.ts), for a yes/no habit only. A measurable or quit habit's day takes a number, and the server refuses
 * "done" on it (HABIT_KIND_MISMATCH): no op, and its page opens instead (docs/product.md, "Kinds of habit"). Its
 * reminders offer no "Done" (sw-reminders.ts); this covers a notification that offered one all the same (shown before
 * the habit's kind reached the payload).
 */
export function doneOp(
  habit: Pick<SyncHabit, "kind"> | undefined,
  habitId: string,
  date: LocalDate,
): SyncOp | null {
  if (habit && habit.kind !== "yesNo") return null;
  return { opId: crypto.randomUUID(), type: "setDay", habitId, date, state: "done" };
}

/**
 * "Done": doneOp's op into the outbox of the user signed in here last (push-device.ts); open tabs reload their copy;
 * then the outbox is sent. Offline, the op waits in the outbox and the app sends it later. False when there is no
 * user to write for, or no op to write (the habit counts a number): the click then opens the habit's page.
 */
export async function markDone(
  scope: ServiceWorkerScope,
  habitId: string,
  date: LocalDate,
): Promise<boolean> {
  const userId = await pushUser().catch(() => null);
  if (userId === null) return false;
  const db = await openReplicaDb(userId);
  const channel =
    typeof BroadcastChannel === "function" ? new BroadcastChannel(`habit-streaks-${userId}`) : null;
  const post = (message: TabMessage) => channel?.postMessage(message);
  try {
    const op = doneOp(await readHabit(db, habitId), habitId, date);
    if (op === null) return false;
    await commitLocal(db, op, opChanges(op, new Date().toISOString()));
    post({ type: "changed" });
    if (await sendOutbox(scope, db)) post({ type: "changed" });
    else post({ type: "kick" }); // an open tab sends it when it can
    return true;
  } finally {
    channel?.close();
    db.close();
  }
}

/** The push answer's shape as far as settleBatch reads it (the page's client parses it with the contract's zod). */
function isPushResult(value: unknown): value is SyncPushResult {
  return (
    isRecord(value) &&
    Array.isArray(value.results) &&
    value.results.every((r) => isRecord(r) && typeof r.opId === "string" && typeof r.status === "string")
  );
}

/**
 * Sends the outbox's next batch, as the app's sync loop does (sync-loop.ts: in order, held ops and imports stay);
 * answered ops leave it. The server ignores an op it has seen (by opId), so a tab sending the same ops is harmless.
 * False when nothing could be sent (offline, signed out, an error): the ops stay for the app.
 */
export async function sendOutbox(scope: ServiceWorkerScope, db: IDBDatabase): Promise<boolean> {
  const batch = nextBatch((await readOutbox(db)).outbox);
  if (batch.length === 0) return true;
  try {
    const response = await scope.fetch("/api/sync/push", {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "X-Local-Date": calendarToday(),
      },
      body: JSON.stringify({ ops: batch.map((queued) => queued.op) }),
    });
    if (!response.ok) return false;
    const answer: unknown = await response.json();
    if (!isPushResult(answer)) return false;
    const { done } = settleBatch(batch, answer.results);
    await dropOps(db, done);
    return done.length > 0;
  } catch {
    return false;
  }
}

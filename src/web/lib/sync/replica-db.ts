// The user's local store in IndexedDB (issue 9): one database per signed-in user, shared by all tabs.
// Stores: habits (SyncHabit by id), completions (done days, key [habitId, date]), outbox (ops by seq) and meta.
import type { LocalDate } from "../../../core/local-date";
import type { SyncHabit } from "../../../core/sync";
import { committed, done, openDatabase } from "./idb";
import type { LocalOp, QueuedOp } from "./outbox";
import { applyChanges, type Change, emptyReplica, type Replica } from "./replica-state";

export type Meta = {
  /** The pull cursor; absent until the first full pull has finished: then there is no local copy yet. */
  cursor?: string;
  lastSyncedAt?: string;
  /** Since when the server could not be reached at all (no connection). */
  offlineSince?: string;
  /** Since when the server answered with errors (5xx, 429, a broken answer). */
  failingSince?: string;
};

type CompletionRow = { habitId: string; date: LocalDate };

export const databaseName = (userId: string) => `habit-streaks-${userId}`;

export function openReplicaDb(userId: string): Promise<IDBDatabase> {
  return openDatabase(databaseName(userId), 1, (db) => {
    db.createObjectStore("habits", { keyPath: "id" });
    db.createObjectStore("completions", { keyPath: ["habitId", "date"] }).createIndex("habitId", "habitId");
    db.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true });
    db.createObjectStore("meta");
  });
}

export type Loaded = { replica: Replica; outbox: QueuedOp[]; meta: Meta };

export async function loadReplica(db: IDBDatabase): Promise<Loaded> {
  const tx = db.transaction(["habits", "completions", "outbox", "meta"], "readonly");
  const [habits, completions, outbox, metaKeys, metaValues] = await Promise.all([
    done<SyncHabit[]>(tx.objectStore("habits").getAll()),
    done<CompletionRow[]>(tx.objectStore("completions").getAll()),
    done<QueuedOp[]>(tx.objectStore("outbox").getAll()),
    done(tx.objectStore("meta").getAllKeys()),
    done<unknown[]>(tx.objectStore("meta").getAll()),
  ]);
  const changes: Change[] = habits.map((habit) => ({ kind: "putHabit", habit }));
  for (const c of completions)
    changes.push({ kind: "setDone", habitId: c.habitId, date: c.date, done: true });
  return { replica: applyChanges(emptyReplica(), changes), outbox, meta: readMeta(metaKeys, metaValues) };
}

function readMeta(keys: IDBValidKey[], values: unknown[]): Meta {
  const meta: Meta = {};
  keys.forEach((key, i) => {
    const value = values[i];
    if (typeof value !== "string") return;
    if (key === "cursor") meta.cursor = value;
    if (key === "lastSyncedAt") meta.lastSyncedAt = value;
    if (key === "offlineSince") meta.offlineSince = value;
    if (key === "failingSince") meta.failingSince = value;
  });
  return meta;
}

function writeChanges(tx: IDBTransaction, changes: readonly Change[]): void {
  const habits = tx.objectStore("habits");
  const completions = tx.objectStore("completions");
  for (const change of changes) {
    switch (change.kind) {
      case "clear":
        habits.clear();
        completions.clear();
        break;
      case "putHabit":
        habits.put(change.habit);
        break;
      case "renameHabit": {
        // Read, then write in the same transaction: later requests on the store wait for this one.
        const request = habits.get(change.id);
        request.onsuccess = () => {
          const habit: SyncHabit | undefined = request.result;
          if (habit) habits.put({ ...habit, name: change.name, updatedAt: change.updatedAt });
        };
        break;
      }
      case "deleteHabit":
        habits.delete(change.id);
        completions.delete(IDBKeyRange.bound([change.id, ""], [change.id, "\uffff"]));
        break;
      case "setDone":
        if (change.done)
          completions.put({ habitId: change.habitId, date: change.date } satisfies CompletionRow);
        else completions.delete([change.habitId, change.date]);
        break;
      case "setDays":
        for (const date of change.dates) {
          if (change.done) completions.put({ habitId: change.habitId, date } satisfies CompletionRow);
          else completions.delete([change.habitId, date]);
        }
        break;
    }
  }
}

/** A local write: the store changes and the op joins the outbox, in one transaction. Returns the op's seq. */
export async function commitLocal(db: IDBDatabase, op: LocalOp, changes: readonly Change[]): Promise<number> {
  const tx = db.transaction(["habits", "completions", "outbox"], "readwrite");
  writeChanges(tx, changes);
  const seq = done(tx.objectStore("outbox").add({ op } satisfies Omit<QueuedOp, "seq">));
  await committed(tx);
  const key = await seq;
  return typeof key === "number" ? key : Number(key);
}

/**
 * A pulled page: its changes, then the ops still in the outbox read inside the same transaction (a write from
 * another tab cannot slip between), plus the new meta. `rebase` turns both into the changes to write.
 */
export async function commitPull(
  db: IDBDatabase,
  rebase: (waiting: LocalOp[]) => Change[],
  meta: Meta,
  dropSeqs: readonly number[] = [],
): Promise<void> {
  const tx = db.transaction(["habits", "completions", "outbox", "meta"], "readwrite");
  const outbox = tx.objectStore("outbox");
  for (const seq of dropSeqs) outbox.delete(seq);
  const waiting = await done<QueuedOp[]>(outbox.getAll());
  writeChanges(tx, rebase(waiting.sort((a, b) => a.seq - b.seq).map((q) => q.op)));
  writeMeta(tx, meta);
  await committed(tx);
}

/** An import the server took: it leaves the queue, and later ops name its habits by the server's ids. */
export async function settleImport(
  db: IDBDatabase,
  seq: number,
  ids: ReadonlyMap<string, string>,
): Promise<void> {
  const tx = db.transaction(["outbox"], "readwrite");
  const outbox = tx.objectStore("outbox");
  outbox.delete(seq);
  for (const queued of await done<QueuedOp[]>(outbox.getAll())) {
    const { op } = queued;
    const id = op.type === "importAll" ? undefined : ids.get(op.habitId);
    if (id !== undefined && op.type !== "importAll") outbox.put({ ...queued, op: { ...op, habitId: id } });
  }
  await committed(tx);
}

export async function dropOps(db: IDBDatabase, seqs: readonly number[], meta: Meta = {}): Promise<void> {
  const tx = db.transaction(["outbox", "meta"], "readwrite");
  for (const seq of seqs) tx.objectStore("outbox").delete(seq);
  writeMeta(tx, meta);
  await committed(tx);
}

export async function saveMeta(db: IDBDatabase, meta: Meta): Promise<void> {
  const tx = db.transaction(["meta"], "readwrite");
  writeMeta(tx, meta);
  await committed(tx);
}

function writeMeta(tx: IDBTransaction, meta: Meta): void {
  const store = tx.objectStore("meta");
  for (const key of ["cursor", "lastSyncedAt", "offlineSince", "failingSince"] as const) {
    if (!(key in meta)) continue;
    const value = meta[key];
    if (value === undefined) store.delete(key);
    else store.put(value, key);
  }
}

export async function readOutbox(db: IDBDatabase): Promise<{ outbox: QueuedOp[]; meta: Meta }> {
  const tx = db.transaction(["outbox", "meta"], "readonly");
  const [outbox, keys, values] = await Promise.all([
    done<QueuedOp[]>(tx.objectStore("outbox").getAll()),
    done(tx.objectStore("meta").getAllKeys()),
    done<unknown[]>(tx.objectStore("meta").getAll()),
  ]);
  return { outbox, meta: readMeta(keys, values) };
}

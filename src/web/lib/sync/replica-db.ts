// The local store in IndexedDB and the record of each write in localStorage until IndexedDB has it, in one file:
// a write passes through both in turn.
//
// IndexedDB: one database per signed-in user, shared by all tabs.
// Stores: habits (SyncHabit by id), completions (key [habitId, date]: a done day, or a skipped one with
// `state: "skipped"`), outbox (ops by seq) and meta (the pull cursor and sync times as strings, the user's
// settings under "settings").
//
// Version 2: habits carry schedule, archived, position and emoji; the upgrade gives the stored ones
// their defaults, positions in the order they had (newest first), and asks for one full pull, which brings the
// server's values. The outbox and every day are kept as they are.
//
// Version 3 (docs/decisions/0061): habits carry kind, rules and step (read with their defaults when absent), and
// the stores values and notes hold a day's number and note (key [habitId, date]) beside its completion row, so
// that each write of one is a plain put or delete. The upgrade adds the two stores and asks for one full pull, which
// brings the kinds, rules and numbers of a server that has them; everything stored is kept.
//
// Version 4: the settings carry the user's groups and each habit its groupId (read as none when absent). The upgrade
// asks for one full pull: a device of the previous release kept neither, and its cursor may be past their changes.
import type { LocalDate } from "../../../core/local-date";
import { isDayStart } from "../../../core/day-start";
import { MAX_AMOUNT, roundAmount } from "../../../core/habit-kind";
import type { SyncHabit, SyncSettings } from "../../../core/sync";
import { isVacation } from "../../../core/vacation";
import { committed, done, openDatabase } from "./idb";
import {
  applyChanges,
  type Change,
  DEFAULT_SETTINGS,
  type DeletedHabit,
  emptyReplica,
  groupsAfter,
  type LocalOp,
  type QueuedOp,
  readGroups,
  type Replica,
  restoreChanges,
  withHabitDefaults,
  withRule,
} from "./replica-state";

export type Meta = {
  /** The pull cursor; absent until the first full pull has finished: then there is no local copy yet. */
  cursor?: string;
  lastSyncedAt?: string;
  /** Since when the server could not be reached at all (no connection). */
  offlineSince?: string;
  /** Since when the server answered with errors (5xx, 429, a broken answer). */
  failingSince?: string;
  /** Set ("1") when the next pull must be a full one: after the version 2 upgrade, or an undone delete. */
  fullPull?: string;
};

const META_KEYS = ["cursor", "lastSyncedAt", "offlineSince", "failingSince", "fullPull"] as const;
const SETTINGS_KEY = "settings";

/** A day as stored: a done day has no state (as version 1 stored them). */
type CompletionRow = { habitId: string; date: LocalDate; state?: "skipped" };
/** A day's number; a day's note. */
type ValueRow = { habitId: string; date: LocalDate; value: number };
type NoteRow = { habitId: string; date: LocalDate; note: string };

export const databaseName = (userId: string) => `habit-streaks-${userId}`;
export const REPLICA_DB_VERSION = 4;

export function openReplicaDb(userId: string): Promise<IDBDatabase> {
  return openDatabase(databaseName(userId), REPLICA_DB_VERSION, (db, oldVersion, tx) => {
    if (oldVersion < 1) {
      db.createObjectStore("habits", { keyPath: "id" });
      db.createObjectStore("completions", { keyPath: ["habitId", "date"] }).createIndex("habitId", "habitId");
      db.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true });
      db.createObjectStore("meta");
    } else if (oldVersion < 2) upgradeToVersion2(tx);
    if (oldVersion < 3) {
      db.createObjectStore("values", { keyPath: ["habitId", "date"] });
      db.createObjectStore("notes", { keyPath: ["habitId", "date"] });
      if (oldVersion >= 1) tx.objectStore("meta").put("1", "fullPull");
    }
    if (oldVersion >= 3 && oldVersion < 4) tx.objectStore("meta").put("1", "fullPull");
  });
}

/** The keys of one habit's rows in a store keyed [habitId, date]. */
const habitRange = (id: string) => IDBKeyRange.bound([id, ""], [id, "\uffff"]);

/** Version 1 → 2, inside the upgrade transaction: habits get the new fields, their order kept. */
function upgradeToVersion2(tx: IDBTransaction): void {
  const habits = tx.objectStore("habits");
  const request = habits.getAll();
  request.onsuccess = () => {
    const rows = (request.result as SyncHabit[]).sort((a, b) =>
      a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1,
    );
    rows.forEach((row, index) => habits.put({ ...withHabitDefaults(row), position: index }));
  };
  tx.objectStore("meta").put("1", "fullPull");
}

export type Loaded = { replica: Replica; outbox: QueuedOp[]; meta: Meta };

/** One habit's record as stored here, or undefined: what the service worker's "Done" checks (pwa/sw-done.ts). */
export function readHabit(db: IDBDatabase, id: string): Promise<SyncHabit | undefined> {
  return done<SyncHabit | undefined>(db.transaction("habits", "readonly").objectStore("habits").get(id));
}

/**
 * The whole stored copy, in one read-only transaction. Each habit's days, numbers and notes are read by their own
 * request and applied as it arrives: the browser hands each result over in its own task, so a large account (50
 * habits × 10 years, about 180,000 days) is read in many short tasks rather than a few of hundreds of milliseconds
 * (docs/decisions/0067-load-behind-the-splash.md).
 */
export function loadReplica(db: IDBDatabase): Promise<Loaded> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(["habits", "completions", "values", "notes", "outbox", "meta"], "readonly");
    let replica = emptyReplica();
    let outbox: QueuedOp[] = [];
    let metaKeys: IDBValidKey[] = [];
    let metaValues: unknown[] = [];
    const apply = (changes: Change[]) => {
      if (changes.length > 0) replica = applyChanges(replica, changes);
    };
    const read = <T>(request: IDBRequest<T>, then: (result: T) => void) => {
      request.onsuccess = () => then(request.result);
    };
    // One habit's three requests at a time, the next asked for once its notes are in: a result delivered is a
    // task, and with all of them queued at once the browser ran none of the page's other tasks in between (the
    // splash's end waited 1.4 s for them with the CPU slowed 6×).
    const readHabitDays = (habits: readonly SyncHabit[], index: number) => {
      const habit = habits[index];
      if (!habit) return;
      const habitId = habit.id;
      read(
        tx.objectStore("completions").getAll(habitRange(habitId)) as IDBRequest<CompletionRow[]>,
        (rows) => {
          const doneDates: LocalDate[] = [];
          const skippedDates: LocalDate[] = [];
          for (const row of rows) (row.state === "skipped" ? skippedDates : doneDates).push(row.date);
          const changes: Change[] = [];
          if (doneDates.length > 0)
            changes.push({ kind: "setDays", habitId, dates: doneDates, state: "done" });
          if (skippedDates.length > 0)
            changes.push({ kind: "setDays", habitId, dates: skippedDates, state: "skipped" });
          apply(changes);
        },
      );
      read(tx.objectStore("values").getAll(habitRange(habitId)) as IDBRequest<ValueRow[]>, (rows) => {
        if (rows.length > 0)
          apply([
            { kind: "setValues", habitId, clear: [], values: rows.map((row) => [row.date, row.value]) },
          ]);
      });
      read(tx.objectStore("notes").getAll(habitRange(habitId)) as IDBRequest<NoteRow[]>, (rows) => {
        if (rows.length > 0)
          apply([{ kind: "setNotes", habitId, clear: [], notes: rows.map((row) => [row.date, row.note]) }]);
        readHabitDays(habits, index + 1);
      });
    };
    read(tx.objectStore("habits").getAll() as IDBRequest<SyncHabit[]>, (habits) => {
      apply(habits.map((habit) => ({ kind: "putHabit", habit: withHabitDefaults(habit) })));
      readHabitDays(habits, 0);
    });
    read(tx.objectStore("outbox").getAll() as IDBRequest<QueuedOp[]>, (rows) => (outbox = rows));
    read(tx.objectStore("meta").getAllKeys(), (keys) => (metaKeys = keys));
    read(tx.objectStore("meta").getAll(), (values) => (metaValues = values));
    tx.oncomplete = () => {
      apply([{ kind: "putSettings", settings: readSettings(metaKeys, metaValues) }]);
      resolve({ replica, outbox, meta: readMeta(metaKeys, metaValues) });
    };
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new DOMException("Transaction aborted", "AbortError"));
  });
}

function readMeta(keys: IDBValidKey[], values: unknown[]): Meta {
  const meta: Meta = {};
  keys.forEach((key, i) => {
    const value = values[i];
    if (typeof value !== "string") return;
    for (const name of META_KEYS) if (key === name) meta[name] = value;
  });
  return meta;
}

/** The stored settings, or the defaults when there are none (or they are unreadable). */
function readSettings(keys: IDBValidKey[], values: unknown[]): SyncSettings {
  const value = values[keys.indexOf(SETTINGS_KEY)];
  return isSettings(value) ? settingsOf(value) : DEFAULT_SETTINGS;
}

/** Stored settings with the fields a store of an earlier version lacks at their defaults. */
const settingsOf = (
  value: Omit<SyncSettings, "weekStart" | "groups"> & { weekStart?: unknown; groups?: unknown },
) => ({
  ...value,
  weekStart: weekStartOf(value),
  groups: readGroups(value.groups),
});

/** Settings as stored; a version before week starts stored none (the locale decides), one before groups none. */
function isSettings(
  value: unknown,
): value is Omit<SyncSettings, "weekStart" | "groups"> & { weekStart?: unknown; groups?: unknown } {
  if (typeof value !== "object" || value === null) return false;
  if (!("dayStart" in value) || !("vacations" in value)) return false;
  const { dayStart, vacations } = value;
  return isDayStart(dayStart) && Array.isArray(vacations) && vacations.every(isVacation);
}

const weekStartOf = ({ weekStart }: { weekStart?: unknown }): SyncSettings["weekStart"] =>
  weekStart === 0 || weekStart === 1 ? weekStart : null;

/** The stores a write of `changes` needs. */
const STORES = ["habits", "completions", "values", "notes", "meta"] as const;

function writeChanges(tx: IDBTransaction, changes: readonly Change[]): void {
  const habits = tx.objectStore("habits");
  const completions = tx.objectStore("completions");
  const values = tx.objectStore("values");
  const notes = tx.objectStore("notes");
  const meta = tx.objectStore("meta");
  for (const change of changes) {
    switch (change.kind) {
      case "clear":
        habits.clear();
        completions.clear();
        values.clear();
        notes.clear();
        break;
      case "putHabit":
        habits.put(change.habit);
        break;
      case "patchHabit": {
        // Read, then write in the same transaction: later requests on the store wait for this one.
        const request = habits.get(change.id);
        request.onsuccess = () => {
          const habit: SyncHabit | undefined = request.result;
          if (habit) habits.put({ ...habit, ...change.patch, updatedAt: change.updatedAt });
        };
        break;
      }
      case "ruleFrom": {
        const request = habits.get(change.id);
        request.onsuccess = () => {
          const habit: SyncHabit | undefined = request.result;
          if (habit) habits.put(withRule(withHabitDefaults(habit), change.rule, change.updatedAt));
        };
        break;
      }
      case "deleteHabit":
        habits.delete(change.id);
        completions.delete(habitRange(change.id));
        values.delete(habitRange(change.id));
        notes.delete(habitRange(change.id));
        break;
      case "setValues": {
        const { habitId } = change;
        for (const date of change.clear) values.delete([habitId, date]);
        for (const [date, value] of change.values) values.put({ habitId, date, value } satisfies ValueRow);
        break;
      }
      case "addValue": {
        const { habitId, date, add } = change;
        const request = values.get([habitId, date]);
        request.onsuccess = () => {
          const row = request.result as ValueRow | undefined;
          const value = Math.min(MAX_AMOUNT, roundAmount((row?.value ?? 0) + add));
          values.put({ habitId, date, value } satisfies ValueRow);
        };
        break;
      }
      case "setNotes": {
        const { habitId } = change;
        for (const date of change.clear) notes.delete([habitId, date]);
        for (const [date, note] of change.notes) notes.put({ habitId, date, note } satisfies NoteRow);
        break;
      }
      case "setDays":
        for (const date of change.dates) {
          const { habitId } = change;
          if (change.state === "none") completions.delete([habitId, date]);
          else if (change.state === "done") completions.put({ habitId, date } satisfies CompletionRow);
          else completions.put({ habitId, date, state: "skipped" } satisfies CompletionRow);
        }
        break;
      case "putSettings":
        meta.put(change.settings, SETTINGS_KEY);
        break;
      case "patchSettings": {
        const request = meta.get(SETTINGS_KEY);
        request.onsuccess = () => {
          const stored: unknown = request.result;
          meta.put({ ...(isSettings(stored) ? stored : DEFAULT_SETTINGS), ...change.patch }, SETTINGS_KEY);
        };
        break;
      }
      case "putGroup":
      case "patchGroup":
      case "deleteGroup": {
        const request = meta.get(SETTINGS_KEY);
        request.onsuccess = () => {
          const stored: unknown = request.result;
          const settings = isSettings(stored) ? settingsOf(stored) : DEFAULT_SETTINGS;
          meta.put({ ...settings, groups: groupsAfter(settings.groups, change) }, SETTINGS_KEY);
        };
        if (change.kind === "deleteGroup") {
          // Its habits become ungrouped, as the server does.
          const cursor = habits.openCursor();
          cursor.onsuccess = () => {
            const at = cursor.result;
            if (!at) return;
            const habit = at.value as SyncHabit;
            if (habit.groupId === change.id) at.update({ ...habit, groupId: null });
            at.continue();
          };
        }
        break;
      }
    }
  }
}

/** A local write: the store changes and the op joins the outbox, in one transaction. Returns the op's seq. */
export async function commitLocal(db: IDBDatabase, op: LocalOp, changes: readonly Change[]): Promise<number> {
  const tx = db.transaction([...STORES, "outbox"], "readwrite");
  writeChanges(tx, changes);
  const seq = done(tx.objectStore("outbox").add({ op } satisfies Omit<QueuedOp, "seq">));
  await committed(tx);
  return Number(await seq);
}

/**
 * A delete that can be undone: the habit and its days go, and the op joins the outbox held
 * until `notBefore` (ms since the epoch), with what it deleted, read in the same transaction, and the cursor then.
 */
export async function commitHeldDelete(
  db: IDBDatabase,
  op: LocalOp & { type: "deleteHabit" },
  changes: readonly Change[],
  notBefore: number,
): Promise<number> {
  const tx = db.transaction([...STORES, "outbox"], "readwrite");
  const [habit, rows, valueRows, noteRows, cursor] = await Promise.all([
    done<SyncHabit | undefined>(tx.objectStore("habits").get(op.habitId)),
    done<CompletionRow[]>(tx.objectStore("completions").index("habitId").getAll(op.habitId)),
    done<ValueRow[]>(tx.objectStore("values").getAll(habitRange(op.habitId))),
    done<NoteRow[]>(tx.objectStore("notes").getAll(habitRange(op.habitId))),
    done<unknown>(tx.objectStore("meta").get("cursor")),
  ]);
  writeChanges(tx, changes);
  const undo: DeletedHabit | undefined = habit && {
    habit: withHabitDefaults(habit),
    done: rows.filter((r) => r.state !== "skipped").map((r) => r.date),
    skipped: rows.filter((r) => r.state === "skipped").map((r) => r.date),
    values: valueRows.map((r) => [r.date, r.value]),
    notes: noteRows.map((r) => [r.date, r.note]),
    cursor: typeof cursor === "string" ? cursor : null,
  };
  const seq = done(tx.objectStore("outbox").add({ op, notBefore, undo } satisfies Omit<QueuedOp, "seq">));
  await committed(tx);
  return Number(await seq);
}

/**
 * Undoes the held delete `opId`: it leaves the outbox (if it has not been sent) and the habit and its days come
 * back exactly as they were. When a pull came in meanwhile (its changes to that habit were hidden by the delete),
 * the next pull is a full one. Returns what was restored; null when the hold is over (the op may be sent) or it
 * held nothing.
 */
export async function undoHeldDelete(db: IDBDatabase, opId: string): Promise<DeletedHabit | null> {
  const tx = db.transaction([...STORES, "outbox"], "readwrite");
  const outbox = tx.objectStore("outbox");
  const [queue, cursor] = await Promise.all([
    done<QueuedOp[]>(outbox.getAll()),
    done<unknown>(tx.objectStore("meta").get("cursor")),
  ]);
  const held = queue.find((q) => q.op.opId === opId);
  // Once the hold is over the op may be on its way: too late.
  if (!held?.undo || held.notBefore === undefined || held.notBefore <= Date.now()) {
    tx.abort();
    return null;
  }
  outbox.delete(held.seq);
  writeChanges(tx, restoreChanges(held.undo));
  if ((typeof cursor === "string" ? cursor : null) !== held.undo.cursor) writeMeta(tx, { fullPull: "1" });
  await committed(tx);
  return held.undo;
}

/** What a pull committed in this tab wrote to the replica (the store engine applies the same to its copy). */
export type PullListener = (changes: readonly Change[]) => void;
const pullListeners = new WeakMap<IDBDatabase, PullListener>();

/** `listener` hears, once each has committed, the changes that the pulls of this tab write through `db`. */
export function listenToPulls(db: IDBDatabase, listener: PullListener): void {
  pullListeners.set(db, listener);
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
  const tx = db.transaction([...STORES, "outbox"], "readwrite");
  const outbox = tx.objectStore("outbox");
  for (const seq of dropSeqs) outbox.delete(seq);
  const waiting = await done<QueuedOp[]>(outbox.getAll());
  const changes = rebase(waiting.sort((a, b) => a.seq - b.seq).map((q) => q.op));
  writeChanges(tx, changes);
  writeMeta(tx, meta);
  await committed(tx);
  pullListeners.get(db)?.(changes);
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
    if (!("habitId" in op)) continue;
    const id = ids.get(op.habitId);
    if (id !== undefined) outbox.put({ ...queued, op: { ...op, habitId: id } });
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
  for (const key of META_KEYS) {
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

// A local write's first record (docs/decisions/0060): the store engine shows a write at once and then stores it
// in IndexedDB, whose transaction takes a few milliseconds, more under load, and is lost with the page when the
// page goes away before it commits (a reload right after a tick). So each write is first put in localStorage,
// synchronously in the write's own task, and taken out once its transaction has committed. A tab that starts finds
// the records that the tabs which are gone left behind, and stores their writes then.

/** One write not yet known to be in IndexedDB: the op, its time, the tab that made it and, for a held delete, until
 * when it is held (ms since the epoch). */
export type JournalEntry = {
  key: string;
  op: LocalOp;
  at: string;
  tab: string;
  /** The tab's count of its writes: their order within one millisecond. */
  n: number;
  notBefore?: number;
};

/** The localStorage keys of the records: this, then the user's id and the op's id. */
export const RECORD_PREFIX = "habitStreaksUnstoredWrite:";
const keyOf = (userId: string, opId: string) => `${RECORD_PREFIX}${userId}:${opId}`;

/** The Web Lock a tab holds while it lives: whoever gets it knows the tab is gone. */
export const tabLockName = (userId: string, tab: string) => `habit-streaks-tab-${userId}-${tab}`;

/** A name for this tab, unique enough among a browser's tabs (crypto.randomUUID needs a secure context). */
export const newTabName = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/**
 * Records a write; returns its key, or null when it could not be recorded (no storage, a full quota, or an import,
 * whose size is not for localStorage: its caller waits for it to be stored). The IndexedDB transaction is then the
 * only record, as before.
 */
export function recordWrite(userId: string, entry: Omit<JournalEntry, "key">): string | null {
  if (entry.op.type === "importAll") return null;
  const key = keyOf(userId, entry.op.opId);
  try {
    storage()?.setItem(key, JSON.stringify(entry));
    return key;
  } catch {
    return null;
  }
}

/** The write is in IndexedDB, or was refused there: its record goes. */
export function settleWrite(key: string | null): void {
  if (key === null) return;
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

function parse(key: string, text: string | null): JournalEntry | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null) return null;
    const { op, at, tab, n, notBefore } = value as Record<string, unknown>;
    if (typeof op !== "object" || op === null) return null;
    const { opId, type } = op as Record<string, unknown>;
    if (typeof opId !== "string" || typeof type !== "string" || type === "importAll") return null;
    if (typeof at !== "string" || Number.isNaN(Date.parse(at))) return null;
    if (typeof tab !== "string" || typeof n !== "number") return null;
    if (notBefore !== undefined && typeof notBefore !== "number") return null;
    const entry: JournalEntry = { key, op: op as LocalOp, at, tab, n };
    if (notBefore !== undefined) entry.notBefore = notBefore;
    return entry;
  } catch {
    return null;
  }
}

/** The tab that recorded a write of the user's, from a storage event's key and new value; null for anything else. */
export function writerOf(userId: string, key: string | null, value: string | null): string | null {
  if (key === null || !key.startsWith(`${RECORD_PREFIX}${userId}:`)) return null;
  return parse(key, value)?.tab ?? null;
}

/** The user's recorded writes, oldest first; a record that cannot be read is removed. */
export function recordedWrites(userId: string): JournalEntry[] {
  const store = storage();
  if (!store) return [];
  const prefix = `${RECORD_PREFIX}${userId}:`;
  const entries: JournalEntry[] = [];
  try {
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    for (const key of keys) {
      const entry = parse(key, store.getItem(key));
      if (entry) entries.push(entry);
      else store.removeItem(key);
    }
  } catch {
    return entries;
  }
  return entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.n - b.n));
}

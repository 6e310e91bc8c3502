// A local write's first record (docs/decisions/0060): the store engine shows a write at once and then stores it
// in IndexedDB, whose transaction takes a few milliseconds, more under load, and is lost with the page when the
// page goes away before it commits (a reload right after a tick). So each write is first put in localStorage,
// synchronously in the write's own task, and taken out once its transaction has committed. A tab that starts finds
// the records that the tabs which are gone left behind, and stores their writes then.
import type { LocalOp } from "./outbox";

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

// Whose reminders this browser shows: the user signed in here last, saved on each visit and when the
// device subscribes (the server keeps one subscription per device and gives it to the user who posted it last).
// The service worker, which has no session, reads it to write a notification's "Done" into that user's local store
// (replica-db.ts). A tiny IndexedDB database of its own: localStorage does not exist in a service worker.
import { committed, done, openDatabase } from "../sync/idb";

const DB_NAME = "habit-streaks-device";
const STORE = "device";
const PUSH_USER = "pushUser";

const create = (db: IDBDatabase) => {
  if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE);
};

/** The database at its current version, with its store; one made empty elsewhere (a test, the developer tools)
 * gets the store in a new version. */
async function open(): Promise<IDBDatabase> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME); // the current version, or version 1 made now
    request.onupgradeneeded = () => create(request.result);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  if (db.objectStoreNames.contains(STORE)) return db;
  const version = db.version + 1;
  db.close();
  return openDatabase(DB_NAME, version, create);
}

export async function savePushUser(userId: string): Promise<void> {
  const db = await open();
  try {
    const tx = db.transaction([STORE], "readwrite");
    tx.objectStore(STORE).put(userId, PUSH_USER);
    await committed(tx);
  } finally {
    db.close();
  }
}

/** The user whose subscription this is; null when none was saved (or it cannot be read). */
export async function pushUser(): Promise<string | null> {
  const db = await open();
  try {
    const value: unknown = await done(db.transaction([STORE], "readonly").objectStore(STORE).get(PUSH_USER));
    return typeof value === "string" && value !== "" ? value : null;
  } finally {
    db.close();
  }
}

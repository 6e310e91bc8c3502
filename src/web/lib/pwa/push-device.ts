// Whose reminders this browser shows (issue 12): the user signed in here last, saved on each visit and when the
// device subscribes (the server keeps one subscription per device and gives it to the user who posted it last).
// The service worker, which has no session, reads it to write a notification's "Done" into that user's local store
// (replica-db.ts). A tiny IndexedDB database of its own: localStorage does not exist in a service worker.
import { committed, done, openDatabase } from "../sync/idb";

const DB_NAME = "habit-streaks-device";
const STORE = "device";
const PUSH_USER = "pushUser";

const open = () => openDatabase(DB_NAME, 1, (db) => void db.createObjectStore(STORE));

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

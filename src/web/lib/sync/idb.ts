// A few lines over IndexedDB's events (the part of `idb` we need, docs/decisions/0025): requests and transactions
// as promises. Awaiting a request inside a transaction keeps it open, as in every current browser.
export function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

export function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new DOMException("Transaction aborted", "AbortError"));
  });
}

export function openDatabase(
  name: string,
  version: number,
  /** Runs in the versionchange transaction `tx`, which also commits what it writes. */
  upgrade: (db: IDBDatabase, oldVersion: number, tx: IDBTransaction) => void,
): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, version);
    request.onupgradeneeded = (event) => upgrade(request.result, event.oldVersion, request.transaction!);
    request.onsuccess = () => {
      const db = request.result;
      // Another tab opened a newer version: let it upgrade; this tab reloads its data on the next change.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = () => reject(request.error);
    request.onblocked = () =>
      reject(new DOMException("The local store is blocked by another tab", "AbortError"));
  });
}

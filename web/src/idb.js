// IndexedDB in promises, shared by the wallet's store (store.js) and the gate's journal
// (gate/journal.js).

/** The result of an IDBRequest. */
export function promise(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Resolves when the transaction has committed (durably, if it was opened `strict`). */
export function done(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error || new Error('transaction aborted'));
    tx.onerror = () => reject(tx.error);
  });
}

/**
 * Opens (and on first use creates, by `upgrade(db)`) a database. Another tab upgrading the
 * schema is let through: this one closes its connection and reloads into the new version.
 */
export async function openDatabase(name, version, upgrade) {
  if (!globalThis.indexedDB) throw new Error('no IndexedDB');
  const req = indexedDB.open(name, version);
  req.onupgradeneeded = () => upgrade(req.result);
  req.onblocked = () => {};
  const db = await promise(req);
  db.onversionchange = () => db.close();
  return db;
}

// The wallet's storage: IndexedDB, which keeps CryptoKey objects by structured clone, so the
// keys stay non-extractable at rest too. Two stores:
//   pending — the X25519 key pair made for a pass *before* its claim is sent, so a retry after
//             a lost answer sends the same key (the server's claim is idempotent per key);
//   passes  — claimed passes: metadata plus the derived code and response HMAC keys.
// Nothing else is kept: no claim token, no wallet secret once the claim is complete.

import { done, openDatabase, promise } from '../idb.js';

const DB_NAME = 'tessera-wallet';
const DB_VERSION = 1;

/** Raised when the browser refuses IndexedDB (private mode, storage disabled, quota). */
export class StorageUnavailable extends Error {
  constructor(cause) {
    super('storage unavailable');
    this.name = 'StorageUnavailable';
    this.cause = cause;
  }
}

export class WalletStore {
  constructor(db) {
    this.db = db;
  }

  /** Opens (and on first use creates) the wallet database. */
  static async open() {
    let db;
    try {
      db = await openDatabase(DB_NAME, DB_VERSION, (d) => {
        if (!d.objectStoreNames.contains('passes')) d.createObjectStore('passes', { keyPath: 'passId' });
        if (!d.objectStoreNames.contains('pending')) d.createObjectStore('pending', { keyPath: 'passId' });
      });
    } catch (e) {
      throw new StorageUnavailable(e);
    }
    return new WalletStore(db);
  }

  async #get(store, key) {
    const tx = this.db.transaction(store, 'readonly');
    return promise(tx.objectStore(store).get(key));
  }

  /** All claimed passes, oldest claim first. */
  async passes() {
    const tx = this.db.transaction('passes', 'readonly');
    const all = await promise(tx.objectStore('passes').getAll());
    return all.sort((a, b) => (a.claimedAt < b.claimedAt ? -1 : a.claimedAt > b.claimedAt ? 1 : 0));
  }

  pass(passId) {
    return this.#get('passes', passId);
  }

  pending(passId) {
    return this.#get('pending', passId);
  }

  /** Saves the key pair for a claim about to be sent; resolves only once it is durable. */
  async putPending(record) {
    const tx = this.db.transaction('pending', 'readwrite', { durability: 'strict' });
    tx.objectStore('pending').put(record);
    await done(tx);
  }

  async deletePending(passId) {
    const tx = this.db.transaction('pending', 'readwrite');
    tx.objectStore('pending').delete(passId);
    await done(tx);
  }

  /** Stores a claimed pass and drops its pending key pair in one transaction. */
  async completeClaim(pass) {
    const tx = this.db.transaction(['passes', 'pending'], 'readwrite', { durability: 'strict' });
    tx.objectStore('passes').put(pass);
    tx.objectStore('pending').delete(pass.passId);
    await done(tx);
  }

  /** Replaces a claimed pass's record (notes such as a transfer started; the keys stay). */
  async putPass(pass) {
    const tx = this.db.transaction('passes', 'readwrite', { durability: 'strict' });
    tx.objectStore('passes').put(pass);
    await done(tx);
  }

  async deletePass(passId) {
    const tx = this.db.transaction('passes', 'readwrite');
    tx.objectStore('passes').delete(passId);
    await done(tx);
  }
}

/** Asks the browser not to evict the wallet under storage pressure; best effort. */
export async function requestPersistence() {
  try {
    if (navigator.storage && navigator.storage.persist && !(await navigator.storage.persisted())) {
      return await navigator.storage.persist();
    }
    return true;
  } catch {
    return false;
  }
}

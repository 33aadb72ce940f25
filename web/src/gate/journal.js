// The web gate's storage, in IndexedDB (database "tessera-gate"):
//   journal  — key "walk_ins": the walk-in requests (walkins.js), the open ones resent on
//              every reconnect, the closed ones kept until the guard has seen them;
//              key "doc": the pending scans (scan_id, code, scanned_at,
//              challenge {nonce, wallet_challenge, expires_at, pass}, response, and for a
//              party's member its party_id), the parties (their members in order, and how
//              each ended) until their verdict was shown, and the verdicts received but not
//              yet shown, rewritten whole on every change, as the native gate's journal file
//              is; a save resolves only once it is durable;
//   meta     — key "me": the gate this device was last paired as (label, site, and when the
//              server names them its `language`, the organisation's `default_language` and
//              the site's `time_zone`), so a reload while the server is unreachable still
//              opens the gate screen, in its language and with times in the site's zone;
//              key "muster": a marshal's marks by hand during a roll call (muster.js), each
//              under its mark_id, kept until the server took it (sent exactly once);
//   meta     — also key "roll_calls": the roll calls last read, so a marshal offline still
//              has the list to tick;
//   counters — the shift counters, one record per local calendar day ("2025-11-29"):
//              {admitted, already, denied}. A verdict is counted in the same transaction that
//              removes it from the journal as shown, so a reload never counts it twice.

import { done, openDatabase, promise } from '../idb.js';

const DB_NAME = 'tessera-gate';
const DB_VERSION = 1;

/** The local calendar day of `ms`, as the counters' key. */
export function dayKey(ms = Date.now()) {
  const d = new Date(ms);
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Which counter a shown verdict adds to (none for a roll call's muster scan). */
export function counterFor(result) {
  if (result.type === 'muster_result') return null;
  if (result.outcome === 'admitted') return 'admitted';
  if (result.outcome === 'already_admitted') return 'already';
  return 'denied';
}

export class GateStore {
  constructor(db) {
    this.db = db;
  }

  static async open() {
    const db = await openDatabase(DB_NAME, DB_VERSION, (d) => {
      for (const name of ['journal', 'meta', 'counters']) if (!d.objectStoreNames.contains(name)) d.createObjectStore(name);
    });
    return new GateStore(db);
  }

  async #get(store, key) {
    return promise(this.db.transaction(store, 'readonly').objectStore(store).get(key));
  }

  async #put(store, key, value) {
    const tx = this.db.transaction(store, 'readwrite', { durability: 'strict' });
    tx.objectStore(store).put(value, key);
    await done(tx);
  }

  me() {
    return this.#get('meta', 'me');
  }

  setMe(me) {
    return this.#put('meta', 'me', me);
  }

  async counters(day = dayKey()) {
    return (await this.#get('counters', day)) || { admitted: 0, already: 0, denied: 0 };
  }

  /** The journal interface GateCore expects. */
  journal() {
    return {
      load: () => this.#get('journal', 'doc'),
      save: async (doc, extra) => {
        const stores = extra && extra.shown ? ['journal', 'counters'] : ['journal'];
        const tx = this.db.transaction(stores, 'readwrite', { durability: 'strict' });
        tx.objectStore('journal').put(doc, 'doc');
        if (extra && extra.shown) {
          const counters = tx.objectStore('counters');
          const day = dayKey();
          const req = counters.get(day);
          req.onsuccess = () => {
            const c = req.result || { admitted: 0, already: 0, denied: 0 };
            // One result, or a party's results shown together (each counts on its own).
            for (const shown of [extra.shown].flat()) {
              const counter = counterFor(shown);
              if (counter) c[counter] += 1;
            }
            counters.put(c, day);
          };
        }
        await done(tx);
      },
    };
  }

  /** The journal interface WalkIns expects: the "walk_ins" document, counted like verdicts when shown. */
  walkInJournal() {
    return {
      load: () => this.#get('journal', 'walk_ins'),
      save: async (doc, extra) => {
        const stores = extra && extra.shown ? ['journal', 'counters'] : ['journal'];
        const tx = this.db.transaction(stores, 'readwrite', { durability: 'strict' });
        tx.objectStore('journal').put(doc, 'walk_ins');
        if (extra && extra.shown) {
          const counters = tx.objectStore('counters');
          const day = dayKey();
          const req = counters.get(day);
          req.onsuccess = () => {
            const c = req.result || { admitted: 0, already: 0, denied: 0 };
            const counter = counterFor(extra.shown);
            if (counter) c[counter] += 1;
            counters.put(c, day);
          };
        }
        await done(tx);
      },
    };
  }

  /** The marshal's marks by hand (key "muster"): `{ gate_id, marks: [...] }`, durable before sent. */
  musterJournal() {
    return {
      load: () => this.#get('journal', 'muster'),
      save: (doc) => this.#put('journal', 'muster', doc),
    };
  }

  /** The roll calls this gate last read (meta key "roll_calls"), for a marshal offline. */
  rollCalls() {
    return this.#get('meta', 'roll_calls');
  }

  setRollCalls(list) {
    return this.#put('meta', 'roll_calls', list);
  }

  /** Forgets pending work (used when this device is paired as another gate). */
  async clearJournal() {
    const tx = this.db.transaction('journal', 'readwrite', { durability: 'strict' });
    tx.objectStore('journal').put({ gate_id: null, scans: [], verdicts: [] }, 'doc');
    tx.objectStore('journal').put({ gate_id: null, requests: [] }, 'walk_ins');
    tx.objectStore('journal').put({ gate_id: null, marks: [] }, 'muster');
    await done(tx);
  }
}

/** Storage in memory, when the browser refuses IndexedDB: the gate works, a reload forgets. */
export class MemoryGateStore {
  constructor() {
    this.doc = null;
    this.walkIns = null;
    this.meta = null;
    this.count = {};
  }
  async me() {
    return this.meta;
  }
  async setMe(me) {
    this.meta = me;
  }
  async counters(day = dayKey()) {
    return { admitted: 0, already: 0, denied: 0, ...(this.count[day] || {}) };
  }
  journal() {
    return {
      load: () => (this.doc ? structuredClone(this.doc) : null),
      save: (doc, extra) => {
        this.doc = structuredClone(doc);
        if (extra && extra.shown) {
          const day = dayKey();
          const c = (this.count[day] = { admitted: 0, already: 0, denied: 0, ...(this.count[day] || {}) });
          const counter = counterFor(extra.shown);
          if (counter) c[counter] += 1;
        }
      },
    };
  }
  walkInJournal() {
    return {
      load: () => (this.walkIns ? structuredClone(this.walkIns) : null),
      save: (doc, extra) => {
        this.walkIns = structuredClone(doc);
        if (extra && extra.shown) {
          const day = dayKey();
          const c = (this.count[day] = { admitted: 0, already: 0, denied: 0, ...(this.count[day] || {}) });
          const counter = counterFor(extra.shown);
          if (counter) c[counter] += 1;
        }
      },
    };
  }
  musterJournal() {
    return {
      load: () => (this.muster ? structuredClone(this.muster) : null),
      save: (doc) => {
        this.muster = structuredClone(doc);
      },
    };
  }
  async rollCalls() {
    return this.rollCallList || null;
  }
  async setRollCalls(list) {
    this.rollCallList = list;
  }
  async clearJournal() {
    this.doc = null;
    this.walkIns = null;
    this.muster = null;
  }
}

// A marshal's marks by hand during a roll call (issue 32): free of DOM and network, so Node
// tests it. A mark is written to the journal (an injected `{ load(), save(doc) }`) before
// anything is sent, under a mark_id made here once; the page sends every pending mark on
// each reconnect and each poll, and removes it only when the server answered for it. The
// server stores the mark_id, so a resend after a lost answer marks nobody twice: exactly
// once, even across a reload or a day without network.

import { personKey, personRef } from '../people.js';

const emptyDoc = () => ({ gate_id: null, marks: [] });

export class MusterMarks {
  #journal;
  #doc;
  #newId;
  #queue = Promise.resolve();

  constructor(journal, doc, newId) {
    this.#journal = journal;
    this.#doc = doc;
    this.#newId = newId;
  }

  /** Loads the journal; marks of another gate identity are not ours to send. */
  static async open(journal, gateId, { newId = () => crypto.randomUUID() } = {}) {
    const loaded = await journal.load();
    let doc = { ...emptyDoc(), ...(loaded || {}) };
    if (doc.gate_id && doc.gate_id !== gateId) doc = emptyDoc();
    doc.gate_id = gateId;
    return new MusterMarks(journal, doc, newId);
  }

  #serial(fn) {
    const run = this.#queue.then(fn);
    this.#queue = run.catch(() => {});
    return run;
  }

  /** The marks not yet taken by the server, oldest first (copies). */
  get pending() {
    return structuredClone(this.#doc.marks);
  }

  /**
   * Marks `person` of roll call `rollCallId` safe by hand: durable before this resolves.
   * Ticking someone already pending returns that mark (no second one).
   */
  add(rollCallId, person, nowMs) {
    return this.#serial(async () => {
      const key = personKey(person);
      const same = this.#doc.marks.find((m) => m.roll_call_id === rollCallId && personKey(m) === key);
      if (same) return structuredClone(same);
      const mark = { mark_id: this.#newId(), roll_call_id: rollCallId, ...personRef(person), label: person.label, marked_at: new Date(nowMs).toISOString() };
      const doc = structuredClone(this.#doc);
      doc.marks.push(mark);
      await this.#journal.save(doc);
      this.#doc = doc;
      return structuredClone(mark);
    });
  }

  /** The server answered for `markId` (taken, or refused for good): forget it. */
  settled(markId) {
    return this.#serial(async () => {
      const doc = structuredClone(this.#doc);
      doc.marks = doc.marks.filter((m) => m.mark_id !== markId);
      if (doc.marks.length === this.#doc.marks.length) return;
      await this.#journal.save(doc);
      this.#doc = doc;
    });
  }
}

/** What a POST of a mark answered: `done` (forget it), `retry` (keep it), `refused` (forget it, say why). */
export function markAnswer(res) {
  if (res.ok) return 'done';
  if (res.status === 409 || res.status === 404 || res.status === 400) return 'refused';
  return 'retry'; // the network, 401 while re-pairing, 429, 5xx: try again later
}

/**
 * The list a marshal sees: the roll call's people with this tablet's pending marks laid
 * over them. `state` is `safe` (the server has the mark), `pending` (marked here, not sent
 * yet) or `missing` (not seen yet); unaccounted first, then by name.
 */
export function musterPeople(rollCall, pending) {
  const mine = new Set(pending.filter((m) => m.roll_call_id === rollCall.id).map(personKey));
  const people = (rollCall.people || []).map((p) => ({
    ...personRef(p),
    kind: p.walk_in_id ? 'walk_in' : 'pass',
    label: p.label,
    last_seen: p.last_seen,
    marked_by: p.marked_by || null,
    state: p.safe ? 'safe' : mine.has(personKey(p)) ? 'pending' : 'missing',
  }));
  const rank = { missing: 0, pending: 1, safe: 2 };
  people.sort((a, b) => rank[a.state] - rank[b.state] || a.label.localeCompare(b.label));
  const safe = people.filter((p) => p.state !== 'missing').length;
  return { people, inside: people.length, safe, unaccounted: people.length - safe };
}

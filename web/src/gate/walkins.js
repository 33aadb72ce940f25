// The web gate's walk-in requests (docs/protocol.md, "Walk-ins: a host approves a visitor at
// the gate"): a visitor without a pass is held while the guard asks a host, who approves or
// denies on the host page. Sans-IO like core.js: every input is a method call with the time
// in milliseconds, and what the gate must do comes back as actions —
//   { send: <walk_in frame> }            send it on the WebSocket
//   { emit: 'walk_in', request, ... }    a request changed: redraw it (`closed: true` once it
//                                        is approved, denied or expired and not yet shown)
// The journal (an injected `{ load(), save(doc, extra) }`) is written before a frame leaves,
// and every frame is rebuilt from the journal entry: the same request_id with the same
// visitor_name, host_id and note, however often it is resent. So a gate that lost its link,
// or was reloaded, resends every request it has not seen closed and learns what happened
// meanwhile (the server answers a resend with the current state, `replayed: true`).
//
// A request: sending (no answer yet) → waiting (the host was asked; `expires_at`) → approved
// | denied | expired (closed; kept until the guard has seen it, then for a while on the list)
// — or failed (the server refused the frame for good, e.g. `request_id_reused`).
//
// The form's problems are words in the gate's language (i18n.js), made at call time.

import { t } from '../i18n.js';

/** When a request is resent or given up, in milliseconds. */
export const WALK_IN_CONFIG = Object.freeze({
  answerTimeoutMs: 4000, // no answer to a frame: send it again
  retryBaseMs: 500, // a retryable error: equal-jitter backoff from here…
  retryCapMs: 10_000, // …to here
  expiryGraceMs: 3000, // still "waiting" this long after expires_at: ask again what happened
  keepClosedMs: 10 * 60_000, // a closed request the guard has seen stays on the list this long
  maxRequests: 50,
});

export const MAX_VISITOR_NAME = 200;
export const MAX_NOTE = 500;

export const CLOSED_STATES = Object.freeze(['approved', 'denied', 'expired']);
const OPEN_STATES = new Set(['sending', 'waiting']);
const isClosed = (state) => CLOSED_STATES.includes(state);
const clone = (x) => structuredClone(x);
const PRINTABLE = (s) => !/\p{Cc}/u.test(s);

/** What is wrong with a walk-in form (`{ field, message }`), or null. */
export function walkInProblem({ visitor_name, host, note }) {
  const name = typeof visitor_name === 'string' ? visitor_name.trim() : '';
  if (!name) return { field: 'name', message: t('gate-problem-name-missing') };
  if ([...name].length > MAX_VISITOR_NAME) return { field: 'name', message: t('gate-problem-name-long', { max: MAX_VISITOR_NAME }) };
  if (!PRINTABLE(name)) return { field: 'name', message: t('gate-problem-name-unprintable') };
  if (!host || typeof host.id !== 'string') return { field: 'host', message: t('gate-problem-host') };
  const n = typeof note === 'string' ? note.trim() : '';
  if ([...n].length > MAX_NOTE) return { field: 'note', message: t('gate-problem-note-long', { max: MAX_NOTE }) };
  if (n && !PRINTABLE(n)) return { field: 'note', message: t('gate-problem-note-unprintable') };
  return null;
}

/** The `walk_in` frame of a journaled request: always the same bytes for the same request. */
export function walkInFrame(r) {
  return { type: 'walk_in', request_id: r.request_id, visitor_name: r.visitor_name, host_id: r.host_id, note: r.note };
}

function delayFor(baseMs, capMs, failures, random) {
  const full = Math.min(capMs, baseMs * 2 ** Math.min(failures, 20));
  const half = Math.floor(full / 2);
  return half + Math.floor(random() * (full - half + 1));
}

const emptyDoc = () => ({ gate_id: null, requests: [] });

export class WalkIns {
  #journal;
  #doc;
  #flights = new Map(); // request_id -> { sentAt, sends, retryAt }
  #online = false;
  #config;
  #random;
  #newId;
  #queue = Promise.resolve();

  constructor(journal, doc, config, random, newId) {
    this.#journal = journal;
    this.#doc = doc;
    this.#config = config;
    this.#random = random;
    this.#newId = newId;
  }

  /** Loads the journal; returns the machine and its first actions (closed requests not yet shown). */
  static async open(journal, { config = {}, random = Math.random, newId = () => crypto.randomUUID() } = {}) {
    const loaded = await journal.load();
    const doc = { ...emptyDoc(), ...(loaded || {}) };
    const w = new WalkIns(journal, doc, { ...WALK_IN_CONFIG, ...config }, random, newId);
    const actions = doc.requests.map((r) => ({ emit: 'walk_in', request: clone(r), closed: isClosed(r.state) && !r.shown }));
    return { walkIns: w, actions };
  }

  #serial(fn) {
    const run = this.#queue.then(fn);
    this.#queue = run.catch(() => {});
    return run;
  }

  async #commit(doc, extra) {
    await this.#journal.save(doc, extra);
    this.#doc = doc;
  }

  /** Every request on the list (copies), oldest first. */
  get requests() {
    return clone(this.#doc.requests);
  }

  /** Requests still open (not closed, not failed). */
  get open() {
    return this.#doc.requests.filter((r) => OPEN_STATES.has(r.state)).length;
  }

  #index(requestId) {
    return this.#doc.requests.findIndex((r) => r.request_id === requestId);
  }

  #send(requestId, now, actions) {
    const r = this.#doc.requests[this.#index(requestId)];
    if (!this.#online || !r || !OPEN_STATES.has(r.state)) return;
    const sends = this.#flights.get(requestId)?.sends ?? 0;
    this.#flights.set(requestId, { sentAt: now, sends: sends + 1, retryAt: null });
    actions.push({ send: walkInFrame(r) });
  }

  /**
   * The guard asks `host` (`{id, label, unit}`) to let `visitor_name` in. The request is in
   * the journal before its frame leaves; offline it waits for `onConnected`.
   * @throws {Error} when the form is not valid (walkInProblem) or the list is full
   */
  create({ visitor_name, host, note }, now) {
    return this.#serial(async () => {
      const bad = walkInProblem({ visitor_name, host, note });
      if (bad) throw new Error(bad.message);
      if (this.open >= this.#config.maxRequests) throw new Error(t('gate-walkin-too-many'));
      const n = typeof note === 'string' && note.trim() ? note.trim() : null;
      const r = {
        request_id: this.#newId(),
        visitor_name: visitor_name.trim(),
        host_id: host.id,
        note: n,
        host: { id: host.id, label: host.label ?? null, unit: host.unit ?? null },
        created_at: new Date(now).toISOString(),
        state: 'sending',
        reason: null,
        walk_in_id: null,
        expires_at: null,
        decided_at: null,
        error: null,
        shown: false,
        closed_at: null,
      };
      const doc = clone(this.#doc);
      doc.requests.push(r);
      await this.#commit(doc);
      const actions = [{ emit: 'walk_in', request: clone(r), closed: false, queued: !this.#online }];
      this.#send(r.request_id, now, actions);
      return actions;
    });
  }

  /** The socket is up and welcomed as `gateId`: resend every request not seen closed. */
  onConnected(gateId, now) {
    return this.#serial(async () => {
      if (this.#doc.gate_id !== gateId) await this.#commit({ ...clone(this.#doc), gate_id: gateId });
      this.#online = true;
      this.#flights.clear();
      const actions = [];
      for (const r of this.#doc.requests) this.#send(r.request_id, now, actions);
      return actions;
    });
  }

  onDisconnected() {
    return this.#serial(async () => {
      this.#online = false;
      this.#flights.clear();
      return [];
    });
  }

  /** A `walk_in` message, or an `error` carrying a `request_id`, from the server. */
  onServer(msg, now) {
    return this.#serial(async () => {
      if (!msg || typeof msg.request_id !== 'string') return [];
      const i = this.#index(msg.request_id);
      if (i < 0) return [];
      if (msg.type === 'error') return this.#onError(i, msg, now);
      if (msg.type !== 'walk_in' || typeof msg.state !== 'string') return [];
      const old = this.#doc.requests[i];
      this.#flights.delete(msg.request_id);
      if (isClosed(old.state)) return []; // closed stays closed (a late duplicate)
      const doc = clone(this.#doc);
      const r = doc.requests[i];
      r.state = msg.state;
      r.reason = msg.reason ?? null;
      r.walk_in_id = msg.walk_in_id ?? r.walk_in_id;
      r.expires_at = msg.expires_at ?? r.expires_at;
      r.decided_at = msg.decided_at ?? null;
      r.error = null;
      if (msg.host && typeof msg.host === 'object') r.host = { id: msg.host.id ?? r.host_id, label: msg.host.label ?? r.host.label, unit: msg.host.unit ?? r.host.unit };
      const closing = isClosed(r.state);
      if (closing) r.closed_at = new Date(now).toISOString();
      if (!closing && r.state === old.state && r.expires_at === old.expires_at && r.walk_in_id === old.walk_in_id) return [];
      await this.#commit(doc);
      return [{ emit: 'walk_in', request: clone(r), closed: closing, replayed: Boolean(msg.replayed) }];
    });
  }

  async #onError(i, e, now) {
    const r = this.#doc.requests[i];
    const code = typeof e.code === 'string' ? e.code : 'error';
    const message = [...String(e.message ?? '')].filter((ch) => PRINTABLE(ch)).slice(0, 200).join('');
    if (!OPEN_STATES.has(r.state)) return [];
    if (e.retryable) {
      const flight = this.#flights.get(r.request_id) || { sentAt: now, sends: 1, retryAt: null };
      flight.retryAt = now + delayFor(this.#config.retryBaseMs, this.#config.retryCapMs, Math.max(0, flight.sends - 1), this.#random);
      this.#flights.set(r.request_id, flight);
      return [{ emit: 'walk_in_error', request: clone(r), code, message, retryable: true, retry_in_ms: flight.retryAt - now }];
    }
    // Not retryable (request_id_reused, bad_request): the same frame can never succeed.
    this.#flights.delete(r.request_id);
    const doc = clone(this.#doc);
    Object.assign(doc.requests[i], { state: 'failed', error: { code, message }, closed_at: new Date(now).toISOString() });
    await this.#commit(doc);
    return [{ emit: 'walk_in', request: clone(doc.requests[i]), closed: false }, { emit: 'walk_in_error', request: clone(doc.requests[i]), code, message, retryable: false }];
  }

  /** Time passed: resend what got no answer, ask again about requests past their expiry, drop old ones. */
  onTick(now) {
    return this.#serial(async () => {
      const cfg = this.#config;
      const actions = [];
      if (this.#online) {
        for (const r of this.#doc.requests) {
          if (!OPEN_STATES.has(r.state)) continue;
          const f = this.#flights.get(r.request_id);
          let due = false;
          if (f && f.retryAt !== null) due = now >= f.retryAt;
          else if (r.state === 'sending') due = !f || now - f.sentAt >= cfg.answerTimeoutMs;
          else if (r.expires_at && now > Date.parse(r.expires_at) + cfg.expiryGraceMs) due = !f || now - f.sentAt >= cfg.answerTimeoutMs;
          if (due) this.#send(r.request_id, now, actions);
        }
      }
      const kept = this.#doc.requests.filter((r) => !((isClosed(r.state) || r.state === 'failed') && r.shown && now - Date.parse(r.closed_at) > cfg.keepClosedMs));
      if (kept.length !== this.#doc.requests.length) {
        const gone = this.#doc.requests.filter((r) => !kept.includes(r)).map((r) => r.request_id);
        await this.#commit({ ...clone(this.#doc), requests: clone(kept) });
        for (const id of gone) actions.push({ emit: 'walk_in_removed', request_id: id });
      }
      return actions;
    });
  }

  /**
   * The guard has seen the outcome of `requestId` (its verdict was on screen). `extra.shown`
   * goes to the journal's save so the shift counters count it in the same transaction.
   */
  shown(requestId) {
    return this.#serial(async () => {
      const i = this.#index(requestId);
      if (i < 0 || this.#doc.requests[i].shown) return [];
      const doc = clone(this.#doc);
      doc.requests[i].shown = true;
      const r = doc.requests[i];
      await this.#commit(doc, isClosed(r.state) ? { shown: { outcome: r.state === 'approved' ? 'admitted' : 'denied' } } : undefined);
      return [];
    });
  }

  /** The guard removes a closed or failed request from the list (an open one stays: the host may still answer). */
  dismiss(requestId) {
    return this.#serial(async () => {
      const i = this.#index(requestId);
      if (i < 0 || OPEN_STATES.has(this.#doc.requests[i].state)) return [];
      const r = this.#doc.requests[i];
      const doc = clone(this.#doc);
      doc.requests.splice(i, 1);
      // Dismissed before its verdict was shown: it is seen now, and counted once.
      await this.#commit(doc, !r.shown && isClosed(r.state) ? { shown: { outcome: r.state === 'approved' ? 'admitted' : 'denied' } } : undefined);
      return [{ emit: 'walk_in_removed', request_id: requestId }];
    });
  }
}

/** A walk-in journal in memory (tests, and the page when IndexedDB will not open). */
export class MemoryWalkInJournal {
  constructor(doc = null) {
    this.doc = doc ? clone(doc) : null;
    this.shown = [];
  }
  load() {
    return this.doc ? clone(this.doc) : null;
  }
  save(doc, extra) {
    this.doc = clone(doc);
    if (extra && extra.shown) this.shown.push(extra.shown);
  }
}

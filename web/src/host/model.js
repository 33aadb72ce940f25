// The host page's rules, free of the DOM and the network so test/unit/host-model.test.mjs
// runs them in Node: the invitation's default times and its checks, what "upcoming" and
// "past" mean for passes and walk-ins, the words for each (from the catalogue, host-* ids,
// in the page's language), the countdown to a walk-in's expiry, what is new in the live set,
// and the live set's EventSource with its reconnection (the EventSource constructor, the
// session check and the timers are injected).

import { formatDuration, t } from '../i18n.js';

/** Longest visitor name the API takes (`label`, 1–200 printable characters). */
export const MAX_LABEL = 200;

const CONTROL = /\p{Cc}/u;

/** A `Date`'s local wall time as a `datetime-local` value, to the minute. */
export function toLocalInput(ms) {
  const d = new Date(ms);
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** A `datetime-local` value (local wall time) as milliseconds, or NaN. */
export function fromLocalInput(value) {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value.trim())) return NaN;
  return Date.parse(value.trim()); // no zone: local time
}

/**
 * The invitation's default window: from now (to the minute) until the end of today, or of
 * tomorrow when less than three hours of today are left (an evening invitation is usually
 * for the next day too).
 */
export function defaultWindow(nowMs) {
  const from = Math.floor(nowMs / 60_000) * 60_000;
  const end = new Date(nowMs);
  end.setHours(23, 59, 0, 0);
  if (end.getTime() - nowMs < 3 * 3600_000) end.setDate(end.getDate() + 1);
  return { from, until: end.getTime() };
}

/** An email address as the server takes it (`local@domain.tld`). */
const EMAIL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$/;

/**
 * Checks an invitation before it is sent. `from` and `until` are milliseconds (NaN when the
 * field is not a time). Returns `{ field, message }` or null.
 */
export function inviteProblem({ label, from, until, email }, nowMs) {
  const name = typeof label === 'string' ? label.trim() : '';
  const address = typeof email === 'string' ? email.trim() : '';
  if (address && (address.length > 254 || !EMAIL.test(address))) return { field: 'email', message: t('host-invite-email-invalid') };
  if (!name) return { field: 'label', message: t('host-invite-name-missing') };
  if ([...name].length > MAX_LABEL) return { field: 'label', message: t('host-invite-name-too-long', { max: MAX_LABEL }) };
  if (CONTROL.test(name)) return { field: 'label', message: t('host-invite-name-unprintable') };
  if (!Number.isFinite(from)) return { field: 'from', message: t('host-invite-from-missing') };
  if (!Number.isFinite(until)) return { field: 'until', message: t('host-invite-until-missing') };
  if (until <= from) return { field: 'until', message: t('host-invite-until-before-from') };
  if (until <= nowMs) return { field: 'until', message: t('host-invite-until-past') };
  return null;
}

/**
 * The `POST /v1/passes` body of an invitation (UTC, whole seconds). `language` (a BCP 47
 * tag, optional) is the visitor's: the server keeps it on the pass and the wallet and the
 * mail speak it.
 */
export function inviteBody({ label, from, until, email, language }) {
  const iso = (ms) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.000Z$/, 'Z');
  const body = { label: label.trim(), valid_from: iso(from), valid_until: iso(until) };
  const address = typeof email === 'string' ? email.trim() : '';
  if (address) body.email = address;
  if (typeof language === 'string' && language) body.language = language;
  return body;
}

// ---------------------------------------------------------------- visits

const PAST_PASS_STATES = new Set(['used', 'revoked', 'expired']);
const CLOSED_WALK_IN = new Set(['approved', 'denied', 'expired']);

/** Whether a pass (as `GET /v1/passes` shows it) is still to come: not used, revoked or expired. */
export function isUpcoming(pass, nowMs) {
  if (PAST_PASS_STATES.has(pass.state)) return false;
  return !(Date.parse(pass.valid_until) <= nowMs);
}

/** What a pass's state means to the host, in a few words, and its tone (`ok`, `wait`, `done`, `off`). */
export function passStatus(pass, nowMs) {
  const uses = Number(pass.uses) || 0;
  const max = Number(pass.max_uses) || 1;
  if (pass.state === 'revoked') return { text: t('host-pass-cancelled'), tone: 'off' };
  if (pass.state === 'used' || (uses > 0 && (pass.state === 'expired' || Date.parse(pass.valid_until) <= nowMs))) return { text: t('host-pass-arrived'), tone: 'done' };
  if (pass.state === 'expired' || Date.parse(pass.valid_until) <= nowMs) {
    return pass.state === 'issued' || !pass.claimed_at ? { text: t('host-pass-never-opened'), tone: 'off' } : { text: t('host-pass-did-not-come'), tone: 'off' };
  }
  if (pass.state === 'issued') return { text: t('host-pass-not-opened'), tone: 'wait' };
  if (uses > 0) return { text: t('host-pass-arrived-more', { count: max - uses }), tone: 'done' };
  return { text: t('host-pass-on-phone'), tone: 'ok' };
}

/** What a closed walk-in's state means to the host. */
export function walkInStatus(w) {
  if (w.state === 'approved') return { text: t('host-walk-in-let-in'), tone: 'done' };
  if (w.state === 'denied') return { text: t('host-walk-in-turned-away'), tone: 'off' };
  if (w.state === 'expired') return { text: t('host-walk-in-no-answer'), tone: 'off' };
  return { text: t('host-walk-in-waiting'), tone: 'wait' };
}

/**
 * The visits view: `upcoming` (passes still to come, soonest first) and `past` (used,
 * revoked and expired passes and closed walk-ins, newest first). Each row:
 * `{ kind: 'pass'|'walk_in', id, name, at (ms, for sorting), from, until, status, tone, gate? }`.
 */
export function visits(passes, walkIns, nowMs) {
  const upcoming = [];
  const past = [];
  for (const p of passes || []) {
    const { text, tone } = passStatus(p, nowMs);
    const row = { kind: 'pass', id: p.pass_id, name: p.label, from: p.valid_from, until: p.valid_until, status: text, tone, state: p.state };
    if (isUpcoming(p, nowMs)) upcoming.push({ ...row, at: Date.parse(p.valid_from) });
    else past.push({ ...row, at: Math.min(Date.parse(p.valid_until), nowMs) });
  }
  const seen = new Set();
  for (const w of walkIns || []) {
    if (!CLOSED_WALK_IN.has(w.state) || seen.has(w.walk_in_id)) continue;
    seen.add(w.walk_in_id);
    const { text, tone } = walkInStatus(w);
    const at = Date.parse(w.decided_at || w.expires_at || w.created_at);
    past.push({ kind: 'walk_in', id: w.walk_in_id, name: w.visitor_name, at, from: w.created_at, until: null, status: text, tone, gate: w.gate_label || null, note: w.note || null });
  }
  upcoming.sort((a, b) => a.at - b.at || String(a.name).localeCompare(String(b.name)));
  past.sort((a, b) => b.at - a.at);
  return { upcoming, past };
}

// ---------------------------------------------------------------- walk-ins waiting

/** `m:ss` left until `expiresMs` (digits of the page's language), and the whole seconds (0 once past). */
export function countdown(expiresMs, nowMs) {
  const left = Math.max(0, Math.ceil((expiresMs - nowMs) / 1000));
  return { left, text: formatDuration(left) };
}

/** The requests of `next` whose id is not in `knownIds` (a Set), oldest first. */
export function newArrivals(knownIds, next) {
  return (next || []).filter((w) => !knownIds.has(w.walk_in_id)).sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
}

/** The sentence the live region reads for a new request. */
export function arrivalText(w) {
  const args = { name: w.visitor_name, gate: w.gate_label || '', note: w.note || '' };
  if (w.gate_label) return t(w.note ? 'host-arrival-at-note' : 'host-arrival-at', args);
  return t(w.note ? 'host-arrival-note' : 'host-arrival', args);
}

/** A plain sentence for a refused approve or deny (`decision`: 'approve' or 'deny'). */
export function decisionProblem(res, decision) {
  if (res.network) return t('host-decision-network');
  if (res.code === 'approval_timeout') return t('host-decision-too-late');
  if (res.code === 'already_decided') return t('host-decision-already-answered');
  if (res.status === 404) return t('host-decision-gone');
  if (res.status === 403) return t('host-decision-forbidden', { decision });
  if (res.status === 429) return t('host-decision-rate-limited');
  return t('host-decision-failed', { decision, code: res.code || `HTTP ${res.status}` });
}

/** A walk-in list from a stream event's data (text), or null when it is not one. */
export function parseWalkIns(data) {
  let body;
  try {
    body = JSON.parse(data);
  } catch {
    return null;
  }
  if (!body || !Array.isArray(body.walk_ins)) return null;
  return body.walk_ins.filter((w) => w && typeof w.walk_in_id === 'string' && typeof w.visitor_name === 'string');
}

const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 5000;
const CLOSED = 2;

/**
 * The live set of waiting requests: `EventSource('/v1/walk-ins/stream')`, whose every
 * `walk_ins` event is the whole set (so nothing needs resuming: a new source starts with the
 * set as it is). The browser reconnects a dropped stream by itself; when it gives up (the
 * source is CLOSED: the server answered 401 or 503) the feed asks whether the session still
 * holds and opens a new source after an equal-jitter backoff from 500 ms to 5 s.
 */
export class WalkInFeed {
  constructor({ EventSourceImpl, onSet, onState = () => {}, checkSession, onSignedOut, path = '/v1/walk-ins/stream', timers, random = Math.random }) {
    Object.assign(this, { EventSourceImpl, onSet, onState, checkSession, onSignedOut, path, random });
    this.timers = timers || { set: (fn, ms) => setTimeout(fn, ms), clear: (t) => clearTimeout(t) };
    this.source = null;
    this.timer = null;
    this.failures = 0;
    this.stopped = true;
    this.state = null;
  }

  start() {
    this.stopped = false;
    this.open();
  }

  stop() {
    this.stopped = true;
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    if (this.source) this.source.close();
    this.source = null;
  }

  setState(state) {
    if (state === this.state) return;
    this.state = state;
    this.onState(state);
  }

  open() {
    if (this.stopped) return;
    this.setState(this.failures === 0 && this.state === null ? 'connecting' : 'reconnecting');
    const source = new this.EventSourceImpl(this.path);
    this.source = source;
    source.addEventListener('open', () => {
      if (this.source !== source) return;
      this.failures = 0;
      this.setState('live');
    });
    source.addEventListener('walk_ins', (ev) => {
      if (this.source !== source) return;
      const set = parseWalkIns(ev.data);
      if (set === null) return;
      this.failures = 0;
      this.setState('live');
      this.onSet(set);
    });
    source.addEventListener('error', () => {
      if (this.source !== source) return;
      if (source.readyState !== CLOSED) {
        this.setState('reconnecting'); // the browser retries by itself
        return;
      }
      this.source = null;
      this.retry();
    });
  }

  async retry() {
    this.setState('reconnecting');
    const full = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(this.failures, 10));
    this.failures += 1;
    const delay = Math.floor(full / 2 + this.random() * (full / 2));
    let session = 'unknown';
    try {
      session = await this.checkSession();
    } catch {
      session = 'unknown';
    }
    if (this.stopped) return;
    if (session === 'signed-out') {
      this.stop();
      this.onSignedOut();
      return;
    }
    this.timer = this.timers.set(() => {
      this.timer = null;
      this.open();
    }, delay);
  }
}

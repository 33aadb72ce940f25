// The console's decisions, pure (browser and Node, so test/unit/console-model.test.mjs runs
// them without a DOM): which audit events are alarms, the event log's filters as a query,
// labels for gates and passes, and words for events.

import { reasonWords } from '../gate/words.js';

/** `details.reason` values of `scan` / `response` events that are alarms (docs/console.md). */
export const ALARM_REASONS = Object.freeze(['foreign_nonce', 'code_replayed', 'challenge_burned']);
/** Event kinds that are alarms whatever their details. */
export const ALARM_KINDS = Object.freeze(['claim_conflict', 'auth_failure', 'watchlist_hit']);

/** The audit kinds the server writes (server/crates/domain/src/audit.rs), offered in the kind filter. */
export const KNOWN_KINDS = Object.freeze([
  'scan', 'challenge_issued', 'response', 'challenge_unanswered', 'rate_limited', 'gate_connection_refused',
  'claim', 'claim_rejected', 'claim_conflict', 'pass_issued', 'pass_revoked', 'api_key_created', 'api_key_revoked',
  'api_key_rotated', 'gate_created',
  'auth_failure', 'gate_pairing_created', 'gate_paired', 'gate_revoked', 'gate_connected', 'gate_disconnected', 'console_signed_in',
  'console_signed_out', 'retention', 'host_created', 'walk_in_requested', 'walk_in_approved', 'walk_in_denied', 'walk_in_expired',
  'pass_rebound', 'transfer_started', 'pass_transferred', 'transfer_rejected', 'webhook_created',
  'webhook_disabled', 'webhook_enabled', 'webhook_secret_rotated', 'webhook_deleted', 'zone_created', 'zone_checkout',
  'sso_configured', 'sso_removed', 'sso_sign_in_failed', 'sso_sessions_ended', 'session_ended',
  'message_queued', 'message_sent', 'message_bounced', 'message_dead', 'message_expired', 'mail_settings_changed',
  'alarm_acknowledged', 'alarm_assigned', 'alarm_resolved', 'watchlist_hit', 'watchlist_entry_added',
  'watchlist_entry_changed', 'watchlist_entry_removed', 'personal_data_exported', 'personal_data_erased',
  'privacy_settings_changed', 'roll_call_started', 'roll_call_marked', 'roll_call_ended', 'muster_scanned',
  'muster_refused',
]);

export const SEVERITIES = Object.freeze(['info', 'warning', 'high']);

/** The filters of `GET /v1/audit` (TSR1 §8), in the order they are sent. */
export const FILTER_KEYS = Object.freeze(['kind', 'severity', 'gate_id', 'pass_id', 'since', 'until']);

const isObj = (v) => v !== null && typeof v === 'object';

/**
 * The alarm an event raises, named as TSR1 names it (`foreign_nonce`, `code_replayed`,
 * `challenge_burned`, `claim_conflict`, `auth_failure`), or null when it is no alarm.
 */
export function alarmName(ev) {
  if (!isObj(ev)) return null;
  // A name's possible match (warning) is for review in the events, not an alarm.
  if (ev.kind === 'watchlist_hit') return ev.severity === 'high' ? ev.kind : null;
  if (ALARM_KINDS.includes(ev.kind)) return ev.kind;
  if ((ev.kind === 'scan' || ev.kind === 'response') && isObj(ev.details) && ALARM_REASONS.includes(ev.details.reason)) {
    return ev.details.reason;
  }
  return null;
}

/** Filters as a query string (no leading `?`), empty values left out, in FILTER_KEYS order. */
export function filterQuery(filters, extra = {}) {
  const q = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const v = filters && filters[key];
    if (typeof v === 'string' && v.trim() !== '') q.set(key, v.trim());
  }
  for (const [k, v] of Object.entries(extra)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  return q.toString();
}

/** `GET /v1/audit/export` of exactly these filters. */
export function exportUrl(filters, format) {
  if (format !== 'csv' && format !== 'jsonl') throw new Error(`unknown export format ${format}`);
  const rest = filterQuery(filters);
  return `/v1/audit/export?format=${format}${rest ? `&${rest}` : ''}`;
}

/** A `datetime-local` value (local wall time) as RFC 3339 UTC, or '' when empty or invalid. */
export function localToIso(value) {
  if (typeof value !== 'string' || value.trim() === '') return '';
  const ms = Date.parse(value.trim());
  return Number.isFinite(ms) ? new Date(ms).toISOString() : '';
}

/** An RFC 3339 time as a `datetime-local` value (local wall time, seconds). */
export function isoToLocal(iso) {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return '';
  const d = new Date(ms);
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s) => typeof s === 'string' && UUID.test(s.trim());

/** Checks a filter set before it is sent; returns an error sentence or null. */
export function filterProblem(filters) {
  for (const key of ['gate_id', 'pass_id']) {
    const v = filters[key];
    if (v && !isUuid(v)) return `The ${key === 'gate_id' ? 'gate' : 'pass'} must be an id like 0190c3e1-…-…; pick one from a list or paste it.`;
  }
  if (filters.severity && !SEVERITIES.includes(filters.severity)) return 'Severity must be info, warning or high.';
  if (filters.since && filters.until && Date.parse(filters.since) >= Date.parse(filters.until)) return '“Since” must be before “until”.';
  return null;
}

const shortId = (id) => (typeof id === 'string' ? `${id.slice(0, 8)}…` : '');

/** A gate's label: the event's own, the known gates', or a short id. */
export function gateLabel(id, gates, fromEvent) {
  if (!id) return null;
  if (fromEvent) return fromEvent;
  const g = gates && gates.get(id);
  return g && g.label ? g.label : `gate ${shortId(id)}`;
}

/** A pass's label: the event's own, the known passes', or a short id. */
export function passLabel(id, passes, fromEvent) {
  if (!id) return null;
  if (fromEvent) return fromEvent;
  const label = passes && passes.get(id);
  return label || `pass ${shortId(id)}`;
}

/**
 * Who did it, in words: the person who acted (`actor`, a staff action in a single sign-on
 * session) or the one the details name, else the label of the key in `keys` (id → label; a
 * person's own key carries their name), else nothing.
 */
export function actorName(ev, keys) {
  const d = isObj(ev && ev.details) ? ev.details : {};
  for (const person of [ev && ev.actor, d.by_person, d.person]) {
    if (isObj(person) && typeof person.name === 'string' && person.name) return person.name;
  }
  const id = typeof d.by_key_id === 'string' ? d.by_key_id : null;
  return (id && keys && keys.get(id)) || null;
}

/** One line of words for an event ("denied: stale_code — old code, a screenshot?"), and who did it when known. */
export function describe(ev, keys) {
  const what = describeWhat(ev);
  const who = actorName(ev, keys);
  return who ? `${what} — by ${who}` : what;
}

function describeWhat(ev) {
  const d = isObj(ev.details) ? ev.details : {};
  switch (ev.kind) {
    case 'sso_sign_in_failed':
      return `single sign-on refused: ${d.reason || 'unknown'}${d.detail ? ` (${d.detail})` : ''}`;
    case 'message_queued':
      return `${d.resend ? 'claim link sent again' : 'claim link queued'}${d.to ? ` for ${d.to}` : ''}`;
    case 'message_sent':
      return `mail sent${d.to ? ` to ${d.to}` : ''}`;
    case 'message_bounced':
      return `mail bounced${d.to ? ` at ${d.to}` : ''}${d.error ? ` (${d.error})` : ''}`;
    case 'message_dead':
      return `mail given up${d.to ? ` for ${d.to}` : ''}${d.error ? ` (${d.error})` : ''}`;
    case 'message_expired':
      return `mail not sent: its pass expired first${d.to ? ` (${d.to})` : ''}`;
    case 'sso_sessions_ended':
      return `sessions ended by the identity provider (${d.cause === 'access_ended' ? 'access ended' : 'sign-out there'})`;
    case 'scan':
      if (d.reason) return `scan denied: ${d.reason} — ${reasonWords(d.reason)}`;
      if (d.resent) return 'scan resent';
      if (d.error) return `scan refused: ${d.error}`;
      return 'scan';
    case 'response':
      if (d.reason) return `answer denied: ${d.reason} — ${reasonWords(d.reason)}${d.replayed ? ' (resent)' : ''}`;
      if (d.outcome) return `${d.outcome.replace(/_/g, ' ')}${d.replayed ? ' (resent)' : ''}`;
      if (d.error) return `answer refused: ${d.error}`;
      return 'answer';
    case 'challenge_issued':
      return 'challenge issued';
    case 'challenge_unanswered':
      return 'challenge unanswered (expired without a valid answer)';
    case 'claim_conflict':
      return 'claim_conflict — a second wallet tried to claim this pass';
    case 'auth_failure':
      return `auth_failure${d.count ? ` × ${d.count}` : ''}${d.surface ? ` on ${d.surface}` : ''}${d.sample_reason ? ` (${d.sample_reason})` : ''}`;
    case 'claim_rejected':
      return `claim refused${d.sample_reason ? ` (${d.sample_reason})` : d.reason ? ` (${d.reason})` : ''}`;
    case 'rate_limited':
      return `rate limited${d.frames ? `: ${d.frames} frames` : ''}`;
    case 'walk_in_requested':
      return `walk-in requested${d.resent ? ' (resent)' : ''}`;
    case 'walk_in_approved':
      return 'walk-in approved by the host: admitted';
    case 'walk_in_denied':
      return 'walk-in denied by the host';
    case 'walk_in_expired':
      return 'walk-in expired: the host did not answer in time';
    case 'pass_rebound':
      return 'pass re-bound to a new wallet (the old one stops working)';
    case 'pass_transferred':
      return 'pass transferred to a new holder';
    default:
      return ev.kind.replace(/_/g, ' ');
  }
}

/** "16:04:05" today, "2026-11-30 16:04:05" otherwise (local time). */
export function clock(iso, now = Date.now()) {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return '—';
  const d = new Date(ms);
  const p = (n) => String(n).padStart(2, '0');
  const time = `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  const today = new Date(now);
  const sameDay = d.getFullYear() === today.getFullYear() && d.getMonth() === today.getMonth() && d.getDate() === today.getDate();
  return sameDay ? time : `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${time}`;
}

/**
 * The events the console holds: one per id (a resumed stream or a page of `GET /v1/audit`
 * may repeat one), the newest `cap`, and the largest id seen.
 */
export class EventLog {
  /** `pinned(ev)`: events never dropped for the cap (the console pins alarms: they are rare). */
  constructor(cap = 5000, pinned = () => false) {
    this.cap = cap;
    this.pinned = pinned;
    this.pinnedCount = 0;
    this.byId = new Map();
    this.lastId = null;
  }

  /** Adds an event; false when its id was already there. */
  add(ev) {
    if (!isObj(ev) || !Number.isSafeInteger(ev.id)) return false;
    if (this.byId.has(ev.id)) {
      // The stream's copy carries labels; keep the richer one.
      const had = this.byId.get(ev.id);
      if (!had.gate_label && ev.gate_label) had.gate_label = ev.gate_label;
      if (!had.pass_label && ev.pass_label) had.pass_label = ev.pass_label;
      return false;
    }
    this.byId.set(ev.id, ev);
    if (this.pinned(ev)) this.pinnedCount++;
    if (this.lastId === null || ev.id > this.lastId) this.lastId = ev.id;
    // Ids arrive (nearly) in order, so the first inserted unpinned event is the oldest one.
    if (this.byId.size - this.pinnedCount > this.cap) {
      for (const [id, old] of this.byId) {
        if (this.pinned(old)) continue;
        this.byId.delete(id);
        break;
      }
    }
    return true;
  }

  /** Events newest first, optionally only those `keep` accepts. */
  newest(keep = () => true) {
    return [...this.byId.values()].filter(keep).sort((a, b) => b.id - a.id);
  }
}

/** Gate presence from the feed: a `gate_connected` / `gate_disconnected` event applied to a Gate. */
export function applyPresence(gate, ev) {
  if (!gate || !ev || ev.gate_id !== gate.id) return gate;
  if (ev.kind === 'gate_connected') {
    return { ...gate, online: true, sockets: (gate.sockets || 0) + 1, last_seen: ev.at };
  }
  if (ev.kind === 'gate_disconnected') {
    const sockets = Math.max(0, (gate.sockets || 1) - 1);
    return { ...gate, online: sockets > 0, sockets, last_seen: ev.at };
  }
  return gate;
}

// ---------------------------------------------------------------- alarms handled (issue 32)

/** The alarms view's filter: value → words (the default first). */
export const ALARM_FILTERS = Object.freeze([
  ['active', 'Open and acknowledged'],
  ['open', 'Open'],
  ['acknowledged', 'Acknowledged'],
  ['resolved', 'Resolved'],
  ['all', 'All'],
]);

/** How an alarm can end: value → words. */
export const ALARM_OUTCOMES = Object.freeze([
  ['confirmed', 'Confirmed'],
  ['false_alarm', 'False alarm'],
  ['duplicate', 'Duplicate'],
  ['no_action', 'No action'],
]);

const STATE_RANK = { open: 0, acknowledged: 1, resolved: 2 };

/** Where an alarm stands: its handling's state (`GET /v1/alarms`), else open. */
export function alarmState(handling) {
  return handling && Object.hasOwn(STATE_RANK, handling.state) ? handling.state : 'open';
}

/** "Open", "Acknowledged by Grace Hopper", "Resolved (false alarm) by Linus Pauling". */
export function alarmStateText(handling) {
  const state = alarmState(handling);
  if (state === 'acknowledged') return `Acknowledged by ${handling.acknowledged_by || 'someone'}`;
  if (state === 'resolved') {
    const outcome = ALARM_OUTCOMES.find(([v]) => v === handling.outcome);
    return `Resolved (${outcome ? outcome[1].toLowerCase() : 'no outcome'}) by ${handling.resolved_by || 'someone'}`;
  }
  return 'Open';
}

/** Whether an alarm in `state` is shown under `filter` (an ALARM_FILTERS value). */
export function alarmShown(state, filter) {
  if (filter === 'all') return true;
  if (filter === 'active' || !ALARM_FILTERS.some(([v]) => v === filter)) return state !== 'resolved';
  return state === filter;
}

/** Alarm events in the order the view lists them: open, acknowledged, resolved; newest first in each. */
export function orderAlarms(events, handlingOf) {
  return [...events].sort((a, b) => STATE_RANK[alarmState(handlingOf(a.id))] - STATE_RANK[alarmState(handlingOf(b.id))] || b.id - a.id);
}

/** A server error message as a sentence: capitalised, with a full stop. */
export function sentence(text) {
  const t = String(text || '').trim();
  if (!t) return '';
  const s = t[0].toUpperCase() + t.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
}

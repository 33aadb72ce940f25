// The console's decisions, pure (browser and Node, so test/unit/console-model.test.mjs runs
// them without a DOM): which audit events are alarms, the event log's filters as a query,
// labels for gates and passes, words for events, and the on-site nodes' rows (issue 35).
// The words come from the catalogue (audit-* and console-* ids, i18n.js) in the page's
// language; the TSR1 names (`foreign_nonce`, `stale_code`, `auth_failure`…) stay as they
// are in every language. Times are the venue's.

import { formatDate, formatList, formatNumber, formatRelative, has, t } from '../i18n.js';
import { reasonWords } from '../words.js';

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
  'sso_configured', 'sso_removed', 'sso_sign_in_failed', 'sso_sessions_ended', 'sso_domain_changed', 'session_ended',
  'message_queued', 'message_sent', 'message_bounced', 'message_dead', 'message_expired', 'mail_settings_changed',
  'alarm_acknowledged', 'alarm_assigned', 'alarm_resolved', 'watchlist_hit', 'watchlist_entry_added',
  'watchlist_entry_changed', 'watchlist_entry_removed', 'personal_data_exported', 'personal_data_erased',
  'privacy_settings_changed', 'locale_settings_changed', 'roll_call_started', 'roll_call_marked', 'roll_call_ended', 'muster_scanned',
  'muster_refused', 'site_node_created', 'site_lease_granted', 'site_lease_ended', 'site_lease_extended',
  'site_conflict', 'site_node_revoked', 'site_node_token_rotated', 'site_node_resumed', 'site_node_fault',
]);

export const SEVERITIES = Object.freeze(['info', 'warning', 'high']);

/** A message id's tail from a server name: `walk_in_expired` → `walk-in-expired`. */
const idPart = (name) => String(name).replace(/_/g, '-');

/** An event kind in words ("gate connected"); a kind this page does not know reads as its name with spaces. */
export function kindLabel(kind) {
  const id = `audit-kind-${idPart(kind)}`;
  return typeof kind === 'string' && /^[a-z_]+$/.test(kind) && has(id) ? t(id) : String(kind || '').replace(/_/g, ' ');
}

/** A severity (`info`, `warning`, `high`) in words; an unknown one as it is. */
export function severityLabel(severity) {
  return SEVERITIES.includes(severity) ? t(`audit-severity-${severity}`) : String(severity || '');
}

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
    if (v && !isUuid(v)) return t(key === 'gate_id' ? 'audit-filter-gate-id' : 'audit-filter-pass-id');
  }
  if (filters.severity && !SEVERITIES.includes(filters.severity)) return t('audit-filter-severity');
  if (filters.since && filters.until && Date.parse(filters.since) >= Date.parse(filters.until)) return t('audit-filter-since-until');
  return null;
}

const shortId = (id) => (typeof id === 'string' ? `${id.slice(0, 8)}…` : '');

/** A gate's label: the event's own, the known gates', or a short id. */
export function gateLabel(id, gates, fromEvent) {
  if (!id) return null;
  if (fromEvent) return fromEvent;
  const g = gates && gates.get(id);
  return g && g.label ? g.label : t('audit-gate-short', { id: shortId(id) });
}

/** An on-site node's label: the known nodes' (id → label), or a short id (the messages say "node"). */
export function nodeLabel(id, nodes) {
  if (!id) return null;
  const label = nodes && nodes.get(String(id));
  return label || shortId(String(id));
}

/** A pass's label: the event's own, the known passes', or a short id. */
export function passLabel(id, passes, fromEvent) {
  if (!id) return null;
  if (fromEvent) return fromEvent;
  const label = passes && passes.get(id);
  return label || t('audit-pass-short', { id: shortId(id) });
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

/**
 * One line of words for an event ("denied: stale_code — old code, a screenshot?"), who did
 * it when known, and the on-site node that shipped it (issue 50: every event a node shipped
 * carries `origin_node_id`), named by `nodes` (id → label) or a short id.
 */
export function describe(ev, keys, nodes) {
  const what = describeWhat(ev, nodes);
  const who = actorName(ev, keys);
  const line = who ? t('audit-by', { what, who }) : what;
  const origin = originNode(ev);
  return origin ? t('audit-from-node', { what: line, node: nodeLabel(origin, nodes) }) : line;
}

/** The on-site node that shipped an event (`origin_node_id`), or null when the central server wrote it. */
export function originNode(ev) {
  return isObj(ev) && typeof ev.origin_node_id === 'string' && ev.origin_node_id ? ev.origin_node_id : null;
}

/** Why the central server refuses what a node shipped (`site_node_fault`'s `reasons`, server/crates/domain/src/sites.rs). */
export const NODE_FAULTS = Object.freeze(['foreign_kind', 'malformed_details', 'severity_too_high', 'foreign_gate', 'foreign_pass', 'outside_lease', 'foreign_lease']);

/**
 * A `site_node_fault`'s reasons in words, most frequent first: "3 × a time outside its
 * leases (outside_lease), 1 × …". A reason this page does not know reads as its name.
 */
export function nodeFaultReasons(details) {
  const reasons = isObj(details) && isObj(details.reasons) ? details.reasons : {};
  const parts = Object.entries(reasons)
    .filter(([, n]) => Number.isFinite(Number(n)) && Number(n) > 0)
    .sort((a, b) => Number(b[1]) - Number(a[1]) || (a[0] < b[0] ? -1 : 1))
    .map(([reason, n]) => t('audit-node-fault-reason', {
      count: Number(n),
      reason: String(reason),
      words: NODE_FAULTS.includes(reason) ? t(`audit-node-fault-${idPart(reason)}`) : String(reason).replace(/_/g, ' '),
    }));
  return formatList(parts);
}

/** A detail the server wrote (an address, a code, a count) as text for a message. */
const str = (v) => String(v);
/** "… (resent)" when the event is a resend. */
const resent = (what, yes) => (yes ? t('audit-resent', { what }) : what);
/** An answer decided by an on-site node (issue 35) says so. */
const onSite = (what, node) => (isObj(node) ? t('audit-on-site', { what }) : what);

function describeWhat(ev, nodes) {
  const d = isObj(ev.details) ? ev.details : {};
  const node = () => nodeLabel(d.node_id, nodes) || t('audit-node-unknown');
  const to = d.to ? str(d.to) : null;
  const error = d.error ? str(d.error) : null;
  switch (ev.kind) {
    case 'sso_sign_in_failed':
      return d.detail
        ? t('audit-sso-refused-detail', { reason: str(d.reason || 'unknown'), detail: str(d.detail) })
        : t('audit-sso-refused', { reason: str(d.reason || 'unknown') });
    case 'message_queued':
      if (d.resend) return to ? t('audit-mail-resent-to', { to }) : t('audit-mail-resent');
      return to ? t('audit-mail-queued-to', { to }) : t('audit-mail-queued');
    case 'message_sent':
      return to ? t('audit-mail-sent-to', { to }) : t('audit-mail-sent');
    case 'message_bounced':
      if (to) return error ? t('audit-mail-bounced-to-error', { to, error }) : t('audit-mail-bounced-to', { to });
      return error ? t('audit-mail-bounced-error', { error }) : t('audit-mail-bounced');
    case 'message_dead':
      if (to) return error ? t('audit-mail-dead-to-error', { to, error }) : t('audit-mail-dead-to', { to });
      return error ? t('audit-mail-dead-error', { error }) : t('audit-mail-dead');
    case 'message_expired':
      return to ? t('audit-mail-expired-to', { to }) : t('audit-mail-expired');
    case 'sso_sessions_ended':
      return t('audit-sso-sessions-ended', { cause: d.cause === 'access_ended' ? 'access_ended' : 'other' });
    case 'scan':
      if (d.reason) return t('audit-scan-denied', { reason: str(d.reason), words: reasonWords(d.reason) });
      if (d.resent) return t('audit-scan-resent');
      if (error) return t('audit-scan-refused', { error });
      return kindLabel('scan');
    case 'response':
      if (d.reason) return onSite(resent(t('audit-answer-denied', { reason: str(d.reason), words: reasonWords(d.reason) }), d.replayed), d.on_site);
      if (d.outcome) return onSite(resent(outcomeLabel(d.outcome), d.replayed), d.on_site);
      if (error) return t('audit-answer-refused', { error });
      return t('audit-answer');
    case 'challenge_unanswered':
      return t('audit-challenge-unanswered');
    case 'claim_conflict':
      return t('audit-claim-conflict');
    case 'auth_failure': {
      // "auth_failure × 3 on console (csrf)": the name, then each detail the event has.
      const parts = ['auth_failure'];
      if (d.count) parts.push(t('audit-auth-failure-count', { count: d.count }));
      if (d.surface) parts.push(t('audit-auth-failure-surface', { surface: str(d.surface) }));
      if (d.sample_reason) parts.push(t('audit-detail', { detail: str(d.sample_reason) }));
      return parts.join(' ');
    }
    case 'claim_rejected': {
      const why = d.sample_reason || d.reason;
      return why ? t('audit-claim-refused-why', { reason: str(why) }) : t('audit-claim-refused');
    }
    case 'rate_limited':
      return d.frames ? t('audit-rate-limited-frames', { frames: d.frames }) : t('audit-rate-limited');
    case 'walk_in_requested':
      return resent(t('audit-walk-in-requested'), d.resent);
    case 'walk_in_approved':
      return t('audit-walk-in-approved');
    case 'walk_in_denied':
      return t('audit-walk-in-denied');
    case 'walk_in_expired':
      return t('audit-walk-in-expired');
    case 'pass_rebound':
      return t('audit-pass-rebound');
    case 'pass_transferred':
      return t('audit-pass-transferred');
    case 'site_node_revoked':
      return t('audit-node-revoked', { node: node() });
    case 'site_node_token_rotated':
      return t('audit-node-token-rotated', { node: node() });
    case 'site_node_resumed':
      return t('audit-node-resumed', { node: node() });
    case 'site_node_fault': {
      const count = Number(d.refused);
      const reasons = nodeFaultReasons(d);
      return t(reasons ? 'audit-node-fault-why' : 'audit-node-fault', { node: node(), count: Number.isFinite(count) ? count : 0, reasons });
    }
    default:
      return kindLabel(ev.kind);
  }
}

/** An answer's outcome (`admitted`, `already_admitted`, `denied`) in words; another as its name with spaces. */
export function outcomeLabel(outcome) {
  const id = `audit-outcome-${idPart(outcome)}`;
  return /^[a-z_]+$/.test(String(outcome)) && has(id) ? t(id) : String(outcome).replace(/_/g, ' ');
}

const DAY = { year: 'numeric', month: '2-digit', day: '2-digit' };
const TIME = { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' };

/**
 * "16:04:05" today, "2026-11-30 16:04:05" otherwise (in English; each language orders the
 * date its own way), in the venue's time zone.
 */
export function clock(iso, now = Date.now()) {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return '—';
  const time = formatDate(ms, TIME);
  if (formatDate(ms, DAY) === formatDate(now, DAY)) return time;
  return t('audit-clock-date', {
    year: formatDate(ms, { year: 'numeric' }),
    month: formatDate(ms, { month: '2-digit' }),
    day: formatDate(ms, { day: '2-digit' }),
    time,
  });
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

/**
 * `[value, words]` pairs whose words are read from the catalogue each time they are asked
 * for (a getter), so a list made at import speaks the language chosen later.
 */
function worded(values, prefix) {
  return Object.freeze(values.map((value) => {
    const pair = [value];
    Object.defineProperty(pair, 1, { enumerable: true, get: () => t(`${prefix}${idPart(value)}`) });
    return Object.freeze(pair);
  }));
}

/** The alarms view's filter: value → words (the default first). */
export const ALARM_FILTERS = worded(['active', 'open', 'acknowledged', 'resolved', 'all'], 'audit-alarms-filter-');

/** How an alarm can end: value → words. */
export const ALARM_OUTCOMES = worded(['confirmed', 'false_alarm', 'duplicate', 'no_action'], 'audit-alarm-outcome-');

/** ALARM_FILTERS as plain `[value, words]` pairs in the page's language now. */
export const alarmFilters = () => ALARM_FILTERS.map(([value, words]) => [value, words]);

/** ALARM_OUTCOMES as plain `[value, words]` pairs in the page's language now. */
export const alarmOutcomes = () => ALARM_OUTCOMES.map(([value, words]) => [value, words]);

const STATE_RANK = { open: 0, acknowledged: 1, resolved: 2 };

/** Where an alarm stands: its handling's state (`GET /v1/alarms`), else open. */
export function alarmState(handling) {
  return handling && Object.hasOwn(STATE_RANK, handling.state) ? handling.state : 'open';
}

/** "Open", "Acknowledged by Grace Hopper", "Resolved (false alarm) by Linus Pauling". */
export function alarmStateText(handling) {
  const state = alarmState(handling);
  if (state === 'acknowledged') {
    return handling.acknowledged_by ? t('audit-alarm-acknowledged-by', { who: str(handling.acknowledged_by) }) : t('audit-alarm-acknowledged-by-someone');
  }
  if (state === 'resolved') {
    const outcome = ALARM_OUTCOMES.some(([v]) => v === handling.outcome) ? handling.outcome : 'none';
    return handling.resolved_by
      ? t('audit-alarm-resolved-by', { outcome, who: str(handling.resolved_by) })
      : t('audit-alarm-resolved-by-someone', { outcome });
  }
  return t('audit-alarm-state-open');
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

// ---------------------------------------------------------------- on-site nodes (issue 35)

/**
 * A node's states as `GET /v1/nodes` names them (`holding`: it decides for its site;
 * `starting`: granted, not in force yet; `overdue`: its lease ran out unrenewed; `reclaimed`:
 * an admin reclaimed its lease and it waits for an admin to allow it again; `idle`: no
 * lease, the central server decides; `revoked`: its token no longer works, for good), in the
 * order the legend explains them.
 */
export const NODE_STATES = Object.freeze(['holding', 'starting', 'overdue', 'reclaimed', 'idle', 'revoked']);

/** A node's state in words ("Holding"); a state this page does not know, as it is. */
export function nodeStateText(state) {
  return NODE_STATES.includes(state) ? t(`console-node-state-${state}`) : String(state || '');
}

/** What a node's state means, in a sentence (empty for a state this page does not know). */
export function nodeStateHelp(state) {
  return NODE_STATES.includes(state) ? t(`console-node-state-${state}-help`) : '';
}

/**
 * How far `iso` is from `now`, in the page's language: "in 4 minutes", "12 seconds ago",
 * "now" (seconds under a minute, minutes under an hour, hours under a day, then days).
 * Empty for a time that is none.
 */
export function relativeTime(iso, now = Date.now()) {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return '';
  const s = Math.round((ms - now) / 1000);
  const abs = Math.abs(s);
  if (abs < 60) return formatRelative(s, 'second');
  if (abs < 3600) return formatRelative(Math.trunc(s / 60), 'minute');
  if (abs < 86_400) return formatRelative(Math.trunc(s / 3600), 'hour');
  return formatRelative(Math.trunc(s / 86_400), 'day');
}

/** A time as the venue's clock and from now: "16:04:05 (in 4 minutes)". */
const clockAndRelative = (iso, now) => t('console-node-when', { time: clock(iso, now), relative: relativeTime(iso, now) });

/**
 * One node of `GET /v1/nodes` as its row says it at `now`: every cell in words (no cell is
 * only a colour), and what the row needs besides (its lease's id, whether it has one).
 */
export function nodeRow(node, now = Date.now()) {
  const n = isObj(node) ? node : {};
  const revoked = n.state === 'revoked' || Boolean(n.revoked_at);
  const lease = isObj(n.lease) && !revoked ? n.lease : null;
  const lag = typeof n.up_lag_s === 'number' && Number.isFinite(n.up_lag_s) ? n.up_lag_s : null;
  // Waiting for an admin's "Allow lease again" (POST /v1/nodes/{id}/resume) after a reclaim.
  const blocked = !revoked && (n.state === 'reclaimed' || Boolean(n.lease_blocked_at));
  let leaseEnds = t('console-node-no-lease');
  if (lease && lease.expires_at) leaseEnds = clockAndRelative(lease.expires_at, now);
  else if (revoked) leaseEnds = n.revoked_at ? t('console-node-revoked-at', { when: clockAndRelative(n.revoked_at, now) }) : t('console-node-revoked-no-lease');
  else if (blocked) leaseEnds = n.lease_blocked_at ? t('console-node-blocked-at', { when: clockAndRelative(n.lease_blocked_at, now) }) : t('console-node-blocked');
  return {
    id: String(n.node_id || ''),
    label: String(n.label || ''),
    site: String(n.site || ''),
    state: String(n.state || ''),
    stateText: nodeStateText(n.state),
    stateHelp: nodeStateHelp(n.state),
    revoked,
    blocked,
    leaseId: lease ? String(lease.lease_id || '') : null,
    leaseEnds,
    lastSeen: n.last_seen_at ? clockAndRelative(n.last_seen_at, now) : t('console-node-never'),
    lag: lag === null ? '—' : t('console-node-lag', { seconds: formatNumber(lag, { maximumFractionDigits: 1 }) }),
    shipped: n.shipped_through ? clock(n.shipped_through, now) : t('console-node-nothing-shipped'),
  };
}

/** The line above the nodes: "2 nodes: 1 holding its site, 0 overdue." */
export function nodesSummary(nodes) {
  const list = Array.isArray(nodes) ? nodes : [];
  const count = (state) => list.filter((n) => n && n.state === state).length;
  return t('console-nodes-count', { count: list.length, holding: count('holding'), overdue: count('overdue') });
}

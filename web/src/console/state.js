// What every view of the security console shares while signed in, kept apart from the shell
// (app.js) so that the views (views/*.js) import it and never the shell: the session, the
// events held in memory, each alarm's handling, the gates and the labels of passes, keys and
// nodes, the shell's parts and the view in place; the JSON call and its failures in words;
// and the reads that keep that state fresh (alarms, gates, labels). Only the shell changes
// the session, the shell's parts and the view (the setters below).

import { EventLog, alarmName, alarmState, gateLabel, nodeLabel, passLabel } from './model.js';
import { h, sessionApi } from '../ui.js';
import { errorText, formatNumber, t } from '../i18n.js';

const REQUEST_TIMEOUT_MS = 15_000;

export let session = null; // {role, org_id, csrf_token, expires_at, default_language, time_zone}
export let gates = new Map(); // id → Gate
export const passLabels = new Map(); // id → label
export const keyLabels = new Map(); // API key or host id → label (an SSO person's key: their name); admins only
export const nodeLabels = new Map(); // on-site node id → label (GET /v1/nodes), so that events say which node shipped them
export let nodeLabelsVersion = 0;
let nodeLabelsQueued = null;

export let ui = null; // the shell's parts while signed in
export let view = null; // {name, update(ev?), teardown()}

export const isAdmin = () => session && session.role === 'admin';

/** Security and admins keep the watchlist (issue 32). */
export const keepsWatchlist = () => session && (session.role === 'admin' || session.role === 'security');

/** An alarm is a high-severity event (issue 32); its handling is in `alarmHandling`. */
const isAlarm = (ev) => ev && ev.severity === 'high';

/** What an alarm is called: its TSR1 reason or its kind. */
export const nameOf = (ev) => alarmName(ev) || (ev.details && ev.details.reason) || ev.kind;

/** Each alarm's handling as `GET /v1/alarms` shows it (state, who, outcome), by alarm id. */
export let alarmHandling = new Map();

/** Whether `GET /v1/alarms` answered since sign-in: until then no alarm is listed, so a
 * resolved one from the feed's backlog is never shown as open for a moment. */
export let alarmsLoaded = false;

/** Security and admins handle alarms. */
export const handlesAlarms = () => session && (session.role === 'admin' || session.role === 'security');

/** The events held in memory: the newest 5000, and every alarm. */
function newLog() {
  return new EventLog(5000, isAlarm);
}

export let log = newLog();

/** What a 401 while signed in does: the shell's sign-out (app.js, set by `whenSessionEnds`). */
let endSession = () => {};

export function whenSessionEnds(fn) {
  endSession = fn;
}

/** A JSON call to the page's own origin (ui.js); never throws. A 401 with a session signs out. */
export const api = sessionApi({ getSession: () => session, signedOut: () => endSession(), timeoutMs: REQUEST_TIMEOUT_MS });

/**
 * A sentence for a failed call: `action` names what was tried (a `console-action-*`
 * message: "sign out", "issue the pass"), `args` its variables.
 */
export function problem(res, action, args) {
  const what = t(action, args);
  if (res.network) return t('console-problem-network', { action: what });
  if (res.status === 403) return t('console-problem-forbidden', { action: what, code: String(res.code || 403) });
  if (res.status === 404) return t('console-problem-not-found', { action: what });
  if (res.status === 429) return t('console-problem-rate-limited');
  if (!res.code) return t('console-problem-status', { action: what, status: String(res.status) });
  return t('console-problem-refused', { action: what, reason: refusal(res) });
}

/** A server's refusal in words: its code's (and the field at fault, for `invalid_field`). */
function refusal(res) {
  if (res.code === 'invalid_field' && res.field) return t('console-invalid-field', { field: res.field });
  return errorText(res.code);
}

const errorBox = (text) => h('p', { role: 'alert', class: 'alert shown', text });

/** Puts an error (or nothing) into a slot: the only way `role="alert"` reaches the page. */
export function setError(slot, text) {
  slot.replaceChildren(text ? errorBox(text) : '');
}

/** The shell signs in (a session) and out (null). */
export function setSession(s) {
  session = s;
}

/** The shell's parts while signed in ({feedPill, alarmCount, tabs, errors, body}), or null. */
export function setUi(parts) {
  ui = parts;
}

/** The view in place, or null. */
export function setView(v) {
  view = v;
}

/** Forgets what this sign-in learnt: the events, the alarms' handling, gates and labels. */
export function forgetAll() {
  log = newLog();
  alarmHandling = new Map();
  alarmsLoaded = false;
  gates = new Map();
  passLabels.clear();
  keyLabels.clear();
  nodeLabels.clear();
  clearTimeout(nodeLabelsQueued);
  nodeLabelsQueued = null;
}

let renderQueued = false;

/** The alarms as the server holds them (the newest 500, any state): a reload forgets none. */
export async function loadAlarms() {
  const res = await api('GET', '/v1/alarms?limit=500');
  if (!ui) return;
  if (!res.ok || !res.body || !Array.isArray(res.body.alarms)) {
    // Listed from the feed alone (as open) rather than not at all; said so.
    alarmsLoaded = true;
    setError(ui.errors, problem(res, 'console-action-read-alarms'));
    queueRender();
    return;
  }
  alarmsLoaded = true;
  for (const alarm of res.body.alarms) {
    alarmHandling.set(alarm.id, alarm);
    if (alarm.event) log.add(alarm.event);
  }
  queueRender();
}

/** One alarm read again (someone changed it, here or on another console). */
export async function refreshAlarm(id) {
  const res = await api('GET', `/v1/alarms/${id}`);
  if (!ui || !res.ok || !res.body) return;
  alarmHandling.set(id, res.body);
  if (res.body.event) log.add(res.body.event);
  queueRender();
  if (view && view.onAlarm) view.onAlarm(id);
}

export function queueRender() {
  if (renderQueued) return;
  renderQueued = true;
  requestAnimationFrame(() => {
    renderQueued = false;
    if (!ui) return;
    ui.alarmCount.textContent = alarmsLoaded ? formatNumber(alarms().filter((ev) => alarmState(alarmHandling.get(ev.id)) !== 'resolved').length) : '…';
    if (view && view.update) view.update();
  });
}

export async function refreshGates() {
  const res = await api('GET', '/v1/gates');
  if (!ui || !res.ok || !res.body || !Array.isArray(res.body.gates)) return;
  gates = new Map(res.body.gates.map((g) => [g.id, g]));
  if (view && view.onGates) view.onGates();
  queueRender();
}

export const alarms = () => log.newest(isAlarm);

export const gateName = (id, fromEvent) => gateLabel(id, gates, fromEvent);

export const passName = (id, fromEvent) => passLabel(id, passLabels, fromEvent);

/** Who holds each key, so that events say who acted ("by Ada Lovelace"); admins only. */
export async function loadKeyLabels() {
  const res = await api('GET', '/v1/api-keys');
  if (!res.ok || !res.body || !Array.isArray(res.body.keys)) return;
  for (const key of res.body.keys) keyLabels.set(key.key_id, key.label);
}

/**
 * Each on-site node's label, so that events say which node shipped them ("from node North
 * stand PC"); `list` when the Nodes view has just read them, else `GET /v1/nodes` (admins,
 * security and auditors; for anyone else events name a node by its id's first characters).
 */
export async function loadNodeLabels(list) {
  let nodes = list;
  if (!nodes) {
    const res = await api('GET', '/v1/nodes');
    if (!ui || !res.ok || !res.body || !Array.isArray(res.body.nodes)) return;
    nodes = res.body.nodes;
  }
  let changed = false;
  for (const n of nodes) {
    if (!n || typeof n.node_id !== 'string' || typeof n.label !== 'string') continue;
    if (nodeLabels.get(n.node_id) !== n.label) {
      nodeLabels.set(n.node_id, n.label);
      changed = true;
    }
  }
  if (changed) {
    nodeLabelsVersion++;
    queueRender();
  }
}

/** Reads the nodes' labels again, at most once every 10 s. */
export function loadNodeLabelsSoon() {
  if (nodeLabelsQueued) return;
  loadNodeLabels();
  nodeLabelsQueued = setTimeout(() => {
    nodeLabelsQueued = null;
  }, 10_000);
}

export const nodeName = (id) => nodeLabel(id, nodeLabels);

// The security console (/console, issue 15): for auditors and admins. An API key is posted
// once to `POST /v1/console/session`, which sets an HttpOnly cookie; the key is never kept
// (no URL, no Web Storage, no IndexedDB). Everything after that is the same REST API with
// the cookie, plus `X-CSRF-Token` on every state-changing call, and the live feed
// (`EventSource('/v1/audit/stream')`, feed.js). Views: alarms, the event log with filters and
// export, gates, the on-site nodes and their leases (admins reclaim one), passes, webhooks
// and their dead letters (admins replay them), and (admins) issuing passes and creating and
// pairing gates.
// DOM calls only: the CSP allows no inline script or style. `role="alert"` is for errors
// only; notices use `role="status"`.
// Every word on screen is a `console-*` message of the catalogues (i18n.js), in the language
// of the switcher, the browser or the organisation; times in the organisation's time zone. A
// server's error reaches the page as its code in words (`errorText`), never as its message.

import { Feed } from './feed.js';
import {
  EventLog, KNOWN_KINDS, SEVERITIES, alarmName, applyPresence, clock, describe, exportUrl, filterProblem, filterQuery, gateLabel, isUuid,
  isoToLocal, localToIso, passLabel, severityLabel,
  ALARM_FILTERS, ALARM_OUTCOMES, alarmShown, alarmState, alarmStateText, orderAlarms,
  NODE_STATES, nodeFaultReasons, nodeLabel, nodeRow, nodeStateHelp, nodeStateText, nodesSummary, originNode,
} from './model.js';
import { personKey, personRef } from '../people.js';
import { ago, reasonWords } from '../words.js';
import { qrSvg } from '../qr.js';
import { h, providerSignOut, sessionApi, showScreen, ssoForm } from '../ui.js';
import { current as currentLanguage, errorText, formatDate, formatList, formatNumber, setTimeZone, t } from '../i18n.js';
import { mountSwitcher, picked, startLanguage, timesNote } from '../locale.js';

const REQUEST_TIMEOUT_MS = 15_000;
const GATES_REFRESH_MS = 30_000;
const GATE_STATS_REFRESH_MS = 10_000;
const TIMELINE_PAGES = 10; // × 1000 events
const EVENTS_PAGE = 100;

const main = document.getElementById('main');

// ---------------------------------------------------------------- state

let session = null; // {role, org_id, csrf_token, expires_at, default_language, time_zone}
let feed = null;
let highFeed = null; // the high-severity alarms from further back than the main feed's backlog
let log = newLog();
let gates = new Map(); // id → Gate
const passLabels = new Map(); // id → label
const keyLabels = new Map(); // API key or host id → label (an SSO person's key: their name); admins only
const nodeLabels = new Map(); // on-site node id → label (GET /v1/nodes), so that events say which node shipped them
let nodeLabelsVersion = 0;
let nodeLabelsQueued = null;
let ui = null; // the shell's parts while signed in
let view = null; // {name, update(ev?), teardown()}
let timers = [];

const isAdmin = () => session && session.role === 'admin';
/** Security and admins keep the watchlist (issue 32). */
const keepsWatchlist = () => session && (session.role === 'admin' || session.role === 'security');
/** An alarm is a high-severity event (issue 32); its handling is in `alarmHandling`. */
const isAlarm = (ev) => ev && ev.severity === 'high';
/** What an alarm is called: its TSR1 reason or its kind. */
const nameOf = (ev) => alarmName(ev) || (ev.details && ev.details.reason) || ev.kind;
/** Each alarm's handling as `GET /v1/alarms` shows it (state, who, outcome), by alarm id. */
let alarmHandling = new Map();
/** Whether `GET /v1/alarms` answered since sign-in: until then no alarm is listed, so a
 * resolved one from the feed's backlog is never shown as open for a moment. */
let alarmsLoaded = false;
/** Security and admins handle alarms. */
const handlesAlarms = () => session && (session.role === 'admin' || session.role === 'security');

/** The events held in memory: the newest 5000, and every alarm. */
function newLog() {
  return new EventLog(5000, isAlarm);
}

// ---------------------------------------------------------------- network

/** A JSON call to the page's own origin (ui.js); never throws. A 401 with a session signs out. */
const api = sessionApi({ getSession: () => session, signedOut: () => signedOut(t('console-session-ended')), timeoutMs: REQUEST_TIMEOUT_MS });

/**
 * A sentence for a failed call: `action` names what was tried (a `console-action-*`
 * message: "sign out", "issue the pass"), `args` its variables.
 */
function problem(res, action, args) {
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
function setError(slot, text) {
  slot.replaceChildren(text ? errorBox(text) : '');
}

// ---------------------------------------------------------------- start and sign-in

async function start() {
  main.replaceChildren(h('p', { class: 'loading', text: t('console-opening') }));
  mountSwitcher('console');
  const res = await api('GET', '/v1/console/session');
  if (res.ok && res.body && res.body.csrf_token && res.body.role !== 'host') {
    session = res.body;
    return openConsole();
  }
  // A host's session (the same cookie serves /host) is not for the console.
  if (res.ok && res.body && res.body.role === 'host') return showSignIn(t('console-host-session'));
  if (res.network || res.status >= 500) {
    const slot = h('div');
    setError(slot, res.network ? t('console-start-network') : t('console-start-not-ready', { status: String(res.status) }));
    showScreen(main, h('section', { class: 'card signin' }, h('h1', { text: t('console-title') }), slot, h('p', {}, h('button', { type: 'button', class: 'primary', onclick: start }, t('console-try-again')))));
    return;
  }
  showSignIn();
}

/**
 * What the session says of the organisation: its time zone for every time on screen, and
 * its language when this device never picked one (the browser's languages come first).
 */
function sessionLanguage(s) {
  setTimeZone(s.time_zone);
  if (!picked('console') && s.default_language) startLanguage('console', { orgDefault: s.default_language });
}

function showSignIn(notice) {
  const input = h('input', {
    id: 'api-key', type: 'password', autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false', required: true, 'aria-describedby': 'api-key-help',
  });
  const button = h('button', { type: 'submit', class: 'primary', text: t('console-signin-button') });
  const slot = h('div', { class: 'error-slot' });
  const form = h(
    'form',
    { class: 'signin-form', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'api-key', text: t('console-signin-key') }), input, h('p', { id: 'api-key-help', class: 'muted', text: t('console-signin-key-help') })),
    slot,
    h('p', { class: 'actions' }, button),
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const key = input.value.trim();
    input.value = ''; // the key leaves the page as soon as it is read
    if (!key) {
      setError(slot, t('console-signin-key-missing'));
      input.focus();
      return;
    }
    button.disabled = true;
    setError(slot, null);
    const res = await api('POST', '/v1/console/session', { api_key: key });
    button.disabled = false;
    if (res.ok && res.body && res.body.csrf_token && res.body.role !== 'host') {
      session = res.body;
      openConsole();
      return;
    }
    if (res.ok && res.body && res.body.role === 'host') {
      // A host key opens a session for /host; drop it rather than leave it unused.
      session = res.body;
      await api('DELETE', '/v1/console/session');
      session = null;
      setError(slot, t('console-signin-host-key'));
      input.focus();
      return;
    }
    let text;
    if (res.network) text = t('console-signin-network');
    else if (res.status === 401) text = t('console-signin-not-accepted');
    else if (res.status === 403) text = t('console-signin-forbidden');
    else if (res.status === 429) text = t('console-signin-rate-limited');
    else text = t('console-signin-refused', { code: String(res.code || res.status) });
    setError(slot, text);
    input.focus();
  });
  showScreen(
    main,
    h(
      'section',
      { class: 'card signin' },
      h('h1', { text: t('console-title') }),
      h('p', { class: 'muted', text: t('console-signin-intro') }),
      notice ? h('p', { role: 'status', class: 'notice', text: notice }) : null,
      form,
      ssoForm('console'),
    ),
  );
  mountSwitcher('console');
  input.focus();
}

function stopConsole() {
  if (feed) feed.stop();
  if (highFeed) highFeed.stop();
  feed = null;
  highFeed = null;
  if (view && view.teardown) view.teardown();
  view = null;
  for (const timer of timers) clearInterval(timer);
  timers = [];
  window.removeEventListener('hashchange', route);
  ui = null;
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

function signedOut(notice) {
  session = null;
  stopConsole();
  showSignIn(notice);
}

async function signOut() {
  const res = await api('DELETE', '/v1/console/session');
  if (providerSignOut(res)) return;
  if (res.ok || res.status === 401) return signedOut(t('console-signed-out'));
  if (ui) setError(ui.errors, problem(res, 'console-action-sign-out'));
}

// ---------------------------------------------------------------- the shell

/** The views: route name → the message naming its tab. */
const TABS = [
  ['alarms', 'console-tab-alarms'],
  ['events', 'console-tab-events'],
  ['gates', 'console-tab-gates'],
  ['nodes', 'console-tab-nodes'],
  ['passes', 'console-tab-passes'],
  ['webhooks', 'console-tab-webhooks'],
  ['messages', 'console-tab-messages'],
  ['watchlist', 'console-tab-watchlist'],
  ['rollcall', 'console-tab-rollcall'],
  ['admin', 'console-tab-admin'],
  ['signin', 'console-tab-signin'],
];

/** The live feed's state as the bar's pill says it. */
const feedStateText = (state) => t(state === 'live' ? 'console-feed-live' : state === 'connecting' ? 'console-feed-connecting' : 'console-feed-reconnecting');

function openConsole() {
  stopConsole();
  sessionLanguage(session);
  const feedPill = h('span', { class: 'pill feed-state connecting', id: 'feed-state', text: feedStateText('connecting') });
  const alarmCount = h('span', { class: 'tab-count', text: formatNumber(0) });
  const tabs = new Map();
  const nav = h('nav', { class: 'tabs', 'aria-label': t('console-views') });
  for (const [name, label] of TABS) {
    if ((name === 'admin' || name === 'signin') && !isAdmin()) continue;
    if ((name === 'watchlist' || name === 'rollcall') && !keepsWatchlist()) continue;
    const a = h('a', { href: `#${name}`, class: 'tab' }, t(label), name === 'alarms' ? alarmCount : null);
    tabs.set(name, a);
    nav.append(a);
  }
  const errors = h('div', { class: 'error-slot shell-errors' });
  const body = h('div', { class: 'view', id: 'view' });
  const shell = h(
    'div',
    { class: 'console-app' },
    h(
      'header',
      { class: 'bar console-bar' },
      h('div', { class: 'brand' }, h('span', { class: 'brand-name', text: 'Tessera' }), h('span', { class: 'brand-sub', text: t('console-brand-sub') })),
      h(
        'div',
        { class: 'bar-right' },
        feedPill,
        session.person ? h('bdi', { class: 'who', id: 'signed-in-person', text: session.person.name }) : null,
        h('span', { class: 'role', text: t('console-role', { role: String(session.role) }) }),
        h('button', { type: 'button', class: 'bar-button', onclick: signOut }, t('console-sign-out')),
      ),
    ),
    nav,
    // Times are the organisation's; said so where this device's clock is in another zone.
    timesNote({ cls: 'zone-note muted' }),
    errors,
    body,
  );
  main.replaceChildren(shell);
  mountSwitcher('console');
  ui = { feedPill, alarmCount, tabs, errors, body };
  if (isAdmin()) loadKeyLabels();
  loadNodeLabels();

  const checkSession = async () => {
    const res = await api('GET', '/v1/console/session');
    if (res.status === 401) return 'signed-out';
    return res.ok ? 'signed-in' : 'unknown';
  };
  const onSignedOut = () => signedOut(t('console-session-ended'));
  feed = new Feed({
    EventSourceImpl: window.EventSource,
    onEvent,
    onState: (state) => {
      if (!ui) return;
      ui.feedPill.className = `pill feed-state ${state}`;
      ui.feedPill.textContent = feedStateText(state);
    },
    checkSession,
    onSignedOut,
    backlog: 500,
  });
  // Everything above reaches the alarms list only from the last 500 events; the
  // high-severity ones (foreign_nonce, code_replayed, claim_conflict) come from further back.
  highFeed = new Feed({ EventSourceImpl: window.EventSource, onEvent, checkSession, onSignedOut, filter: 'severity=high', backlog: 1000 });
  feed.start();
  highFeed.start();
  loadAlarms();
  refreshGates();
  timers.push(setInterval(refreshGates, GATES_REFRESH_MS));
  const expires = Date.parse(session.expires_at);
  if (Number.isFinite(expires)) {
    const left = expires - Date.now();
    if (left < 2 ** 31 - 1) timers.push(setTimeout(() => signedOut(t('console-session-expired')), Math.max(0, left)));
  }
  window.addEventListener('hashchange', route);
  route();
}

// ---------------------------------------------------------------- the feed

let renderQueued = false;
let gatesQueued = null;

function onEvent(ev) {
  if (!log.add(ev)) {
    // An alarm read from GET /v1/alarms first, and now its stream copy with the labels:
    // the rows are drawn again with them.
    if (ev && (ev.pass_label || ev.gate_label)) queueRender();
    return;
  }
  if (ev.pass_id && ev.pass_label) passLabels.set(ev.pass_id, ev.pass_label);
  if (ev.gate_id && ev.gate_label && gates.has(ev.gate_id)) {
    const g = gates.get(ev.gate_id);
    if (g.label !== ev.gate_label) gates.set(ev.gate_id, { ...g, label: ev.gate_label });
  }
  if (ev.kind === 'gate_connected' || ev.kind === 'gate_disconnected') {
    const g = gates.get(ev.gate_id);
    if (g) gates.set(ev.gate_id, applyPresence(g, ev));
    refreshGatesSoon();
  } else if (ev.kind === 'gate_created' || ev.kind === 'gate_revoked' || ev.kind === 'gate_paired') {
    refreshGatesSoon();
  }
  // A node this console has no name for yet (enrolled since, or shipped before the first read).
  const node = originNode(ev) || (typeof ev.kind === 'string' && ev.kind.startsWith('site_') && ev.details && ev.details.node_id);
  if (node && !nodeLabels.has(String(node))) loadNodeLabelsSoon();
  if (ev.kind === 'alarm_acknowledged' || ev.kind === 'alarm_assigned' || ev.kind === 'alarm_resolved') {
    const id = ev.details && Number(ev.details.alarm_id);
    if (Number.isFinite(id)) refreshAlarm(id);
  }
  if (view && view.onEvent) view.onEvent(ev);
  queueRender();
}

/** The alarms as the server holds them (the newest 500, any state): a reload forgets none. */
async function loadAlarms() {
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
async function refreshAlarm(id) {
  const res = await api('GET', `/v1/alarms/${id}`);
  if (!ui || !res.ok || !res.body) return;
  alarmHandling.set(id, res.body);
  if (res.body.event) log.add(res.body.event);
  queueRender();
  if (view && view.onAlarm) view.onAlarm(id);
}

function queueRender() {
  if (renderQueued) return;
  renderQueued = true;
  requestAnimationFrame(() => {
    renderQueued = false;
    if (!ui) return;
    ui.alarmCount.textContent = alarmsLoaded ? formatNumber(alarms().filter((ev) => alarmState(alarmHandling.get(ev.id)) !== 'resolved').length) : '…';
    if (view && view.update) view.update();
  });
}

function refreshGatesSoon() {
  if (gatesQueued) return;
  gatesQueued = setTimeout(() => {
    gatesQueued = null;
    refreshGates();
  }, 1500);
}

async function refreshGates() {
  const res = await api('GET', '/v1/gates');
  if (!ui || !res.ok || !res.body || !Array.isArray(res.body.gates)) return;
  gates = new Map(res.body.gates.map((g) => [g.id, g]));
  if (view && view.onGates) view.onGates();
  queueRender();
}

const alarms = () => log.newest(isAlarm);
const gateName = (id, fromEvent) => gateLabel(id, gates, fromEvent);
const passName = (id, fromEvent) => passLabel(id, passLabels, fromEvent);

// ---------------------------------------------------------------- routing

function parseHash() {
  const raw = location.hash.replace(/^#/, '');
  const [pathPart, queryPart = ''] = raw.split('?');
  const [name = 'alarms', id = null] = pathPart.split('/');
  return { name: name || 'alarms', id, query: new URLSearchParams(queryPart) };
}

function route() {
  if (!ui) return;
  const parsed = parseHash();
  const { name, id, query } = parsed;
  if (view && view.reroute && view.reroute(parsed)) return;
  if (view && view.teardown) view.teardown();
  view = null;
  setError(ui.errors, null);
  const tab = { alarms: 'alarms', events: 'events', gates: 'gates', gate: 'gates', nodes: 'nodes', passes: 'passes', pass: 'passes', webhooks: 'webhooks', messages: 'messages', watchlist: 'watchlist', rollcall: 'rollcall', admin: 'admin', signin: 'signin' }[name] || 'alarms';
  for (const [n, a] of ui.tabs) {
    if (n === tab) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  const make = {
    alarms: () => alarmsView(id ? Number(id) : null, query),
    events: () => eventsView(query),
    gates: () => gatesView(),
    gate: () => (isUuid(id) ? gateView(id) : gatesView()),
    nodes: () => nodesView(),
    passes: () => passesView(),
    pass: () => (isUuid(id) ? passView(id) : passesView()),
    webhooks: () => webhooksView(),
    messages: () => messagesView(),
    watchlist: () => (keepsWatchlist() ? watchlistView() : alarmsView(null)),
    rollcall: () => (!keepsWatchlist() ? alarmsView(null) : isUuid(id) ? rollCallView(id, query) : rollCallsView()),
    admin: () => (isAdmin() ? adminView() : alarmsView(null)),
    signin: () => (isAdmin() ? signInView() : alarmsView(null)),
  }[name] || (() => alarmsView(null));
  view = make();
  window.scrollTo(0, 0);
  showScreen(ui.body, view.root);
  if (view.update) view.update();
}

// ---------------------------------------------------------------- shared pieces

/** Who holds each key, so that events say who acted ("by Ada Lovelace"); admins only. */
async function loadKeyLabels() {
  const res = await api('GET', '/v1/api-keys');
  if (!res.ok || !res.body || !Array.isArray(res.body.keys)) return;
  for (const key of res.body.keys) keyLabels.set(key.key_id, key.label);
}

/**
 * Each on-site node's label, so that events say which node shipped them ("from node North
 * stand PC"); `list` when the Nodes view has just read them, else `GET /v1/nodes` (admins,
 * security and auditors; for anyone else events name a node by its id's first characters).
 */
async function loadNodeLabels(list) {
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
function loadNodeLabelsSoon() {
  if (nodeLabelsQueued) return;
  loadNodeLabels();
  nodeLabelsQueued = setTimeout(() => {
    nodeLabelsQueued = null;
  }, 10_000);
}

const nodeName = (id) => nodeLabel(id, nodeLabels);

/** A table's header row: each column's message id ('' for an unnamed column), or [id, class]. */
function headRow(columns) {
  return h(
    'thead',
    {},
    h('tr', {}, columns.map((column) => {
      const [id, cls] = Array.isArray(column) ? column : [column];
      return h('th', { scope: 'col', class: cls || null, text: id ? t(id) : '' });
    })),
  );
}

function sevBadge(severity) {
  return h('span', { class: `sev sev-${SEVERITIES.includes(severity) ? severity : 'info'}`, text: severityLabel(severity || 'info') });
}

/** Where an alarm happened, in words: "at North gate B (challenge of North gate A)". */
function alarmWhere(ev) {
  const name = alarmName(ev);
  const d = ev.details || {};
  const origin = originNode(ev);
  if (origin) return ev.gate_id ? t('console-alarm-at-from-node', { gate: gateName(ev.gate_id, ev.gate_label), node: nodeName(origin) }) : t('console-alarm-from-node', { node: nodeName(origin) });
  if (!ev.gate_id && d.node_id && String(ev.kind).startsWith('site_')) return t('console-alarm-node', { node: nodeName(d.node_id) });
  if (!ev.gate_id) {
    if (name === 'auth_failure' && d.source) return t('console-alarm-from', { source: String(d.source) });
    return t('console-alarm-no-gate');
  }
  return t('console-alarm-at', { gate: gateName(ev.gate_id, ev.gate_label) });
}

/** The other gate an alarm involves (the alarm's row names only the gate where it happened). */
function alarmOtherGate(ev) {
  const name = alarmName(ev);
  const d = ev.details || {};
  if (name === 'foreign_nonce' && d.challenge_gate_id && d.challenge_gate_id !== ev.gate_id) return [t('console-alarm-challenge-of'), gateName(d.challenge_gate_id)];
  if (name === 'code_replayed' && d.first_gate_id && d.first_gate_id !== ev.gate_id) return [t('console-alarm-first-used-at'), gateName(d.first_gate_id)];
  return null;
}

/** What each alarm means: alarm name → its message. */
const ALARM_WORDS = {
  foreign_nonce: 'console-alarm-about-foreign-nonce',
  code_replayed: 'console-alarm-about-code-replayed',
  challenge_burned: 'console-alarm-about-challenge-burned',
  claim_conflict: 'console-alarm-about-claim-conflict',
  watchlist_hit: 'console-alarm-about-watchlist-hit',
  auth_failure: 'console-alarm-about-auth-failure',
  site_node_fault: 'console-alarm-about-site-node-fault',
};

function timelineItem(ev, highlight, showGate = true) {
  const d = ev.details || {};
  return h(
    'li',
    { class: `tl-item sev-line-${ev.severity || 'info'}${highlight ? ' tl-highlight' : ''}`, 'data-origin-node-id': originNode(ev) },
    h('span', { class: 'tl-time', text: clock(ev.at) }),
    h('span', { class: 'tl-what' }, sevBadge(ev.severity), ' ', describe(ev, keyLabels, nodeLabels)),
    !showGate ? null : ev.gate_id ? h('span', { class: 'tl-gate', text: gateName(ev.gate_id, ev.gate_label) }) : h('span', { class: 'tl-gate muted', text: '—' }),
    d.challenge_gate_id && d.challenge_gate_id !== ev.gate_id ? h('span', { class: 'tl-note muted', text: t('console-tl-challenge-to', { gate: gateName(d.challenge_gate_id) }) }) : null,
  );
}

/** Every audit event of a pass (`GET /v1/audit?pass_id=`), oldest first, all pages up to a bound. */
async function passEvents(passId) {
  const out = [];
  let cursor = null;
  for (let i = 0; i < TIMELINE_PAGES; i++) {
    const res = await api('GET', `/v1/audit?${filterQuery({ pass_id: passId }, { limit: 1000, cursor })}`);
    if (!res.ok || !res.body || !Array.isArray(res.body.events)) return { error: problem(res, 'console-action-read-pass-events'), events: out };
    out.push(...res.body.events);
    cursor = res.body.next_cursor;
    if (!cursor) break;
  }
  return { events: out };
}

/** A live timeline of a pass: loaded once, then fed from the stream. */
function timeline(passId, highlightId) {
  const list = h('ol', { class: 'timeline', 'aria-label': t('console-timeline') });
  const slot = h('div', { class: 'error-slot' });
  const status = h('p', { class: 'muted', role: 'status', text: t('console-timeline-loading') });
  const seen = new Set();
  const add = (ev) => {
    if (seen.has(ev.id)) return;
    seen.add(ev.id);
    const item = timelineItem(ev, ev.id === highlightId);
    item.dataset.id = String(ev.id);
    // Oldest first: insert before the first item with a larger id.
    const after = [...list.children].find((li) => Number(li.dataset.id) > ev.id);
    list.insertBefore(item, after || null);
  };
  const load = async () => {
    const { events, error } = await passEvents(passId);
    const labelled = new Map(log.newest((e) => e.pass_id === passId).map((e) => [e.id, e]));
    for (const ev of events) add(labelled.get(ev.id) || ev);
    for (const ev of labelled.values()) add(ev);
    setError(slot, error || null);
    // The alarm's own event in view, inside its scrolling pane.
    const mark = list.querySelector('.tl-highlight');
    if (mark && matchMedia('(min-width: 800px)').matches) mark.scrollIntoView({ block: 'nearest' });
    status.textContent = t('console-timeline-count', { count: seen.size });
  };
  load();
  return { root: h('div', { class: 'timeline-wrap' }, status, slot, list), onEvent: (ev) => ev.pass_id === passId && add(ev) };
}

// ---------------------------------------------------------------- alarms

function alarmRow(ev, selected) {
  const name = nameOf(ev);
  const handling = alarmHandling.get(ev.id);
  const state = alarmState(handling);
  const label = ev.pass_id ? passName(ev.pass_id, ev.pass_label) : t('console-alarm-no-pass');
  const button = h(
    'button',
    { type: 'button', class: 'alarm-button', 'aria-pressed': selected ? 'true' : 'false', onclick: () => (location.hash = `#alarms/${ev.id}${location.hash.includes('?') ? `?${location.hash.split('?')[1]}` : ''}`) },
    h('span', { class: 'alarm-top' }, h('span', { class: 'alarm-reason', dir: 'ltr', text: name }), sevBadge(ev.severity), h('span', { class: 'alarm-time', text: clock(ev.at) })),
    h('span', { class: 'alarm-pass', text: label }),
    h('span', { class: 'alarm-gate', text: alarmWhere(ev) }),
    h('span', { class: `alarm-state alarm-state-${state}`, text: alarmStateText(handling) }),
  );
  const li = h('li', { class: `alarm alarm-${ev.severity || 'info'} alarm-${state}${selected ? ' selected' : ''}` }, button);
  li.dataset.id = String(ev.id);
  li.dataset.alarmId = String(ev.id);
  li.dataset.state = state;
  return li;
}

/**
 * The acknowledge, assign and resolve controls of one alarm, for security and admins.
 * `report(text)` shows what went wrong (null: nothing); the view keeps it across redraws,
 * since another console's change may redraw the pane before this one's answer arrives.
 */
function alarmActions(ev, onDone, report) {
  const handling = alarmHandling.get(ev.id);
  const state = alarmState(handling);
  const done = async (res, what) => {
    if (res.ok && res.body) {
      report(null);
      alarmHandling.set(ev.id, res.body);
      onDone();
      return;
    }
    if (res.status === 409 && (res.code === 'already_acknowledged' || res.code === 'already_resolved')) {
      // Someone was first: the alarm read again names them (the server's sentence is not shown).
      const again = await api('GET', `/v1/alarms/${ev.id}`);
      const now = again.ok && again.body ? again.body : null;
      const who = now && (res.code === 'already_acknowledged' ? now.acknowledged_by : now.resolved_by);
      const id = res.code === 'already_acknowledged' ? 'console-alarm-already-acknowledged' : 'console-alarm-already-resolved';
      report(who ? t(`${id}-by`, { name: who }) : t(id));
      if (now && ui) {
        alarmHandling.set(ev.id, now);
        if (now.event) log.add(now.event);
        queueRender();
        if (view && view.onAlarm) view.onAlarm(ev.id);
      }
      return;
    }
    report(problem(res, what));
    refreshAlarm(ev.id);
  };
  if (state === 'resolved') return null;
  const me = session.person ? session.person.name : session.label || '';
  const parts = [];
  if (state === 'open') {
    const ack = h('button', { type: 'button', text: t('console-alarm-acknowledge') });
    ack.addEventListener('click', async () => {
      ack.disabled = true;
      await done(await api('POST', `/v1/alarms/${ev.id}/acknowledge`), 'console-action-acknowledge');
      ack.disabled = false;
    });
    parts.push(h('div', { class: 'alarm-action' }, ack));
  }
  const assignee = h('input', { id: `alarm-assignee-${ev.id}`, autocomplete: 'off', value: (handling && handling.assignee) || me });
  const assign = h('button', { type: 'submit', class: 'secondary', text: t('console-alarm-assign') });
  const assignForm = h('form', { class: 'alarm-action inline-form', novalidate: true }, h('div', { class: 'field' }, h('label', { for: assignee.id, text: t('console-alarm-assign-to') }), assignee), assign);
  assignForm.addEventListener('submit', async (e) => {
    e.preventDefault();
    const who = assignee.value.trim();
    assign.disabled = true;
    await done(await api('POST', `/v1/alarms/${ev.id}/assign`, { assignee: who || null }), 'console-action-assign');
    assign.disabled = false;
  });
  parts.push(assignForm);
  const outcome = h('select', { id: `alarm-outcome-${ev.id}` }, ...ALARM_OUTCOMES.map(([value, words]) => h('option', { value, text: words })));
  const note = h('input', { id: `alarm-note-${ev.id}`, autocomplete: 'off', maxlength: '2000' });
  const resolve = h('button', { type: 'submit', text: t('console-alarm-resolve') });
  const resolveForm = h(
    'form',
    { class: 'alarm-action resolve-form', novalidate: true },
    h('div', { class: 'two' }, h('div', { class: 'field' }, h('label', { for: outcome.id, text: t('console-alarm-outcome') }), outcome), h('div', { class: 'field' }, h('label', { for: note.id, text: t('console-alarm-note') }), note)),
    resolve,
  );
  resolveForm.addEventListener('submit', async (e) => {
    e.preventDefault();
    const body = { outcome: outcome.value };
    if (note.value.trim()) body.note = note.value.trim();
    resolve.disabled = true;
    await done(await api('POST', `/v1/alarms/${ev.id}/resolve`, body), 'console-action-resolve');
    resolve.disabled = false;
  });
  parts.push(resolveForm);
  return h('div', { class: 'alarm-actions' }, ...parts);
}

function alarmsView(selectedId, query = new URLSearchParams()) {
  let filter = ALARM_FILTERS.some(([v]) => v === query.get('state')) ? query.get('state') : 'active';
  const list = h('ul', { class: 'alarm-list', 'aria-label': t('console-alarms') });
  const empty = h('p', { class: 'empty muted', text: '' });
  const count = h('span', { class: 'h-count', text: '' });
  const detail = h('div', { class: 'detail' });
  const select = h('select', { id: 'alarms-filter' }, ...ALARM_FILTERS.map(([value, words]) => h('option', { value, text: words })));
  select.value = filter;
  const rows = new Map(); // id → li
  let drawn = '';
  let tl = null;
  // What went wrong with the shown alarm's last action (its id and the words).
  let problemOf = { id: null, text: null };
  const alertSlot = h('div', { class: 'error-slot alarm-alert' });
  const report = (id) => (text) => {
    problemOf = { id, text };
    setError(alertSlot, text);
  };

  const showDetail = () => {
    const ev = selectedId !== null ? log.byId.get(selectedId) : null;
    tl = null;
    if (!ev) {
      detail.replaceChildren(h('h2', { text: t('console-timeline') }), h('p', { class: 'muted', text: selectedId !== null ? t('console-alarm-gone') : t('console-alarm-choose') }));
      return;
    }
    const name = nameOf(ev);
    const d = ev.details || {};
    const other = alarmOtherGate(ev);
    const handling = alarmHandling.get(ev.id);
    const facts = h(
      'dl',
      { class: 'facts' },
      h('dt', { text: t('console-alarm-fact-alarm') }), h('dd', {}, h('code', { dir: 'ltr', text: name }), ALARM_WORDS[name] ? ` — ${t(ALARM_WORDS[name])}` : ''),
      h('dt', { text: t('console-alarm-fact-state') }), h('dd', { class: 'alarm-state-now', text: alarmStateText(handling) }),
      handling && handling.assignee ? [h('dt', { text: t('console-alarm-fact-assigned-to') }), h('dd', {}, h('bdi', { text: handling.assignee }))] : null,
      handling && handling.note ? [h('dt', { text: t('console-alarm-note') }), h('dd', { text: handling.note })] : null,
      h('dt', { text: t('console-alarm-fact-when') }), h('dd', { text: `${clock(ev.at)} (${ago(Date.now(), Date.parse(ev.at))})` }),
      h('dt', { text: t('console-alarm-fact-where') }), h('dd', { text: alarmWhere(ev) }),
      originNode(ev) ? [h('dt', { text: t('console-alarm-fact-shipped-by') }), h('dd', {}, h('bdi', { text: nodeName(originNode(ev)) }))] : null,
      ev.kind === 'site_node_fault' && d.node_id ? [h('dt', { text: t('console-alarm-fact-node') }), h('dd', {}, h('a', { href: '#nodes', text: nodeName(d.node_id) }))] : null,
      ev.kind === 'site_node_fault' && nodeFaultReasons(d) ? [h('dt', { text: t('console-alarm-fact-refused') }), h('dd', { text: nodeFaultReasons(d) })] : null,
      other ? [h('dt', { text: other[0] }), h('dd', { text: other[1] })] : null,
      ev.pass_id ? [h('dt', { text: t('console-alarm-fact-pass') }), h('dd', {}, h('a', { href: `#pass/${ev.pass_id}`, text: passName(ev.pass_id, ev.pass_label) }))] : null,
      d.reason && d.reason !== name ? [h('dt', { text: t('console-alarm-fact-reason') }), h('dd', {}, h('code', { dir: 'ltr', text: d.reason }), `: ${reasonWords(d.reason)}`)] : null,
    );
    setError(alertSlot, problemOf.id === ev.id ? problemOf.text : null);
    const section = h(
      'section',
      { class: 'alarm-handling', 'aria-labelledby': `alarm-h-${ev.id}` },
      h('h2', { id: `alarm-h-${ev.id}`, text: t('console-alarm-heading', { id: String(ev.id) }) }),
      facts,
      alertSlot,
      handlesAlarms() ? alarmActions(ev, () => { update(); showDetail(); }, report(ev.id)) : null,
    );
    const parts = [section];
    if (ev.pass_id) {
      tl = timeline(ev.pass_id, ev.id);
      parts.push(h('h2', { text: t('console-timeline-of', { pass: passName(ev.pass_id, ev.pass_label) }) }), tl.root);
    } else {
      parts.push(h('pre', { class: 'details', dir: 'ltr', text: JSON.stringify(d, null, 2) }));
    }
    detail.replaceChildren(...parts);
  };

  function update() {
    const handlingOf = (id) => alarmHandling.get(id);
    const shown = alarmsLoaded ? orderAlarms(alarms(), handlingOf).filter((ev) => alarmShown(alarmState(handlingOf(ev.id)), filter)) : [];
    count.textContent = shown.length ? formatNumber(shown.length) : '';
    empty.hidden = shown.length > 0;
    empty.textContent = !alarmsLoaded
      ? t('console-alarms-loading')
      : filter === 'active'
      ? t('console-alarms-none-open')
      : t('console-alarms-none');
    // Redrawn only when the order or a state changed, so the list keeps its scroll position.
    const signature = shown
      .map((ev) => `${ev.id}:${alarmState(handlingOf(ev.id))}:${(handlingOf(ev.id) || {}).version || 0}:${ev.pass_label || ''}:${ev.gate_label || ''}`)
      .join(',') + `@${nodeLabelsVersion}`;
    if (signature === drawn) return;
    drawn = signature;
    rows.clear();
    list.replaceChildren(
      ...shown.map((ev) => {
        const li = alarmRow(ev, ev.id === selectedId);
        rows.set(ev.id, li);
        return li;
      }),
    );
  }
  // Rows name gates; redraw them when a gate's label changed.
  const labels = () => [...gates.values()].map((g) => `${g.id}=${g.label}`).join('\n');
  let drawnWith = labels();
  const rebuild = () => {
    if (labels() === drawnWith) return;
    drawnWith = labels();
    drawn = '';
    update();
  };
  select.addEventListener('change', () => {
    filter = select.value;
    const at = selectedId !== null ? `/${selectedId}` : '';
    history.replaceState(null, '', `#alarms${at}${filter === 'active' ? '' : `?state=${filter}`}`);
    drawn = '';
    update();
  });

  showDetail();
  const back = h('p', { class: 'crumbs back-to-list' }, h('a', { href: '#alarms', text: t('console-back-alarms') }));
  const root = h(
    'section',
    { class: `split alarms-view${selectedId !== null ? ' has-detail' : ''}` },
    h('div', { class: 'pane list-pane' }, h('h1', {}, t('console-alarms'), ' ', count), h('div', { class: 'field alarms-filter' }, h('label', { for: 'alarms-filter', text: t('console-show') }), select), empty, list),
    h('div', { class: 'pane detail-pane' }, back, detail),
  );
  // Choosing another alarm keeps the list (and its scroll position) as it is.
  const choose = (id) => {
    selectedId = id;
    root.classList.toggle('has-detail', selectedId !== null);
    for (const [rid, li] of rows) {
      const on = rid === selectedId;
      li.classList.toggle('selected', on);
      li.firstChild.setAttribute('aria-pressed', on ? 'true' : 'false');
    }
    showDetail();
    const heading = detail.querySelector('h2');
    if (heading && selectedId !== null) {
      heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      if (matchMedia('(max-width: 799px)').matches) root.scrollIntoView({ block: 'start' });
    }
  };
  return {
    name: 'alarms',
    reroute: (r) => {
      if (r.name !== 'alarms') return false;
      const wanted = ALARM_FILTERS.some(([v]) => v === r.query.get('state')) ? r.query.get('state') : 'active';
      if (wanted !== filter) {
        filter = wanted;
        select.value = filter;
        drawn = '';
        update();
      }
      choose(r.id ? Number(r.id) : null);
      return true;
    },
    root,
    update,
    onGates: rebuild,
    onAlarm: (id) => {
      if (id === selectedId) showDetail();
    },
    onEvent: (ev) => {
      if (tl) tl.onEvent(ev);
      if (selectedId !== null && ev.id === selectedId && !tl) showDetail();
    },
  };
}

// ---------------------------------------------------------------- events: filters and export

function eventsView(query) {
  const filters = {};
  for (const key of ['kind', 'severity', 'gate_id', 'pass_id', 'since', 'until']) filters[key] = query.get(key) || '';
  const slot = h('div', { class: 'error-slot' });
  const field = (id, label, control) => h('div', { class: 'field' }, h('label', { for: id, text: label }), control);

  const kind = h('input', { id: 'f-kind', list: 'f-kinds', value: filters.kind, autocomplete: 'off', spellcheck: 'false', placeholder: t('console-filter-any'), dir: 'ltr' });
  const kinds = h('datalist', { id: 'f-kinds' }, KNOWN_KINDS.map((k) => h('option', { value: k })));
  const severity = h('select', { id: 'f-severity' }, h('option', { value: '', text: t('console-filter-any') }), SEVERITIES.map((s) => h('option', { value: s, text: severityLabel(s) })));
  severity.value = filters.severity;
  const gate = h('select', { id: 'f-gate' });
  const fillGates = () => {
    const chosen = gate.value || filters.gate_id;
    gate.replaceChildren(h('option', { value: '', text: t('console-filter-any') }), ...[...gates.values()].map((g) => h('option', { value: g.id, text: g.revoked_at ? t('console-gate-option-revoked', { gate: g.label }) : g.label })));
    if (chosen && !gates.has(chosen)) gate.append(h('option', { value: chosen, text: gateName(chosen) }));
    gate.value = chosen;
  };
  fillGates();
  const pass = h('input', { id: 'f-pass', value: filters.pass_id, autocomplete: 'off', spellcheck: 'false', placeholder: t('console-filter-pass-placeholder'), list: 'f-passes', dir: 'ltr' });
  const passList = h('datalist', { id: 'f-passes' }, [...passLabels].map(([id, label]) => h('option', { value: id, text: label })));
  const since = h('input', { id: 'f-since', type: 'datetime-local', step: '1', value: isoToLocal(filters.since) });
  const until = h('input', { id: 'f-until', type: 'datetime-local', step: '1', value: isoToLocal(filters.until) });

  const form = h(
    'form',
    { class: 'filters', novalidate: true, 'aria-label': t('console-filters') },
    field('f-kind', t('console-filter-kind'), kind), kinds,
    field('f-severity', t('console-filter-severity'), severity),
    field('f-gate', t('console-filter-gate'), gate),
    field('f-pass', t('console-filter-pass'), pass), passList,
    field('f-since', t('console-filter-since'), since),
    field('f-until', t('console-filter-until'), until),
    h('div', { class: 'filter-actions' }, h('button', { type: 'submit', class: 'primary', text: t('console-filter-apply') }), h('button', { type: 'button', class: 'secondary', text: t('console-filter-clear'), onclick: () => (location.hash = '#events') })),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const next = { kind: kind.value.trim(), severity: severity.value, gate_id: gate.value, pass_id: pass.value.trim(), since: localToIso(since.value), until: localToIso(until.value) };
    const bad = filterProblem(next);
    if (bad) return setError(slot, bad);
    const q = filterQuery(next);
    const target = `#events${q ? `?${q}` : ''}`;
    if (location.hash === target) load(true);
    else location.hash = target;
  });

  const csv = h('a', { class: 'button secondary', href: exportUrl(filters, 'csv'), download: 'tessera-audit.csv', text: t('console-export-csv') });
  const jsonl = h('a', { class: 'button secondary', href: exportUrl(filters, 'jsonl'), download: 'tessera-audit.jsonl', text: t('console-export-jsonl') });
  const summary = h('p', { class: 'muted', role: 'status', text: t('console-loading') });
  const tbody = h('tbody');
  const table = h(
    'table',
    { class: 'events', 'aria-label': t('console-events') },
    headRow(['console-col-time', 'console-col-severity', 'console-col-event', 'console-col-gate', 'console-col-pass']),
    tbody,
  );
  const more = h('button', { type: 'button', class: 'secondary', text: t('console-load-more'), hidden: true });
  let cursor = null;
  let shown = 0;

  const row = (ev) =>
    h(
      'tr',
      { 'data-origin-node-id': originNode(ev) },
      h('td', { class: 'nowrap', text: clock(ev.at) }),
      h('td', {}, sevBadge(ev.severity)),
      h('td', { text: describe(ev, keyLabels, nodeLabels), title: ev.actor ? t('console-actor-title', { name: ev.actor.name, subject: ev.actor.subject, issuer: ev.actor.issuer }) : null }),
      h('td', {}, ev.gate_id ? h('a', { href: `#gate/${ev.gate_id}`, text: gateName(ev.gate_id, ev.gate_label) }) : '—'),
      h('td', {}, ev.pass_id ? h('a', { href: `#pass/${ev.pass_id}`, text: passName(ev.pass_id, ev.pass_label) }) : '—'),
    );

  async function load(fresh) {
    if (fresh) {
      cursor = null;
      shown = 0;
      tbody.replaceChildren();
    }
    more.disabled = true;
    const res = await api('GET', `/v1/audit?${filterQuery(filters, { limit: EVENTS_PAGE, cursor })}`);
    more.disabled = false;
    if (!res.ok || !res.body || !Array.isArray(res.body.events)) {
      summary.textContent = '';
      return setError(slot, problem(res, 'console-action-read-events'));
    }
    setError(slot, null);
    for (const ev of res.body.events) {
      const known = log.byId.get(ev.id);
      tbody.append(row(known || ev));
    }
    shown += res.body.events.length;
    cursor = res.body.next_cursor || null;
    more.hidden = !cursor;
    summary.textContent = t(cursor ? 'console-events-summary-more' : 'console-events-summary', { count: shown });
  }
  more.addEventListener('click', () => load(false));
  load(true);

  const active = Object.entries(filters).filter(([, v]) => v);
  const root = h(
    'section',
    { class: 'events-view' },
    h('h1', { text: t('console-events') }),
    form,
    slot,
    h(
      'div',
      { class: 'events-head' },
      h(
        'p',
        { class: 'active-filters' },
        active.length
          ? t('console-filtered-by', { filters: formatList(active.map(([k, v]) => `${k} = ${k === 'gate_id' ? gateName(v) : k === 'pass_id' ? passName(v) : v}`), { type: 'unit', style: 'long' }) })
          : t('console-all-events'),
      ),
      h('div', { class: 'export' }, csv, jsonl),
    ),
    summary,
    h('div', { class: 'table-wrap' }, table),
    h('p', {}, more),
  );
  return { root, onGates: fillGates };
}

// ---------------------------------------------------------------- gates

function presencePill(g) {
  return h('span', { class: `pill ${g.online ? 'online' : 'offline'}`, text: t(g.online ? 'console-gate-online' : 'console-gate-offline') });
}

/** When a gate was last connected: in a list ("last seen 3 min ago (16:04:05)"), or as a sentence of its own. */
function lastSeen(g, sentence = false) {
  if (g.online) return t(sentence ? 'console-gate-connected-now-sentence' : 'console-gate-connected-now');
  if (!g.last_seen) return t(sentence ? 'console-gate-never-connected-sentence' : 'console-gate-never-connected');
  const args = { ago: ago(Date.now(), Date.parse(g.last_seen)), time: clock(g.last_seen) };
  return t(sentence ? 'console-gate-last-seen-sentence' : 'console-gate-last-seen', args);
}

function gatesView() {
  const list = h('ul', { class: 'gate-list', 'aria-label': t('console-gates') });
  const status = h('p', { class: 'muted', role: 'status', text: t('console-gates-loading') });
  const update = () => {
    const all = [...gates.values()];
    status.textContent = t('console-gates-count', { count: all.length, online: all.filter((g) => g.online).length });
    list.replaceChildren(
      ...all.map((g) =>
        h(
          'li',
          { class: `gate-item${g.revoked_at ? ' revoked' : ''}` },
          h('a', { href: `#gate/${g.id}`, class: 'gate-link' }, h('span', { class: 'gate-name', text: g.label }), presencePill(g), h('span', { class: 'muted gate-seen', text: g.revoked_at ? t('console-gate-revoked-at', { time: clock(g.revoked_at) }) : lastSeen(g) })),
        ),
      ),
    );
  };
  const root = h(
    'section',
    { class: 'gates-view' },
    h('div', { class: 'view-head' }, h('h1', { text: t('console-gates') }), isAdmin() ? h('a', { class: 'button secondary', href: '#admin', text: t('console-create-gate') }) : null),
    status,
    list,
  );
  return { root, update, onGates: update };
}

function scansChart(stats) {
  const NS = 'http://www.w3.org/2000/svg';
  const minutes = stats.window_minutes || 60;
  const now = Date.now();
  const counts = new Array(minutes).fill(0);
  for (const m of stats.scans_per_minute || []) {
    const back = Math.floor((now - Date.parse(m.minute)) / 60_000);
    const i = minutes - 1 - back;
    if (i >= 0 && i < minutes) counts[i] += m.scans;
  }
  const max = Math.max(1, ...counts);
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${minutes * 10} 100`);
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.setAttribute('class', 'chart');
  svg.setAttribute('role', 'img');
  const total = counts.reduce((a, b) => a + b, 0);
  svg.setAttribute('aria-label', t('console-chart-label', { minutes, total, max: max === 1 && total === 0 ? 0 : max }));
  counts.forEach((c, i) => {
    if (!c) return;
    const r = document.createElementNS(NS, 'rect');
    const hgt = Math.max(2, (c / max) * 96);
    r.setAttribute('x', String(i * 10 + 1));
    r.setAttribute('y', String(100 - hgt));
    r.setAttribute('width', '8');
    r.setAttribute('height', String(hgt));
    r.setAttribute('class', 'bar-rect');
    svg.append(r);
  });
  return svg;
}

function gateView(id) {
  const slot = h('div', { class: 'error-slot' });
  const head = h('div', { class: 'gate-head' });
  const statsBox = h('div', { class: 'gate-stats' }, h('p', { class: 'muted', text: t('console-gate-stats-loading') }));
  const recent = h('ol', { class: 'timeline', 'aria-label': t('console-gate-recent-label') });
  const adminBox = h('div', { class: 'admin-actions' });
  let gate = gates.get(id) || null;

  const renderHead = () => {
    gate = gates.get(id) || gate;
    if (!gate) {
      head.replaceChildren(h('h1', { text: t('console-gate') }));
      return;
    }
    head.replaceChildren(
      h('h1', {}, h('bdi', { text: gate.label }), ' ', presencePill(gate)),
      h(
        'p',
        { class: 'gate-presence' },
        gate.online ? (gate.sockets > 1 ? t('console-gate-connected-sockets', { count: gate.sockets }) : t('console-gate-connected')) : t('console-gate-not-connected'),
        ' ',
        gate.online ? '' : lastSeen(gate, true),
      ),
      gate.revoked_at ? h('p', { class: 'muted', text: t('console-gate-revoked-sentence', { time: clock(gate.revoked_at) }) }) : '',
    );
  };

  const renderStats = (stats) => {
    const denials = Object.entries(stats.denials_by_reason || {}).sort((a, b) => b[1] - a[1]);
    const scans = (stats.scans_per_minute || []).reduce((a, m) => a + m.scans, 0);
    const latest = (stats.scans_per_minute || []).slice(-1)[0];
    statsBox.replaceChildren(
      h('h2', { text: t('console-gate-window', { minutes: stats.window_minutes || 60 }) }),
      h(
        'div',
        { class: 'tiles' },
        tile(t('console-tile-scans'), scans),
        tile(t('console-tile-per-minute'), latest && Date.now() - Date.parse(latest.minute) < 120_000 ? latest.scans : 0),
        tile(t('console-tile-admissions'), stats.admissions ?? 0),
        tile(t('console-tile-denials'), denials.reduce((a, [, n]) => a + n, 0)),
        tile(t('console-tile-errors'), stats.errors ?? 0),
      ),
      h('h3', { text: t('console-chart-title') }),
      scansChart(stats),
      h('p', { class: 'chart-axis muted', 'aria-hidden': 'true' }, h('span', { text: t('console-chart-start', { minutes: stats.window_minutes || 60 }) }), h('span', { text: t('console-chart-now') })),
      h('h3', { text: t('console-denials-title') }),
      denials.length
        ? h('table', { class: 'denials' }, h('tbody', {}, denials.map(([reason, n]) => h('tr', {}, h('td', {}, h('code', { dir: 'ltr', text: reason })), h('td', { class: 'muted', text: reasonWords(reason) }), h('td', { class: 'num', text: formatNumber(n) })))))
        : h('p', { class: 'muted', text: t('console-denials-none') }),
    );
  };

  const load = async () => {
    const res = await api('GET', `/v1/gates/${id}`);
    if (!ui) return;
    if (!res.ok || !res.body) return setError(slot, problem(res, 'console-action-read-gate'));
    setError(slot, null);
    const { stats, ...g } = res.body;
    gates.set(id, { ...(gates.get(id) || {}), ...g });
    gate = gates.get(id);
    renderHead();
    if (stats) renderStats(stats);
    renderAdmin();
  };

  const addRecent = (ev) => {
    const item = timelineItem(ev, false, false);
    item.classList.add('no-gate');
    item.dataset.id = String(ev.id);
    const before = [...recent.children].find((x) => Number(x.dataset.id) < ev.id);
    recent.insertBefore(item, before || null);
    while (recent.children.length > 50) recent.lastChild.remove();
  };
  for (const ev of log.newest((e) => e.gate_id === id).slice(0, 50).reverse()) addRecent(ev);

  const pairBox = h('div', { class: 'pair-box' });
  // Drawn again only when whether it shows changes: `load` runs every 10 s and after each of
  // the gate's events, and drawing it anew would close a "Yes, revoke this gate" the admin
  // is about to press.
  let adminShown = null;
  const renderAdmin = () => {
    const show = Boolean(isAdmin() && gate && !gate.revoked_at);
    if (show === adminShown) return;
    adminShown = show;
    if (!show) {
      adminBox.replaceChildren();
      return;
    }
    adminBox.replaceChildren(
      h('h2', { text: t('console-gate-manage') }),
      h('div', { class: 'actions' }, h('button', { type: 'button', class: 'primary', onclick: () => pairGate(id, pairBox, slot), text: t('console-pair-make') }), confirmButton(t('console-gate-revoke'), t('console-gate-revoke-confirm'), () => revokeGate(id, slot, load))),
      pairBox,
    );
  };

  renderHead();
  renderAdmin();
  load();
  const timer = setInterval(load, GATE_STATS_REFRESH_MS);
  let statsQueued = null;
  const root = h(
    'section',
    { class: 'gate-view' },
    h('p', { class: 'crumbs' }, h('a', { href: '#gates', text: t('console-back-gates') })),
    head,
    slot,
    h(
      'div',
      { class: 'gate-grid' },
      h('div', { class: 'card panel' }, statsBox),
      h('div', { class: 'card panel' }, h('h2', { text: t('console-gate-recent') }), h('p', {}, h('a', { href: `#events?${filterQuery({ gate_id: id })}`, text: t('console-gate-all-events') })), recent),
    ),
    adminBox,
  );
  return {
    root,
    onGates: renderHead,
    onEvent: (ev) => {
      if (ev.gate_id !== id) return;
      addRecent(ev);
      renderHead();
      if (!statsQueued) statsQueued = setTimeout(() => ((statsQueued = null), load()), 1000);
    },
    teardown: () => {
      clearInterval(timer);
      clearTimeout(statsQueued);
    },
  };
}

function tile(label, value) {
  return h('div', { class: 'tile' }, h('span', { class: 'tile-value', text: typeof value === 'number' ? formatNumber(value) : String(value) }), h('span', { class: 'tile-label', text: label }));
}

/**
 * A button that asks once more before `action` runs. `name` and `confirmName`, when given,
 * are the two buttons' accessible names (each starting with its visible words), for a
 * button repeated on every row of a table ("Reclaim lease: North stand PC").
 */
function confirmButton(label, confirmLabel, action, { name, confirmName, cls = 'danger' } = {}) {
  const wrap = h('span', { class: 'confirm' });
  const first = h('button', { type: 'button', class: cls, text: label, 'aria-label': name });
  first.addEventListener('click', () => {
    const yes = h('button', { type: 'button', class: 'danger strong', text: confirmLabel, 'aria-label': confirmName });
    const no = h('button', { type: 'button', class: 'secondary', text: t('console-cancel') });
    yes.addEventListener('click', async () => {
      yes.disabled = true;
      no.disabled = true;
      await action();
      wrap.replaceChildren(first);
    });
    no.addEventListener('click', () => {
      wrap.replaceChildren(first);
      first.focus();
    });
    wrap.replaceChildren(yes, no);
    yes.focus();
  });
  wrap.append(first);
  return wrap;
}

async function pairGate(id, box, slot) {
  const res = await api('POST', `/v1/gates/${id}/pairing`);
  if (!res.ok || !res.body || !res.body.pairing_url) return setError(slot, problem(res, 'console-action-pair'));
  setError(slot, null);
  box.replaceChildren(
    h(
      'div',
      { class: 'card qr-card' },
      qrSvg(res.body.pairing_url, t('console-pair-qr')),
      h(
        'div',
        {},
        h('h3', { text: t('console-pair-title') }),
        h('p', { text: t('console-pair-help', { until: clock(res.body.expires_at) }) }),
        copyField(t('console-pair-link'), res.body.pairing_url),
      ),
    ),
  );
}

async function revokeGate(id, slot, reload) {
  const res = await api('POST', `/v1/gates/${id}/revoke`);
  if (!res.ok) return setError(slot, problem(res, 'console-action-revoke-gate'));
  setError(slot, null);
  await refreshGates();
  await reload();
}

let copyFieldCount = 0;
function copyField(label, value) {
  const id = `copy-${++copyFieldCount}`;
  const input = h('input', { id, readonly: true, value, class: 'copy-input', spellcheck: 'false', dir: 'ltr' });
  const note = h('span', { class: 'muted', role: 'status' });
  const copy = h('button', {
    type: 'button',
    class: 'secondary small',
    text: t('console-copy'),
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(value);
        note.textContent = t('console-copied');
      } catch {
        input.select();
        note.textContent = t('console-copy-selected');
      }
    },
  });
  return h('div', { class: 'field copy-field' }, h('label', { for: id, text: label }), h('div', { class: 'copy-row' }, input, copy), note);
}

// ---------------------------------------------------------------- passes

function passesView() {
  const tbody = h('tbody');
  const slot = h('div', { class: 'error-slot' });
  const more = h('button', { type: 'button', class: 'secondary', text: t('console-load-more'), hidden: true });
  const status = h('p', { class: 'muted', role: 'status', text: t('console-passes-loading') });
  let cursor = null;
  let count = 0;
  const load = async () => {
    more.disabled = true;
    const res = await api('GET', `/v1/passes?${new URLSearchParams(cursor ? { limit: '50', cursor } : { limit: '50' })}`);
    more.disabled = false;
    if (!res.ok || !res.body || !Array.isArray(res.body.passes)) {
      status.textContent = '';
      return setError(slot, problem(res, 'console-action-list-passes'));
    }
    for (const p of res.body.passes) {
      passLabels.set(p.pass_id, p.label);
      count++;
      tbody.append(
        h(
          'tr',
          {},
          h('td', {}, h('a', { href: `#pass/${p.pass_id}`, text: p.label })),
          h('td', {}, h('span', { class: `state state-${p.state}`, text: t('console-pass-state', { state: String(p.state) }) })),
          h('td', { class: 'num', text: `${formatNumber(p.uses)}/${formatNumber(p.max_uses)}` }),
          h('td', { text: p.site || '—' }),
          h('td', { class: 'nowrap', text: clock(p.valid_until) }),
        ),
      );
    }
    cursor = res.body.next_cursor || null;
    more.hidden = !cursor;
    status.textContent = t('console-passes-count', { count });
  };
  more.addEventListener('click', load);
  load();
  const idInput = h('input', { id: 'open-pass', autocomplete: 'off', spellcheck: 'false', placeholder: '0190…', dir: 'ltr' });
  const openForm = h('form', { class: 'inline-form', novalidate: true }, h('div', { class: 'field' }, h('label', { for: 'open-pass', text: t('console-open-pass-label') }), h('div', { class: 'copy-row' }, idInput, h('button', { type: 'submit', class: 'secondary small', text: t('console-open') }))));
  openForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const v = idInput.value.trim();
    if (!isUuid(v)) return setError(slot, t('console-open-pass-invalid'));
    location.hash = `#pass/${v.toLowerCase()}`;
  });
  const root = h(
    'section',
    { class: 'passes-view' },
    h('div', { class: 'view-head' }, h('h1', { text: t('console-passes') }), isAdmin() ? h('a', { class: 'button secondary', href: '#admin', text: t('console-issue-pass') }) : null),
    openForm,
    slot,
    status,
    h('div', { class: 'table-wrap' }, h('table', { class: 'events', 'aria-label': t('console-passes') }, headRow(['console-col-pass', 'console-col-state', 'console-col-uses', 'console-col-site', 'console-col-valid-until']), tbody)),
    h('p', {}, more),
  );
  return { root };
}

function passView(id) {
  const slot = h('div', { class: 'error-slot' });
  const head = h('div', {}, h('h1', { text: passName(id) }));
  const facts = h('div');
  const admissions = h('div');
  const adminBox = h('div', { class: 'admin-actions' });
  const tl = timeline(id, null);

  const load = async () => {
    const res = await api('GET', `/v1/passes/${id}`);
    if (!ui) return;
    if (!res.ok || !res.body) return setError(slot, problem(res, 'console-action-read-pass'));
    setError(slot, null);
    const p = res.body;
    passLabels.set(id, p.label);
    head.replaceChildren(h('h1', {}, h('bdi', { text: p.label }), ' ', h('span', { class: `state state-${p.state}`, text: t('console-pass-state', { state: String(p.state) }) })));
    facts.replaceChildren(
      h(
        'dl',
        { class: 'facts' },
        h('dt', { text: t('console-pass-uses') }), h('dd', { text: t('console-pass-uses-of', { uses: p.uses, max: p.max_uses }) }),
        h('dt', { text: t('console-pass-site') }), h('dd', { text: p.site || t('console-pass-any-gate') }),
        h('dt', { text: t('console-pass-valid') }), h('dd', { text: `${clock(p.valid_from)} – ${clock(p.valid_until)}` }),
        h('dt', { text: t('console-pass-issued') }), h('dd', { text: clock(p.created_at) }),
        h('dt', { text: t('console-pass-in-wallet') }), h('dd', { text: p.claimed_at ? t('console-pass-since', { time: clock(p.claimed_at) }) : t('console-pass-not-yet') }),
        h('dt', { text: t('console-pass-id') }), h('dd', {}, h('code', { dir: 'ltr', text: p.pass_id })),
      ),
    );
    const list = Array.isArray(p.admissions) ? p.admissions : [];
    admissions.replaceChildren(
      h('h2', { text: t('console-admissions-heading', { count: list.length }) }),
      list.length
        ? h('ol', { class: 'admissions' }, list.map((a) => h('li', {}, h('span', { class: 'tl-time', text: clock(a.at) }), ' ', t('console-admission-at'), ' ', h('a', { href: `#gate/${a.gate_id}`, text: gateName(a.gate_id) }))))
        : h('p', { class: 'muted', text: t('console-admissions-none') }),
    );
    adminBox.replaceChildren(
      isAdmin() && p.state !== 'revoked'
        ? h('div', { class: 'actions' }, confirmButton(t('console-pass-revoke'), t('console-pass-revoke-confirm'), async () => {
            const r = await api('POST', `/v1/passes/${id}/revoke`);
            if (!r.ok) return setError(slot, problem(r, 'console-action-revoke-pass'));
            await load();
          }))
        : '',
    );
  };
  load();
  const root = h(
    'section',
    { class: 'pass-view' },
    h('p', { class: 'crumbs' }, h('a', { href: '#passes', text: t('console-back-passes') })),
    head,
    slot,
    h(
      'div',
      { class: 'gate-grid' },
      h('div', { class: 'card panel' }, facts, admissions, adminBox),
      h('div', { class: 'card panel' }, h('h2', { text: t('console-pass-attempts') }), h('p', {}, h('a', { href: `#events?${filterQuery({ pass_id: id })}`, text: t('console-pass-in-event-log') })), tl.root),
    ),
  );
  return { root, onEvent: tl.onEvent, onGates: () => {} };
}

// ---------------------------------------------------------------- admin: issue passes, create gates

// ---------------------------------------------------------------- webhooks (issue 17)

/** The webhooks and the events they could not deliver; an admin replays a dead letter. */
function webhooksView() {
  const slot = h('div', { class: 'error-slot' });
  const hooks = h('ul', { class: 'webhook-list', 'aria-label': t('console-webhooks') });
  const hookStatus = h('p', { class: 'muted', role: 'status', text: t('console-webhooks-loading') });
  const tbody = h('tbody');
  const status = h('p', { class: 'muted', role: 'status', text: t('console-dead-letters-loading') });
  let disabled = new Set();
  const replayOne = async (letter, cell) => {
    const res = await api('POST', `/v1/webhooks/dead-letters/${encodeURIComponent(letter.delivery_id)}/replay`);
    if (!res.ok) return setError(slot, problem(res, 'console-action-replay'));
    setError(slot, null);
    cell.replaceChildren(
      h('span', {
        role: 'status',
        text: disabled.has(letter.webhook_id) ? t('console-replayed-disabled') : t('console-replayed'),
      }),
    );
  };
  const load = async () => {
    const [list, dead] = await Promise.all([api('GET', '/v1/webhooks'), api('GET', '/v1/webhooks/dead-letters')]);
    if (!list.ok || !list.body || !Array.isArray(list.body.webhooks)) {
      hookStatus.textContent = '';
      setError(slot, problem(list, 'console-action-list-webhooks'));
    } else {
      const all = list.body.webhooks;
      disabled = new Set(all.filter((w) => w.disabled_at).map((w) => w.webhook_id));
      hookStatus.textContent = t('console-webhooks-count', { count: all.length, disabled: disabled.size });
      hooks.replaceChildren(
        ...all.map((w) =>
          h(
            'li',
            { class: `webhook-item${w.disabled_at ? ' disabled' : ''}` },
            h('span', { class: 'webhook-url', dir: 'ltr', text: w.url }),
            h('span', { class: 'muted', dir: 'ltr', text: (w.events || []).join(', ') }),
            w.disabled_at
              ? h('span', {
                class: 'state state-revoked',
                text: w.disabled_reason
                  ? t('console-webhook-disabled-because', { time: clock(w.disabled_at), reason: w.disabled_reason })
                  : t('console-webhook-disabled', { time: clock(w.disabled_at) }),
              })
              : h('span', { class: 'state state-claimed', text: t('console-webhook-enabled') }),
          ),
        ),
      );
    }
    if (!dead.ok || !dead.body || !Array.isArray(dead.body.dead_letters)) {
      status.textContent = '';
      return setError(slot, problem(dead, 'console-action-list-dead-letters'));
    }
    const letters = dead.body.dead_letters;
    status.textContent = letters.length ? t('console-dead-letters-count', { count: letters.length }) : t('console-dead-letters-none');
    tbody.replaceChildren(
      ...letters.map((d) => {
        const action = h('td', { class: 'nowrap' });
        if (isAdmin()) action.append(h('button', { type: 'button', class: 'secondary small', text: t('console-replay'), 'aria-label': t('console-replay-label', { event: String(d.event_id) }), onclick: () => replayOne(d, action) }));
        return h(
          'tr',
          {},
          h('td', { class: 'nowrap', dir: 'ltr', text: d.event_id }),
          h('td', { dir: 'ltr', text: d.event_type }),
          h('td', {}, d.pass_id ? h('a', { href: `#pass/${d.pass_id}`, text: passName(d.pass_id) }) : '—'),
          h('td', { class: 'num', text: formatNumber(d.attempts) }),
          h('td', { text: d.last_error || '—' }),
          h('td', { class: 'nowrap', text: clock(d.queued_at) }),
          action,
        );
      }),
    );
  };
  load();
  const root = h(
    'section',
    { class: 'webhooks-view' },
    h('div', { class: 'view-head' }, h('h1', { text: t('console-webhooks') }), h('button', { type: 'button', class: 'secondary', text: t('console-refresh'), onclick: load })),
    slot,
    hookStatus,
    hooks,
    h('h2', { text: t('console-dead-letters') }),
    h('p', { class: 'muted', text: t('console-dead-letters-help') }),
    status,
    h('div', { class: 'table-wrap' }, h('table', { class: 'events', 'aria-label': t('console-dead-letters') }, headRow(['console-col-event', 'console-col-type', 'console-col-pass', 'console-col-attempts', 'console-col-last-error', 'console-col-queued', '']), tbody)),
  );
  return { root };
}

/** What a message is: its kind → the message naming it (another kind shows as it is). */
const MESSAGE_KINDS = { invitation: 'console-message-kind-invitation', approval_request: 'console-message-kind-approval-mail', approval_push: 'console-message-kind-approval-push' };
/** The mail view's filter: value → the message naming it. */
const MESSAGE_FILTERS = [
  ['attention', 'console-messages-filter-attention'],
  ['pending', 'console-messages-filter-pending'],
  ['sent', 'console-messages-filter-sent'],
  ['all', 'console-messages-filter-all'],
];

/** Mail and push messages (GET /v1/messages): bounces and dead letters first; an admin sends a claim link again. */
function messagesView() {
  const slot = h('div', { class: 'error-slot' });
  const status = h('p', { class: 'muted', role: 'status', text: t('console-messages-loading') });
  const filter = h('select', { id: 'messages-filter' }, ...MESSAGE_FILTERS.map(([value, label]) => h('option', { value, text: t(label) })));
  const tbody = h('tbody');
  const resend = (m, cell) => {
    const email = h('input', { type: 'email', value: m.kind === 'invitation' ? m.to : '', 'aria-label': t('console-message-new-address', { to: m.to }), autocomplete: 'off', class: 'small-input', dir: 'ltr' });
    const send = h('button', { type: 'submit', class: 'secondary small', text: t('console-message-send') });
    const form = h('form', { class: 'inline-form', novalidate: true }, email, send);
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      send.disabled = true;
      const res = await api('POST', `/v1/passes/${encodeURIComponent(m.pass_id)}/invitation`, { email: email.value.trim() });
      send.disabled = false;
      if (!res.ok) return setError(slot, problem(res, 'console-action-resend'));
      setError(slot, null);
      cell.replaceChildren(h('span', { role: 'status', text: t('console-message-sent-again', { to: res.body.to }) }));
    });
    cell.replaceChildren(form);
    email.focus();
  };
  const load = async () => {
    const wanted = filter.value;
    const query = wanted === 'pending' || wanted === 'sent' ? `?state=${wanted}&limit=200` : '?limit=200';
    const res = await api('GET', `/v1/messages${query}`);
    if (!res.ok || !res.body || !Array.isArray(res.body.messages)) {
      status.textContent = '';
      return setError(slot, problem(res, 'console-action-list-messages'));
    }
    setError(slot, null);
    const shown = res.body.messages.filter((m) => wanted !== 'attention' || ['bounced', 'dead', 'expired'].includes(m.state));
    status.textContent = shown.length
      ? t('console-messages-count', { count: shown.length })
      : wanted === 'attention' ? t('console-messages-none-attention') : t('console-messages-none');
    tbody.replaceChildren(
      ...shown.map((m) => {
        const action = h('td', { class: 'nowrap' });
        if (isAdmin() && m.kind === 'invitation' && m.pass_id && m.state !== 'sent') {
          action.append(h('button', { type: 'button', class: 'secondary small', text: t('console-message-send-again'), 'aria-label': t('console-message-send-again-label', { to: m.to }), onclick: () => resend(m, action) }));
        }
        return h(
          'tr',
          {},
          h('td', {}, h('bdi', { text: m.to })),
          h('td', { text: Object.hasOwn(MESSAGE_KINDS, m.kind) ? t(MESSAGE_KINDS[m.kind]) : m.kind }),
          h('td', {}, h('span', { class: `state msg-${m.state}`, text: t('console-message-state', { state: String(m.state) }) })),
          h('td', { 'data-label': t('console-col-pass') }, m.pass_id ? h('a', { href: `#pass/${m.pass_id}`, text: passName(m.pass_id) }) : '—'),
          h('td', { class: 'num', 'data-label': t('console-col-attempts'), text: formatNumber(m.attempts) }),
          h('td', { 'data-label': t('console-col-last-error'), text: m.last_error || '—' }),
          h('td', { class: 'nowrap', 'data-label': t('console-col-queued'), text: clock(m.created_at) }),
          action,
        );
      }),
    );
  };
  filter.addEventListener('change', load);
  load();
  const root = h(
    'section',
    { class: 'messages-view' },
    h('div', { class: 'view-head' }, h('h1', { text: t('console-messages-title') }), h('button', { type: 'button', class: 'secondary', text: t('console-refresh'), onclick: load })),
    h('p', { class: 'muted', text: t('console-messages-help') }),
    h('div', { class: 'field' }, h('label', { for: 'messages-filter', text: t('console-show') }), filter),
    slot,
    status,
    h('div', { class: 'table-wrap' }, h('table', { class: 'events', 'aria-label': t('console-messages') }, headRow(['console-col-to', 'console-col-what', 'console-col-state', 'console-col-pass', 'console-col-attempts', 'console-col-last-error', 'console-col-queued', '']), tbody)),
  );
  return { root };
}

/** The watchlist's modes: value → the message explaining it. */
const WATCH_MODES = [
  ['flag', 'console-watch-mode-flag-help'],
  ['block', 'console-watch-mode-block-help'],
];

/** Who an entry names, in words: "Mallory Smith · mallory@example.com · EMP-7". */
function watchWho(entry) {
  return [entry.name, entry.email, entry.external_ref].filter(Boolean).join(' \u00b7 ');
}

/** When a watchlist entry ends: its day (the venue's), "(expired)" once past, or never. */
function watchExpiry(entry) {
  if (!entry.expires_at) return t('console-watch-never');
  const date = formatDate(entry.expires_at, { dateStyle: 'medium' }) || entry.expires_at.slice(0, 10);
  return entry.active ? date : t('console-watch-expired', { date });
}

/**
 * The watchlist (GET/POST /v1/watchlist, DELETE /v1/watchlist/{id}; security and admins):
 * who is flagged or kept out, why, by whom, until when. The matching rules are in
 * docs/protocol.md ("The security team's additions").
 */
function watchlistView() {
  const slot = h('div', { class: 'error-slot' });
  const status = h('p', { class: 'muted', role: 'status', text: t('console-watch-loading') });
  const tbody = h('tbody');
  const field = (id, label, control, help) =>
    h('div', { class: 'field' }, h('label', { for: id, text: label }), control, help ? h('p', { class: 'muted', id: `${id}-help`, text: help }) : null);
  const input = (id, extra = {}) => h('input', { id, autocomplete: 'off', ...extra });
  const name = input('w-name');
  const email = input('w-email', { type: 'email', spellcheck: 'false', autocapitalize: 'none', 'aria-describedby': 'w-email-help', dir: 'ltr' });
  const reference = input('w-ref', { spellcheck: 'false', autocapitalize: 'none' });
  const reason = input('w-reason', { required: true, maxlength: '1000' });
  const mode = h('select', { id: 'w-mode' }, ...WATCH_MODES.map(([value, label]) => h('option', { value, text: t(label) })));
  const expires = input('w-expires', { type: 'date', 'aria-describedby': 'w-expires-help' });
  const add = h('button', { type: 'submit', text: t('console-watch-add') });
  const form = h(
    'form',
    { class: 'admin-form', novalidate: true, 'aria-label': t('console-watch-form') },
    h('div', { class: 'two' }, field('w-name', t('console-watch-name'), name), field('w-email', t('console-watch-email'), email, t('console-watch-email-help'))),
    h('div', { class: 'two' }, field('w-ref', t('console-watch-reference'), reference), field('w-expires', t('console-watch-expires'), expires, t('console-watch-expires-help'))),
    field('w-reason', t('console-watch-reason'), reason),
    field('w-mode', t('console-watch-mode'), mode),
    add,
  );
  const load = async () => {
    const res = await api('GET', '/v1/watchlist');
    if (!res.ok || !res.body || !Array.isArray(res.body.entries)) {
      status.textContent = '';
      return setError(slot, problem(res, 'console-action-read-watchlist'));
    }
    const entries = res.body.entries;
    status.textContent = entries.length ? t('console-watch-count', { count: entries.length }) : t('console-watch-none');
    tbody.replaceChildren(
      ...entries.map((entry) => {
        const who = watchWho(entry);
        const remove = h('button', {
          type: 'button',
          class: 'secondary small',
          text: t('console-watch-remove'),
          'aria-label': t('console-watch-remove-label', { who }),
          onclick: async () => {
            remove.disabled = true;
            const gone = await api('DELETE', `/v1/watchlist/${encodeURIComponent(entry.id)}`);
            if (!gone.ok && gone.status !== 404) {
              remove.disabled = false;
              return setError(slot, problem(gone, 'console-action-remove-entry'));
            }
            setError(slot, null);
            load();
          },
        });
        return h(
          'tr',
          { class: entry.active ? '' : 'muted' },
          h('td', { 'data-label': t('console-col-person') }, h('bdi', { text: who })),
          h('td', { 'data-label': t('console-col-mode') }, h('span', { class: `state watch-${entry.mode}`, text: t(entry.mode === 'block' ? 'console-watch-mode-block' : 'console-watch-mode-flag') })),
          h('td', { 'data-label': t('console-col-reason'), text: entry.reason }),
          h('td', { 'data-label': t('console-col-added-by'), text: t('console-watch-added', { who: entry.added_by, time: clock(entry.created_at) }) }),
          h('td', { 'data-label': t('console-col-expires'), text: watchExpiry(entry) }),
          h('td', { class: 'nowrap' }, remove),
        );
      }),
    );
  };
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const body = { reason: reason.value.trim(), mode: mode.value };
    if (name.value.trim()) body.name = name.value.trim();
    if (email.value.trim()) body.email = email.value.trim();
    if (reference.value.trim()) body.external_ref = reference.value.trim();
    if (expires.value) body.expires_at = new Date(`${expires.value}T23:59:59`).toISOString();
    if (!body.name && !body.email && !body.external_ref) return setError(slot, t('console-watch-who-missing'));
    if (!body.reason) return setError(slot, t('console-watch-reason-missing'));
    add.disabled = true;
    const res = await api('POST', '/v1/watchlist', body);
    add.disabled = false;
    if (!res.ok) return setError(slot, problem(res, 'console-action-add-watchlist'));
    setError(slot, null);
    form.reset();
    load();
  });
  load();
  const root = h(
    'section',
    { class: 'watchlist-view' },
    h('div', { class: 'view-head' }, h('h1', { text: t('console-watchlist') }), h('button', { type: 'button', class: 'secondary', text: t('console-refresh'), onclick: load })),
    h('p', { class: 'muted', text: t('console-watch-help') }),
    form,
    slot,
    status,
    h('div', { class: 'table-wrap' }, h('table', { class: 'events', 'aria-label': t('console-watchlist') }, headRow(['console-col-person', 'console-col-mode', 'console-col-reason', 'console-col-added-by', 'console-col-expires', '']), tbody)),
  );
  return { root };
}

// ---------------------------------------------------------------- roll call

/** How often an open roll call is read again, besides each of its events in the feed. */
const ROLL_CALL_REFRESH_MS = 5000;

/**
 * Roll calls (POST/GET /v1/roll-calls; security and admins): start one for everyone, a
 * site or a zone, and the ones before with their counts.
 */
function rollCallsView() {
  const slot = h('div', { class: 'error-slot' });
  const status = h('p', { class: 'muted', role: 'status', text: t('console-rc-loading') });
  const tbody = h('tbody');
  const scope = h('select', { id: 'rc-scope' }, h('option', { value: '', text: t('console-rc-scope-everyone') }));
  const start = h('button', { type: 'submit', class: 'danger', text: t('console-rc-start') });
  const form = h(
    'form',
    { class: 'admin-form', novalidate: true, 'aria-label': t('console-rc-start-form') },
    h('div', { class: 'field' }, h('label', { for: 'rc-scope', text: t('console-rc-who') }), scope, h('p', { class: 'muted', text: t('console-rc-who-help') })),
    start,
  );
  const fillScopes = async () => {
    const sites = [...new Set([...gates.values()].map((g) => g.site).filter(Boolean))].sort();
    const zones = await api('GET', '/v1/zones');
    const options = [h('option', { value: '', text: t('console-rc-scope-everyone') })];
    for (const site of sites) options.push(h('option', { value: `site:${site}`, text: t('console-rc-scope-site', { site }) }));
    if (zones.ok && zones.body && Array.isArray(zones.body.zones)) for (const z of zones.body.zones) options.push(h('option', { value: `zone:${z.id}`, text: t('console-rc-scope-zone', { zone: z.name }) }));
    const chosen = scope.value;
    scope.replaceChildren(...options);
    scope.value = chosen;
  };
  const load = async () => {
    const res = await api('GET', '/v1/roll-calls');
    if (!res.ok || !res.body || !Array.isArray(res.body.roll_calls)) {
      status.textContent = '';
      return setError(slot, problem(res, 'console-action-read-roll-calls'));
    }
    const list = res.body.roll_calls;
    status.textContent = list.length ? t('console-rc-count', { count: list.length }) : t('console-rc-none');
    tbody.replaceChildren(
      ...list.map((rc) =>
        h(
          'tr',
          { class: rc.active ? 'rc-active' : '' },
          h('td', { 'data-label': t('console-col-started'), text: t('console-rc-started-by', { time: clock(rc.started_at), who: rc.started_by }) }),
          h('td', { 'data-label': t('console-col-who') }, h('a', { href: `#rollcall/${rc.id}`, text: scopeText(rc) })),
          h('td', { 'data-label': t('console-col-safe'), text: t('console-rc-safe-of', { safe: rc.counts.safe, inside: rc.counts.inside }) }),
          h('td', { 'data-label': t('console-col-state') }, h('span', { class: `state ${rc.active ? 'rc-open' : 'rc-ended'}`, text: t(rc.active ? 'console-rc-in-progress' : 'console-rc-ended') })),
        ),
      ),
    );
  };
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const [kind, value] = scope.value ? [scope.value.slice(0, 4), scope.value.slice(5)] : ['', ''];
    const body = kind === 'site' ? { site: value } : kind === 'zone' ? { zone_id: value } : {};
    start.disabled = true;
    const res = await api('POST', '/v1/roll-calls', body);
    start.disabled = false;
    if (!res.ok || !res.body || !res.body.id) return setError(slot, problem(res, 'console-action-start-roll-call'));
    setError(slot, null);
    location.hash = `#rollcall/${res.body.id}`;
  });
  fillScopes();
  load();
  const root = h(
    'section',
    { class: 'rollcalls-view' },
    h('div', { class: 'view-head' }, h('h1', { text: t('console-rollcall') }), h('button', { type: 'button', class: 'secondary', text: t('console-refresh'), onclick: load })),
    h('p', { class: 'muted', text: t('console-rc-help') }),
    form,
    slot,
    status,
    h('div', { class: 'table-wrap' }, h('table', { class: 'events', 'aria-label': t('console-rc-table') }, headRow(['console-col-started', 'console-col-who', 'console-col-safe', 'console-col-state']), tbody)),
  );
  return { root, onEvent: (ev) => ev.kind && ev.kind.startsWith('roll_call_') && load(), onGates: fillScopes };
}

/** What a roll call covers, in words: the server's own words are English ("Site North"). */
function scopeText(rc) {
  if (rc.site) return t('console-rc-scope-site', { site: rc.site });
  if (rc.zone_id) return t('console-rc-scope-zone', { zone: String(rc.scope || '').replace(/^Zone /, '') });
  return t('console-rc-scope-all');
}

/** A roll call's filter: value → the message naming it. */
const RC_FILTERS = [
  ['all', 'console-rc-filter-all'],
  ['unaccounted', 'console-rc-unaccounted'],
  ['safe', 'console-rc-safe'],
];

/**
 * One roll call, live: inside, safe, unaccounted, and who marked whom where and how. Read
 * again on each of its events in the feed (any replica) and every few seconds; prints on
 * one column of A4 or Letter; downloads as CSV; ended with its report to the audit log.
 */
function rollCallView(id, query) {
  const slot = h('div', { class: 'error-slot' });
  const title = h('h1', { text: t('console-rollcall') });
  const meta = h('p', { class: 'rc-meta' });
  const counts = h('div', { class: 'tiles rc-counts', id: 'rc-counts', role: 'status', 'aria-live': 'polite' });
  const tbody = h('tbody');
  const filter = h('select', { id: 'rc-filter' }, ...RC_FILTERS.map(([value, label]) => h('option', { value, text: t(label) })));
  filter.value = RC_FILTERS.some(([v]) => v === query.get('show')) ? query.get('show') : 'all';
  const actions = h('div', { class: 'rc-actions' });
  const printed = h('p', { class: 'print-only rc-printed' });
  let current = null;
  let loading = false;
  let again = false;
  const csv = h('button', {
    type: 'button',
    class: 'secondary',
    text: t('console-rc-download-csv'),
    onclick: async () => {
      try {
        const res = await fetch(`/v1/roll-calls/${encodeURIComponent(id)}/csv`, { credentials: 'same-origin', cache: 'no-store', referrerPolicy: 'no-referrer' });
        if (!res.ok) return setError(slot, t('console-rc-export-failed', { status: String(res.status) }));
        const url = URL.createObjectURL(await res.blob());
        const a = h('a', { href: url, download: `roll-call-${id}.csv` });
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      } catch {
        setError(slot, t('console-rc-export-network'));
      }
    },
  });
  const print = h('button', { type: 'button', class: 'secondary', text: t('console-rc-print'), onclick: () => window.print() });
  const markSafe = async (person, button) => {
    button.disabled = true;
    const res = await api('POST', `/v1/roll-calls/${encodeURIComponent(id)}/marks`, { mark_id: crypto.randomUUID(), ...personRef(person) });
    if (!res.ok) {
      button.disabled = false;
      return setError(slot, problem(res, 'console-action-mark-safe', { name: person.label }));
    }
    setError(slot, null);
    load();
  };
  const end = confirmButton(t('console-rc-end'), t('console-rc-end-confirm'), async () => {
    const res = await api('POST', `/v1/roll-calls/${encodeURIComponent(id)}/end`);
    if (!res.ok && res.status !== 409) return setError(slot, problem(res, 'console-action-end-roll-call'));
    setError(slot, null);
    await load();
  });
  const render = () => {
    const rc = current;
    if (!rc) return;
    title.textContent = t('console-rc-title', { scope: scopeText(rc) });
    const started = { time: clock(rc.started_at), who: rc.started_by };
    meta.textContent = rc.active
      ? t('console-rc-meta-active', started)
      : t('console-rc-meta-ended', { ...started, endTime: clock(rc.ended_at), endWho: rc.ended_by || '' });
    counts.replaceChildren(tile(t('console-rc-inside'), rc.counts.inside), tile(t('console-rc-safe'), rc.counts.safe), tile(t('console-rc-unaccounted'), rc.counts.unaccounted));
    printed.textContent = t('console-rc-printed', { time: formatDate(Date.now()), unaccounted: rc.counts.unaccounted, inside: rc.counts.inside });
    // The buttons stay the same elements across live redraws: an officer who pressed End
    // keeps the confirmation (and the focus on it) while marks keep coming in.
    if (!actions.contains(print)) actions.replaceChildren(print, csv);
    if (rc.active && !actions.contains(end)) actions.append(end);
    if (!rc.active) end.remove();
    const show = filter.value;
    const people = [...rc.people].sort((a, b) => Number(a.safe) - Number(b.safe) || a.label.localeCompare(b.label, currentLanguage()));
    const shown = people.filter((p) => show === 'all' || (show === 'safe') === p.safe);
    tbody.replaceChildren(
      ...shown.map((p) => {
        const button = rc.active && !p.safe ? h('button', { type: 'button', class: 'secondary small', text: t('console-rc-mark-safe'), 'aria-label': t('console-rc-mark-safe-label', { name: p.label }) }) : null;
        if (button) button.addEventListener('click', () => markSafe(p, button));
        const row = h(
          'tr',
          { class: p.safe ? 'rc-safe' : 'rc-missing' },
          h('td', { 'data-label': t('console-col-name') }, h('bdi', { text: p.label }), p.walk_in_id ? h('span', { class: 'muted', text: ` ${t('console-rc-walk-in')}` }) : null),
          h('td', { 'data-label': t('console-col-status') }, h('span', { class: `state ${p.safe ? 'rc-safe-state' : 'rc-missing-state'}`, text: t(p.safe ? 'console-rc-safe' : 'console-rc-unaccounted') })),
          h('td', { 'data-label': t('console-col-last-seen'), text: p.last_seen }),
          h('td', { 'data-label': t('console-col-marked-by'), text: p.safe ? t(p.how === 'manual' ? 'console-rc-marked-by-hand' : 'console-rc-marked-by-scan', { who: p.marked_by || '' }) : '' }),
          h('td', { 'data-label': t('console-col-where'), text: p.marked_where || '' }),
          h('td', { 'data-label': t('console-col-when'), class: 'nowrap', text: p.marked_at ? clock(p.marked_at) : '' }),
          h('td', { class: 'nowrap no-print' }, button),
        );
        row.dataset.person = personKey(p);
        if (p.pass_id) row.dataset.passId = p.pass_id;
        row.dataset.state = p.safe ? 'safe' : 'unaccounted';
        return row;
      }),
      ...(shown.length ? [] : [h('tr', {}, h('td', { colspan: '7', class: 'muted', text: t(rc.people.length ? 'console-rc-nobody-here' : 'console-rc-nobody-inside') }))]),
    );
  };
  // One read at a time; an event arriving meanwhile reads once more after it.
  const load = async () => {
    if (loading) {
      again = true;
      return;
    }
    loading = true;
    try {
      const res = await api('GET', `/v1/roll-calls/${encodeURIComponent(id)}`);
      if (res.status === 404) return setError(slot, t('console-rc-not-found'));
      if (!res.ok || !res.body || !Array.isArray(res.body.people)) return setError(slot, problem(res, 'console-action-read-roll-call'));
      current = res.body;
      render();
    } finally {
      loading = false;
      if (again) {
        again = false;
        load();
      }
    }
  };
  filter.addEventListener('change', () => {
    history.replaceState(null, '', `#rollcall/${id}${filter.value === 'all' ? '' : `?show=${filter.value}`}`);
    render();
  });
  const timer = setInterval(() => current && current.active && load(), ROLL_CALL_REFRESH_MS);
  load();
  const root = h(
    'section',
    { class: 'rollcall-view' },
    h('p', { class: 'no-print' }, h('a', { href: '#rollcall', text: t('console-back-rollcalls') })),
    h('div', { class: 'view-head' }, title, actions),
    meta,
    printed,
    counts,
    slot,
    h('div', { class: 'field inline-field no-print' }, h('label', { for: 'rc-filter', text: t('console-show') }), filter),
    h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        { class: 'events rc-table', 'aria-label': t('console-rc-people') },
        headRow(['console-col-name', 'console-col-status', 'console-col-last-seen', 'console-col-marked-by', 'console-col-where', 'console-col-when', ['', 'no-print']]),
        tbody,
      ),
    ),
  );
  return {
    root,
    onEvent: (ev) => {
      if (ev.details && ev.details.roll_call_id === id) load();
    },
    reroute: (parsed) => parsed.name === 'rollcall' && parsed.id === id,
    teardown: () => clearInterval(timer),
  };
}

// ---------------------------------------------------------------- on-site nodes (issue 35)

/** How often the nodes are read again while the page is in view. */
const NODES_REFRESH_MS = 5000;

/**
 * The organisation's on-site nodes (`GET /v1/nodes`; admins, auditors and security): each
 * one's state in words, its lease's end, when it last called, its sync-up lag and the time
 * of the newest event it shipped (docs/operations.md, "On-site node"). Read every 5 s while
 * the page is visible, at once when it becomes visible again, on each `site_*` event of the
 * feed, and on Refresh. An admin may reclaim the lease of a node lost for good (`DELETE
 * /v1/nodes/{id}/lease`, audited high), asked once more as every destructive action here;
 * and (issue 50) revoke a node for good (`POST /v1/nodes/{id}/revoke`, asked once more),
 * give it a new token (`POST /v1/nodes/{id}/rotate`, asked once more: the old one stops at
 * once; the new one is shown once, never kept), and let a node whose lease was reclaimed
 * take a lease again (`POST /v1/nodes/{id}/resume`).
 * Rows are kept and changed in place, each control made again only when what it is for
 * changed, so a refresh neither moves the focus nor closes an open "Yes, …" question.
 */
function nodesView() {
  const slot = h('div', { class: 'error-slot' });
  // An admin's refused call: kept across the reads every 5 s (which clear only their own).
  const actionSlot = h('div', { class: 'error-slot' });
  const status = h('p', { class: 'muted', role: 'status', text: t('console-nodes-loading') });
  const done = h('div', { role: 'status' });
  const updated = h('p', { class: 'muted nodes-updated' });
  // In the page only while there is no node (before the first answer, neither it nor the table).
  const emptySlot = h('div');
  const empty = h(
    'div',
    { class: 'card nodes-empty', 'data-testid': 'nodes-empty' },
    h('p', { class: 'nodes-empty-title', text: t('console-nodes-none') }),
    h('p', { class: 'muted', text: t('console-nodes-none-help') }),
  );
  const tbody = h('tbody');
  const admin = isAdmin();
  const columns = ['console-col-node', 'console-col-state', 'console-col-site', 'console-col-lease-ends', 'console-col-last-seen', ['console-col-sync-lag', 'num'], 'console-col-shipped-through'];
  if (admin) columns.push('');
  const wrap = h(
    'div',
    { class: 'table-wrap', hidden: true },
    h('table', { class: 'events nodes-table', 'aria-label': t('console-nodes') }, headRow(columns), tbody),
  );
  const reclaimHelp = admin ? h('div', { class: 'nodes-admin-help', hidden: true }, h('p', { class: 'muted', text: t('console-node-reclaim-help') }), h('p', { class: 'muted', text: t('console-node-revoke-help') })) : null;
  // A node's new token, shown once (never kept: gone with this view or on "Hide the token").
  const tokenBox = h('div', { class: 'node-token-box' });
  /** node id → { tr, cells, badge, made: what each control was made for (control → key) } */
  const rows = new Map();
  let loading = false;
  let again = false;
  let soon = null;
  let stopped = false;

  const legend = h(
    'details',
    { class: 'nodes-legend', hidden: true },
    h('summary', { text: t('console-node-states') }),
    h('dl', { class: 'facts' }, NODE_STATES.map((s) => [h('dt', {}, h('span', { class: `state node-state node-state-${s}`, text: nodeStateText(s) })), h('dd', { text: nodeStateHelp(s) })])),
  );
  const setText = (el, text) => {
    if (el.textContent !== text) el.textContent = text;
  };
  /** After an admin's call: its outcome said (`doneId` on success), the nodes read again. */
  const settle = async (res, action, doneId, node) => {
    if (!ui) return false;
    if (!res.ok) {
      done.replaceChildren();
      setError(actionSlot, problem(res, action, { label: node.label }));
    } else {
      setError(actionSlot, null);
      if (doneId) done.replaceChildren(h('p', { class: 'notice', text: t(doneId, { label: node.label }) }));
    }
    await load();
    // The row's control may be gone with what it was for: the focus goes back to the view's heading.
    if (!root.contains(document.activeElement)) root.querySelector('h1').focus({ preventScroll: true });
    return res.ok;
  };
  const path = (node, tail) => `/v1/nodes/${encodeURIComponent(node.id)}/${tail}`;
  const reclaim = async (node) => settle(await api('DELETE', path(node, 'lease')), 'console-action-reclaim-lease', 'console-node-reclaimed', node);
  const revoke = async (node) => {
    // A token shown for this node is worth nothing any more.
    if (tokenBox.dataset.nodeId === node.id) tokenBox.replaceChildren();
    return settle(await api('POST', path(node, 'revoke')), 'console-action-revoke-node', 'console-node-revoked', node);
  };
  const resume = async (node) => settle(await api('POST', path(node, 'resume')), 'console-action-resume-node', 'console-node-resumed', node);
  const rotate = async (node) => {
    const res = await api('POST', path(node, 'rotate'));
    const token = res.ok && res.body && typeof res.body.token === 'string' && res.body.token ? res.body.token : null;
    if (!ui) return;
    if (!token) {
      tokenBox.replaceChildren();
      await settle(res.ok ? { ...res, ok: false } : res, 'console-action-rotate-node', null, node);
      return;
    }
    setError(actionSlot, null);
    done.replaceChildren(h('p', { class: 'notice', text: t('console-node-rotated', { label: node.label }) }));
    const heading = h('h2', { id: 'node-token-title', tabindex: '-1', text: t('console-node-token-title', { label: node.label }) });
    tokenBox.dataset.nodeId = node.id;
    tokenBox.replaceChildren(
      h(
        'section',
        { class: 'card node-token', 'data-testid': 'node-token', 'aria-labelledby': 'node-token-title' },
        heading,
        h('p', { text: t('console-node-token-help') }),
        copyField(t('console-node-token'), token),
        h('div', { class: 'actions' }, h('button', {
          type: 'button',
          class: 'secondary',
          text: t('console-node-token-hide'),
          onclick: () => {
            tokenBox.replaceChildren();
            delete tokenBox.dataset.nodeId;
            root.querySelector('h1').focus({ preventScroll: true });
          },
        })),
      ),
    );
    heading.focus();
  };
  /** Puts `make()` into `el` only when `key` differs from what the control was made for. */
  const control = (row, which, el, key, make) => {
    if (row.made[which] === key) return;
    row.made[which] = key;
    el.replaceChildren(key ? make() : '');
  };
  const rowFor = (node) => {
    let row = rows.get(node.id);
    if (!row) {
      const cell = (label, cls) => h('td', { 'data-label': label ? t(label) : null, class: cls || null });
      const badge = h('span', { class: 'state' });
      const cells = {
        label: h('bdi', { class: 'node-label' }),
        state: h('td', { 'data-testid': 'node-state' }, badge),
        site: h('bdi'),
        leaseEnds: cell('console-col-lease-ends', 'node-when'),
        lastSeen: cell('console-col-last-seen', 'node-when'),
        lag: cell('console-col-sync-lag', 'num'),
        shipped: cell('console-col-shipped-through', 'node-when'),
        action: admin ? h('td', { class: 'nowrap node-action' }) : null,
        reclaim: h('span', { class: 'node-control' }),
        resume: h('span', { class: 'node-control' }),
        rotate: h('span', { class: 'node-control' }),
        revoke: h('span', { class: 'node-control' }),
      };
      if (cells.action) cells.action.append(h('div', { class: 'node-controls' }, cells.reclaim, cells.resume, cells.rotate, cells.revoke));
      const tr = h(
        'tr',
        { class: 'node-row', 'data-testid': 'node-row', 'data-node-id': node.id },
        h('th', { scope: 'row', class: 'node-name' }, cells.label),
        cells.state,
        h('td', { 'data-label': t('console-col-site'), class: 'node-site' }, cells.site),
        cells.leaseEnds,
        cells.lastSeen,
        cells.lag,
        cells.shipped,
        cells.action,
      );
      row = { tr, cells, badge, made: {} };
      rows.set(node.id, row);
    }
    const { tr, cells, badge } = row;
    tr.dataset.state = node.state;
    setText(cells.label, node.label);
    setText(badge, node.stateText);
    badge.className = `state node-state node-state-${NODE_STATES.includes(node.state) ? node.state : 'unknown'}`;
    setText(cells.site, node.site);
    setText(cells.leaseEnds, node.leaseEnds);
    setText(cells.lastSeen, node.lastSeen);
    setText(cells.lag, node.lag);
    setText(cells.shipped, node.shipped);
    // Each control is made again only when what it is for changed (another lease, revoked,
    // reclaimed or allowed again): a refresh keeps an open question.
    if (cells.action) {
      const names = { label: node.label };
      control(row, 'reclaim', cells.reclaim, node.leaseId, () => confirmButton(t('console-node-reclaim'), t('console-node-reclaim-confirm'), () => reclaim(node), {
        name: t('console-node-reclaim-label', { label: node.label }),
        confirmName: t('console-node-reclaim-confirm-label', { label: node.label }),
      }));
      control(row, 'resume', cells.resume, node.blocked ? 'blocked' : null, () => {
        const allow = h('button', { type: 'button', class: 'primary', text: t('console-node-resume'), 'aria-label': t('console-node-resume-label', names) });
        allow.addEventListener('click', async () => {
          allow.disabled = true;
          await resume(node);
          allow.disabled = false;
          // Refused: still there, and the focus back on it.
          if (allow.isConnected) allow.focus();
        });
        return allow;
      });
      control(row, 'rotate', cells.rotate, node.revoked ? null : 'live', () => confirmButton(t('console-node-rotate'), t('console-node-rotate-confirm'), () => rotate(node), {
        cls: 'secondary',
        name: t('console-node-rotate-label', names),
        confirmName: t('console-node-rotate-confirm-label', names),
      }));
      control(row, 'revoke', cells.revoke, node.revoked ? null : 'live', () => confirmButton(t('console-node-revoke'), t('console-node-revoke-confirm'), () => revoke(node), {
        name: t('console-node-revoke-label', names),
        confirmName: t('console-node-revoke-confirm-label', names),
      }));
    }
    return tr;
  };
  const render = (list) => {
    const now = Date.now();
    const shown = list.map((n) => nodeRow(n, now));
    setText(status, shown.length ? nodesSummary(list) : '');
    setText(updated, t('console-nodes-updated', { time: clock(new Date(now).toISOString(), now) }));
    if (shown.length) emptySlot.replaceChildren();
    else if (!empty.isConnected) emptySlot.replaceChildren(empty);
    wrap.hidden = shown.length === 0;
    legend.hidden = shown.length === 0;
    if (reclaimHelp) reclaimHelp.hidden = shown.length === 0;
    const trs = shown.map(rowFor);
    const ids = new Set(shown.map((n) => n.id));
    for (const id of [...rows.keys()]) if (!ids.has(id)) rows.delete(id);
    // Moved only when the order changed: moving a row would take the focus from its button.
    if (trs.length !== tbody.children.length || trs.some((tr, i) => tbody.children[i] !== tr)) tbody.replaceChildren(...trs);
  };
  // One read at a time; a reason to read arriving meanwhile reads once more after it.
  const load = async () => {
    if (stopped) return;
    if (loading) {
      again = true;
      return;
    }
    loading = true;
    try {
      const res = await api('GET', '/v1/nodes');
      if (!ui || stopped) return;
      if (!res.ok || !res.body || !Array.isArray(res.body.nodes)) {
        if (!rows.size) setText(status, '');
        return setError(slot, problem(res, 'console-action-read-nodes'));
      }
      setError(slot, null);
      render(res.body.nodes);
      loadNodeLabels(res.body.nodes);
    } finally {
      loading = false;
      if (again) {
        again = false;
        load();
      }
    }
  };
  const visible = () => document.visibilityState === 'visible';
  const onVisibility = () => visible() && load();
  const timer = setInterval(() => visible() && load(), NODES_REFRESH_MS);
  document.addEventListener('visibilitychange', onVisibility);
  load();

  const root = h(
    'section',
    { class: 'nodes-view', id: 'nodes', 'aria-labelledby': 'nodes-title' },
    h('div', { class: 'view-head' }, h('h1', { id: 'nodes-title', text: t('console-nodes') }), h('button', { type: 'button', class: 'secondary', text: t('console-refresh'), onclick: load })),
    h('p', { class: 'muted', text: t('console-nodes-help') }),
    reclaimHelp,
    slot,
    actionSlot,
    done,
    tokenBox,
    status,
    emptySlot,
    wrap,
    updated,
    legend,
  );
  return {
    root,
    onEvent: (ev) => {
      if (!ev || typeof ev.kind !== 'string' || !ev.kind.startsWith('site_') || soon) return;
      soon = setTimeout(() => {
        soon = null;
        load();
      }, 500);
    },
    teardown: () => {
      stopped = true;
      clearInterval(timer);
      clearTimeout(soon);
      document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}

/** Single sign-on settings (PUT /v1/sso, docs/sign-in.md) and the organisation's live sessions. */
function signInView() {
  const slot = h('div', { class: 'error-slot' });
  const saved = h('div', { role: 'status' });
  const field = (id, label, control, help) => h('div', { class: 'field' }, h('label', { for: id, text: label }), control, help ? h('p', { class: 'muted', id: `${id}-help`, text: help }) : null);
  const input = (id, extra = {}) => h('input', { id, autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false', ...extra });
  const issuer = input('sso-issuer', { type: 'url', required: true, placeholder: 'https://login.example.com/realms/staff', dir: 'ltr' });
  const clientId = input('sso-client-id', { required: true, dir: 'ltr' });
  const secret = input('sso-client-secret', { type: 'password', dir: 'ltr' });
  const domains = input('sso-domains', { placeholder: 'example.com', dir: 'ltr' });
  const claim = input('sso-role-claim', { value: 'groups', dir: 'ltr' });
  const ROLES = [['admin', 'console-sso-role-admins'], ['security', 'console-sso-role-security'], ['auditor', 'console-sso-role-auditors'], ['issuer', 'console-sso-role-issuers'], ['host', 'console-sso-role-hosts']];
  const maps = new Map(ROLES.map(([role]) => [role, input(`sso-map-${role}`, { dir: 'ltr' })]));
  const keySignIn = h('input', { id: 'sso-key-sign-in', type: 'checkbox', checked: true });
  const secretHelp = h('p', { class: 'muted', id: 'sso-client-secret-help', text: t('console-sso-secret-help') });
  const list = (text) => text.split(',').map((v) => v.trim()).filter(Boolean);
  const registered = h('dl', { class: 'sso-uris' });
  const showUris = (v) => {
    registered.replaceChildren(
      ...[
        ['console-sso-redirect-uri', v.redirect_uri],
        ['console-sso-logout-uri', v.back_channel_logout_uri],
        ['console-sso-post-logout-uri', v.post_logout_redirect_uri],
        ['console-sso-sign-in-link', v.sign_in_url],
      ].flatMap(([term, value]) => [h('dt', { text: t(term) }), h('dd', {}, h('code', { dir: 'ltr', text: value }))]),
    );
  };
  const fill = (v) => {
    issuer.value = v.issuer;
    clientId.value = v.client_id;
    domains.value = (v.allowed_domains || []).join(', ');
    claim.value = v.role_claim;
    for (const [role, box] of maps) box.value = (v.role_map || []).filter((m) => m.role === role).map((m) => m.value).join(', ');
    keySignIn.checked = Boolean(v.key_sign_in);
    secretHelp.textContent = t('console-sso-secret-stored');
    showUris(v);
  };
  const form = h(
    'form',
    { class: 'admin-form', novalidate: true, 'aria-label': t('console-sso-form') },
    field('sso-issuer', t('console-sso-issuer'), issuer, t('console-sso-issuer-help')),
    h('div', { class: 'two' }, field('sso-client-id', t('console-sso-client-id'), clientId), h('div', { class: 'field' }, h('label', { for: 'sso-client-secret', text: t('console-sso-client-secret') }), secret, secretHelp)),
    field('sso-domains', t('console-sso-domains'), domains, t('console-sso-domains-help')),
    field('sso-role-claim', t('console-sso-role-claim'), claim, t('console-sso-role-claim-help')),
    h(
      'fieldset',
      { class: 'sso-map' },
      h('legend', { text: t('console-sso-role-map') }),
      ...ROLES.map(([role, label]) => field(`sso-map-${role}`, t(label), maps.get(role))),
    ),
    h('div', { class: 'field check' }, keySignIn, h('label', { for: 'sso-key-sign-in', text: t('console-sso-key-sign-in') })),
    slot,
    h('p', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', id: 'sso-save', text: t('console-sso-save') })),
    saved,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const body = {
      issuer: issuer.value.trim(),
      client_id: clientId.value.trim(),
      allowed_domains: list(domains.value),
      role_claim: claim.value.trim() || 'groups',
      role_map: [...maps].flatMap(([role, box]) => list(box.value).map((value) => ({ value, role }))),
      key_sign_in: keySignIn.checked,
    };
    if (secret.value) body.client_secret = secret.value;
    if (!body.issuer || !body.client_id) return setError(slot, t('console-sso-issuer-missing'));
    if (!body.role_map.length) return setError(slot, t('console-sso-role-map-missing'));
    saved.textContent = '';
    const res = await api('PUT', '/v1/sso', body);
    if (!res.ok || !res.body) return setError(slot, problem(res, 'console-action-save-sso'));
    setError(slot, null);
    secret.value = '';
    fill(res.body);
    saved.replaceChildren(h('p', { class: 'notice', text: t('console-sso-saved') }));
  });

  const sessionsSlot = h('div', { class: 'error-slot' });
  const sessionsStatus = h('p', { class: 'muted', role: 'status', text: t('console-sessions-loading') });
  const tbody = h('tbody');
  const loadSessions = async () => {
    const res = await api('GET', '/v1/console/sessions');
    if (!res.ok || !res.body || !Array.isArray(res.body.sessions)) {
      sessionsStatus.textContent = '';
      return setError(sessionsSlot, problem(res, 'console-action-list-sessions'));
    }
    const rows = res.body.sessions;
    sessionsStatus.textContent = t('console-sessions-count', { count: rows.length });
    tbody.replaceChildren(
      ...rows.map((row) => {
        const who = row.person_name || row.label;
        const action = h('td', { class: 'nowrap' });
        action.append(
          h('button', {
            type: 'button',
            class: 'secondary small',
            text: t('console-session-end'),
            'aria-label': t('console-session-end-label', { who }),
            onclick: async () => {
              const end = await api('DELETE', `/v1/console/sessions/${encodeURIComponent(row.id)}`);
              if (!end.ok) return setError(sessionsSlot, problem(end, 'console-action-end-session'));
              setError(sessionsSlot, null);
              loadSessions();
            },
          }),
        );
        return h(
          'tr',
          {},
          h('td', {}, h('bdi', { text: who })),
          h('td', row.person_email ? { dir: 'ltr', text: row.person_email } : { text: row.person_name ? '—' : t('console-session-api-key') }),
          h('td', { text: t('console-role', { role: String(row.role) }) }),
          h('td', { class: 'nowrap', text: clock(row.created_at) }),
          h('td', { class: 'nowrap', text: clock(row.expires_at) }),
          action,
        );
      }),
    );
  };

  (async () => {
    const res = await api('GET', '/v1/sso');
    if (res.ok && res.body) fill(res.body);
    else if (res.status !== 404) setError(slot, problem(res, 'console-action-read-sso'));
  })();
  loadSessions();
  const root = h(
    'section',
    { class: 'signin-view' },
    h('div', { class: 'view-head' }, h('h1', { text: t('console-signin-view') })),
    h('h2', { text: t('console-sso') }),
    h('p', { class: 'muted', text: t('console-sso-help') }),
    form,
    registered,
    h('div', { class: 'view-head' }, h('h2', { text: t('console-sessions') }), h('button', { type: 'button', class: 'secondary', text: t('console-refresh'), onclick: loadSessions })),
    sessionsSlot,
    sessionsStatus,
    h('div', { class: 'table-wrap' }, h('table', { class: 'events', 'aria-label': t('console-sessions') }, headRow(['console-col-who', 'console-col-email', 'console-col-role', 'console-col-since', 'console-col-ends', '']), tbody)),
  );
  return { root };
}

function adminView() {
  const passSlot = h('div', { class: 'error-slot' });
  const passOut = h('div');
  const gateSlot = h('div', { class: 'error-slot' });
  const gateOut = h('div');
  const field = (id, label, control, help) => h('div', { class: 'field' }, h('label', { for: id, text: label }), control, help ? h('p', { class: 'muted', text: help }) : null);

  const pLabel = h('input', { id: 'p-label', autocomplete: 'off', required: true, maxlength: '200' });
  const pSite = h('input', { id: 'p-site', autocomplete: 'off', maxlength: '200' });
  const pFrom = h('input', { id: 'p-from', type: 'datetime-local', step: '1' });
  const pUntil = h('input', { id: 'p-until', type: 'datetime-local', step: '1', value: isoToLocal(new Date(Date.now() + 24 * 3600 * 1000).toISOString()) });
  const pUses = h('input', { id: 'p-uses', type: 'number', min: '1', max: '100000', value: '1', inputmode: 'numeric' });
  const passForm = h(
    'form',
    { class: 'admin-form', novalidate: true, 'aria-label': t('console-issue-pass') },
    field('p-label', t('console-issue-label'), pLabel),
    field('p-site', t('console-issue-site'), pSite, t('console-issue-site-help')),
    h('div', { class: 'two' }, field('p-from', t('console-issue-from'), pFrom, t('console-issue-from-help')), field('p-until', t('console-issue-until'), pUntil)),
    field('p-uses', t('console-issue-uses'), pUses),
    passSlot,
    h('p', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', text: t('console-issue-submit') })),
  );
  passForm.addEventListener('submit', async (e) => {
    e.preventDefault();
    const body = { label: pLabel.value.trim(), valid_until: localToIso(pUntil.value) };
    if (!body.label) return setError(passSlot, t('console-issue-label-missing'));
    if (!body.valid_until) return setError(passSlot, t('console-issue-until-missing'));
    if (pSite.value.trim()) body.site = pSite.value.trim();
    if (pFrom.value) body.valid_from = localToIso(pFrom.value);
    const uses = Number(pUses.value || '1');
    if (!Number.isInteger(uses) || uses < 1 || uses > 100000) return setError(passSlot, t('console-issue-uses-invalid'));
    body.max_uses = uses;
    const res = await api('POST', '/v1/passes', body);
    if (!res.ok || !res.body || !res.body.pass_id) return setError(passSlot, problem(res, 'console-action-issue-pass'));
    setError(passSlot, null);
    passLabels.set(res.body.pass_id, body.label);
    pLabel.value = '';
    passOut.replaceChildren(
      h(
        'div',
        { class: 'card qr-card' },
        qrSvg(res.body.claim_url, t('console-claim-qr')),
        h(
          'div',
          {},
          h('h3', { text: t('console-issued-for', { label: body.label }) }),
          h('p', { text: t('console-issued-help') }),
          copyField(t('console-claim-link'), res.body.claim_url),
          h('p', {}, h('a', { href: `#pass/${res.body.pass_id}`, text: t('console-open-pass') })),
        ),
      ),
    );
  });

  const gLabel = h('input', { id: 'g-label', autocomplete: 'off', required: true, maxlength: '200' });
  const gSite = h('input', { id: 'g-site', autocomplete: 'off', maxlength: '200' });
  const gateForm = h(
    'form',
    { class: 'admin-form', novalidate: true, 'aria-label': t('console-create-gate') },
    field('g-label', t('console-gate-label'), gLabel, t('console-gate-label-help')),
    field('g-site', t('console-gate-site'), gSite, t('console-gate-site-help')),
    gateSlot,
    h('p', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', text: t('console-create-gate-submit') })),
  );
  gateForm.addEventListener('submit', async (e) => {
    e.preventDefault();
    const body = { label: gLabel.value.trim() };
    if (!body.label) return setError(gateSlot, t('console-gate-label-missing'));
    if (gSite.value.trim()) body.site = gSite.value.trim();
    const res = await api('POST', '/v1/gates', body);
    if (!res.ok || !res.body || !res.body.gate_id) return setError(gateSlot, problem(res, 'console-action-create-gate'));
    setError(gateSlot, null);
    gLabel.value = '';
    const id = res.body.gate_id;
    const pairBox = h('div');
    gateOut.replaceChildren(
      h(
        'div',
        { class: 'card result-card' },
        h('h3', { text: t('console-gate-created', { label: body.label }) }),
        h('p', { text: t('console-gate-created-help') }),
        h('p', { class: 'actions' }, h('button', { type: 'button', class: 'primary', text: t('console-pair-make'), onclick: () => pairGate(id, pairBox, gateSlot) }), h('a', { class: 'button secondary', href: `#gate/${id}`, text: t('console-open-gate') })),
        h('details', {}, h('summary', { text: t('console-device-token-summary') }), copyField(t('console-device-token'), res.body.device_token)),
      ),
      pairBox,
    );
    refreshGates();
  });

  const root = h(
    'section',
    { class: 'admin-view' },
    h('h1', { text: t('console-manage') }),
    h('div', { class: 'gate-grid' }, h('div', { class: 'card panel' }, h('h2', { text: t('console-issue-pass') }), passForm, passOut), h('div', { class: 'card panel' }, h('h2', { text: t('console-create-gate') }), gateForm, gateOut)),
  );
  return { root };
}

startLanguage('console', {});
start();

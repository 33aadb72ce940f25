// The security console (/console, issue 15): for auditors and admins. An API key is posted
// once to `POST /v1/console/session`, which sets an HttpOnly cookie; the key is never kept
// (no URL, no Web Storage, no IndexedDB). Everything after that is the same REST API with
// the cookie, plus `X-CSRF-Token` on every state-changing call, and the live feed
// (`EventSource('/v1/audit/stream')`, feed.js). Views: alarms, the event log with filters and
// export, gates, passes, webhooks and their dead letters (admins replay them), and (admins)
// issuing passes and creating and pairing gates.
// DOM calls only: the CSP allows no inline script or style. `role="alert"` is for errors
// only; notices use `role="status"`.

import { Feed } from './feed.js';
import {
  EventLog, KNOWN_KINDS, SEVERITIES, alarmName, applyPresence, clock, describe, exportUrl, filterProblem, filterQuery, gateLabel, isUuid,
  isoToLocal, localToIso, passLabel,
  ALARM_FILTERS, ALARM_OUTCOMES, alarmShown, alarmState, alarmStateText, orderAlarms, sentence,
} from './model.js';
import { personKey, personRef } from '../gate/muster.js';
import { ago, reasonWords } from '../gate/words.js';
import { qrSvg } from '../qr.js';
import { h, providerSignOut, showScreen, ssoForm } from '../ui.js';

const REQUEST_TIMEOUT_MS = 15_000;
const GATES_REFRESH_MS = 30_000;
const GATE_STATS_REFRESH_MS = 10_000;
const TIMELINE_PAGES = 10; // × 1000 events
const EVENTS_PAGE = 100;

const main = document.getElementById('main');

// ---------------------------------------------------------------- state

let session = null; // {role, org_id, csrf_token, expires_at}
let feed = null;
let highFeed = null; // the high-severity alarms from further back than the main feed's backlog
let log = newLog();
let gates = new Map(); // id → Gate
const passLabels = new Map(); // id → label
const keyLabels = new Map(); // API key or host id → label (an SSO person's key: their name); admins only
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

/** A JSON call to the page's own origin; never throws. A 401 with a session signs out. */
async function api(method, path, body) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && session) headers['x-csrf-token'] = session.csrf_token;
  let res;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body !== undefined ? JSON.stringify(body) : undefined,
      credentials: 'same-origin',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
      redirect: 'error',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    return { network: true };
  }
  let json = null;
  if (res.status !== 204) {
    try {
      json = await res.json();
    } catch {
      json = null;
    }
  }
  const err = json && json.error && typeof json.error === 'object' ? json.error : {};
  const out = { status: res.status, ok: res.ok, body: json, code: err.code || null, message: err.message || null };
  if (res.status === 401 && session && !path.startsWith('/v1/console/session')) signedOut('Your session has ended. Sign in again.');
  return out;
}

/** A sentence for a failed call. */
function problem(res, what) {
  if (res.network) return `Could not reach the server to ${what}. Check the network, then try again.`;
  if (res.status === 403) return `Not allowed to ${what} with this session (${res.code || 403}).`;
  if (res.status === 404) return `Could not ${what}: not found.`;
  if (res.status === 429) return `Too many requests; wait a minute, then try again.`;
  return `Could not ${what}: ${res.message || res.code || `HTTP ${res.status}`}.`;
}

const errorBox = (text) => h('p', { role: 'alert', class: 'alert shown', text });

/** Puts an error (or nothing) into a slot: the only way `role="alert"` reaches the page. */
function setError(slot, text) {
  slot.replaceChildren(text ? errorBox(text) : '');
}

// ---------------------------------------------------------------- start and sign-in

async function start() {
  main.replaceChildren(h('p', { class: 'loading', text: 'Opening the console…' }));
  const res = await api('GET', '/v1/console/session');
  if (res.ok && res.body && res.body.csrf_token && res.body.role !== 'host') {
    session = res.body;
    return openConsole();
  }
  // A host's session (the same cookie serves /host) is not for the console.
  if (res.ok && res.body && res.body.role === 'host') return showSignIn('You are signed in as a host on this device: hosts use /host. Sign in here with an admin or auditor key.');
  if (res.network || res.status >= 500) {
    const slot = h('div');
    setError(slot, res.network ? 'Could not reach the server. Check the network.' : `The server is not ready (HTTP ${res.status}).`);
    showScreen(main, h('section', { class: 'card signin' }, h('h1', { text: 'Tessera security console' }), slot, h('p', {}, h('button', { type: 'button', class: 'primary', onclick: start }, 'Try again'))));
    return;
  }
  showSignIn();
}

function showSignIn(notice) {
  const input = h('input', {
    id: 'api-key', type: 'password', autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false', required: true, 'aria-describedby': 'api-key-help',
  });
  const button = h('button', { type: 'submit', class: 'primary', text: 'Sign in' });
  const slot = h('div', { class: 'error-slot' });
  const form = h(
    'form',
    { class: 'signin-form', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'api-key', text: 'API key' }), input, h('p', { id: 'api-key-help', class: 'muted', text: 'An admin or auditor key. It is sent once to open a session and is not kept on this device.' })),
    slot,
    h('p', { class: 'actions' }, button),
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const key = input.value.trim();
    input.value = ''; // the key leaves the page as soon as it is read
    if (!key) {
      setError(slot, 'Enter an API key.');
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
      setError(slot, 'That is a host key: hosts use the host page at /host. The console is for admin and auditor keys.');
      input.focus();
      return;
    }
    let text;
    if (res.network) text = 'Could not reach the server. Check the network, then try again.';
    else if (res.status === 401) text = 'That API key was not accepted. Check it and try again.';
    else if (res.status === 403) text = 'This key cannot open the console: only admin and auditor keys can (or the page is not on the server’s own address).';
    else if (res.status === 429) text = 'Too many failed sign-ins from this address. Wait a minute, then try again.';
    else text = `The server refused the sign-in (${res.code || res.status}).`;
    setError(slot, text);
    input.focus();
  });
  showScreen(
    main,
    h(
      'section',
      { class: 'card signin' },
      h('h1', { text: 'Tessera security console' }),
      h('p', { class: 'muted', text: 'Alarms, gates, passes and the audit log of your organisation.' }),
      notice ? h('p', { role: 'status', class: 'notice', text: notice }) : null,
      form,
      ssoForm('console'),
    ),
  );
  input.focus();
}

function stopConsole() {
  if (feed) feed.stop();
  if (highFeed) highFeed.stop();
  feed = null;
  highFeed = null;
  if (view && view.teardown) view.teardown();
  view = null;
  for (const t of timers) clearInterval(t);
  timers = [];
  window.removeEventListener('hashchange', route);
  ui = null;
  log = newLog();
  alarmHandling = new Map();
  alarmsLoaded = false;
  gates = new Map();
  passLabels.clear();
  keyLabels.clear();
}

function signedOut(notice) {
  session = null;
  stopConsole();
  showSignIn(notice);
}

async function signOut() {
  const res = await api('DELETE', '/v1/console/session');
  if (providerSignOut(res)) return;
  if (res.ok || res.status === 401) return signedOut('Signed out.');
  if (ui) setError(ui.errors, problem(res, 'sign out'));
}

// ---------------------------------------------------------------- the shell

const TABS = [
  ['alarms', 'Alarms'],
  ['events', 'Events'],
  ['gates', 'Gates'],
  ['passes', 'Passes'],
  ['webhooks', 'Webhooks'],
  ['messages', 'Mail'],
  ['watchlist', 'Watchlist'],
  ['rollcall', 'Roll call'],
  ['admin', 'Manage'],
  ['signin', 'Sign-in'],
];

function openConsole() {
  stopConsole();
  const feedPill = h('span', { class: 'pill feed-state connecting', id: 'feed-state', text: 'CONNECTING' });
  const alarmCount = h('span', { class: 'tab-count', text: '0' });
  const tabs = new Map();
  const nav = h('nav', { class: 'tabs', 'aria-label': 'Views' });
  for (const [name, label] of TABS) {
    if ((name === 'admin' || name === 'signin') && !isAdmin()) continue;
    if ((name === 'watchlist' || name === 'rollcall') && !keepsWatchlist()) continue;
    const a = h('a', { href: `#${name}`, class: 'tab' }, label, name === 'alarms' ? alarmCount : null);
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
      h('div', { class: 'brand' }, h('span', { class: 'brand-name', text: 'Tessera' }), h('span', { class: 'brand-sub', text: 'Security console' })),
      h(
        'div',
        { class: 'bar-right' },
        feedPill,
        session.person ? h('span', { class: 'who', id: 'signed-in-person', text: session.person.name }) : null,
        h('span', { class: 'role', text: session.role }),
        h('button', { type: 'button', class: 'bar-button', onclick: signOut }, 'Sign out'),
      ),
    ),
    nav,
    errors,
    body,
  );
  main.replaceChildren(shell);
  ui = { feedPill, alarmCount, tabs, errors, body };
  if (isAdmin()) loadKeyLabels();

  const checkSession = async () => {
    const res = await api('GET', '/v1/console/session');
    if (res.status === 401) return 'signed-out';
    return res.ok ? 'signed-in' : 'unknown';
  };
  const onSignedOut = () => signedOut('Your session has ended. Sign in again.');
  feed = new Feed({
    EventSourceImpl: window.EventSource,
    onEvent,
    onState: (state) => {
      if (!ui) return;
      ui.feedPill.className = `pill feed-state ${state}`;
      ui.feedPill.textContent = state === 'live' ? 'LIVE' : state === 'connecting' ? 'CONNECTING' : 'RECONNECTING';
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
    if (left < 2 ** 31 - 1) timers.push(setTimeout(() => signedOut('Your session has expired (one shift). Sign in again.'), Math.max(0, left)));
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
    setError(ui.errors, problem(res, 'read where the alarms stand'));
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
    ui.alarmCount.textContent = alarmsLoaded ? String(alarms().filter((ev) => alarmState(alarmHandling.get(ev.id)) !== 'resolved').length) : '…';
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
  const tab = { alarms: 'alarms', events: 'events', gates: 'gates', gate: 'gates', passes: 'passes', pass: 'passes', webhooks: 'webhooks', messages: 'messages', watchlist: 'watchlist', rollcall: 'rollcall', admin: 'admin', signin: 'signin' }[name] || 'alarms';
  for (const [n, a] of ui.tabs) {
    if (n === tab) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  const make = {
    alarms: () => alarmsView(id ? Number(id) : null, query),
    events: () => eventsView(query),
    gates: () => gatesView(),
    gate: () => (isUuid(id) ? gateView(id) : gatesView()),
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

function sevBadge(severity) {
  return h('span', { class: `sev sev-${SEVERITIES.includes(severity) ? severity : 'info'}`, text: severity || 'info' });
}

/** Where an alarm happened, in words: "at North gate B (challenge of North gate A)". */
function alarmWhere(ev) {
  const name = alarmName(ev);
  const d = ev.details || {};
  if (!ev.gate_id) {
    if (name === 'auth_failure') return d.source ? `from ${d.source}` : 'no gate';
    return 'no gate';
  }
  return `at ${gateName(ev.gate_id, ev.gate_label)}`;
}

/** The other gate an alarm involves (the alarm's row names only the gate where it happened). */
function alarmOtherGate(ev) {
  const name = alarmName(ev);
  const d = ev.details || {};
  if (name === 'foreign_nonce' && d.challenge_gate_id && d.challenge_gate_id !== ev.gate_id) return ['Challenge of', gateName(d.challenge_gate_id)];
  if (name === 'code_replayed' && d.first_gate_id && d.first_gate_id !== ev.gate_id) return ['Code first used at', gateName(d.first_gate_id)];
  return null;
}

const ALARM_WORDS = {
  foreign_nonce: 'an answer to another gate’s challenge: a copied gate credential?',
  code_replayed: 'a code that already admitted someone at another gate: a copy?',
  challenge_burned: 'a challenge burned by wrong answers',
  claim_conflict: 'a second wallet tried to claim a claimed pass: a leaked link?',
  watchlist_hit: 'a watchlisted person at a gate, or a pass issued or claimed for them (see the Watchlist)',
  auth_failure: 'failed authentications from one source (for this organisation: a console session used without its CSRF token or from another site)',
};

function timelineItem(ev, highlight, showGate = true) {
  const d = ev.details || {};
  return h(
    'li',
    { class: `tl-item sev-line-${ev.severity || 'info'}${highlight ? ' tl-highlight' : ''}` },
    h('span', { class: 'tl-time', text: clock(ev.at) }),
    h('span', { class: 'tl-what' }, sevBadge(ev.severity), ' ', describe(ev, keyLabels)),
    !showGate ? null : ev.gate_id ? h('span', { class: 'tl-gate', text: gateName(ev.gate_id, ev.gate_label) }) : h('span', { class: 'tl-gate muted', text: '—' }),
    d.challenge_gate_id && d.challenge_gate_id !== ev.gate_id ? h('span', { class: 'tl-note muted', text: `challenge issued to ${gateName(d.challenge_gate_id)}` }) : null,
  );
}

/** Every audit event of a pass (`GET /v1/audit?pass_id=`), oldest first, all pages up to a bound. */
async function passEvents(passId) {
  const out = [];
  let cursor = null;
  for (let i = 0; i < TIMELINE_PAGES; i++) {
    const res = await api('GET', `/v1/audit?${filterQuery({ pass_id: passId }, { limit: 1000, cursor })}`);
    if (!res.ok || !res.body || !Array.isArray(res.body.events)) return { error: problem(res, 'read the pass’s events'), events: out };
    out.push(...res.body.events);
    cursor = res.body.next_cursor;
    if (!cursor) break;
  }
  return { events: out };
}

/** A live timeline of a pass: loaded once, then fed from the stream. */
function timeline(passId, highlightId) {
  const list = h('ol', { class: 'timeline', 'aria-label': 'Timeline' });
  const slot = h('div', { class: 'error-slot' });
  const status = h('p', { class: 'muted', role: 'status', text: 'Loading the timeline…' });
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
    status.textContent = `${seen.size} event${seen.size === 1 ? '' : 's'}, oldest first; new ones appear as they happen.`;
  };
  load();
  return { root: h('div', { class: 'timeline-wrap' }, status, slot, list), onEvent: (ev) => ev.pass_id === passId && add(ev) };
}

// ---------------------------------------------------------------- alarms

function alarmRow(ev, selected) {
  const name = nameOf(ev);
  const handling = alarmHandling.get(ev.id);
  const state = alarmState(handling);
  const label = ev.pass_id ? passName(ev.pass_id, ev.pass_label) : 'no pass';
  const button = h(
    'button',
    { type: 'button', class: 'alarm-button', 'aria-pressed': selected ? 'true' : 'false', onclick: () => (location.hash = `#alarms/${ev.id}${location.hash.includes('?') ? `?${location.hash.split('?')[1]}` : ''}`) },
    h('span', { class: 'alarm-top' }, h('span', { class: 'alarm-reason', text: name }), sevBadge(ev.severity), h('span', { class: 'alarm-time', text: clock(ev.at) })),
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
  const done = (res, what) => {
    if (res.ok && res.body) {
      report(null);
      alarmHandling.set(ev.id, res.body);
      onDone();
      return;
    }
    const message = res.body && res.body.error && res.body.error.message;
    report(res.status === 409 && message ? sentence(message) : problem(res, what));
    // The winner's name is in the message; the alarm is read again so the pane shows them.
    refreshAlarm(ev.id);
  };
  if (state === 'resolved') return null;
  const me = session.person ? session.person.name : session.label || '';
  const parts = [];
  if (state === 'open') {
    const ack = h('button', { type: 'button', text: 'Acknowledge' });
    ack.addEventListener('click', async () => {
      ack.disabled = true;
      done(await api('POST', `/v1/alarms/${ev.id}/acknowledge`), 'acknowledge the alarm');
      ack.disabled = false;
    });
    parts.push(h('div', { class: 'alarm-action' }, ack));
  }
  const assignee = h('input', { id: `alarm-assignee-${ev.id}`, autocomplete: 'off', value: (handling && handling.assignee) || me });
  const assign = h('button', { type: 'submit', class: 'secondary', text: 'Assign' });
  const assignForm = h('form', { class: 'alarm-action inline-form', novalidate: true }, h('div', { class: 'field' }, h('label', { for: assignee.id, text: 'Assign to' }), assignee), assign);
  assignForm.addEventListener('submit', async (e) => {
    e.preventDefault();
    const who = assignee.value.trim();
    assign.disabled = true;
    done(await api('POST', `/v1/alarms/${ev.id}/assign`, { assignee: who || null }), 'assign the alarm');
    assign.disabled = false;
  });
  parts.push(assignForm);
  const outcome = h('select', { id: `alarm-outcome-${ev.id}` }, ...ALARM_OUTCOMES.map(([value, words]) => h('option', { value, text: words })));
  const note = h('input', { id: `alarm-note-${ev.id}`, autocomplete: 'off', maxlength: '2000' });
  const resolve = h('button', { type: 'submit', text: 'Resolve' });
  const resolveForm = h(
    'form',
    { class: 'alarm-action resolve-form', novalidate: true },
    h('div', { class: 'two' }, h('div', { class: 'field' }, h('label', { for: outcome.id, text: 'Outcome' }), outcome), h('div', { class: 'field' }, h('label', { for: note.id, text: 'Note' }), note)),
    resolve,
  );
  resolveForm.addEventListener('submit', async (e) => {
    e.preventDefault();
    const body = { outcome: outcome.value };
    if (note.value.trim()) body.note = note.value.trim();
    resolve.disabled = true;
    done(await api('POST', `/v1/alarms/${ev.id}/resolve`, body), 'resolve the alarm');
    resolve.disabled = false;
  });
  parts.push(resolveForm);
  return h('div', { class: 'alarm-actions' }, ...parts);
}

function alarmsView(selectedId, query = new URLSearchParams()) {
  let filter = ALARM_FILTERS.some(([v]) => v === query.get('state')) ? query.get('state') : 'active';
  const list = h('ul', { class: 'alarm-list', 'aria-label': 'Alarms' });
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
      detail.replaceChildren(h('h2', { text: 'Timeline' }), h('p', { class: 'muted', text: selectedId !== null ? 'This alarm is no longer in the feed.' : 'Choose an alarm to see what was done with it and the pass’s timeline: every scan, challenge and answer.' }));
      return;
    }
    const name = nameOf(ev);
    const d = ev.details || {};
    const other = alarmOtherGate(ev);
    const handling = alarmHandling.get(ev.id);
    const facts = h(
      'dl',
      { class: 'facts' },
      h('dt', { text: 'Alarm' }), h('dd', {}, h('code', { text: name }), ALARM_WORDS[name] ? ` — ${ALARM_WORDS[name]}` : ''),
      h('dt', { text: 'State' }), h('dd', { class: 'alarm-state-now', text: alarmStateText(handling) }),
      handling && handling.assignee ? [h('dt', { text: 'Assigned to' }), h('dd', { text: handling.assignee })] : null,
      handling && handling.note ? [h('dt', { text: 'Note' }), h('dd', { text: handling.note })] : null,
      h('dt', { text: 'When' }), h('dd', { text: `${clock(ev.at)} (${ago(Date.now(), Date.parse(ev.at))})` }),
      h('dt', { text: 'Where' }), h('dd', { text: alarmWhere(ev) }),
      other ? [h('dt', { text: other[0] }), h('dd', { text: other[1] })] : null,
      ev.pass_id ? [h('dt', { text: 'Pass' }), h('dd', {}, h('a', { href: `#pass/${ev.pass_id}`, text: passName(ev.pass_id, ev.pass_label) }))] : null,
      d.reason && d.reason !== name ? [h('dt', { text: 'Reason' }), h('dd', { text: `${d.reason}: ${reasonWords(d.reason)}` })] : null,
    );
    setError(alertSlot, problemOf.id === ev.id ? problemOf.text : null);
    const section = h(
      'section',
      { class: 'alarm-handling', 'aria-labelledby': `alarm-h-${ev.id}` },
      h('h2', { id: `alarm-h-${ev.id}`, text: `Alarm ${ev.id}` }),
      facts,
      alertSlot,
      handlesAlarms() ? alarmActions(ev, () => { update(); showDetail(); }, report(ev.id)) : null,
    );
    const parts = [section];
    if (ev.pass_id) {
      tl = timeline(ev.pass_id, ev.id);
      parts.push(h('h2', { text: `Timeline of ${passName(ev.pass_id, ev.pass_label)}` }), tl.root);
    } else {
      parts.push(h('pre', { class: 'details', text: JSON.stringify(d, null, 2) }));
    }
    detail.replaceChildren(...parts);
  };

  function update() {
    const handlingOf = (id) => alarmHandling.get(id);
    const shown = alarmsLoaded ? orderAlarms(alarms(), handlingOf).filter((ev) => alarmShown(alarmState(handlingOf(ev.id)), filter)) : [];
    count.textContent = shown.length ? String(shown.length) : '';
    empty.hidden = shown.length > 0;
    empty.textContent = !alarmsLoaded
      ? 'Loading the alarms\u2026'
      : filter === 'active'
      ? 'No open alarms. Copied gate credentials (foreign_nonce), replayed codes (code_replayed), burned challenges, claim conflicts and watchlist matches appear here within a second.'
      : 'No alarms here.';
    // Redrawn only when the order or a state changed, so the list keeps its scroll position.
    const signature = shown
      .map((ev) => `${ev.id}:${alarmState(handlingOf(ev.id))}:${(handlingOf(ev.id) || {}).version || 0}:${ev.pass_label || ''}:${ev.gate_label || ''}`)
      .join(',');
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
  const back = h('p', { class: 'crumbs back-to-list' }, h('a', { href: '#alarms', text: '← All alarms' }));
  const root = h(
    'section',
    { class: `split alarms-view${selectedId !== null ? ' has-detail' : ''}` },
    h('div', { class: 'pane list-pane' }, h('h1', {}, 'Alarms ', count), h('div', { class: 'field alarms-filter' }, h('label', { for: 'alarms-filter', text: 'Show' }), select), empty, list),
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

  const kind = h('input', { id: 'f-kind', list: 'f-kinds', value: filters.kind, autocomplete: 'off', spellcheck: 'false', placeholder: 'any' });
  const kinds = h('datalist', { id: 'f-kinds' }, KNOWN_KINDS.map((k) => h('option', { value: k })));
  const severity = h('select', { id: 'f-severity' }, h('option', { value: '', text: 'any' }), SEVERITIES.map((s) => h('option', { value: s, text: s })));
  severity.value = filters.severity;
  const gate = h('select', { id: 'f-gate' });
  const fillGates = () => {
    const chosen = gate.value || filters.gate_id;
    gate.replaceChildren(h('option', { value: '', text: 'any' }), ...[...gates.values()].map((g) => h('option', { value: g.id, text: `${g.label}${g.revoked_at ? ' (revoked)' : ''}` })));
    if (chosen && !gates.has(chosen)) gate.append(h('option', { value: chosen, text: gateName(chosen) }));
    gate.value = chosen;
  };
  fillGates();
  const pass = h('input', { id: 'f-pass', value: filters.pass_id, autocomplete: 'off', spellcheck: 'false', placeholder: 'a pass id', list: 'f-passes' });
  const passList = h('datalist', { id: 'f-passes' }, [...passLabels].map(([id, label]) => h('option', { value: id, text: label })));
  const since = h('input', { id: 'f-since', type: 'datetime-local', step: '1', value: isoToLocal(filters.since) });
  const until = h('input', { id: 'f-until', type: 'datetime-local', step: '1', value: isoToLocal(filters.until) });

  const form = h(
    'form',
    { class: 'filters', novalidate: true, 'aria-label': 'Filters' },
    field('f-kind', 'Kind', kind), kinds,
    field('f-severity', 'Severity', severity),
    field('f-gate', 'Gate', gate),
    field('f-pass', 'Pass', pass), passList,
    field('f-since', 'Since', since),
    field('f-until', 'Until', until),
    h('div', { class: 'filter-actions' }, h('button', { type: 'submit', class: 'primary', text: 'Apply filters' }), h('button', { type: 'button', class: 'secondary', text: 'Clear', onclick: () => (location.hash = '#events') })),
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

  const csv = h('a', { class: 'button secondary', href: exportUrl(filters, 'csv'), download: 'tessera-audit.csv', text: 'Export CSV' });
  const jsonl = h('a', { class: 'button secondary', href: exportUrl(filters, 'jsonl'), download: 'tessera-audit.jsonl', text: 'Export JSONL' });
  const summary = h('p', { class: 'muted', role: 'status', text: 'Loading…' });
  const tbody = h('tbody');
  const table = h(
    'table',
    { class: 'events', 'aria-label': 'Events' },
    h('thead', {}, h('tr', {}, ['Time', 'Severity', 'Event', 'Gate', 'Pass'].map((t) => h('th', { scope: 'col', text: t })))),
    tbody,
  );
  const more = h('button', { type: 'button', class: 'secondary', text: 'Load more', hidden: true });
  let cursor = null;
  let shown = 0;

  const row = (ev) =>
    h(
      'tr',
      {},
      h('td', { class: 'nowrap', text: clock(ev.at) }),
      h('td', {}, sevBadge(ev.severity)),
      h('td', { text: describe(ev, keyLabels), title: ev.actor ? `${ev.actor.name}: ${ev.actor.subject} at ${ev.actor.issuer}` : null }),
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
      return setError(slot, problem(res, 'read the event log'));
    }
    setError(slot, null);
    for (const ev of res.body.events) {
      const known = log.byId.get(ev.id);
      tbody.append(row(known || ev));
    }
    shown += res.body.events.length;
    cursor = res.body.next_cursor || null;
    more.hidden = !cursor;
    summary.textContent = `${shown} event${shown === 1 ? '' : 's'}${cursor ? ' so far (oldest first; more below)' : ', oldest first'}. The export has exactly these filters.`;
  }
  more.addEventListener('click', () => load(false));
  load(true);

  const active = Object.entries(filters).filter(([, v]) => v);
  const root = h(
    'section',
    { class: 'events-view' },
    h('h1', { text: 'Events' }),
    form,
    slot,
    h(
      'div',
      { class: 'events-head' },
      h('p', { class: 'active-filters' }, active.length ? `Filtered by ${active.map(([k, v]) => `${k} = ${k === 'gate_id' ? gateName(v) : k === 'pass_id' ? passName(v) : v}`).join(', ')}` : 'All events'),
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
  return h('span', { class: `pill ${g.online ? 'online' : 'offline'}`, text: g.online ? 'ONLINE' : 'OFFLINE' });
}

function lastSeen(g) {
  if (g.online) return 'connected now';
  if (!g.last_seen) return 'never connected';
  return `last seen ${ago(Date.now(), Date.parse(g.last_seen))} (${clock(g.last_seen)})`;
}

function gatesView() {
  const list = h('ul', { class: 'gate-list', 'aria-label': 'Gates' });
  const status = h('p', { class: 'muted', role: 'status', text: 'Loading gates…' });
  const update = () => {
    const all = [...gates.values()];
    status.textContent = `${all.length} gate${all.length === 1 ? '' : 's'}; ${all.filter((g) => g.online).length} online.`;
    list.replaceChildren(
      ...all.map((g) =>
        h(
          'li',
          { class: `gate-item${g.revoked_at ? ' revoked' : ''}` },
          h('a', { href: `#gate/${g.id}`, class: 'gate-link' }, h('span', { class: 'gate-name', text: g.label }), presencePill(g), h('span', { class: 'muted gate-seen', text: g.revoked_at ? `revoked ${clock(g.revoked_at)}` : lastSeen(g) })),
        ),
      ),
    );
  };
  const root = h(
    'section',
    { class: 'gates-view' },
    h('div', { class: 'view-head' }, h('h1', { text: 'Gates' }), isAdmin() ? h('a', { class: 'button secondary', href: '#admin', text: 'Create a gate' }) : null),
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
  svg.setAttribute('aria-label', `Scans per minute over the last ${minutes} minutes: ${total} in all, at most ${max === 1 && total === 0 ? 0 : max} in one minute`);
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
  const statsBox = h('div', { class: 'gate-stats' }, h('p', { class: 'muted', text: 'Loading the last hour…' }));
  const recent = h('ol', { class: 'timeline', 'aria-label': 'Recent events at this gate' });
  const adminBox = h('div', { class: 'admin-actions' });
  let gate = gates.get(id) || null;

  const renderHead = () => {
    gate = gates.get(id) || gate;
    if (!gate) {
      head.replaceChildren(h('h1', { text: 'Gate' }));
      return;
    }
    head.replaceChildren(
      h('h1', {}, gate.label, ' ', presencePill(gate)),
      h('p', { class: 'gate-presence' }, gate.online ? `Connected now${gate.sockets > 1 ? ` (${gate.sockets} sockets)` : ''}.` : 'Not connected.', ' ', gate.online ? '' : lastSeen(gate).replace(/^./, (c) => c.toUpperCase()) + '.'),
      gate.revoked_at ? h('p', { class: 'muted', text: `Revoked ${clock(gate.revoked_at)}.` }) : '',
    );
  };

  const renderStats = (stats) => {
    const denials = Object.entries(stats.denials_by_reason || {}).sort((a, b) => b[1] - a[1]);
    const scans = (stats.scans_per_minute || []).reduce((a, m) => a + m.scans, 0);
    const latest = (stats.scans_per_minute || []).slice(-1)[0];
    statsBox.replaceChildren(
      h('h2', { text: `Last ${stats.window_minutes || 60} minutes` }),
      h(
        'div',
        { class: 'tiles' },
        tile('Scans', scans),
        tile('Per minute now', latest && Date.now() - Date.parse(latest.minute) < 120_000 ? latest.scans : 0),
        tile('Admissions', stats.admissions ?? 0),
        tile('Denials', denials.reduce((a, [, n]) => a + n, 0)),
        tile('Errors', stats.errors ?? 0),
      ),
      h('h3', { text: 'Scans per minute' }),
      scansChart(stats),
      h('p', { class: 'chart-axis muted', 'aria-hidden': 'true' }, h('span', { text: `${stats.window_minutes || 60} min ago` }), h('span', { text: 'now' })),
      h('h3', { text: 'Denials by reason' }),
      denials.length
        ? h('table', { class: 'denials' }, h('tbody', {}, denials.map(([reason, n]) => h('tr', {}, h('td', {}, h('code', { text: reason })), h('td', { class: 'muted', text: reasonWords(reason) }), h('td', { class: 'num', text: String(n) })))))
        : h('p', { class: 'muted', text: 'No denials.' }),
    );
  };

  const load = async () => {
    const res = await api('GET', `/v1/gates/${id}`);
    if (!ui) return;
    if (!res.ok || !res.body) return setError(slot, problem(res, 'read the gate'));
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
      h('h2', { text: 'Manage this gate' }),
      h('div', { class: 'actions' }, h('button', { type: 'button', class: 'primary', onclick: () => pairGate(id, pairBox, slot), text: 'Make a pairing link' }), confirmButton('Revoke gate', 'Yes, revoke this gate', () => revokeGate(id, slot, load))),
      pairBox,
    );
  };

  renderHead();
  renderAdmin();
  load();
  const t = setInterval(load, GATE_STATS_REFRESH_MS);
  let statsQueued = null;
  const root = h(
    'section',
    { class: 'gate-view' },
    h('p', { class: 'crumbs' }, h('a', { href: '#gates', text: '← Gates' })),
    head,
    slot,
    h(
      'div',
      { class: 'gate-grid' },
      h('div', { class: 'card panel' }, statsBox),
      h('div', { class: 'card panel' }, h('h2', { text: 'Recent events' }), h('p', {}, h('a', { href: `#events?${filterQuery({ gate_id: id })}`, text: 'All events of this gate' })), recent),
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
      clearInterval(t);
      clearTimeout(statsQueued);
    },
  };
}

function tile(label, value) {
  return h('div', { class: 'tile' }, h('span', { class: 'tile-value', text: String(value) }), h('span', { class: 'tile-label', text: label }));
}

/** A button that asks once more before `action` runs. */
function confirmButton(label, confirmLabel, action) {
  const wrap = h('span', { class: 'confirm' });
  const first = h('button', { type: 'button', class: 'danger', text: label });
  first.addEventListener('click', () => {
    const yes = h('button', { type: 'button', class: 'danger strong', text: confirmLabel });
    const no = h('button', { type: 'button', class: 'secondary', text: 'Cancel' });
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
  if (!res.ok || !res.body || !res.body.pairing_url) return setError(slot, problem(res, 'make a pairing link'));
  setError(slot, null);
  box.replaceChildren(
    h(
      'div',
      { class: 'card qr-card' },
      qrSvg(res.body.pairing_url, 'Pairing link QR code'),
      h(
        'div',
        {},
        h('h3', { text: 'Open this on the gate’s tablet' }),
        h('p', { text: 'Scan the code with the tablet’s camera (or send it the link). It works once, until ' + clock(res.body.expires_at) + '. Pairing moves the gate to that device and cuts any other device off.' }),
        copyField('Pairing link', res.body.pairing_url),
      ),
    ),
  );
}

async function revokeGate(id, slot, reload) {
  const res = await api('POST', `/v1/gates/${id}/revoke`);
  if (!res.ok) return setError(slot, problem(res, 'revoke the gate'));
  setError(slot, null);
  await refreshGates();
  await reload();
}

let copyFieldCount = 0;
function copyField(label, value) {
  const id = `copy-${++copyFieldCount}`;
  const input = h('input', { id, readonly: true, value, class: 'copy-input', spellcheck: 'false' });
  const note = h('span', { class: 'muted', role: 'status' });
  const copy = h('button', {
    type: 'button',
    class: 'secondary small',
    text: 'Copy',
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(value);
        note.textContent = 'Copied.';
      } catch {
        input.select();
        note.textContent = 'Selected: press Ctrl+C to copy.';
      }
    },
  });
  return h('div', { class: 'field copy-field' }, h('label', { for: id, text: label }), h('div', { class: 'copy-row' }, input, copy), note);
}

// ---------------------------------------------------------------- passes

function passesView() {
  const tbody = h('tbody');
  const slot = h('div', { class: 'error-slot' });
  const more = h('button', { type: 'button', class: 'secondary', text: 'Load more', hidden: true });
  const status = h('p', { class: 'muted', role: 'status', text: 'Loading passes…' });
  let cursor = null;
  let count = 0;
  const load = async () => {
    more.disabled = true;
    const res = await api('GET', `/v1/passes?${new URLSearchParams(cursor ? { limit: '50', cursor } : { limit: '50' })}`);
    more.disabled = false;
    if (!res.ok || !res.body || !Array.isArray(res.body.passes)) {
      status.textContent = '';
      return setError(slot, problem(res, 'list the passes'));
    }
    for (const p of res.body.passes) {
      passLabels.set(p.pass_id, p.label);
      count++;
      tbody.append(
        h(
          'tr',
          {},
          h('td', {}, h('a', { href: `#pass/${p.pass_id}`, text: p.label })),
          h('td', {}, h('span', { class: `state state-${p.state}`, text: p.state })),
          h('td', { class: 'num', text: `${p.uses}/${p.max_uses}` }),
          h('td', { text: p.site || '—' }),
          h('td', { class: 'nowrap', text: clock(p.valid_until) }),
        ),
      );
    }
    cursor = res.body.next_cursor || null;
    more.hidden = !cursor;
    status.textContent = `${count} pass${count === 1 ? '' : 'es'}, newest first.`;
  };
  more.addEventListener('click', load);
  load();
  const idInput = h('input', { id: 'open-pass', autocomplete: 'off', spellcheck: 'false', placeholder: '0190…' });
  const openForm = h('form', { class: 'inline-form', novalidate: true }, h('div', { class: 'field' }, h('label', { for: 'open-pass', text: 'Open a pass by id' }), h('div', { class: 'copy-row' }, idInput, h('button', { type: 'submit', class: 'secondary small', text: 'Open' }))));
  openForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const v = idInput.value.trim();
    if (!isUuid(v)) return setError(slot, 'A pass id looks like 0190c3e1-7b2a-7c3d-8e4f-0123456789ab.');
    location.hash = `#pass/${v.toLowerCase()}`;
  });
  const root = h(
    'section',
    { class: 'passes-view' },
    h('div', { class: 'view-head' }, h('h1', { text: 'Passes' }), isAdmin() ? h('a', { class: 'button secondary', href: '#admin', text: 'Issue a pass' }) : null),
    openForm,
    slot,
    status,
    h('div', { class: 'table-wrap' }, h('table', { class: 'events', 'aria-label': 'Passes' }, h('thead', {}, h('tr', {}, ['Pass', 'State', 'Uses', 'Site', 'Valid until'].map((t) => h('th', { scope: 'col', text: t })))), tbody)),
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
    if (!res.ok || !res.body) return setError(slot, problem(res, 'read the pass'));
    setError(slot, null);
    const p = res.body;
    passLabels.set(id, p.label);
    head.replaceChildren(h('h1', {}, p.label, ' ', h('span', { class: `state state-${p.state}`, text: p.state })));
    facts.replaceChildren(
      h(
        'dl',
        { class: 'facts' },
        h('dt', { text: 'Uses' }), h('dd', { text: `${p.uses} of ${p.max_uses}` }),
        h('dt', { text: 'Site' }), h('dd', { text: p.site || 'any gate' }),
        h('dt', { text: 'Valid' }), h('dd', { text: `${clock(p.valid_from)} – ${clock(p.valid_until)}` }),
        h('dt', { text: 'Issued' }), h('dd', { text: clock(p.created_at) }),
        h('dt', { text: 'In a wallet' }), h('dd', { text: p.claimed_at ? `since ${clock(p.claimed_at)}` : 'not yet' }),
        h('dt', { text: 'Id' }), h('dd', {}, h('code', { text: p.pass_id })),
      ),
    );
    const list = Array.isArray(p.admissions) ? p.admissions : [];
    admissions.replaceChildren(
      h('h2', { text: `Admissions (${list.length})` }),
      list.length
        ? h('ol', { class: 'admissions' }, list.map((a) => h('li', {}, h('span', { class: 'tl-time', text: clock(a.at) }), ' at ', h('a', { href: `#gate/${a.gate_id}`, text: gateName(a.gate_id) }))))
        : h('p', { class: 'muted', text: 'Not admitted yet.' }),
    );
    adminBox.replaceChildren(
      isAdmin() && p.state !== 'revoked'
        ? h('div', { class: 'actions' }, confirmButton('Revoke pass', 'Yes, revoke this pass', async () => {
            const r = await api('POST', `/v1/passes/${id}/revoke`);
            if (!r.ok) return setError(slot, problem(r, 'revoke the pass'));
            await load();
          }))
        : '',
    );
  };
  load();
  const root = h(
    'section',
    { class: 'pass-view' },
    h('p', { class: 'crumbs' }, h('a', { href: '#passes', text: '← Passes' })),
    head,
    slot,
    h(
      'div',
      { class: 'gate-grid' },
      h('div', { class: 'card panel' }, facts, admissions, adminBox),
      h('div', { class: 'card panel' }, h('h2', { text: 'Every attempt' }), h('p', {}, h('a', { href: `#events?${filterQuery({ pass_id: id })}`, text: 'In the event log (filters, export)' })), tl.root),
    ),
  );
  return { root, onEvent: tl.onEvent, onGates: () => {} };
}

// ---------------------------------------------------------------- admin: issue passes, create gates

// ---------------------------------------------------------------- webhooks (issue 17)

/** The webhooks and the events they could not deliver; an admin replays a dead letter. */
function webhooksView() {
  const slot = h('div', { class: 'error-slot' });
  const hooks = h('ul', { class: 'webhook-list', 'aria-label': 'Webhooks' });
  const hookStatus = h('p', { class: 'muted', role: 'status', text: 'Loading webhooks…' });
  const tbody = h('tbody');
  const status = h('p', { class: 'muted', role: 'status', text: 'Loading dead letters…' });
  let disabled = new Set();
  const replayOne = async (letter, cell) => {
    const res = await api('POST', `/v1/webhooks/dead-letters/${encodeURIComponent(letter.delivery_id)}/replay`);
    if (!res.ok) return setError(slot, problem(res, 'replay the event'));
    setError(slot, null);
    cell.replaceChildren(
      h('span', {
        role: 'status',
        text: disabled.has(letter.webhook_id) ? 'Queued again; its webhook is disabled, so it will come back here.' : 'Queued again.',
      }),
    );
  };
  const load = async () => {
    const [list, dead] = await Promise.all([api('GET', '/v1/webhooks'), api('GET', '/v1/webhooks/dead-letters')]);
    if (!list.ok || !list.body || !Array.isArray(list.body.webhooks)) {
      hookStatus.textContent = '';
      setError(slot, problem(list, 'list the webhooks'));
    } else {
      const all = list.body.webhooks;
      disabled = new Set(all.filter((w) => w.disabled_at).map((w) => w.webhook_id));
      hookStatus.textContent = `${all.length} webhook${all.length === 1 ? '' : 's'}; ${disabled.size} disabled.`;
      hooks.replaceChildren(
        ...all.map((w) =>
          h(
            'li',
            { class: `webhook-item${w.disabled_at ? ' disabled' : ''}` },
            h('span', { class: 'webhook-url', text: w.url }),
            h('span', { class: 'muted', text: (w.events || []).join(', ') }),
            w.disabled_at
              ? h('span', { class: 'state state-revoked', text: `disabled ${clock(w.disabled_at)}${w.disabled_reason ? `: ${w.disabled_reason}` : ''}` })
              : h('span', { class: 'state state-claimed', text: 'enabled' }),
          ),
        ),
      );
    }
    if (!dead.ok || !dead.body || !Array.isArray(dead.body.dead_letters)) {
      status.textContent = '';
      return setError(slot, problem(dead, 'list the dead letters'));
    }
    const letters = dead.body.dead_letters;
    status.textContent = letters.length ? `${letters.length} event${letters.length === 1 ? '' : 's'} not delivered, newest first.` : 'No dead letters: every event was delivered or is still being retried.';
    tbody.replaceChildren(
      ...letters.map((d) => {
        const action = h('td', { class: 'nowrap' });
        if (isAdmin()) action.append(h('button', { type: 'button', class: 'secondary small', text: 'Replay', 'aria-label': `Replay ${d.event_id}`, onclick: () => replayOne(d, action) }));
        return h(
          'tr',
          {},
          h('td', { class: 'nowrap', text: d.event_id }),
          h('td', { text: d.event_type }),
          h('td', {}, d.pass_id ? h('a', { href: `#pass/${d.pass_id}`, text: passName(d.pass_id) }) : '—'),
          h('td', { class: 'num', text: String(d.attempts) }),
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
    h('div', { class: 'view-head' }, h('h1', { text: 'Webhooks' }), h('button', { type: 'button', class: 'secondary', text: 'Refresh', onclick: load })),
    slot,
    hookStatus,
    hooks,
    h('h2', { text: 'Dead letters' }),
    h('p', { class: 'muted', text: 'Events that ran out of retries or whose webhook was disabled (a receiver answered 410). Replay queues one again, due now, with a fresh three days of retries.' }),
    status,
    h('div', { class: 'table-wrap' }, h('table', { class: 'events', 'aria-label': 'Dead letters' }, h('thead', {}, h('tr', {}, ['Event', 'Type', 'Pass', 'Attempts', 'Last error', 'Queued', ''].map((t) => h('th', { scope: 'col', text: t })))), tbody)),
  );
  return { root };
}

const MESSAGE_KINDS = { invitation: 'Claim link', approval_request: 'Walk-in (mail)', approval_push: 'Walk-in (push)' };
const MESSAGE_FILTERS = [
  ['attention', 'Needs attention (bounced, given up, too late)'],
  ['pending', 'Waiting to be sent'],
  ['sent', 'Sent'],
  ['all', 'All'],
];

/** Mail and push messages (GET /v1/messages): bounces and dead letters first; an admin sends a claim link again. */
function messagesView() {
  const slot = h('div', { class: 'error-slot' });
  const status = h('p', { class: 'muted', role: 'status', text: 'Loading messages…' });
  const filter = h('select', { id: 'messages-filter' }, ...MESSAGE_FILTERS.map(([value, label]) => h('option', { value, text: label })));
  const tbody = h('tbody');
  const resend = (m, cell) => {
    const email = h('input', { type: 'email', value: m.kind === 'invitation' ? m.to : '', 'aria-label': `New address for ${m.to}`, autocomplete: 'off', class: 'small-input' });
    const send = h('button', { type: 'submit', class: 'secondary small', text: 'Send' });
    const form = h('form', { class: 'inline-form', novalidate: true }, email, send);
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      send.disabled = true;
      const res = await api('POST', `/v1/passes/${encodeURIComponent(m.pass_id)}/invitation`, { email: email.value.trim() });
      send.disabled = false;
      if (!res.ok) return setError(slot, problem(res, 'send the link again'));
      setError(slot, null);
      cell.replaceChildren(h('span', { role: 'status', text: `Sent again to ${res.body.to}; the earlier link no longer works.` }));
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
      return setError(slot, problem(res, 'list the messages'));
    }
    setError(slot, null);
    const shown = res.body.messages.filter((m) => wanted !== 'attention' || ['bounced', 'dead', 'expired'].includes(m.state));
    status.textContent = shown.length
      ? `${shown.length} message${shown.length === 1 ? '' : 's'}, newest first.`
      : wanted === 'attention' ? 'Nothing needs attention: every message was sent or is being retried.' : 'No messages.';
    tbody.replaceChildren(
      ...shown.map((m) => {
        const action = h('td', { class: 'nowrap' });
        if (isAdmin() && m.kind === 'invitation' && m.pass_id && m.state !== 'sent') {
          action.append(h('button', { type: 'button', class: 'secondary small', text: 'Send again', 'aria-label': `Send again: the claim link for ${m.to}`, onclick: () => resend(m, action) }));
        }
        return h(
          'tr',
          {},
          h('td', { text: m.to }),
          h('td', { text: MESSAGE_KINDS[m.kind] || m.kind }),
          h('td', {}, h('span', { class: `state msg-${m.state}`, text: m.state })),
          h('td', { 'data-label': 'Pass' }, m.pass_id ? h('a', { href: `#pass/${m.pass_id}`, text: passName(m.pass_id) }) : '—'),
          h('td', { class: 'num', 'data-label': 'Attempts', text: String(m.attempts) }),
          h('td', { 'data-label': 'Last error', text: m.last_error || '—' }),
          h('td', { class: 'nowrap', 'data-label': 'Queued', text: clock(m.created_at) }),
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
    h('div', { class: 'view-head' }, h('h1', { text: 'Mail' }), h('button', { type: 'button', class: 'secondary', text: 'Refresh', onclick: load })),
    h('p', { class: 'muted', text: 'Claim links mailed to visitors and walk-ins sent to hosts by mail and push. A bounced address was refused by the receiving side; a message given up ran out of retries; one too late was not sent because its pass or walk-in had ended.' }),
    h('div', { class: 'field' }, h('label', { for: 'messages-filter', text: 'Show' }), filter),
    slot,
    status,
    h('div', { class: 'table-wrap' }, h('table', { class: 'events', 'aria-label': 'Messages' }, h('thead', {}, h('tr', {}, ['To', 'What', 'State', 'Pass', 'Attempts', 'Last error', 'Queued', ''].map((t) => h('th', { scope: 'col', text: t })))), tbody)),
  );
  return { root };
}

const WATCH_MODES = [
  ['flag', 'Flag: let them in and raise an alarm'],
  ['block', 'Block: refuse their passes, hold them at gates'],
];

/** Who an entry names, in words: "Mallory Smith · mallory@example.com · EMP-7". */
function watchWho(entry) {
  return [entry.name, entry.email, entry.external_ref].filter(Boolean).join(' \u00b7 ');
}

/**
 * The watchlist (GET/POST /v1/watchlist, DELETE /v1/watchlist/{id}; security and admins):
 * who is flagged or kept out, why, by whom, until when. The matching rules are in
 * docs/protocol.md ("The security team's additions").
 */
function watchlistView() {
  const slot = h('div', { class: 'error-slot' });
  const status = h('p', { class: 'muted', role: 'status', text: 'Loading the watchlist\u2026' });
  const tbody = h('tbody');
  const field = (id, label, control, help) =>
    h('div', { class: 'field' }, h('label', { for: id, text: label }), control, help ? h('p', { class: 'muted', id: `${id}-help`, text: help }) : null);
  const input = (id, extra = {}) => h('input', { id, autocomplete: 'off', ...extra });
  const name = input('w-name');
  const email = input('w-email', { type: 'email', spellcheck: 'false', autocapitalize: 'none', 'aria-describedby': 'w-email-help' });
  const reference = input('w-ref', { spellcheck: 'false', autocapitalize: 'none' });
  const reason = input('w-reason', { required: true, maxlength: '1000' });
  const mode = h('select', { id: 'w-mode' }, ...WATCH_MODES.map(([value, label]) => h('option', { value, text: label })));
  const expires = input('w-expires', { type: 'date', 'aria-describedby': 'w-expires-help' });
  const add = h('button', { type: 'submit', text: 'Add to watchlist' });
  const form = h(
    'form',
    { class: 'admin-form', novalidate: true, 'aria-label': 'Add to the watchlist' },
    h('div', { class: 'two' }, field('w-name', 'Name', name), field('w-email', 'Email', email, 'Matches exactly, in any case, with or without a +tag.')),
    h('div', { class: 'two' }, field('w-ref', 'External reference', reference), field('w-expires', 'Expires', expires, 'Empty: never.')),
    field('w-reason', 'Reason', reason),
    field('w-mode', 'Mode', mode),
    add,
  );
  const load = async () => {
    const res = await api('GET', '/v1/watchlist');
    if (!res.ok || !res.body || !Array.isArray(res.body.entries)) {
      status.textContent = '';
      return setError(slot, problem(res, 'read the watchlist'));
    }
    const entries = res.body.entries;
    status.textContent = entries.length ? `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}.` : 'Nobody is on the watchlist.';
    tbody.replaceChildren(
      ...entries.map((entry) => {
        const who = watchWho(entry);
        const remove = h('button', {
          type: 'button',
          class: 'secondary small',
          text: 'Remove',
          'aria-label': `Remove ${who} from the watchlist`,
          onclick: async () => {
            remove.disabled = true;
            const gone = await api('DELETE', `/v1/watchlist/${encodeURIComponent(entry.id)}`);
            if (!gone.ok && gone.status !== 404) {
              remove.disabled = false;
              return setError(slot, problem(gone, 'remove the entry'));
            }
            setError(slot, null);
            load();
          },
        });
        return h(
          'tr',
          { class: entry.active ? '' : 'muted' },
          h('td', { 'data-label': 'Person', text: who }),
          h('td', { 'data-label': 'Mode' }, h('span', { class: `state watch-${entry.mode}`, text: entry.mode === 'block' ? 'Block' : 'Flag' })),
          h('td', { 'data-label': 'Reason', text: entry.reason }),
          h('td', { 'data-label': 'Added by', text: `${entry.added_by}, ${clock(entry.created_at)}` }),
          h('td', { 'data-label': 'Expires', text: entry.expires_at ? `${entry.expires_at.slice(0, 10)}${entry.active ? '' : ' (expired)'}` : 'Never' }),
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
    if (!body.name && !body.email && !body.external_ref) return setError(slot, 'Give a name, an email or an external reference.');
    if (!body.reason) return setError(slot, 'Say why they are on the watchlist.');
    add.disabled = true;
    const res = await api('POST', '/v1/watchlist', body);
    add.disabled = false;
    if (!res.ok) return setError(slot, problem(res, 'add to the watchlist'));
    setError(slot, null);
    form.reset();
    load();
  });
  load();
  const root = h(
    'section',
    { class: 'watchlist-view' },
    h('div', { class: 'view-head' }, h('h1', { text: 'Watchlist' }), h('button', { type: 'button', class: 'secondary', text: 'Refresh', onclick: load })),
    h('p', { class: 'muted', text: 'People to flag or keep out. An email address or external reference matches exactly; a name alone is only a possible match and never refuses anyone. Gates say only \u201cplease wait: staff are on their way\u201d; visitors and issuers are never told why.' }),
    form,
    slot,
    status,
    h('div', { class: 'table-wrap' }, h('table', { class: 'events', 'aria-label': 'Watchlist' }, h('thead', {}, h('tr', {}, ['Person', 'Mode', 'Reason', 'Added by', 'Expires', ''].map((t) => h('th', { scope: 'col', text: t })))), tbody)),
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
  const status = h('p', { class: 'muted', role: 'status', text: 'Loading roll calls\u2026' });
  const tbody = h('tbody');
  const scope = h('select', { id: 'rc-scope' }, h('option', { value: '', text: 'Everyone, all sites' }));
  const start = h('button', { type: 'submit', class: 'danger', text: 'Start roll call' });
  const form = h(
    'form',
    { class: 'admin-form', novalidate: true, 'aria-label': 'Start a roll call' },
    h('div', { class: 'field' }, h('label', { for: 'rc-scope', text: 'Who' }), scope, h('p', { class: 'muted', text: 'The list is everyone inside now: in the zones, and let in today at gates without a zone.' })),
    start,
  );
  const fillScopes = async () => {
    const sites = [...new Set([...gates.values()].map((g) => g.site).filter(Boolean))].sort();
    const zones = await api('GET', '/v1/zones');
    const options = [h('option', { value: '', text: 'Everyone, all sites' })];
    for (const site of sites) options.push(h('option', { value: `site:${site}`, text: `Site ${site}` }));
    if (zones.ok && zones.body && Array.isArray(zones.body.zones)) for (const z of zones.body.zones) options.push(h('option', { value: `zone:${z.id}`, text: `Zone ${z.name}` }));
    const chosen = scope.value;
    scope.replaceChildren(...options);
    scope.value = chosen;
  };
  const load = async () => {
    const res = await api('GET', '/v1/roll-calls');
    if (!res.ok || !res.body || !Array.isArray(res.body.roll_calls)) {
      status.textContent = '';
      return setError(slot, problem(res, 'read the roll calls'));
    }
    const list = res.body.roll_calls;
    status.textContent = list.length ? `${list.length} roll call${list.length === 1 ? '' : 's'}.` : 'No roll call yet.';
    tbody.replaceChildren(
      ...list.map((rc) =>
        h(
          'tr',
          { class: rc.active ? 'rc-active' : '' },
          h('td', { 'data-label': 'Started', text: `${clock(rc.started_at)} by ${rc.started_by}` }),
          h('td', { 'data-label': 'Who' }, h('a', { href: `#rollcall/${rc.id}`, text: rc.scope })),
          h('td', { 'data-label': 'Safe', text: `${rc.counts.safe} of ${rc.counts.inside}` }),
          h('td', { 'data-label': 'State' }, h('span', { class: `state ${rc.active ? 'rc-open' : 'rc-ended'}`, text: rc.active ? 'In progress' : 'Ended' })),
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
    if (!res.ok || !res.body || !res.body.id) return setError(slot, problem(res, 'start the roll call'));
    setError(slot, null);
    location.hash = `#rollcall/${res.body.id}`;
  });
  fillScopes();
  load();
  const root = h(
    'section',
    { class: 'rollcalls-view' },
    h('div', { class: 'view-head' }, h('h1', { text: 'Roll call' }), h('button', { type: 'button', class: 'secondary', text: 'Refresh', onclick: load })),
    h('p', { class: 'muted', text: 'When the building is evacuated: marshals at the assembly points scan visitors\u2019 passes with a paired gate (\u201cRoll call\u201d on the gate), or tick names by hand. Everyone still unaccounted is listed first.' }),
    form,
    slot,
    status,
    h('div', { class: 'table-wrap' }, h('table', { class: 'events', 'aria-label': 'Roll calls' }, h('thead', {}, h('tr', {}, ['Started', 'Who', 'Safe', 'State'].map((t) => h('th', { scope: 'col', text: t })))), tbody)),
  );
  return { root, onEvent: (ev) => ev.kind && ev.kind.startsWith('roll_call_') && load(), onGates: fillScopes };
}

const RC_FILTERS = [
  ['all', 'Everyone'],
  ['unaccounted', 'Unaccounted'],
  ['safe', 'Safe'],
];

/**
 * One roll call, live: inside, safe, unaccounted, and who marked whom where and how. Read
 * again on each of its events in the feed (any replica) and every few seconds; prints on
 * one column of A4 or Letter; downloads as CSV; ended with its report to the audit log.
 */
function rollCallView(id, query) {
  const slot = h('div', { class: 'error-slot' });
  const title = h('h1', { text: 'Roll call' });
  const meta = h('p', { class: 'rc-meta' });
  const counts = h('div', { class: 'tiles rc-counts', id: 'rc-counts', role: 'status', 'aria-live': 'polite' });
  const tbody = h('tbody');
  const filter = h('select', { id: 'rc-filter' }, ...RC_FILTERS.map(([value, label]) => h('option', { value, text: label })));
  filter.value = RC_FILTERS.some(([v]) => v === query.get('show')) ? query.get('show') : 'all';
  const actions = h('div', { class: 'rc-actions' });
  const printed = h('p', { class: 'print-only rc-printed' });
  let current = null;
  let loading = false;
  let again = false;
  const csv = h('button', {
    type: 'button',
    class: 'secondary',
    text: 'Download CSV',
    onclick: async () => {
      try {
        const res = await fetch(`/v1/roll-calls/${encodeURIComponent(id)}/csv`, { credentials: 'same-origin', cache: 'no-store', referrerPolicy: 'no-referrer' });
        if (!res.ok) return setError(slot, `Could not export the list (${res.status}).`);
        const url = URL.createObjectURL(await res.blob());
        const a = h('a', { href: url, download: `roll-call-${id}.csv` });
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      } catch {
        setError(slot, 'Could not reach the server to export the list.');
      }
    },
  });
  const print = h('button', { type: 'button', class: 'secondary', text: 'Print', onclick: () => window.print() });
  const markSafe = async (person, button) => {
    button.disabled = true;
    const res = await api('POST', `/v1/roll-calls/${encodeURIComponent(id)}/marks`, { mark_id: crypto.randomUUID(), ...personRef(person) });
    if (!res.ok) {
      button.disabled = false;
      return setError(slot, problem(res, `mark ${person.label} safe`));
    }
    setError(slot, null);
    load();
  };
  const render = () => {
    const rc = current;
    if (!rc) return;
    title.textContent = `Roll call: ${rc.scope}`;
    meta.textContent = `Started ${clock(rc.started_at)} by ${rc.started_by} \u00b7 ${rc.active ? 'In progress' : `Ended ${clock(rc.ended_at)} by ${rc.ended_by}`}`;
    counts.replaceChildren(tile('Inside', rc.counts.inside), tile('Safe', rc.counts.safe), tile('Unaccounted', rc.counts.unaccounted));
    printed.textContent = `Printed ${new Date().toLocaleString()} \u00b7 ${rc.counts.unaccounted} unaccounted of ${rc.counts.inside}`;
    actions.replaceChildren(
      ...[print, csv].concat(
        rc.active
          ? [confirmButton('End roll call', 'Yes, end it and file the report', async () => {
            const res = await api('POST', `/v1/roll-calls/${encodeURIComponent(id)}/end`);
            if (!res.ok && res.status !== 409) return setError(slot, problem(res, 'end the roll call'));
            setError(slot, null);
            await load();
          })]
          : [],
      ),
    );
    const show = filter.value;
    const people = [...rc.people].sort((a, b) => Number(a.safe) - Number(b.safe) || a.label.localeCompare(b.label));
    const shown = people.filter((p) => show === 'all' || (show === 'safe') === p.safe);
    tbody.replaceChildren(
      ...shown.map((p) => {
        const button = rc.active && !p.safe ? h('button', { type: 'button', class: 'secondary small', text: 'Mark safe', 'aria-label': `Mark safe: ${p.label}` }) : null;
        if (button) button.addEventListener('click', () => markSafe(p, button));
        const row = h(
          'tr',
          { class: p.safe ? 'rc-safe' : 'rc-missing' },
          h('td', { 'data-label': 'Name' }, p.label, p.walk_in_id ? h('span', { class: 'muted', text: ' (walk-in)' }) : null),
          h('td', { 'data-label': 'Status' }, h('span', { class: `state ${p.safe ? 'rc-safe-state' : 'rc-missing-state'}`, text: p.safe ? 'Safe' : 'Unaccounted' })),
          h('td', { 'data-label': 'Last seen', text: p.last_seen }),
          h('td', { 'data-label': 'Marked by', text: p.safe ? `${p.marked_by || ''}${p.how === 'manual' ? ' (by hand)' : ' (scan)'}` : '' }),
          h('td', { 'data-label': 'Where', text: p.marked_where || '' }),
          h('td', { 'data-label': 'When', class: 'nowrap', text: p.marked_at ? clock(p.marked_at) : '' }),
          h('td', { class: 'nowrap no-print' }, button),
        );
        row.dataset.person = personKey(p);
        if (p.pass_id) row.dataset.passId = p.pass_id;
        row.dataset.state = p.safe ? 'safe' : 'unaccounted';
        return row;
      }),
      ...(shown.length ? [] : [h('tr', {}, h('td', { colspan: '7', class: 'muted', text: rc.people.length ? 'Nobody in this view.' : 'Nobody was recorded inside when the roll call started.' }))]),
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
      if (res.status === 404) return setError(slot, 'No such roll call.');
      if (!res.ok || !res.body || !Array.isArray(res.body.people)) return setError(slot, problem(res, 'read the roll call'));
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
    h('p', { class: 'no-print' }, h('a', { href: '#rollcall', text: '\u2190 All roll calls' })),
    h('div', { class: 'view-head' }, title, actions),
    meta,
    printed,
    counts,
    slot,
    h('div', { class: 'field inline-field no-print' }, h('label', { for: 'rc-filter', text: 'Show' }), filter),
    h('div', { class: 'table-wrap' }, h('table', { class: 'events rc-table', 'aria-label': 'People on the roll call' }, h('thead', {}, h('tr', {}, [['Name'], ['Status'], ['Last seen'], ['Marked by'], ['Where'], ['When'], ['', 'no-print']].map(([t, c]) => h('th', { scope: 'col', class: c || '', text: t })))), tbody)),
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

/** Single sign-on settings (PUT /v1/sso, docs/sign-in.md) and the organisation's live sessions. */
function signInView() {
  const slot = h('div', { class: 'error-slot' });
  const saved = h('div', { role: 'status' });
  const field = (id, label, control, help) => h('div', { class: 'field' }, h('label', { for: id, text: label }), control, help ? h('p', { class: 'muted', id: `${id}-help`, text: help }) : null);
  const input = (id, extra = {}) => h('input', { id, autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false', ...extra });
  const issuer = input('sso-issuer', { type: 'url', required: true, placeholder: 'https://login.example.com/realms/staff' });
  const clientId = input('sso-client-id', { required: true });
  const secret = input('sso-client-secret', { type: 'password' });
  const domains = input('sso-domains', { placeholder: 'example.com' });
  const claim = input('sso-role-claim', { value: 'groups' });
  const ROLES = [['admin', 'Admins'], ['security', 'Security'], ['auditor', 'Auditors'], ['issuer', 'Issuers'], ['host', 'Hosts']];
  const maps = new Map(ROLES.map(([role]) => [role, input(`sso-map-${role}`)]));
  const keySignIn = h('input', { id: 'sso-key-sign-in', type: 'checkbox', checked: true });
  const secretHelp = h('p', { class: 'muted', id: 'sso-client-secret-help', text: 'Required the first time; it is stored sealed and never shown again.' });
  const list = (text) => text.split(',').map((v) => v.trim()).filter(Boolean);
  const registered = h('dl', { class: 'sso-uris' });
  const showUris = (v) => {
    registered.replaceChildren(
      ...[
        ['Redirect URI', v.redirect_uri],
        ['Back-channel logout URI', v.back_channel_logout_uri],
        ['Post-logout redirect URI', v.post_logout_redirect_uri],
        ['Sign-in link for staff', v.sign_in_url],
      ].flatMap(([term, value]) => [h('dt', { text: term }), h('dd', {}, h('code', { text: value }))]),
    );
  };
  const fill = (v) => {
    issuer.value = v.issuer;
    clientId.value = v.client_id;
    domains.value = (v.allowed_domains || []).join(', ');
    claim.value = v.role_claim;
    for (const [role, box] of maps) box.value = (v.role_map || []).filter((m) => m.role === role).map((m) => m.value).join(', ');
    keySignIn.checked = Boolean(v.key_sign_in);
    secretHelp.textContent = 'A secret is stored. Leave this empty to keep it.';
    showUris(v);
  };
  const form = h(
    'form',
    { class: 'admin-form', novalidate: true, 'aria-label': 'Single sign-on settings' },
    field('sso-issuer', 'Issuer URL', issuer, 'Exactly as your identity provider names itself (its discovery document is fetched when you save).'),
    h('div', { class: 'two' }, field('sso-client-id', 'Client ID', clientId), h('div', { class: 'field' }, h('label', { for: 'sso-client-secret', text: 'Client secret' }), secret, secretHelp)),
    field('sso-domains', 'Allowed email domains', domains, 'Comma-separated, matched exactly. Empty: anyone your provider vouches for.'),
    field('sso-role-claim', 'Role claim', claim, 'The ID-token claim whose values give roles: groups, roles, or a path such as realm_access.roles.'),
    h(
      'fieldset',
      { class: 'sso-map' },
      h('legend', { text: 'Claim values that give each role (comma-separated; the strongest match wins, none is refused)' }),
      ...ROLES.map(([role, label]) => field(`sso-map-${role}`, label, maps.get(role))),
    ),
    h('div', { class: 'field check' }, keySignIn, h('label', { for: 'sso-key-sign-in', text: 'Staff may also sign in to these pages with an API key' })),
    slot,
    h('p', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', id: 'sso-save', text: 'Save' })),
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
    if (!body.issuer || !body.client_id) return setError(slot, 'Enter the issuer URL and the client ID.');
    if (!body.role_map.length) return setError(slot, 'Map at least one claim value to a role, or nobody can sign in.');
    saved.textContent = '';
    const res = await api('PUT', '/v1/sso', body);
    if (!res.ok || !res.body) return setError(slot, problem(res, 'save the single sign-on settings'));
    setError(slot, null);
    secret.value = '';
    fill(res.body);
    saved.replaceChildren(h('p', { class: 'notice', text: 'Saved. Register the addresses below at your identity provider.' }));
  });

  const sessionsSlot = h('div', { class: 'error-slot' });
  const sessionsStatus = h('p', { class: 'muted', role: 'status', text: 'Loading sessions…' });
  const tbody = h('tbody');
  const loadSessions = async () => {
    const res = await api('GET', '/v1/console/sessions');
    if (!res.ok || !res.body || !Array.isArray(res.body.sessions)) {
      sessionsStatus.textContent = '';
      return setError(sessionsSlot, problem(res, 'list the sessions'));
    }
    const rows = res.body.sessions;
    sessionsStatus.textContent = `${rows.length} live session${rows.length === 1 ? '' : 's'}.`;
    tbody.replaceChildren(
      ...rows.map((row) => {
        const who = row.person_name || row.label;
        const action = h('td', { class: 'nowrap' });
        action.append(
          h('button', {
            type: 'button',
            class: 'secondary small',
            text: 'End',
            'aria-label': `End the session of ${who}`,
            onclick: async () => {
              const end = await api('DELETE', `/v1/console/sessions/${encodeURIComponent(row.id)}`);
              if (!end.ok) return setError(sessionsSlot, problem(end, 'end the session'));
              setError(sessionsSlot, null);
              loadSessions();
            },
          }),
        );
        return h(
          'tr',
          {},
          h('td', { text: who }),
          h('td', { text: row.person_email || (row.person_name ? '—' : 'API key') }),
          h('td', { text: row.role }),
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
    else if (res.status !== 404) setError(slot, problem(res, 'read the single sign-on settings'));
  })();
  loadSessions();
  const root = h(
    'section',
    { class: 'signin-view' },
    h('div', { class: 'view-head' }, h('h1', { text: 'Sign-in' })),
    h('h2', { text: 'Single sign-on' }),
    h('p', { class: 'muted', text: 'Let staff sign in with your organisation’s identity provider (OpenID Connect). See docs/sign-in.md for Keycloak, Entra ID and Google.' }),
    form,
    registered,
    h('div', { class: 'view-head' }, h('h2', { text: 'Live sessions' }), h('button', { type: 'button', class: 'secondary', text: 'Refresh', onclick: loadSessions })),
    sessionsSlot,
    sessionsStatus,
    h('div', { class: 'table-wrap' }, h('table', { class: 'events', 'aria-label': 'Live sessions' }, h('thead', {}, h('tr', {}, ['Who', 'Email', 'Role', 'Since', 'Ends', ''].map((t) => h('th', { scope: 'col', text: t })))), tbody)),
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
    { class: 'admin-form', novalidate: true, 'aria-label': 'Issue a pass' },
    field('p-label', 'Visitor (pass label)', pLabel),
    field('p-site', 'Site', pSite, 'Optional: only gates of this site admit the pass.'),
    h('div', { class: 'two' }, field('p-from', 'Valid from', pFrom, 'Empty: now.'), field('p-until', 'Valid until', pUntil)),
    field('p-uses', 'Uses', pUses),
    passSlot,
    h('p', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', text: 'Issue pass' })),
  );
  passForm.addEventListener('submit', async (e) => {
    e.preventDefault();
    const body = { label: pLabel.value.trim(), valid_until: localToIso(pUntil.value) };
    if (!body.label) return setError(passSlot, 'Enter who the pass is for.');
    if (!body.valid_until) return setError(passSlot, 'Enter until when the pass is valid.');
    if (pSite.value.trim()) body.site = pSite.value.trim();
    if (pFrom.value) body.valid_from = localToIso(pFrom.value);
    const uses = Number(pUses.value || '1');
    if (!Number.isInteger(uses) || uses < 1 || uses > 100000) return setError(passSlot, 'Uses must be a whole number from 1 to 100000.');
    body.max_uses = uses;
    const res = await api('POST', '/v1/passes', body);
    if (!res.ok || !res.body || !res.body.pass_id) return setError(passSlot, problem(res, 'issue the pass'));
    setError(passSlot, null);
    passLabels.set(res.body.pass_id, body.label);
    pLabel.value = '';
    passOut.replaceChildren(
      h(
        'div',
        { class: 'card qr-card' },
        qrSvg(res.body.claim_url, 'Claim link QR code'),
        h(
          'div',
          {},
          h('h3', { text: `Pass issued for ${body.label}` }),
          h('p', { text: 'Send the visitor this claim link (or let them scan the code). It adds the pass to one wallet only.' }),
          copyField('Claim link', res.body.claim_url),
          h('p', {}, h('a', { href: `#pass/${res.body.pass_id}`, text: 'Open the pass' })),
        ),
      ),
    );
  });

  const gLabel = h('input', { id: 'g-label', autocomplete: 'off', required: true, maxlength: '200' });
  const gSite = h('input', { id: 'g-site', autocomplete: 'off', maxlength: '200' });
  const gateForm = h(
    'form',
    { class: 'admin-form', novalidate: true, 'aria-label': 'Create a gate' },
    field('g-label', 'Gate label', gLabel, 'What guards and auditors read, e.g. “North entrance”.'),
    field('g-site', 'Site', gSite, 'Optional: the gate admits passes of this site (and passes without one).'),
    gateSlot,
    h('p', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', text: 'Create gate' })),
  );
  gateForm.addEventListener('submit', async (e) => {
    e.preventDefault();
    const body = { label: gLabel.value.trim() };
    if (!body.label) return setError(gateSlot, 'Enter a label for the gate.');
    if (gSite.value.trim()) body.site = gSite.value.trim();
    const res = await api('POST', '/v1/gates', body);
    if (!res.ok || !res.body || !res.body.gate_id) return setError(gateSlot, problem(res, 'create the gate'));
    setError(gateSlot, null);
    gLabel.value = '';
    const id = res.body.gate_id;
    const pairBox = h('div');
    gateOut.replaceChildren(
      h(
        'div',
        { class: 'card result-card' },
        h('h3', { text: `Gate “${body.label}” created` }),
        h('p', { text: 'Pair a tablet with it: make a pairing link and open it on the tablet.' }),
        h('p', { class: 'actions' }, h('button', { type: 'button', class: 'primary', text: 'Make a pairing link', onclick: () => pairGate(id, pairBox, gateSlot) }), h('a', { class: 'button secondary', href: `#gate/${id}`, text: 'Open the gate' })),
        h('details', {}, h('summary', { text: 'Device token for a native gate (shown once)' }), copyField('Device token', res.body.device_token)),
      ),
      pairBox,
    );
    refreshGates();
  });

  const root = h(
    'section',
    { class: 'admin-view' },
    h('h1', { text: 'Manage' }),
    h('div', { class: 'gate-grid' }, h('div', { class: 'card panel' }, h('h2', { text: 'Issue a pass' }), passForm, passOut), h('div', { class: 'card panel' }, h('h2', { text: 'Create a gate' }), gateForm, gateOut)),
  );
  return { root };
}

start();

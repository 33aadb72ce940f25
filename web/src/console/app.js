// The security console (/console, issue 15): for auditors and admins. An API key is posted
// once to `POST /v1/console/session`, which sets an HttpOnly cookie; the key is never kept
// (no URL, no Web Storage, no IndexedDB). Everything after that is the same REST API with
// the cookie, plus `X-CSRF-Token` on every state-changing call, and the live feed
// (`EventSource('/v1/audit/stream')`, feed.js). Views: alarms, the event log with filters and
// export, gates, the on-site nodes and their leases (admins reclaim one), passes, webhooks
// and their dead letters (admins replay them), and (admins) issuing passes and creating and
// pairing gates.
// This file is the shell: the sign-in, the bar and its tabs, the live feed and the routing
// between views. Each view is a module of views/; what they share is state.js (the session,
// the events and labels, the JSON call) and parts.js (pieces of the page), never the shell.
// DOM calls only: the CSP allows no inline script or style. `role="alert"` is for errors
// only; notices use `role="status"`.
// Every word on screen is a `console-*` message of the catalogues (i18n.js), in the language
// of the switcher, the browser or the organisation; times in the organisation's time zone. A
// server's error reaches the page as its code in words (`errorText`), never as its message.

import { Feed } from './feed.js';
import { applyPresence, isUuid, originNode } from './model.js';
import { h, providerSignOut, showScreen, ssoForm } from '../ui.js';
import { formatNumber, setTimeZone, t } from '../i18n.js';
import { mountSwitcher, picked, startLanguage, timesNote } from '../locale.js';
import {
  api, forgetAll, gates, isAdmin, keepsWatchlist, loadAlarms, loadKeyLabels, loadNodeLabels, loadNodeLabelsSoon, log, nodeLabels, passLabels, problem,
  queueRender, refreshAlarm, refreshGates, session, setError, setSession, setUi, setView, ui, view, whenSessionEnds,
} from './state.js';
import { adminView } from './views/admin.js';
import { alarmsView } from './views/alarms.js';
import { eventsView } from './views/events.js';
import { gateView, gatesView } from './views/gates.js';
import { messagesView } from './views/messages.js';
import { nodesView } from './views/nodes.js';
import { passView, passesView } from './views/passes.js';
import { rollCallView, rollCallsView } from './views/rollcall.js';
import { signInView } from './views/signin.js';
import { watchlistView } from './views/watchlist.js';
import { webhooksView } from './views/webhooks.js';

const GATES_REFRESH_MS = 30_000;

const main = document.getElementById('main');

// ---------------------------------------------------------------- the shell's own state (what the views share is state.js)

let feed = null;
let highFeed = null; // the high-severity alarms from further back than the main feed's backlog
let timers = [];

// ---------------------------------------------------------------- start and sign-in

// A 401 from any call while signed in (other than the session's own) ends the session.
whenSessionEnds(() => signedOut(t('console-session-ended')));

async function start() {
  main.replaceChildren(h('p', { class: 'loading', text: t('console-opening') }));
  mountSwitcher('console');
  const res = await api('GET', '/v1/console/session');
  if (res.ok && res.body && res.body.csrf_token && res.body.role !== 'host') {
    setSession(res.body);
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
      setSession(res.body);
      openConsole();
      return;
    }
    if (res.ok && res.body && res.body.role === 'host') {
      // A host key opens a session for /host; drop it rather than leave it unused.
      setSession(res.body);
      await api('DELETE', '/v1/console/session');
      setSession(null);
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
  setView(null);
  for (const timer of timers) clearInterval(timer);
  timers = [];
  window.removeEventListener('hashchange', route);
  setUi(null);
  forgetAll();
}

function signedOut(notice) {
  setSession(null);
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
  setUi({ feedPill, alarmCount, tabs, errors, body });
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

function refreshGatesSoon() {
  if (gatesQueued) return;
  gatesQueued = setTimeout(() => {
    gatesQueued = null;
    refreshGates();
  }, 1500);
}

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
  setView(null);
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
  setView(make());
  window.scrollTo(0, 0);
  showScreen(ui.body, view.root);
  if (view.update) view.update();
}

startLanguage('console', {});
start();

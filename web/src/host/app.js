// The host page (/host, issue 16): a resident on a phone invites visitors and answers walk-in
// requests from the gate. Signing in is the console's scheme (docs/console.md): the host API
// key is posted once to `POST /v1/console/session`, which sets an HttpOnly cookie; the key is
// never kept (no URL, no Web Storage, no IndexedDB). Everything after that is the REST API
// with the cookie plus `X-CSRF-Token` on every state-changing call, and the live set of
// waiting requests (`EventSource('/v1/walk-ins/stream')`, WalkInFeed in model.js).
// DOM calls only: the CSP allows no inline script or style. `role="alert"` is for errors
// only; new requests are announced in an `aria-live="polite"` region.

import {
  WalkInFeed, arrivalText, countdown, decisionProblem, defaultWindow, fromLocalInput, inviteBody, inviteProblem, newArrivals, toLocalInput, visits,
} from './model.js';
import { qrSvg } from '../qr.js';
import { h, providerSignOut, showScreen, ssoForm } from '../ui.js';

const REQUEST_TIMEOUT_MS = 15_000;
const PASS_PAGES = 5; // × 100 passes
const TITLE = 'Tessera host';

const main = document.getElementById('main');

// ---------------------------------------------------------------- state

let session = null; // {role, org_id, csrf_token, expires_at, label, unit}
let feed = null;
let ui = null; // the shell's parts while signed in
let view = null; // {root, update(), teardown()}
let waiting = []; // the live set: WalkIns still waiting, oldest first
const known = new Set(); // walk_in_ids seen in the live set (so each is announced once)
const deciding = new Set(); // walk_in_ids with an approve/deny in flight
let timers = [];

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

function problem(res, what) {
  if (res.network) return `Could not reach the server to ${what}. Check the network, then try again.`;
  if (res.status === 403) return `Not allowed to ${what} with this session (${res.code || 403}).`;
  if (res.status === 429) return 'Too many requests; wait a minute, then try again.';
  return `Could not ${what}: ${res.message || res.code || `HTTP ${res.status}`}.`;
}

const errorBox = (text) => h('p', { role: 'alert', class: 'alert shown', text });

/** Puts an error (or nothing) into a slot: the only way `role="alert"` reaches the page. */
function setError(slot, text) {
  slot.replaceChildren(text ? errorBox(text) : '');
}

/**
 * Says `text` in the polite live region: each announcement is a new line in it (the last
 * three are kept), so two requests arriving together are both read.
 */
function announce(text) {
  if (!ui) return;
  const line = h('span', { class: 'announcement', text });
  ui.announcer.append(line);
  while (ui.announcer.childElementCount > 3) ui.announcer.firstElementChild.remove();
}

const timeFmt = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayFmt = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
const dayKey = (ms) => new Date(ms).toDateString();

/** "Today 14:00", "Tomorrow 09:30", "Sat 6 Dec 18:00". */
function when(ms, now = Date.now()) {
  if (!Number.isFinite(ms)) return '';
  const tomorrow = new Date(now);
  tomorrow.setDate(tomorrow.getDate() + 1);
  const day = dayKey(ms) === dayKey(now) ? 'Today' : dayKey(ms) === dayKey(tomorrow.getTime()) ? 'Tomorrow' : dayFmt.format(ms);
  return `${day} ${timeFmt.format(ms)}`;
}

/** "Today 14:00 – 23:59", the end's day only when it differs. */
function span(fromIso, untilIso) {
  const a = Date.parse(fromIso);
  const b = Date.parse(untilIso);
  if (!Number.isFinite(b)) return when(a);
  return `${when(a)} – ${dayKey(a) === dayKey(b) ? timeFmt.format(b) : when(b)}`;
}

const who = () => (session && session.label ? session.label : 'Host');

// ---------------------------------------------------------------- start and sign-in

async function start() {
  main.replaceChildren(h('p', { class: 'loading', text: 'Opening…' }));
  const res = await api('GET', '/v1/console/session');
  if (res.ok && res.body && res.body.csrf_token) return signedIn(res.body, false);
  if (res.network || res.status >= 500) {
    const slot = h('div');
    setError(slot, res.network ? 'Could not reach the server. Check the network.' : `The server is not ready (HTTP ${res.status}).`);
    showScreen(main, h('section', { class: 'card signin' }, h('h1', { text: 'Tessera for hosts' }), slot, h('p', {}, h('button', { type: 'button', class: 'primary', onclick: start }, 'Try again'))));
    return;
  }
  showSignIn();
}

/**
 * A session that is not a host's (an admin's or auditor's: the cookie is shared with
 * /console) is not used here. One just opened with the form is closed again; one found on
 * load is left alone (it is the console's).
 */
async function signedIn(body, fresh) {
  if (body.role !== 'host') {
    const what = body.role === 'admin' || body.role === 'auditor' ? `an ${body.role}` : `a ${body.role}`;
    if (!fresh) return showSignIn(null, `This device is signed in with ${what} key, for the security console at /console. Sign in here with your host key.`);
    session = body;
    await api('DELETE', '/v1/console/session');
    session = null;
    return showSignIn(null, `That was ${what} key: this page is for hosts. Admins and auditors use the security console at /console.`);
  }
  session = body;
  openHost();
}

function showSignIn(notice, error) {
  const input = h('input', {
    id: 'api-key', type: 'password', autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false', required: true, 'aria-describedby': 'api-key-help',
  });
  const button = h('button', { type: 'submit', class: 'primary', text: 'Sign in' });
  const slot = h('div', { class: 'error-slot' });
  const form = h(
    'form',
    { class: 'signin-form', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'api-key', text: 'Host key' }), input, h('p', { id: 'api-key-help', class: 'muted', text: 'The key the site’s admin gave you. It is sent once to open a session and is not kept on this device.' })),
    slot,
    h('p', { class: 'actions' }, button),
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const key = input.value.trim();
    input.value = ''; // the key leaves the page as soon as it is read
    if (!key) {
      setError(slot, 'Enter your host key.');
      input.focus();
      return;
    }
    button.disabled = true;
    setError(slot, null);
    const res = await api('POST', '/v1/console/session', { api_key: key });
    button.disabled = false;
    if (res.ok && res.body && res.body.csrf_token) return signedIn(res.body, true);
    let text;
    if (res.network) text = 'Could not reach the server. Check the network, then try again.';
    else if (res.status === 401) text = 'That key was not accepted. Check it and try again.';
    else if (res.status === 403) text = 'This key cannot sign in here: only host keys can (or the page is not on the server’s own address).';
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
      h('h1', { text: 'Tessera for hosts' }),
      h('p', { class: 'muted', text: 'Invite visitors, and let in the ones who arrive without a pass.' }),
      notice ? h('p', { role: 'status', class: 'notice', text: notice }) : null,
      form,
      ssoForm('host'),
    ),
  );
  if (error) setError(slot, error);
  input.focus();
}

function stopHost() {
  if (feed) feed.stop();
  feed = null;
  if (view && view.teardown) view.teardown();
  view = null;
  for (const t of timers) clearInterval(t);
  timers = [];
  window.removeEventListener('hashchange', route);
  ui = null;
  waiting = [];
  known.clear();
  deciding.clear();
  document.title = TITLE;
}

function signedOut(notice) {
  session = null;
  stopHost();
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
  ['invite', 'Invite'],
  ['visits', 'Visits'],
];

function openHost() {
  stopHost();
  const livePill = h('span', { class: 'pill connecting', id: 'live-state', text: 'CONNECTING' });
  const tabs = new Map();
  const nav = h('nav', { class: 'tabs', 'aria-label': 'Views' });
  for (const [name, label] of TABS) {
    const a = h('a', { href: `#${name}`, class: 'tab', text: label });
    tabs.set(name, a);
    nav.append(a);
  }
  const announcer = h('div', { class: 'sr-only', 'aria-live': 'polite', 'aria-relevant': 'additions', id: 'announcer' });
  const errors = h('div', { class: 'error-slot shell-errors' });
  const waitingCount = h('span', { class: 'h-count', text: '' });
  const waitingList = h('ul', { class: 'walkin-list', 'aria-label': 'Visitors waiting at the gate' });
  const waitingEmpty = h('p', { class: 'empty muted', text: 'Nobody is waiting for you. A visitor without a pass who asks for you at the gate appears here at once.' });
  const waitingHeading = h('h2', { id: 'waiting-heading', tabindex: '-1' }, 'At the gate ', waitingCount);
  const waitingSection = h('section', { class: 'waiting card', 'aria-labelledby': 'waiting-heading' }, waitingHeading, waitingEmpty, waitingList);
  const body = h('div', { class: 'view', id: 'view' });
  const shell = h(
    'div',
    { class: 'host-app' },
    h(
      'header',
      { class: 'bar host-bar' },
      h('div', { class: 'brand' }, h('span', { class: 'brand-name', text: 'Tessera' }), h('span', { class: 'brand-sub', text: who() })),
      h('div', { class: 'bar-right' }, livePill, pushButton(), h('button', { type: 'button', class: 'bar-button', onclick: signOut }, 'Sign out')),
    ),
    announcer,
    errors,
    h('div', { class: 'host-body' }, waitingSection, h('div', { class: 'host-main' }, nav, body)),
  );
  main.replaceChildren(shell);
  ui = { livePill, tabs, announcer, errors, body, waitingList, waitingEmpty, waitingCount, waitingHeading, cards: new Map() };

  feed = new WalkInFeed({
    EventSourceImpl: window.EventSource,
    onSet,
    onState: (state) => {
      if (!ui) return;
      ui.livePill.className = `pill ${state}`;
      ui.livePill.textContent = state === 'live' ? 'LIVE' : state === 'connecting' ? 'CONNECTING' : 'RECONNECTING';
    },
    checkSession: async () => {
      const res = await api('GET', '/v1/console/session');
      if (res.status === 401) return 'signed-out';
      return res.ok ? 'signed-in' : 'unknown';
    },
    onSignedOut: () => signedOut('Your session has ended. Sign in again.'),
  });
  feed.start();
  timers.push(setInterval(tickCountdowns, 1000));
  const expires = Date.parse(session.expires_at);
  if (Number.isFinite(expires)) {
    const left = expires - Date.now();
    if (left < 2 ** 31 - 1) timers.push(setTimeout(() => signedOut('Your session has expired. Sign in again.'), Math.max(0, left)));
  }
  renderWaiting();
  window.addEventListener('hashchange', route);
  route();
}

// ---------------------------------------------------------------- notifications

/** base64url text as bytes. */
function fromBase64url(text) {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

/**
 * The bar's "Notify me" button: subscribes this browser to Web Push with the server's VAPID
 * key, so a walk-in reaches the host with the page closed (Approve and Deny work from the
 * notification). Absent where the browser has no Web Push.
 */
function pushButton() {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window) || !window.isSecureContext) return null;
  const button = h('button', { type: 'button', class: 'bar-button', id: 'push-toggle', 'aria-pressed': 'false', text: 'Notify me' });
  const mark = (on) => {
    button.setAttribute('aria-pressed', on ? 'true' : 'false');
    button.textContent = on ? 'Notifying' : 'Notify me';
  };
  navigator.serviceWorker.ready
    .then((reg) => reg.pushManager.getSubscription())
    .then((sub) => mark(Boolean(sub) && Notification.permission === 'granted'))
    .catch(() => {});
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const reg = await navigator.serviceWorker.ready;
      const current = await reg.pushManager.getSubscription();
      if (current && button.getAttribute('aria-pressed') === 'true') {
        await api('DELETE', '/v1/push/subscriptions', { endpoint: current.endpoint });
        await current.unsubscribe();
        mark(false);
        announce('Notifications are off on this device.');
        return;
      }
      if ((await Notification.requestPermission()) !== 'granted') {
        setError(ui.errors, 'Notifications are blocked for this site: allow them in the browser’s settings, then try again.');
        return;
      }
      const key = await api('GET', '/v1/push/key');
      if (!key.ok || !key.body || typeof key.body.public_key !== 'string') {
        setError(ui.errors, problem(key, 'turn notifications on'));
        return;
      }
      const sub = current || (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64url(key.body.public_key) }));
      const res = await api('POST', '/v1/push/subscriptions', sub.toJSON());
      if (!res.ok) {
        setError(ui.errors, problem(res, 'turn notifications on'));
        return;
      }
      setError(ui.errors, null);
      mark(true);
      announce('Notifications are on: a visitor at the gate reaches you with this page closed.');
    } catch (error) {
      setError(ui.errors, `Could not turn notifications on: ${error && error.message ? error.message : error}.`);
    } finally {
      button.disabled = false;
    }
  });
  return button;
}

// ---------------------------------------------------------------- walk-ins waiting

function onSet(set) {
  if (!ui) return;
  const fresh = newArrivals(known, set);
  for (const w of set) known.add(w.walk_in_id);
  const before = new Set(waiting.map((w) => w.walk_in_id));
  waiting = [...set].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  renderWaiting();
  const first = !ui.seenSet;
  ui.seenSet = true;
  if (first && fresh.length) announce(fresh.length === 1 ? arrivalText(fresh[0]) : `${fresh.length} visitors are waiting for you at the gate.`);
  else for (const w of fresh) announce(arrivalText(w));
  if (fresh.length) {
    try {
      // Only once the host has touched the page (sticky activation): before that Chromium
      // refuses and logs an error, and a page opened signed in can get a walk-in first.
      const touched = !navigator.userActivation || navigator.userActivation.hasBeenActive;
      if (navigator.vibrate && touched) navigator.vibrate([120, 80, 120]);
    } catch {
      // no vibration
    }
  }
  // A request that left the set was decided or expired: the visits list has a new row.
  const left = [...before].some((id) => !set.some((w) => w.walk_in_id === id));
  if (left && view && view.refresh) view.refresh();
}

function renderWaiting() {
  if (!ui) return;
  const ids = new Set(waiting.map((w) => w.walk_in_id));
  const hadFocus = ui.waitingList.contains(document.activeElement);
  for (const [id, card] of ui.cards) {
    if (!ids.has(id)) {
      card.el.remove();
      ui.cards.delete(id);
    }
  }
  for (const w of waiting) {
    let card = ui.cards.get(w.walk_in_id);
    if (!card) {
      card = walkInCard(w);
      ui.cards.set(w.walk_in_id, card);
    }
    ui.waitingList.append(card.el); // in order, oldest first
  }
  ui.waitingEmpty.hidden = waiting.length > 0;
  ui.waitingCount.textContent = waiting.length ? String(waiting.length) : '';
  document.title = waiting.length ? `(${waiting.length}) ${TITLE}` : TITLE;
  // The focused card went away (answered here or elsewhere): focus the next one's Approve, or the heading.
  if (hadFocus && !ui.waitingList.contains(document.activeElement)) {
    const next = ui.waitingList.querySelector('button.approve:not(:disabled)');
    (next || ui.waitingHeading).focus({ preventScroll: false });
  }
  tickCountdowns();
}

function walkInCard(w) {
  const nameId = `walkin-${w.walk_in_id}`;
  const timer = h('span', { class: 'walkin-timer', 'aria-hidden': 'true' });
  const slot = h('div', { class: 'error-slot' });
  const approve = h('button', { type: 'button', class: 'approve', 'aria-describedby': nameId, text: 'Approve' });
  const deny = h('button', { type: 'button', class: 'deny', 'aria-describedby': nameId, text: 'Deny' });
  const created = Date.parse(w.created_at);
  const el = h(
    'li',
    { class: 'walkin' },
    h('div', { class: 'walkin-top' }, h('h3', { id: nameId, class: 'walkin-name', text: w.visitor_name }), timer),
    h('p', { class: 'walkin-where' }, `At ${w.gate_label || 'the gate'}`, Number.isFinite(created) ? ` · asked ${timeFmt.format(created)}` : ''),
    w.note ? h('p', { class: 'walkin-note' }, h('span', { class: 'sr-only', text: 'Note: ' }), w.note) : null,
    h('div', { class: 'walkin-actions' }, approve, deny),
    slot,
  );
  el.dataset.id = w.walk_in_id;
  const decide = async (decision) => {
    if (deciding.has(w.walk_in_id)) return;
    deciding.add(w.walk_in_id);
    approve.disabled = true;
    deny.disabled = true;
    setError(slot, null);
    const res = await api('POST', `/v1/walk-ins/${encodeURIComponent(w.walk_in_id)}/${decision}`, {});
    deciding.delete(w.walk_in_id);
    if (!ui) return;
    if (res.ok) {
      announce(decision === 'approve' ? `You let ${w.visitor_name} in at ${w.gate_label || 'the gate'}.` : `You said no to ${w.visitor_name}.`);
      waiting = waiting.filter((x) => x.walk_in_id !== w.walk_in_id);
      renderWaiting();
      if (view && view.refresh) view.refresh();
      return;
    }
    setError(slot, decisionProblem(res, decision));
    const closed = res.code === 'already_decided' || res.code === 'approval_timeout' || res.status === 404;
    approve.disabled = closed;
    deny.disabled = closed;
  };
  approve.addEventListener('click', () => decide('approve'));
  deny.addEventListener('click', () => decide('deny'));
  // Red for the last stretch: the last 30 s, or the last quarter of a shorter timeout.
  const total = (Date.parse(w.expires_at) - created) / 1000;
  const lateS = Number.isFinite(total) && total > 0 ? Math.min(30, total / 4) : 30;
  return { el, timer, approve, deny, expires: Date.parse(w.expires_at), lateS };
}

function tickCountdowns() {
  if (!ui) return;
  const now = Date.now();
  for (const card of ui.cards.values()) {
    if (!Number.isFinite(card.expires)) {
      card.timer.textContent = '';
      continue;
    }
    const { left, text } = countdown(card.expires, now);
    card.timer.textContent = left > 0 ? `${text} left` : 'Time is up';
    card.timer.classList.toggle('late', left <= card.lateS);
    if (left === 0 && !deciding.has(card.el.dataset.id)) {
      card.approve.disabled = true;
      card.deny.disabled = true;
    }
  }
}

// ---------------------------------------------------------------- routing

function route() {
  if (!ui) return;
  const name = location.hash.replace(/^#/, '') === 'visits' ? 'visits' : 'invite';
  if (view && view.teardown) view.teardown();
  setError(ui.errors, null);
  for (const [n, a] of ui.tabs) {
    if (n === name) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  view = name === 'visits' ? visitsView() : inviteView();
  showScreen(ui.body, view.root);
}

// ---------------------------------------------------------------- invite

function inviteView() {
  const { from, until } = defaultWindow(Date.now());
  const name = h('input', { id: 'visitor-name', type: 'text', autocomplete: 'off', maxlength: '200', required: true, enterkeyhint: 'next' });
  const fromInput = h('input', { id: 'valid-from', type: 'datetime-local', value: toLocalInput(from), required: true });
  const untilInput = h('input', { id: 'valid-until', type: 'datetime-local', value: toLocalInput(until), required: true });
  const emailInput = h('input', { id: 'visitor-email', type: 'email', autocomplete: 'off', maxlength: '254', inputmode: 'email', 'aria-describedby': 'visitor-email-help' });
  const slot = h('div', { class: 'error-slot' });
  const submit = h('button', { type: 'submit', class: 'primary', text: 'Create invitation' });
  const result = h('div', { class: 'invite-result' });
  const form = h(
    'form',
    { class: 'invite-form', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'visitor-name', text: 'Visitor name' }), name),
    h(
      'div',
      { class: 'field-row' },
      h('div', { class: 'field' }, h('label', { for: 'valid-from', text: 'From' }), fromInput),
      h('div', { class: 'field' }, h('label', { for: 'valid-until', text: 'Until' }), untilInput),
    ),
    h('p', { class: 'muted small', text: 'The pass lets them in once, between these times.' }),
    h('div', { class: 'field' }, h('label', { for: 'visitor-email', text: 'Visitor email (optional)' }), emailInput, h('p', { id: 'visitor-email-help', class: 'muted small', text: 'We email them the link and its QR code. Leave it empty to send the link yourself.' })),
    slot,
    h('p', { class: 'actions' }, submit),
  );
  const fields = { label: name, from: fromInput, until: untilInput, email: emailInput };
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const input = { label: name.value, from: fromLocalInput(fromInput.value), until: fromLocalInput(untilInput.value), email: emailInput.value };
    const bad = inviteProblem(input, Date.now());
    for (const f of Object.values(fields)) f.removeAttribute('aria-invalid');
    if (bad) {
      setError(slot, bad.message);
      fields[bad.field].setAttribute('aria-invalid', 'true');
      fields[bad.field].focus();
      return;
    }
    setError(slot, null);
    submit.disabled = true;
    submit.textContent = 'Creating…';
    const res = await api('POST', '/v1/passes', inviteBody(input));
    submit.disabled = false;
    submit.textContent = 'Create invitation';
    if (!res.ok || !res.body || typeof res.body.claim_url !== 'string') {
      setError(slot, res.status === 400 || res.status === 422 ? `The server did not accept the invitation: ${res.message || res.code}.` : problem(res, 'create the invitation'));
      if (res.status === 422 && res.body && res.body.error && res.body.error.field === 'email') emailInput.setAttribute('aria-invalid', 'true');
      return;
    }
    showInvitation(input.label.trim(), res.body, input);
  });

  const showInvitation = (visitor, issued, input) => {
    form.hidden = true;
    const link = h('input', { id: 'claim-link', type: 'text', readonly: true, value: issued.claim_url, spellcheck: 'false', 'aria-describedby': 'claim-link-help' });
    const status = h('p', { class: 'copy-status muted', role: 'status' });
    const copy = h('button', { type: 'button', class: 'primary', text: 'Copy link' });
    copy.addEventListener('click', async () => {
      let done = false;
      try {
        await navigator.clipboard.writeText(issued.claim_url);
        done = true;
      } catch {
        link.focus();
        link.select();
        try {
          done = document.execCommand('copy');
        } catch {
          done = false;
        }
      }
      status.textContent = done ? 'Link copied. Paste it into a message to them.' : 'Could not copy: the link is selected, copy it from the field.';
    });
    const share = typeof navigator.share === 'function'
      ? h('button', { type: 'button', class: 'secondary', text: 'Share…', onclick: () => navigator.share({ title: `Pass for ${visitor}`, url: issued.claim_url }).catch(() => {}) })
      : null;
    const heading = h('h2', { tabindex: '-1', text: `Invitation for ${visitor}` });
    const again = h('button', { type: 'button', class: 'secondary', text: 'Invite someone else' });
    again.addEventListener('click', () => {
      result.replaceChildren();
      form.hidden = false;
      name.value = '';
      emailInput.value = '';
      const w = defaultWindow(Date.now());
      fromInput.value = toLocalInput(w.from);
      untilInput.value = toLocalInput(w.until);
      name.focus();
    });
    result.replaceChildren(
      h(
        'section',
        { class: 'card invitation', 'aria-labelledby': 'invitation-heading' },
        Object.assign(heading, { id: 'invitation-heading' }),
        h('p', { class: 'muted', text: span(new Date(input.from).toISOString(), new Date(input.until).toISOString()) }),
        h('div', { class: 'invitation-body' },
          h('figure', { class: 'qr-card' }, qrSvg(issued.claim_url, `Invitation QR code for ${visitor}`), h('figcaption', { class: 'muted small', text: 'Or let them scan this with their phone’s camera.' })),
          h(
            'div',
            { class: 'invitation-link' },
            h('div', { class: 'field' }, h('label', { for: 'claim-link', text: 'Invitation link' }), link),
            issued.message_id
              ? h('p', { id: 'invitation-mailed', class: 'notice small', role: 'status', text: `We are emailing the link to ${input.email.trim()}.` })
              : null,
            h('p', { id: 'claim-link-help', class: 'warn small', text: `Send this link to ${visitor} only: whoever opens it first gets the pass.` }),
            h('p', { class: 'actions' }, copy, share),
            status,
          ),
        ),
        h('p', { class: 'actions' }, again, h('a', { href: '#visits', class: 'button link-button', text: 'See your visits' })),
      ),
    );
    heading.focus();
  };

  return {
    root: h('section', { class: 'panel card invite' }, h('h1', { text: 'Invite a visitor' }), h('p', { class: 'muted', text: 'They get a link that adds a pass to their phone; the gate lets them in with it.' }), form, result),
  };
}

// ---------------------------------------------------------------- visits

function visitRow(row, onCancel) {
  const where = row.kind === 'walk_in' ? `Walk-in at ${row.gate || 'the gate'} · ${when(row.at)}` : span(row.from, row.until);
  const li = h(
    'li',
    { class: `visit tone-${row.tone}` },
    h('div', { class: 'visit-main' }, h('span', { class: 'visit-name', text: row.name }), h('span', { class: 'visit-when muted', text: where }), row.note ? h('span', { class: 'visit-note muted', text: `“${row.note}”` }) : null),
    h('span', { class: `badge tone-${row.tone}`, text: row.status }),
  );
  if (onCancel) {
    const slot = h('div', { class: 'error-slot' });
    const cancel = h('button', { type: 'button', class: 'quiet small', text: 'Cancel', 'aria-label': `Cancel the invitation for ${row.name}` });
    cancel.addEventListener('click', async () => {
      if (!confirm(`Cancel the invitation for ${row.name}? Their pass stops working.`)) return;
      cancel.disabled = true;
      const res = await api('POST', `/v1/passes/${encodeURIComponent(row.id)}/revoke`, {});
      if (res.ok) return onCancel();
      cancel.disabled = false;
      setError(slot, problem(res, 'cancel the invitation'));
    });
    li.append(h('div', { class: 'visit-actions' }, cancel), slot);
  }
  return li;
}

async function allPasses() {
  const out = [];
  let cursor = null;
  for (let i = 0; i < PASS_PAGES; i++) {
    const res = await api('GET', `/v1/passes?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (!res.ok || !res.body || !Array.isArray(res.body.passes)) return { error: problem(res, 'read your invitations'), passes: out };
    out.push(...res.body.passes);
    cursor = res.body.next_cursor;
    if (!cursor) break;
  }
  return { passes: out };
}

async function closedWalkIns() {
  const all = await Promise.all(['approved', 'denied', 'expired'].map((s) => api('GET', `/v1/walk-ins?state=${s}`)));
  const bad = all.find((r) => !r.ok || !r.body || !Array.isArray(r.body.walk_ins));
  return { error: bad ? problem(bad, 'read your walk-ins') : null, walkIns: all.flatMap((r) => (r.ok && r.body && Array.isArray(r.body.walk_ins) ? r.body.walk_ins : [])) };
}

function visitsView() {
  const status = h('p', { class: 'muted', role: 'status', text: 'Loading your visits…' });
  const slot = h('div', { class: 'error-slot' });
  const upcoming = h('ul', { class: 'visit-list', 'aria-label': 'Upcoming visits' });
  const past = h('ul', { class: 'visit-list', 'aria-label': 'Past visits' });
  const upcomingEmpty = h('p', { class: 'empty muted', hidden: true }, 'No visits to come. ', h('a', { href: '#invite', text: 'Invite a visitor' }));
  const pastEmpty = h('p', { class: 'empty muted', hidden: true, text: 'No past visits yet.' });
  let seq = 0;
  let stopped = false;
  const load = async () => {
    const mine = ++seq;
    const [p, w] = await Promise.all([allPasses(), closedWalkIns()]);
    if (stopped || mine !== seq) return;
    const v = visits(p.passes, w.walkIns, Date.now());
    upcoming.replaceChildren(...v.upcoming.map((row) => visitRow(row, load)));
    past.replaceChildren(...v.past.map((row) => visitRow(row, null)));
    upcomingEmpty.hidden = v.upcoming.length > 0;
    pastEmpty.hidden = v.past.length > 0;
    setError(slot, p.error || w.error || null);
    status.textContent = `${v.upcoming.length} to come, ${v.past.length} past.`;
  };
  load();
  return {
    root: h(
      'section',
      { class: 'panel card visits' },
      h('div', { class: 'view-head' }, h('h1', { text: 'Visits' }), h('button', { type: 'button', class: 'secondary small', text: 'Refresh', onclick: () => load() })),
      status,
      slot,
      h('h2', { text: 'Upcoming' }),
      upcomingEmpty,
      upcoming,
      h('h2', { text: 'Past' }),
      pastEmpty,
      past,
    ),
    refresh: load,
    teardown: () => {
      stopped = true;
    },
  };
}

// The service worker shows pushed walk-ins (issue 31); the host page itself stays online-only.
if ('serviceWorker' in navigator && window.isSecureContext) {
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
}

start();

// The host page (/host, issue 16): a resident on a phone invites visitors and answers walk-in
// requests from the gate. Signing in is the console's scheme (docs/console.md): the host API
// key is posted once to `POST /v1/console/session`, which sets an HttpOnly cookie; the key is
// never kept (no URL, no Web Storage, no IndexedDB). Everything after that is the REST API
// with the cookie plus `X-CSRF-Token` on every state-changing call, and the live set of
// waiting requests (`EventSource('/v1/walk-ins/stream')`, WalkInFeed in model.js).
// DOM calls only: the CSP allows no inline script or style. `role="alert"` is for errors
// only; new requests are announced in an `aria-live="polite"` region.
// Every word is from the catalogue (host-* ids, i18n.js): the page speaks the language the
// host picked in the switcher, else the browser's, else the organisation's default (known
// once signed in); times are the venue's (the organisation's time zone), while the
// invitation's `datetime-local` fields are in the device's own time, as browsers fill them.

import {
  WalkInFeed, arrivalText, countdown, decisionProblem, defaultWindow, fromLocalInput, inviteBody, inviteProblem, newArrivals, toLocalInput, visits,
} from './model.js';
import {
  current as currentLanguage, deviceTimeZone, errorText, formatDate, formatNumber, formatTime, languages, setTimeZone, t, tAttr, zoneDiffers,
} from '../i18n.js';
import { mountSwitcher, picked, startLanguage, timesNote } from '../locale.js';
import { qrSvg } from '../qr.js';
import { copyText, h, providerSignOut, sessionApi, showScreen, ssoForm } from '../ui.js';

const REQUEST_TIMEOUT_MS = 15_000;
const PASS_PAGES = 5; // × 100 passes
const title = () => t('host-title');

startLanguage('host', {});

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

/** A JSON call to the page's own origin (ui.js); never throws. A 401 with a session signs out. */
const api = sessionApi({ getSession: () => session, signedOut: () => signedOut(t('host-session-ended')), timeoutMs: REQUEST_TIMEOUT_MS });

/**
 * A refused call in words. `action` names what was tried (`sign-out`, `notify`, `invite`,
 * `cancel`, `read-passes`, `read-walk-ins`: `host-action-*`); the server's own sentence is
 * never shown, only its error code in words (`errorText`).
 */
function problem(res, action) {
  const what = t(`host-action-${action}`);
  if (res.network) return t('host-problem-network', { action: what });
  if (res.status === 403) return t('host-problem-forbidden', { action: what, code: res.code || '403' });
  if (res.status === 429) return t('host-problem-rate-limited');
  return t('host-problem-failed', { action: what, reason: res.code ? errorText(res.code) : t('host-problem-http', { status: String(res.status) }) });
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

// Days and times are the venue's (i18n.js formats in the organisation's time zone).
const dayKey = (ms) => formatDate(ms, { year: 'numeric', month: 'numeric', day: 'numeric' });

/** "Today 14:00", "Tomorrow 09:30", "Sat 6 Dec 18:00". */
function when(ms, now = Date.now()) {
  if (!Number.isFinite(ms)) return '';
  const time = formatTime(ms);
  if (dayKey(ms) === dayKey(now)) return t('host-when-today', { time });
  if (dayKey(ms) === dayKey(now + 86_400_000)) return t('host-when-tomorrow', { time });
  return t('host-when-day', { day: formatDate(ms, { weekday: 'short', day: 'numeric', month: 'short' }), time });
}

/** "Today 14:00 – 23:59", the end's day only when it differs. */
function span(fromIso, untilIso) {
  const a = Date.parse(fromIso);
  const b = Date.parse(untilIso);
  if (!Number.isFinite(b)) return when(a);
  return t('host-span', { from: when(a), until: dayKey(a) === dayKey(b) ? formatTime(b) : when(b) });
}

/** "Times are venue time (Europe/Berlin).", when this device is elsewhere; else nothing. */
const zoneNote = () => timesNote({ cls: 'muted small zone-note' });

const who = () => (session && session.label ? session.label : t('host-fallback-name'));

/** A visitor's (or a host's) own name inside other text: isolated, so either direction reads whole. */
const nameEl = (tag, props, name) => h(tag, props, h('bdi', { text: name }));

/** The language switcher, in the bar while signed in, else under the sign-in card. */
const switcher = () => mountSwitcher('host');

// ---------------------------------------------------------------- start and sign-in

async function start() {
  main.replaceChildren(h('p', { class: 'loading', text: t('host-opening') }));
  const res = await api('GET', '/v1/console/session');
  if (res.ok && res.body && res.body.csrf_token) return signedIn(res.body, false);
  if (res.network || res.status >= 500) {
    const slot = h('div');
    setError(slot, res.network ? t('host-start-network') : t('host-start-not-ready', { status: String(res.status) }));
    showScreen(main, h('section', { class: 'card signin' }, h('h1', { text: t('host-heading') }), slot, h('p', {}, h('button', { type: 'button', class: 'primary', onclick: start }, t('host-try-again')))));
    switcher();
    return;
  }
  showSignIn();
}

/**
 * The organisation's settings from the session: its time zone for every time shown, and its
 * default language, which only decides when neither the switcher nor the browser names a
 * language this page has.
 */
function applyOrganisation(body) {
  setTimeZone(body.time_zone);
  if (!picked('host') && typeof body.default_language === 'string' && body.default_language) {
    startLanguage('host', { orgDefault: body.default_language });
  }
}

/**
 * A session that is not a host's (an admin's or auditor's: the cookie is shared with
 * /console) is not used here. One just opened with the form is closed again; one found on
 * load is left alone (it is the console's).
 */
async function signedIn(body, fresh) {
  if (body.role !== 'host') {
    const role = String(body.role);
    if (!fresh) return showSignIn(null, t('host-signin-console-session', { role }));
    session = body;
    await api('DELETE', '/v1/console/session');
    session = null;
    return showSignIn(null, t('host-signin-not-host', { role }));
  }
  session = body;
  applyOrganisation(body);
  openHost();
}

function showSignIn(notice, error) {
  const input = h('input', {
    id: 'api-key', type: 'password', autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false', required: true, 'aria-describedby': 'api-key-help',
  });
  const button = h('button', { type: 'submit', class: 'primary', text: t('host-sign-in') });
  const slot = h('div', { class: 'error-slot' });
  const form = h(
    'form',
    { class: 'signin-form', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'api-key', text: t('host-key') }), input, h('p', { id: 'api-key-help', class: 'muted', text: t('host-key-help') })),
    slot,
    h('p', { class: 'actions' }, button),
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const key = input.value.trim();
    input.value = ''; // the key leaves the page as soon as it is read
    if (!key) {
      setError(slot, t('host-key-missing'));
      input.focus();
      return;
    }
    button.disabled = true;
    setError(slot, null);
    const res = await api('POST', '/v1/console/session', { api_key: key });
    button.disabled = false;
    if (res.ok && res.body && res.body.csrf_token) return signedIn(res.body, true);
    let text;
    if (res.network) text = t('host-signin-network');
    else if (res.status === 401) text = t('host-signin-key-refused');
    else if (res.status === 403) text = t('host-signin-forbidden');
    else if (res.status === 429) text = t('host-signin-rate-limited');
    else text = t('host-signin-failed', { code: String(res.code || res.status) });
    setError(slot, text);
    input.focus();
  });
  showScreen(
    main,
    h(
      'section',
      { class: 'card signin' },
      h('h1', { text: t('host-heading') }),
      h('p', { class: 'muted', text: t('host-signin-intro') }),
      notice ? h('p', { role: 'status', class: 'notice', text: notice }) : null,
      form,
      ssoForm('host'),
    ),
  );
  switcher();
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
  document.title = title();
}

function signedOut(notice) {
  session = null;
  stopHost();
  showSignIn(notice);
}

async function signOut() {
  const res = await api('DELETE', '/v1/console/session');
  if (providerSignOut(res)) return;
  if (res.ok || res.status === 401) return signedOut(t('host-signed-out'));
  if (ui) setError(ui.errors, problem(res, 'sign-out'));
}

// ---------------------------------------------------------------- the shell

/** The views: hash name → tab words (a function: the language is chosen after import). */
const tabList = () => [
  ['invite', t('host-tab-invite')],
  ['visits', t('host-tab-visits')],
];

/** The live pill's words for the feed's state. */
const liveWords = (state) => t(state === 'live' ? 'host-live' : state === 'connecting' ? 'host-connecting' : 'host-reconnecting');

function openHost() {
  stopHost();
  const livePill = h('span', { class: 'pill connecting', id: 'live-state', text: liveWords('connecting') });
  const tabs = new Map();
  const nav = h('nav', { class: 'tabs', 'aria-label': t('host-views') });
  for (const [name, label] of tabList()) {
    const a = h('a', { href: `#${name}`, class: 'tab', text: label });
    tabs.set(name, a);
    nav.append(a);
  }
  const announcer = h('div', { class: 'sr-only', 'aria-live': 'polite', 'aria-relevant': 'additions', id: 'announcer' });
  const errors = h('div', { class: 'error-slot shell-errors' });
  const waitingCount = h('span', { class: 'h-count', text: '' });
  const waitingList = h('ul', { class: 'walkin-list', 'aria-label': t('host-waiting-list') });
  const waitingEmpty = h('p', { class: 'empty muted', text: t('host-waiting-empty') });
  const waitingHeading = h('h2', { id: 'waiting-heading', tabindex: '-1' }, t('host-waiting-heading'), ' ', waitingCount);
  const waitingSection = h('section', { class: 'waiting card', 'aria-labelledby': 'waiting-heading' }, waitingHeading, waitingEmpty, waitingList);
  const body = h('div', { class: 'view', id: 'view' });
  const shell = h(
    'div',
    { class: 'host-app' },
    h(
      'header',
      { class: 'bar host-bar' },
      h('div', { class: 'brand' }, h('span', { class: 'brand-name', text: 'Tessera' }), h('span', { class: 'brand-sub', dir: 'auto', text: who() })),
      h('div', { class: 'bar-right' }, livePill, pushButton(), h('button', { type: 'button', class: 'bar-button', onclick: signOut }, t('host-sign-out'))),
    ),
    announcer,
    errors,
    h('div', { class: 'host-body' }, waitingSection, h('div', { class: 'host-main' }, nav, body)),
  );
  main.replaceChildren(shell);
  switcher();
  ui = { livePill, tabs, announcer, errors, body, waitingList, waitingEmpty, waitingCount, waitingHeading, cards: new Map() };

  feed = new WalkInFeed({
    EventSourceImpl: window.EventSource,
    onSet,
    onState: (state) => {
      if (!ui) return;
      ui.livePill.className = `pill ${state}`;
      ui.livePill.textContent = liveWords(state);
    },
    checkSession: async () => {
      const res = await api('GET', '/v1/console/session');
      if (res.status === 401) return 'signed-out';
      return res.ok ? 'signed-in' : 'unknown';
    },
    onSignedOut: () => signedOut(t('host-session-ended')),
  });
  feed.start();
  timers.push(setInterval(tickCountdowns, 1000));
  const expires = Date.parse(session.expires_at);
  if (Number.isFinite(expires)) {
    const left = expires - Date.now();
    if (left < 2 ** 31 - 1) timers.push(setTimeout(() => signedOut(t('host-session-expired')), Math.max(0, left)));
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
  const button = h('button', { type: 'button', class: 'bar-button', id: 'push-toggle', 'aria-pressed': 'false', text: t('host-notify-me') });
  const mark = (on) => {
    button.setAttribute('aria-pressed', on ? 'true' : 'false');
    button.textContent = on ? t('host-notifying') : t('host-notify-me');
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
        announce(t('host-notify-off'));
        return;
      }
      if ((await Notification.requestPermission()) !== 'granted') {
        setError(ui.errors, t('host-notify-blocked'));
        return;
      }
      const key = await api('GET', '/v1/push/key');
      if (!key.ok || !key.body || typeof key.body.public_key !== 'string') {
        setError(ui.errors, problem(key, 'notify'));
        return;
      }
      const sub = current || (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64url(key.body.public_key) }));
      // The page's language goes with it: the notifications are written in it (issue 34).
      const res = await api('POST', '/v1/push/subscriptions', { ...sub.toJSON(), language: currentLanguage() });
      if (!res.ok) {
        setError(ui.errors, problem(res, 'notify'));
        return;
      }
      setError(ui.errors, null);
      mark(true);
      announce(t('host-notify-on'));
    } catch (error) {
      // The browser's own reason (its words, in its language), as it gave it.
      setError(ui.errors, t('host-notify-failed', { detail: String(error && error.message ? error.message : error) }));
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
  if (first && fresh.length) announce(fresh.length === 1 ? arrivalText(fresh[0]) : t('host-arrivals', { count: fresh.length }));
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
  ui.waitingCount.textContent = waiting.length ? formatNumber(waiting.length) : '';
  document.title = waiting.length ? t('host-title-waiting', { count: waiting.length }) : title();
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
  const approve = h('button', { type: 'button', class: 'approve', 'aria-describedby': nameId, text: t('host-approve') });
  const deny = h('button', { type: 'button', class: 'deny', 'aria-describedby': nameId, text: t('host-deny') });
  const created = Date.parse(w.created_at);
  const where = w.gate_label ? t('host-walk-in-at', { gate: w.gate_label }) : t('host-walk-in-at-any-gate');
  const el = h(
    'li',
    { class: 'walkin' },
    h('div', { class: 'walkin-top' }, nameEl('h3', { id: nameId, class: 'walkin-name' }, w.visitor_name), timer),
    h('p', { class: 'walkin-where' }, Number.isFinite(created) ? t('host-walk-in-where-asked', { where, time: formatTime(created) }) : where),
    w.note ? h('p', { class: 'walkin-note' }, h('span', { class: 'sr-only', text: t('host-note-label') }), ' ', h('bdi', { text: w.note })) : null,
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
      if (decision === 'approve') announce(w.gate_label ? t('host-approved-at', { name: w.visitor_name, gate: w.gate_label }) : t('host-approved', { name: w.visitor_name }));
      else announce(t('host-denied', { name: w.visitor_name }));
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
    card.timer.textContent = left > 0 ? t('host-time-left', { time: text }) : t('host-time-up');
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
  const emailInput = h('input', { id: 'visitor-email', type: 'email', autocomplete: 'off', maxlength: '254', inputmode: 'email', dir: 'ltr', 'aria-describedby': 'visitor-email-help' });
  // The visitor's language: their wallet and their mail speak it. Each language by its own name.
  const languageInput = h(
    'select',
    { id: 'visitor-language' },
    languages().map((l) => h('option', { value: l.tag, lang: l.tag, dir: l.dir, selected: l.tag === currentLanguage() }, l.name)),
  );
  const slot = h('div', { class: 'error-slot' });
  const submit = h('button', { type: 'submit', class: 'primary', text: t('host-create-invitation') });
  const result = h('div', { class: 'invite-result' });
  // The fields are in the device's own time (as datetime-local is); say which when the venue's differs.
  const localZone = zoneDiffers() ? h('p', { class: 'muted small zone-note', text: t('host-invite-device-time', { zone: deviceTimeZone() }) }) : null;
  const form = h(
    'form',
    { class: 'invite-form', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'visitor-name', text: t('host-visitor-name') }), name),
    h(
      'div',
      { class: 'field-row' },
      h('div', { class: 'field' }, h('label', { for: 'valid-from', text: t('host-valid-from') }), fromInput),
      h('div', { class: 'field' }, h('label', { for: 'valid-until', text: t('host-valid-until') }), untilInput),
    ),
    h('p', { class: 'muted small', text: t('host-valid-help') }),
    localZone,
    h('div', { class: 'field' }, h('label', { for: 'visitor-email', text: t('host-visitor-email') }), emailInput, h('p', { id: 'visitor-email-help', class: 'muted small', text: t('host-visitor-email-help') })),
    h('div', { class: 'field' }, h('label', { for: 'visitor-language', text: t('host-visitor-language') }), languageInput),
    slot,
    h('p', { class: 'actions' }, submit),
  );
  const fields = { label: name, from: fromInput, until: untilInput, email: emailInput };
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const input = { label: name.value, from: fromLocalInput(fromInput.value), until: fromLocalInput(untilInput.value), email: emailInput.value, language: languageInput.value };
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
    submit.textContent = t('host-creating');
    const res = await api('POST', '/v1/passes', inviteBody(input));
    submit.disabled = false;
    submit.textContent = t('host-create-invitation');
    if (!res.ok || !res.body || typeof res.body.claim_url !== 'string') {
      setError(slot, res.status === 400 || res.status === 422 ? t('host-invite-refused', { reason: errorText(res.code) }) : problem(res, 'invite'));
      if (res.status === 422 && res.body && res.body.error && res.body.error.field === 'email') emailInput.setAttribute('aria-invalid', 'true');
      return;
    }
    showInvitation(input.label.trim(), res.body, input);
  });

  const showInvitation = (visitor, issued, input) => {
    form.hidden = true;
    const link = h('input', { id: 'claim-link', type: 'text', readonly: true, value: issued.claim_url, spellcheck: 'false', dir: 'ltr', 'aria-describedby': 'claim-link-help' });
    const status = h('p', { class: 'copy-status muted', role: 'status' });
    const copy = h('button', { type: 'button', class: 'primary', text: t('host-copy-link') });
    copy.addEventListener('click', async () => {
      status.textContent = (await copyText(issued.claim_url, link)) ? t('host-link-copied') : t('host-link-not-copied');
    });
    const share = typeof navigator.share === 'function'
      ? h('button', { type: 'button', class: 'secondary', text: t('host-share'), onclick: () => navigator.share({ title: t('host-share-title', { name: visitor }), url: issued.claim_url }).catch(() => {}) })
      : null;
    const heading = h('h2', { tabindex: '-1', text: t('host-invitation-for', { name: visitor }) });
    const again = h('button', { type: 'button', class: 'secondary', text: t('host-invite-again') });
    again.addEventListener('click', () => {
      result.replaceChildren();
      form.hidden = false;
      name.value = '';
      emailInput.value = '';
      languageInput.value = currentLanguage();
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
        zoneNote(),
        h('div', { class: 'invitation-body' },
          h('figure', { class: 'qr-card' }, qrSvg(issued.claim_url, t('host-invitation-qr', { name: visitor })), h('figcaption', { class: 'muted small', text: t('host-invitation-qr-caption') })),
          h(
            'div',
            { class: 'invitation-link' },
            h('div', { class: 'field' }, h('label', { for: 'claim-link', text: t('host-invitation-link') }), link),
            issued.message_id
              ? h('p', { id: 'invitation-mailed', class: 'notice small', role: 'status', text: t('host-invitation-mailed', { email: input.email.trim() }) })
              : null,
            h('p', { id: 'claim-link-help', class: 'warn small', text: t('host-invitation-link-help', { name: visitor }) }),
            h('p', { class: 'actions' }, copy, share),
            status,
          ),
        ),
        h('p', { class: 'actions' }, again, h('a', { href: '#visits', class: 'button link-button', text: t('host-see-visits') })),
      ),
    );
    heading.focus();
  };

  return {
    root: h('section', { class: 'panel card invite' }, h('h1', { text: t('host-invite-heading') }), h('p', { class: 'muted', text: t('host-invite-intro') }), form, result),
  };
}

// ---------------------------------------------------------------- visits

function visitRow(row, onCancel) {
  const where = row.kind === 'walk_in'
    ? (row.gate ? t('host-visit-walk-in-at', { gate: row.gate, when: when(row.at) }) : t('host-visit-walk-in', { when: when(row.at) }))
    : span(row.from, row.until);
  const li = h(
    'li',
    { class: `visit tone-${row.tone}` },
    h('div', { class: 'visit-main' }, h('bdi', { class: 'visit-name', text: row.name }), h('span', { class: 'visit-when muted', text: where }), row.note ? h('span', { class: 'visit-note muted', text: t('host-visit-note', { note: row.note }) }) : null),
    h('span', { class: `badge tone-${row.tone}`, text: row.status }),
  );
  if (onCancel) {
    const slot = h('div', { class: 'error-slot' });
    const cancel = h('button', { type: 'button', class: 'quiet small', text: t('host-cancel'), 'aria-label': tAttr('host-cancel', 'label', { name: row.name }) });
    cancel.addEventListener('click', async () => {
      if (!confirm(t('host-cancel-confirm', { name: row.name }))) return;
      cancel.disabled = true;
      const res = await api('POST', `/v1/passes/${encodeURIComponent(row.id)}/revoke`, {});
      if (res.ok) return onCancel();
      cancel.disabled = false;
      setError(slot, problem(res, 'cancel'));
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
    if (!res.ok || !res.body || !Array.isArray(res.body.passes)) return { error: problem(res, 'read-passes'), passes: out };
    out.push(...res.body.passes);
    cursor = res.body.next_cursor;
    if (!cursor) break;
  }
  return { passes: out };
}

async function closedWalkIns() {
  const all = await Promise.all(['approved', 'denied', 'expired'].map((s) => api('GET', `/v1/walk-ins?state=${s}`)));
  const bad = all.find((r) => !r.ok || !r.body || !Array.isArray(r.body.walk_ins));
  return { error: bad ? problem(bad, 'read-walk-ins') : null, walkIns: all.flatMap((r) => (r.ok && r.body && Array.isArray(r.body.walk_ins) ? r.body.walk_ins : [])) };
}

function visitsView() {
  const status = h('p', { class: 'muted', role: 'status', text: t('host-visits-loading') });
  const slot = h('div', { class: 'error-slot' });
  const upcoming = h('ul', { class: 'visit-list', 'aria-label': t('host-visits-upcoming-list') });
  const past = h('ul', { class: 'visit-list', 'aria-label': t('host-visits-past-list') });
  const upcomingEmpty = h('p', { class: 'empty muted', hidden: true }, t('host-visits-upcoming-empty'), ' ', h('a', { href: '#invite', text: t('host-invite-heading') }));
  const pastEmpty = h('p', { class: 'empty muted', hidden: true, text: t('host-visits-past-empty') });
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
    status.textContent = t('host-visits-count', { upcoming: v.upcoming.length, past: v.past.length });
  };
  load();
  return {
    root: h(
      'section',
      { class: 'panel card visits' },
      h('div', { class: 'view-head' }, h('h1', { text: t('host-tab-visits') }), h('button', { type: 'button', class: 'secondary small', text: t('host-refresh'), onclick: () => load() })),
      status,
      zoneNote(),
      slot,
      h('h2', { text: t('host-visits-upcoming') }),
      upcomingEmpty,
      upcoming,
      h('h2', { text: t('host-visits-past') }),
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

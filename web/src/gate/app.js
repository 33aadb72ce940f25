// The web gate: a guard's tablet at a turnstile. Pairing from the link's fragment, then the
// camera (and a keyboard-wedge scanner) feed texts through the de-duplication filter into
// the state machine (core.js, the native gate's GateCore ported), whose actions this file
// turns into WebSocket frames and screens. Face to face (issue 52): the tablet's screen and
// its camera face the visitor; the challenge is drawn big for a phone's front camera 20–40 cm
// away, and the camera keeps reading while it shows (the answer, then the next visitor's
// code). A party's code (`TSR1P:`) is split by the core into single scans; its one challenge
// (`TSR1Q:`) and its verdict, naming each person, are drawn here. Every verdict also goes to
// the strip of the last few, so a verdict cleared by the next visitor is not lost to the
// guard. A visitor without a pass is a walk-in: the guard
// asks a host (the "Walk-in" form; walkins.js keeps the requests in the journal and resends
// them), and the host's answer is a verdict like a scan's. DOM calls only: the CSP allows no
// inline script or style.
//
// Every word on screen comes from the catalogue (i18n.js `t`), in the gate's language: the
// one picked in the switcher on this tablet, else the gate's configured language, else the
// browser's, else the organisation's (`GET /v1/gate/me`, kept in IndexedDB for an offline
// reload); times in the site's zone.

import { GateCore, JournalGateMismatch } from './core.js';
import { Dedupe } from './dedupe.js';
import { GateStore, MemoryGateStore } from './journal.js';
import { WalkIns, walkInProblem } from './walkins.js';
import { MusterMarks, markAnswer, musterPeople } from './muster.js';
import { personKey, personRef } from '../people.js';
import { hostName, knownError, partyView, plainNumber, scopeWords, stripLine, verdictView, walkInLine, walkInVerdict } from './words.js';
import { PassHold, codePasses, pendingPasses } from './dedupe.js';
import { formatNumber, formatTime, setTimeZone, t } from '../i18n.js';
import { mountSwitcher, startLanguage } from '../locale.js';
import { qrSvg } from '../qr.js';
import { Scanner } from '../scanner.js';
import { fetchJson, h, showScreen } from '../ui.js';

const VERDICT_MS = 3000;
const PARTY_VERDICT_MS = 5000; // a line per person to read
const WALK_IN_VERDICT_MS = 6000; // the guard may be looking at the visitor, not the screen
const STRIP_SIZE = 6; // verdicts the strip keeps: a full party, or the last few visitors
// Which camera reads the codes: the front one faces the visitor when the tablet's screen
// does (face to face); a tablet mounted the other way round uses its back one. Per device.
const CAMERA_KEY = 'tessera.gate.camera';
const TICK_MS = 250;
const RECONNECT_BASE_MS = 250;
const RECONNECT_CAP_MS = 5000;
// As tessera-gate's --connect-timeout-ms: a socket must be open and welcomed within this, or
// it is given up and the next one tried.
const CONNECT_TIMEOUT_MS = 5000;
const REQUEST_TIMEOUT_MS = 15_000;
const NOTICE_MS = 6000;
// How often a gate asks for the roll calls it serves (and resends a marshal's marks).
const ROLL_CALL_POLL_MS = 5000;

const main = document.getElementById('main');

// ---------------------------------------------------------------- DOM helpers

function screen(...nodes) {
  showScreen(main, ...nodes);
  // In the gate's bar when the screen has one, else at the top of the page.
  mountSwitcher('gate');
}

const SVG = 'http://www.w3.org/2000/svg';

/** A verdict's icon (check | repeat | wait | cross), drawn by DOM calls, hidden from screen readers. */
function verdictIcon(name) {
  const el = (tag, attrs) => {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    return node;
  };
  const svg = el('svg', { class: `verdict-icon icon-${name}`, viewBox: '0 0 48 48', 'aria-hidden': 'true', focusable: 'false' });
  const line = { fill: 'none', stroke: 'currentColor', 'stroke-width': '5', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' };
  const shapes = {
    // A check mark in a ring: let in.
    check: [el('circle', { cx: '24', cy: '24', r: '21', ...line, 'stroke-width': '3.5' }), el('path', { d: 'M13.5 24.5l7 7 14-15', ...line })],
    // Two arrows chasing each other: again, a second time.
    repeat: [
      el('path', { d: 'M36.5 17A14 14 0 0 0 11 19', ...line }),
      el('path', { d: 'M37.5 8.5v9h-9', ...line }),
      el('path', { d: 'M11.5 31A14 14 0 0 0 37 29', ...line }),
      el('path', { d: 'M10.5 39.5v-9h9', ...line }),
    ],
    // An hourglass: hold on.
    wait: [el('path', { d: 'M13 6h22M13 42h22M15 6c0 10 18 12 18 18s-18 8-18 18M33 6c0 10-18 12-18 18s18 8 18 18', ...line, 'stroke-width': '3.5' })],
    // A cross in a ring: not let in.
    cross: [el('circle', { cx: '24', cy: '24', r: '21', ...line, 'stroke-width': '3.5' }), el('path', { d: 'M16 16l16 16M32 16L16 32', ...line })],
  };
  svg.append(...(shapes[name] || shapes.cross));
  return svg;
}

/** The gate's language and the site's time zone, from what `me` (the server's or the stored) says. */
function applyLanguage(me) {
  startLanguage('gate', { named: [me && me.language], orgDefault: me && me.default_language });
  setTimeZone(me && me.time_zone);
}

/** `me` as kept in IndexedDB: the gate, with its language, the organisation's and the site's zone when the server names them. */
function meRecord(body) {
  const out = { ...body };
  for (const k of ['language', 'default_language', 'time_zone']) if (typeof out[k] !== 'string' || !out[k]) delete out[k];
  return out;
}

function card(title, ...content) {
  return h('section', { class: 'card gate-card' }, h('h1', { text: title }), ...content);
}

// A stand-in for a value the sentence shows in bold: the message is made with MARK in its
// place, then split there, so the words around it stay the translation's own.
const MARK = '\u{E000}';

/** The pieces of `text` (made with MARK in one place) with `value` in `<strong>` there. */
function withStrong(text, value) {
  const at = text.indexOf(MARK);
  if (at < 0) return [text];
  return [text.slice(0, at), h('strong', { dir: 'auto', text: value }), text.slice(at + MARK.length)].filter((x) => x !== '');
}

// ---------------------------------------------------------------- server calls

function call(method, path, body) {
  return fetchJson(path, { method, body, credentials: 'same-origin', timeoutMs: REQUEST_TIMEOUT_MS });
}

// ---------------------------------------------------------------- start: pairing

async function openStore() {
  try {
    return { store: await GateStore.open(), persistent: true };
  } catch {
    return { store: new MemoryGateStore(), persistent: false };
  }
}

function registerWorker() {
  if ('serviceWorker' in navigator && window.isSecureContext) {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
  }
}

async function start() {
  registerWorker();
  const { store, persistent } = await openStore();
  // The language this tablet last knew (offline, it is all there is); the server's answer may change it.
  applyLanguage(await store.me().catch(() => null));
  const secret = /^#pair=([A-Za-z0-9_-]{16,200})$/.exec(location.hash);
  if (location.hash) history.replaceState(null, '', '/gate'); // the secret leaves the address bar at once
  if (secret) return pair(store, persistent, secret[1]);
  return resume(store, persistent);
}

async function pair(store, persistent, secret) {
  screen(card(t('gate-pairing-title'), h('p', { class: 'muted', text: t('gate-pairing-text') })));
  const res = await call('POST', '/v1/gates/pair', { pairing_secret: secret });
  if (res.ok && res.body && res.body.gate_id) {
    const me = meRecord(res.body);
    await store.setMe(me).catch(() => {});
    applyLanguage(me);
    return openGate(store, persistent, me);
  }
  const alert = h('div', { role: 'alert', class: 'alert shown' });
  const actions = h('p', { class: 'actions' });
  if (res.network) {
    alert.textContent = t('gate-pairing-network');
    actions.append(h('button', { type: 'button', class: 'primary', onclick: () => pair(store, persistent, secret) }, t('gate-try-again')));
  } else if (res.status === 429 || res.code === 'rate_limited') {
    alert.textContent = t('gate-pairing-rate-limited');
  } else if (res.status === 404 || res.code === 'invalid_pairing') {
    alert.textContent = t('gate-pairing-invalid');
  } else {
    alert.textContent = t('gate-pairing-refused', { code: String(res.code || res.status) });
  }
  // Already a gate (the link was opened again on a paired tablet)? Offer to carry on.
  const me = res.network ? null : await call('GET', '/v1/gate/me');
  if (me && me.ok && me.body && me.body.gate_id) {
    const known = meRecord(me.body);
    actions.append(
      h(
        'button',
        {
          type: 'button',
          class: 'secondary',
          onclick: () => {
            applyLanguage(known);
            openGate(store, persistent, known);
          },
        },
        known.label ? t('gate-continue-as', { gate: known.label }) : t('gate-continue-as-this'),
      ),
    );
  }
  screen(card(t('gate-pairing-refused-title'), alert, actions));
}

async function resume(store, persistent) {
  const res = await call('GET', '/v1/gate/me');
  if (res.ok && res.body && res.body.gate_id) {
    const me = meRecord(res.body);
    await store.setMe(me).catch(() => {});
    applyLanguage(me);
    return openGate(store, persistent, me);
  }
  if (res.status === 401 || res.status === 403) return showNotPaired();
  // The server is unreachable: a device paired before opens its gate screen (offline) and
  // keeps trying; its journal is still there.
  const known = await store.me().catch(() => null);
  if (known && known.gate_id) return openGate(store, persistent, known);
  const alert = h('div', { role: 'alert', class: 'alert shown', text: t('gate-unreachable') });
  screen(card(t('gate-unavailable-title'), alert, h('p', {}, h('button', { type: 'button', class: 'primary', onclick: () => resume(store, persistent) }, t('gate-try-again')))));
}

let teardown = null;

function showNotPaired(reason) {
  if (teardown) teardown();
  teardown = null;
  screen(
    card(
      t('gate-not-paired-title'),
      reason ? h('p', { role: 'alert', class: 'alert shown', text: reason }) : null,
      h('p', { text: t('gate-not-paired-text') }),
      h('p', { class: 'muted', text: t('gate-not-paired-hint') }),
    ),
  );
}

// ---------------------------------------------------------------- the gate screen

async function openGate(store, persistent, me) {
  if (teardown) teardown();
  const journal = store.journal();
  // Pending work of another gate identity cannot be finished by this one (its nonces belong
  // to that gate): a device re-paired as another gate starts with an empty journal.
  const walkInJournal = store.walkInJournal();
  const doc = await Promise.resolve(journal.load()).catch(() => null);
  const walkInDoc = await Promise.resolve(walkInJournal.load()).catch(() => null);
  const foreign = (d) => d && d.gate_id && d.gate_id !== me.gate_id;
  if (foreign(doc) || foreign(walkInDoc)) await store.clearJournal();
  const { core, actions: first } = await GateCore.open(journal);
  const { walkIns, actions: firstWalkIns } = await WalkIns.open(walkInJournal);
  const marks = await MusterMarks.open(store.musterJournal(), me.gate_id);
  // Muster mode (a roll call): scans mark people safe and admit nobody.
  const muster = { on: false, rollCalls: (await store.rollCalls().catch(() => null)) || [], flushing: false, shownKey: null };

  const state = { ws: null, welcomed: false, online: false, attempt: 0, skewMs: 0, closed: false, reconnectTimer: null, verdictTimer: null };
  const dedupe = new Dedupe();
  const held = new PassHold();

  // --- layout
  const statusPill = h('span', { class: 'pill offline', id: 'connection', text: t('gate-status-connecting') });
  // Each counter: the number, then its word (which may agree with the number).
  const counter = (tone, title, word) => {
    const n = h('b', { text: plainNumber(0) });
    const w = document.createTextNode('');
    const set = (value) => {
      n.textContent = plainNumber(value);
      w.textContent = ` ${word(value)}`;
    };
    set(0);
    return { set, el: h('span', { class: `count ${tone}`, title }, n, w) };
  };
  const counts = {
    admitted: counter('green', t('gate-count-admitted-title'), (count) => t('gate-count-admitted', { count })),
    already: counter('amber', t('gate-count-already-title'), (count) => t('gate-count-already', { count })),
    denied: counter('red', t('gate-count-denied-title'), (count) => t('gate-count-denied', { count })),
  };
  const counters = h(
    'div',
    { class: 'counters', 'aria-label': t('gate-counters-label') },
    h('span', { class: 'count-title', text: t('gate-counters-title') }),
    counts.admitted.el,
    counts.already.el,
    counts.denied.el,
  );
  const bar = h(
    'header',
    { class: 'bar gate-bar' },
    h('div', { class: 'gate-id' }, h('span', { class: 'gate-label', dir: 'auto', text: me.label || t('gate-label-fallback') }), me.site ? h('span', { class: 'gate-site', dir: 'auto', text: me.site }) : null),
    statusPill,
    counters,
    h('button', { type: 'button', id: 'muster-toggle', class: 'secondary muster-toggle', 'aria-pressed': 'false', hidden: true, text: t('gate-muster-toggle'), onclick: () => setMuster(!muster.on) }),
  );
  const offlineBanner = h('div', { class: 'offline-banner', role: 'alert' });
  const video = h('video', { class: 'camera', muted: true, playsinline: true, autoplay: true, 'aria-label': t('gate-camera-label') });
  const cameraNote = h('p', { class: 'camera-note', role: 'status' });
  let facing = 'user';
  try {
    facing = localStorage.getItem(CAMERA_KEY) === 'environment' ? 'environment' : 'user';
  } catch {
    // private mode: the front camera
  }
  const cameraSwitch = h('button', { type: 'button', class: 'secondary camera-switch', 'aria-pressed': String(facing === 'environment'), text: t('gate-camera-back') });
  // The last few verdicts, newest first: what the guard may have missed while looking away.
  const strip = h('ol', { class: 'strip', 'aria-labelledby': 'strip-heading' });
  const stripPanel = h('section', { class: 'strip-panel' }, h('h2', { id: 'strip-heading', text: t('gate-strip-heading') }), strip);
  const scanInput = h('input', {
    id: 'scanner-input',
    type: 'text',
    inputmode: 'none',
    autocomplete: 'off',
    autocapitalize: 'characters',
    spellcheck: 'false',
    enterkeyhint: 'send',
    dir: 'ltr', // codes read left to right in every language
  });
  const keyboard = h(
    'form',
    { class: 'scanner-field', onsubmit: (ev) => { ev.preventDefault(); submitTyped(); } },
    h('label', { for: 'scanner-input', text: t('gate-scanner-label') }),
    scanInput,
  );
  const walkInButton = h('button', { type: 'button', class: 'secondary walkin-open', 'aria-haspopup': 'dialog', text: t('gate-walkin-open') });
  const walkInList = h('ul', { class: 'walkin-list', 'aria-label': t('gate-walkin-list-label') });
  const walkInPanel = h(
    'section',
    { class: 'walkins', 'aria-labelledby': 'walkins-heading' },
    h('div', { class: 'walkins-head' }, h('h2', { id: 'walkins-heading', text: t('gate-walkins-heading') }), walkInButton),
    h('p', { class: 'walkins-empty muted', text: t('gate-walkins-empty') }),
    walkInList,
  );
  const cameraPanel = h(
    'section',
    { class: 'camera-panel', 'aria-label': t('gate-scanner-panel-label') },
    h('div', { class: 'camera-frame' }, video),
    h('div', { class: 'camera-row' }, cameraNote, cameraSwitch),
    keyboard,
    stripPanel,
    walkInPanel,
  );
  const stage = h('section', { class: 'stage', 'aria-live': 'polite' });
  const notice = h('p', { class: 'notice', role: 'status' });
  const verdict = h('div', { class: 'verdict', hidden: true, role: 'alert', tabindex: '-1' });
  const musterTitle = h('h2', { id: 'muster-heading' });
  const musterCounts = h('p', { id: 'muster-counts', class: 'muster-counts', role: 'status' });
  const musterSearch = h('input', { id: 'muster-search', type: 'search', autocomplete: 'off', spellcheck: 'false' });
  const musterList = h('ul', { id: 'muster-list', class: 'muster-list', 'aria-label': t('gate-muster-list-label') });
  const musterPanel = h(
    'section',
    { id: 'muster', class: 'muster', 'aria-labelledby': 'muster-heading', hidden: true },
    musterTitle,
    h('p', { class: 'muted', text: t('gate-muster-help') }),
    musterCounts,
    h('div', { class: 'field' }, h('label', { for: 'muster-search', text: t('gate-muster-search') }), musterSearch),
    musterList,
  );
  musterSearch.addEventListener('input', () => renderMuster());
  const body = h('div', { class: 'gate-body' }, cameraPanel, h('div', { class: 'stage-col' }, stage, notice, musterPanel));
  const dialog = walkInDialog();
  screen(h('div', { class: 'gate-app' }, bar, offlineBanner, body, verdict, dialog.el));
  if (!persistent) flash(t('gate-no-storage'));

  // --- serialise everything through the core, then render
  let chain = Promise.resolve();
  const run = (fn) => {
    chain = chain.then(fn).then(apply, (e) => {
      if (e instanceof JournalGateMismatch) flash(t('gate-journal-foreign'));
      else flash(t('gate-journal-failed', { error: String(e && e.message ? e.message : e) }));
    });
    return chain;
  };

  // The server's messages for the scans, taken together when several came in while the
  // journal was busy (a party's members' challenges or results): one durable write for all.
  const inbox = [];
  function fromServer(msg) {
    inbox.push(msg);
    if (inbox.length === 1) run(() => core.onServerAll(inbox.splice(0), Date.now()));
  }

  function send(message) {
    if (state.ws && state.ws.readyState === WebSocket.OPEN) state.ws.send(JSON.stringify(message));
  }

  let noticeTimer = null;
  function flash(text) {
    notice.textContent = text;
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => {
      notice.textContent = '';
    }, NOTICE_MS);
  }

  function apply(actions) {
    if (!actions) return;
    for (const a of actions) {
      if (a.emit === 'challenge' || a.emit === 'verdict') notice.textContent = '';
      if (a.send) send(a.send);
      else if (a.reconnect) dropSocket();
      else if (a.emit === 'connected') {
        state.skewMs = (a.clock_skew_s || 0) * 1000;
        if (Math.abs(a.clock_skew_s) >= 10) flash(t('gate-clock-skew', { seconds: plainNumber(a.clock_skew_s) }));
      } else if (a.emit === 'verdict') {
        if (!a.party_id) showVerdict(a); // a party member's waits for its party's
      } else if (a.emit === 'party_verdict') showPartyVerdict(a);
      else if (a.emit === 'duplicate') flash(t('gate-duplicate'));
      else if (a.emit === 'scan') flash(a.queued ? t('gate-scan-queued') : t('gate-checking-code'));
      else if (a.emit === 'response_accepted') flash(a.queued ? t('gate-answer-queued') : t('gate-checking-answer'));
      else if (a.emit === 'rejected') flash(t('gate-ignored', { why: a.message }));
      else if (a.emit === 'error') flash(a.retryable ? t('gate-server-busy', { code: a.code }) : refused(a.code));
      else if (a.emit === 'unanswered' && !a.party_id) flash(a.pass && a.pass.label ? t('gate-unanswered', { visitor: a.pass.label }) : t('gate-unanswered-phone'));
      else if (a.emit === 'abandoned' && !a.party_id) flash(t('gate-abandoned'));
      else if (a.emit === 'walk_in') {
        renderWalkIn(a.request);
        if (a.closed) showWalkInVerdict(a.request);
      } else if (a.emit === 'walk_in_removed') removeWalkIn(a.request_id);
      else if (a.emit === 'walk_in_error') flash(a.retryable ? t('gate-walkin-busy', { code: a.code }) : t('gate-walkin-refused', { visitor: a.request.visitor_name, code: a.code }));
    }
    renderStage();
  }

  // A refusal the server sent: its code in words (never the server's own sentence), with the code.
  function refused(code) {
    const reason = knownError(code);
    return reason ? t('gate-server-refused-reason', { code, reason }) : t('gate-server-refused', { code });
  }

  // --- the stage: the newest challenge (a visitor's or a party's), or "ready"
  let shownChallenge = null; // what the stage shows: a challenge text, or a key for the other states
  let countdown = null;
  function renderStage() {
    const prompts = core.prompts();
    const c = prompts[prompts.length - 1] || null;
    // A verdict never hides a challenge: while one is open it moves beside it.
    verdict.classList.toggle('beside', Boolean(c));
    // While a challenge shows, the camera's preview is blurred: the phone's front camera
    // sees this whole screen, and the preview would show it its own code back, a second QR
    // code beside the one it must read.
    cameraPanel.classList.toggle('asking', Boolean(c));
    if (!c) {
      // Nothing to show the wallet: an answer or a code on its way, or ready for the next.
      const scans = core.scans;
      const answered = scans.filter((x) => x.response !== null).pop();
      const checking = scans.filter((x) => !x.challenge).pop();
      const wait = (text) => (state.online ? text : `${text} ${t('gate-offline-kept')}`);
      const [key, title, text] = answered
        ? [
          `answer:${answered.scan_id}:${state.online}`,
          t('gate-checking-answer'),
          wait(answered.party ? t('gate-answers-on-way') : answered.challenge.pass.label ? t('gate-answer-on-way', { visitor: answered.challenge.pass.label }) : t('gate-answer-on-way-anonymous')),
        ]
        : checking
          ? [`code:${checking.scan_id}:${state.online}`, t('gate-checking-code'), wait(checking.party ? t('gate-codes-on-way') : t('gate-code-on-way'))]
          : muster.on
            ? ['', t('gate-muster-ready-title'), t('gate-muster-ready-text')]
            : ['', t('gate-ready-title'), t('gate-ready-text')];
      const shownKey = `${key}|${muster.on}`;
      if (shownChallenge !== shownKey) {
        shownChallenge = shownKey;
        countdown = null;
        stage.classList.remove('showing-challenge');
        stage.replaceChildren(h('div', { class: key ? 'ready busy' : muster.on ? 'ready muster-ready' : 'ready' }, h('h1', { text: title }), h('p', { text })));
      }
      return;
    }
    if (shownChallenge !== c.key) {
      shownChallenge = c.key;
      countdown = h('p', { class: 'countdown', role: 'timer' });
      const others = prompts.length - 1;
      const waiting = others > 0 ? h('p', { class: 'muted', text: t('gate-more-waiting', { count: others }) }) : null;
      const party = c.kind === 'party';
      const names = party ? c.passes.map((p) => p.label).filter(Boolean) : c.pass && c.pass.label ? [c.pass.label] : [];
      stage.classList.add('showing-challenge');
      stage.replaceChildren(
        h(
          'div',
          { class: `challenge${party ? ' party' : ''}` },
          h('h1', { text: party ? t('gate-party-challenge-title', { count: c.passes.length }) : t('gate-challenge-title') }),
          // Drawn for a phone's front camera 20–40 cm away: as large as the stage allows,
          // black on white, a six-module quiet zone (the standard asks four; in the lane
          // rig four read worse, at every distance). A party's (4 members: 325 characters)
          // at error correction L, as the wallet draws a party's answer: version 9, not 11,
          // so each module is 15 % larger to the phone's camera: in the rig's camera model
          // 72–96 % of pictures read at 20–30 cm and 56–71 % at 40 cm, against 49–88 % and
          // none at M (docs/performance.md, "The lane rig"). A screen is not a torn label:
          // L's 7 % covers glare and blur.
          h(
            'div',
            { class: 'qr-box' },
            party
              ? qrSvg(c.wallet_challenge, t('gate-party-challenge-qr-label', { count: c.passes.length }), 6, 'L')
              : qrSvg(c.wallet_challenge, t('gate-challenge-qr-label'), 6),
          ),
          h('div', { class: 'challenge-foot' }, h('p', { class: 'challenge-pass', dir: 'auto', text: names.join(' · ') }), countdown),
          h('p', { class: 'muted challenge-then', text: t('gate-challenge-then') }),
          waiting,
        ),
      );
      // The visitor must see it at once: a long roll call list may have scrolled it away.
      stage.scrollIntoView({ block: 'nearest' });
    }
    const left = Math.max(0, Math.ceil((Date.parse(c.expires_at) - (Date.now() + state.skewMs)) / 1000));
    countdown.textContent = left > 0 ? t('gate-countdown', { seconds: left }) : t('gate-countdown-over');
    countdown.classList.toggle('late', left <= 5);
  }

  // --- verdicts
  let audio = null;
  function beep(tone) {
    try {
      audio = audio || new AudioContext();
      if (audio.state === 'suspended') audio.resume().catch(() => {});
      const plan = { green: [[880, 0, 0.12], [1320, 0.15, 0.12]], amber: [[660, 0, 0.25]], red: [[220, 0, 0.5]] }[tone];
      for (const [freq, at, len] of plan) {
        const osc = audio.createOscillator();
        const gain = audio.createGain();
        osc.type = tone === 'red' ? 'square' : 'sine';
        osc.frequency.value = freq;
        gain.gain.value = 0.2;
        osc.connect(gain).connect(audio.destination);
        osc.start(audio.currentTime + at);
        osc.stop(audio.currentTime + at + len);
      }
    } catch {
      // no audio on this device
    }
    try {
      // Only once the guard has touched the page (sticky activation): before that Chromium
      // refuses and logs an error, and a gate reopened with a verdict waiting shows it
      // before any tap.
      const touched = !navigator.userActivation || navigator.userActivation.hasBeenActive;
      if (navigator.vibrate && touched) navigator.vibrate({ green: [80], amber: [80, 60, 80], red: [300] }[tone]);
    } catch {
      // no vibration
    }
  }

  /**
   * The full-screen verdict: a scan's (`scanId`), a party's (`partyId`, one line per person
   * in `view.people`) or a walk-in's (`requestId`). While a challenge is open it stands
   * beside it instead (`beside`), so the next visitor's phone can read on.
   */
  function paintVerdict(view, { scanId = null, requestId = null, partyId = null, kind }) {
    verdict.className = `verdict ${view.tone}${kind === 'walk_in' ? ' walk-in' : ''}${kind === 'party' ? ' party' : ''}`;
    verdict.classList.toggle('beside', core.prompts().length > 0);
    // Never colour alone: an icon above the word. A headline with a reason after its word
    // ("DENIED — … (code)") shows the word big and the reason smaller.
    const split = view.word && view.headline !== view.word && view.headline.startsWith(view.word);
    verdict.replaceChildren(
      verdictIcon(view.icon),
      split
        ? h('p', { class: 'verdict-headline' }, h('span', { class: 'verdict-word', text: view.word }), view.headline.slice(view.word.length))
        : h('p', { class: 'verdict-headline', text: view.headline }),
      ...view.details.map((d) => h('p', { class: 'verdict-detail', dir: 'auto', text: d })),
      ...(view.people
        ? [
          h(
            'ul',
            { class: 'verdict-people' },
            view.people.map((p) =>
              h('li', { class: `person ${p.tone}` }, verdictIcon(p.icon), h('span', { class: 'person-name', dir: 'auto', text: p.name }), h('span', { class: 'person-outcome', text: p.headline }), ...p.details.map((d) => h('span', { class: 'person-detail', dir: 'auto', text: d }))),
            ),
          ),
        ]
        : []),
      h('p', { class: 'verdict-hint', text: t('gate-verdict-hint') }),
    );
    verdict.hidden = false;
    if (scanId) verdict.dataset.scanId = scanId;
    else delete verdict.dataset.scanId;
    if (partyId) verdict.dataset.partyId = partyId;
    else delete verdict.dataset.partyId;
    if (requestId) verdict.dataset.requestId = requestId;
    else delete verdict.dataset.requestId;
    verdict.dataset.kind = kind;
    beep(view.tone);
    clearTimeout(state.verdictTimer);
    state.verdictTimer = setTimeout(hideVerdict, kind === 'walk_in' ? WALK_IN_VERDICT_MS : kind === 'party' ? PARTY_VERDICT_MS : VERDICT_MS);
  }

  /** Adds lines to the strip of the last verdicts (newest first), keeping STRIP_SIZE. */
  function addToStrip(lines) {
    const at = clockNow();
    for (const line of lines) {
      const li = h('li', { class: `strip-item ${line.tone}` }, verdictIcon(line.icon), h('span', { class: 'strip-time', text: at }), h('span', { class: 'strip-word', text: line.word }), h('span', { class: 'strip-name', dir: 'auto', text: line.name }), line.why ? h('span', { class: 'strip-why', text: line.why }) : null);
      strip.prepend(li);
    }
    while (strip.children.length > STRIP_SIZE) strip.lastElementChild.remove();
    stripPanel.classList.add('has-verdicts');
  }

  function clockNow() {
    return formatTime(Date.now() + state.skewMs, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  }

  /** A party's verdict: one line per person, each with its own outcome and reason. */
  function showPartyVerdict(p) {
    const view = partyView(p, Date.now() + state.skewMs);
    paintVerdict(view, { partyId: p.party_id, kind: 'party' });
    addToStrip([...view.people].reverse().map((person) => person.strip));
    // Don't stop the next visitor for a party just let in: their passes are held a moment.
    for (const m of p.members) if (m.verdict && !m.verdict.muster && (m.verdict.outcome === 'admitted' || m.verdict.outcome === 'already_admitted')) held.hold(m.pass_id, Date.now());
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        run(async () => {
          await core.partyShown(p.party_id);
          await refreshCounters();
          return [];
        });
      }),
    );
  }

  function showWalkInVerdict(r) {
    paintVerdict(walkInVerdict(r), { requestId: r.request_id, kind: 'walk_in' });
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        run(async () => {
          await walkIns.shown(r.request_id);
          await refreshCounters();
          return [];
        });
      }),
    );
  }

  function showVerdict(v) {
    if (v.muster) pollRollCalls(); // the list and its counts changed
    const view = verdictView(v, Date.now() + state.skewMs);
    paintVerdict(view, { scanId: v.scan_id, kind: 'scan' });
    addToStrip([stripLine(v, view)]);
    if (v.pass && v.pass.id && !v.muster && (v.outcome === 'admitted' || v.outcome === 'already_admitted')) held.hold(v.pass.id, Date.now());
    // Only once the verdict is on screen may it leave the journal (GateCore::verdict_shown).
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        run(async () => {
          await core.verdictShown(v.scan_id);
          await refreshCounters();
          return [];
        });
      }),
    );
  }

  function hideVerdict() {
    clearTimeout(state.verdictTimer);
    verdict.hidden = true;
    if (!document.activeElement || document.activeElement === document.body || document.activeElement === verdict) scanInput.focus({ preventScroll: true });
  }
  verdict.addEventListener('click', hideVerdict);

  async function refreshCounters() {
    try {
      const c = await store.counters();
      counts.admitted.set(c.admitted);
      counts.already.set(c.already);
      counts.denied.set(c.denied);
    } catch {
      // counters are a convenience
    }
  }

  // --- input: camera and keyboard scanner
  function input(text, from) {
    const now = Date.now();
    // A phone still held up shows its next code: after its verdict, or before it has read
    // the challenge for the last one. Neither is a new visitor.
    const passes = from === 'camera' ? codePasses(text) : [];
    if (passes.length) {
      if (held.holds(passes, now)) return;
      const pending = pendingPasses(core.scans, now + state.skewMs);
      if (passes.some((id) => pending.has(id))) return;
    }
    if (!text || !dedupe.accept(text, now)) return;
    if (!verdict.hidden && (text.startsWith('TSR1:') || text.startsWith('TSR1P:'))) hideVerdict(); // the next visitor
    run(() => core.onLine(text, 'scanner', now, { muster: muster.on }));
  }

  function submitTyped() {
    const text = scanInput.value.trim();
    scanInput.value = '';
    if (text) {
      dedupe.forget(text); // a deliberate scan with the hand scanner always counts
      input(text, 'keyboard');
    }
  }
  // A keyboard-wedge scanner types into whatever has focus: keys typed elsewhere go to the
  // scanner field so nothing is lost.
  const onKey = (ev) => {
    if (dialog.el.open) return; // the walk-in form has the keyboard
    if (ev.target === scanInput || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLTextAreaElement) return;
    if (ev.key === 'Enter') {
      if (scanInput.value) {
        ev.preventDefault();
        submitTyped();
      }
      return;
    }
    if (ev.key.length === 1) {
      ev.preventDefault();
      scanInput.value += ev.key;
      scanInput.focus({ preventScroll: true });
    }
  };
  document.addEventListener('keydown', onKey);

  let scanner = null;
  function startCamera() {
    if (scanner) scanner.stop();
    // Every frame is read both ways: a visitor whose phone shows its colours inverted holds
    // up a light-on-dark code. Reading only every third frame that way was tried and read a
    // party's answer later (docs/performance.md, "The lane rig").
    const mine = new Scanner(video, (text) => input(text, 'camera'), null, { frameMs: 40, maxScanMs: Infinity, maxSide: 720, facingMode: facing });
    scanner = mine;
    cameraNote.classList.remove('bad');
    mine.start().then(
      () => {
        if (scanner === mine) cameraNote.textContent = facing === 'user' ? t('gate-camera-on') : t('gate-camera-on-back');
      },
      (e) => {
        if (scanner !== mine) return;
        const name = e && e.name;
        cameraNote.textContent =
          name === 'NotAllowedError' || name === 'SecurityError'
            ? t('gate-camera-refused')
            : t('gate-camera-none');
        cameraNote.classList.add('bad');
      },
    );
  }
  cameraSwitch.addEventListener('click', () => {
    facing = facing === 'user' ? 'environment' : 'user';
    try {
      localStorage.setItem(CAMERA_KEY, facing);
    } catch {
      // kept for this visit only
    }
    cameraSwitch.setAttribute('aria-pressed', String(facing === 'environment'));
    startCamera();
  });
  startCamera();

  // --- roll call: muster mode, the list, marks by hand
  function setMuster(on) {
    muster.on = Boolean(on) && muster.rollCalls.length > 0;
    document.body.classList.toggle('mustering', muster.on);
    renderMuster();
    renderStage();
    if (muster.on) musterSearch.focus({ preventScroll: true });
    else scanInput.focus({ preventScroll: true });
  }

  function renderMuster() {
    const rc = muster.rollCalls[0] || null;
    const toggle = document.getElementById('muster-toggle');
    if (!rc && muster.on) {
      muster.on = false;
      document.body.classList.remove('mustering');
      flash(t('gate-muster-ended'));
      renderStage();
    }
    if (toggle) {
      toggle.hidden = !rc;
      toggle.setAttribute('aria-pressed', String(muster.on));
      toggle.textContent = muster.on ? t('gate-muster-toggle-back') : t('gate-muster-toggle');
    }
    musterPanel.hidden = !muster.on;
    if (!rc || !muster.on) return;
    const view = musterPeople(rc, marks.pending);
    const q = musterSearch.value.trim().toLowerCase();
    const shown = q ? view.people.filter((p) => p.label.toLowerCase().includes(q)) : view.people;
    const key = JSON.stringify([rc.id, rc.scope, state.online, view.safe, q, shown]);
    if (key === muster.shownKey) return;
    muster.shownKey = key;
    musterTitle.textContent = t('gate-muster-title', { scope: scopeWords(rc) });
    musterCounts.textContent = t('gate-muster-counts', { safe: plainNumber(view.safe), inside: plainNumber(view.inside), unaccounted: plainNumber(view.unaccounted) });
    const words = (p) =>
      p.state === 'safe'
        ? p.marked_by ? t('gate-person-safe-by', { by: p.marked_by }) : t('gate-person-safe')
        : p.state === 'pending'
          ? state.online ? t('gate-person-sending') : t('gate-person-queued')
          : p.kind === 'walk_in' ? t('gate-person-missing-walk-in', { place: p.last_seen }) : t('gate-person-missing', { place: p.last_seen });
    musterList.replaceChildren(
      ...shown.map((p) => {
        const li = h(
          'li',
          { class: `muster-person ${p.state}` },
          h('span', { class: 'muster-name', dir: 'auto', text: p.label }),
          h('span', { class: 'muster-state', text: words(p) }),
          p.state === 'missing' ? h('button', { type: 'button', class: 'secondary', text: t('gate-mark-safe'), 'aria-label': t('gate-mark-safe-label', { name: p.label }), onclick: () => tick(rc, p) }) : null,
        );
        li.dataset.person = personKey(p);
        if (p.pass_id) li.dataset.passId = p.pass_id;
        li.dataset.state = p.state;
        return li;
      }),
      ...(shown.length ? [] : [h('li', { class: 'muted', text: q ? t('gate-muster-no-match', { query: q }) : t('gate-muster-empty') })]),
    );
  }

  async function tick(rc, person) {
    try {
      await marks.add(rc.id, person, Date.now());
    } catch (e) {
      flash(t('gate-mark-save-failed', { error: String(e && e.message ? e.message : e) }));
      return;
    }
    renderMuster();
    flushMarks();
  }

  async function flushMarks() {
    if (muster.flushing || state.closed) return;
    muster.flushing = true;
    try {
      for (const m of marks.pending) {
        const res = await call('POST', `/v1/gate/roll-calls/${m.roll_call_id}/marks`, { mark_id: m.mark_id, ...personRef(m) });
        const answer = markAnswer(res);
        if (answer === 'retry') break;
        if (answer === 'refused') flash(res.code === 'roll_call_ended' ? t('gate-mark-refused-ended', { name: m.label }) : t('gate-mark-refused', { name: m.label, code: String(res.code || res.status) }));
        const rc = muster.rollCalls.find((r) => r.id === m.roll_call_id);
        const person = rc && (rc.people || []).find((p) => personKey(p) === personKey(m));
        if (answer === 'done' && person && res.body && res.body.person) Object.assign(person, res.body.person);
        await marks.settled(m.mark_id);
      }
    } finally {
      muster.flushing = false;
    }
    renderMuster();
  }

  async function pollRollCalls() {
    if (state.closed) return;
    const res = await call('GET', '/v1/gate/roll-calls');
    if (res.ok && res.body && Array.isArray(res.body.roll_calls)) {
      muster.rollCalls = res.body.roll_calls;
      store.setRollCalls(muster.rollCalls).catch(() => {});
    }
    renderMuster();
    if (marks.pending.length) flushMarks();
  }

  // --- walk-ins: the list of requests
  const walkInCards = new Map(); // request_id -> { el, line, request }
  function renderWalkIn(r) {
    let card = walkInCards.get(r.request_id);
    if (!card) {
      const line = h('p', { class: 'walkin-state' });
      const done = h('button', { type: 'button', class: 'walkin-done', text: t('gate-walkin-done'), 'aria-label': t('gate-walkin-done-label', { name: r.visitor_name }) });
      done.addEventListener('click', () => {
        run(() => walkIns.dismiss(r.request_id)).then(() => scanInput.focus({ preventScroll: true }));
      });
      const el = h(
        'li',
        { class: 'walkin-card' },
        h('div', { class: 'walkin-main' }, h('span', { class: 'walkin-name', dir: 'auto', text: r.visitor_name }), h('span', { class: 'walkin-host', text: t('gate-walkin-for', { host: hostName(r.host) }) }), line),
        done,
      );
      el.dataset.requestId = r.request_id;
      card = { el, line, done, request: r };
      walkInCards.set(r.request_id, card);
      walkInList.prepend(el); // newest first: the one the guard just asked about is on top
    }
    card.request = r;
    card.el.dataset.state = r.state;
    card.done.hidden = r.state === 'sending' || r.state === 'waiting';
    card.line.textContent = walkInLine(r, Date.now() + state.skewMs, state.online);
    walkInPanel.classList.toggle('has-requests', walkInCards.size > 0);
  }

  function removeWalkIn(requestId) {
    const card = walkInCards.get(requestId);
    if (card) card.el.remove();
    walkInCards.delete(requestId);
    walkInPanel.classList.toggle('has-requests', walkInCards.size > 0);
  }

  function tickWalkIns() {
    const now = Date.now() + state.skewMs;
    for (const card of walkInCards.values()) {
      const r = card.request;
      if (r.state === 'waiting' || r.state === 'sending') card.line.textContent = walkInLine(r, now, state.online);
    }
  }

  // --- walk-ins: the form (a modal dialog: visitor name, host search, note)
  function walkInDialog() {
    const nameInput = h('input', { id: 'walkin-name', type: 'text', autocomplete: 'off', maxlength: '200', enterkeyhint: 'next' });
    const hostInput = h('input', { id: 'walkin-host', type: 'search', autocomplete: 'off', spellcheck: 'false', 'aria-describedby': 'walkin-host-status', 'aria-controls': 'walkin-hosts', enterkeyhint: 'search' });
    const hostStatus = h('p', { id: 'walkin-host-status', class: 'muted small', role: 'status' });
    const hostList = h('ul', { id: 'walkin-hosts', class: 'host-results', 'aria-label': t('gate-hosts-label') });
    const chosen = h('p', { class: 'host-chosen' });
    const noteInput = h('input', { id: 'walkin-note', type: 'text', autocomplete: 'off', maxlength: '500' });
    const errors = h('div', { class: 'walkin-errors' });
    const submit = h('button', { type: 'submit', class: 'primary', text: t('gate-walkin-submit') });
    const cancel = h('button', { type: 'button', class: 'secondary', text: t('gate-cancel') });
    const form = h(
      'form',
      { class: 'walkin-form', novalidate: true },
      h('div', { class: 'field' }, h('label', { for: 'walkin-name', text: t('gate-walkin-name') }), nameInput),
      h('div', { class: 'field' }, h('label', { for: 'walkin-host', text: t('gate-walkin-host') }), hostInput, hostStatus, hostList, chosen),
      h('div', { class: 'field' }, h('label', { for: 'walkin-note', text: t('gate-walkin-note') }), noteInput),
      errors,
      h('p', { class: 'actions' }, submit, cancel),
    );
    const el = h('dialog', { class: 'walkin-dialog', 'aria-labelledby': 'walkin-title' }, h('h2', { id: 'walkin-title', text: t('gate-walkin-title') }), h('p', { class: 'muted', text: t('gate-walkin-intro') }), form);
    let host = null;
    let searchSeq = 0;
    let searchTimer = null;

    const setError = (text) => errors.replaceChildren(text ? h('p', { role: 'alert', class: 'alert shown', text }) : '');
    const showChosen = () => {
      chosen.replaceChildren(host ? h('span', {}, ...withStrong(t('gate-walkin-asking', { host: MARK }), hostName(host))) : '');
      for (const b of hostList.querySelectorAll('button')) b.setAttribute('aria-pressed', String(Boolean(host) && b.dataset.hostId === host.host_id));
    };
    const search = async () => {
      const mine = ++searchSeq;
      const q = hostInput.value.trim();
      hostStatus.textContent = t('gate-host-searching');
      const res = await call('GET', `/v1/gate/hosts?q=${encodeURIComponent(q)}`);
      if (mine !== searchSeq) return;
      if (!res.ok || !res.body || !Array.isArray(res.body.hosts)) {
        hostStatus.textContent = res.network ? t('gate-host-search-network') : t('gate-host-search-failed', { code: String(res.code || res.status) });
        hostList.replaceChildren();
        return;
      }
      const hosts = res.body.hosts;
      hostStatus.textContent = hosts.length
        ? q ? t('gate-hosts-found-matching', { count: hosts.length, query: q }) : t('gate-hosts-found', { count: hosts.length })
        : t('gate-hosts-none', { query: q });
      hostList.replaceChildren(
        ...hosts.map((x) => {
          const b = h('button', { type: 'button', class: 'host-option', 'aria-pressed': 'false' }, h('span', { class: 'host-label', dir: 'auto', text: x.label }), x.unit ? h('span', { class: 'host-unit', dir: 'auto', text: x.unit }) : null);
          b.dataset.hostId = x.host_id;
          b.addEventListener('click', () => {
            host = x;
            showChosen();
            setError(null);
            noteInput.focus();
          });
          return h('li', {}, b);
        }),
      );
      showChosen();
    };
    hostInput.addEventListener('input', () => {
      clearTimeout(searchTimer);
      searchTimer = setTimeout(search, 200);
    });
    hostInput.addEventListener('keydown', (ev) => {
      if (ev.key !== 'Enter') return;
      ev.preventDefault(); // Enter picks the only match rather than sending the form
      const options = hostList.querySelectorAll('button');
      if (options.length === 1) options[0].click();
    });
    cancel.addEventListener('click', () => el.close());
    el.addEventListener('close', () => {
      clearTimeout(searchTimer);
      scanInput.focus({ preventScroll: true });
    });
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const input = { visitor_name: nameInput.value, host: host ? { id: host.host_id, label: host.label, unit: host.unit } : null, note: noteInput.value };
      const bad = walkInProblem(input);
      if (bad) {
        setError(bad.message);
        ({ name: nameInput, host: hostInput, note: noteInput })[bad.field].focus();
        return;
      }
      submit.disabled = true;
      run(() => walkIns.create(input, Date.now())).then(() => {
        submit.disabled = false;
        el.close();
      });
    });
    const open = () => {
      host = null;
      nameInput.value = '';
      hostInput.value = '';
      noteInput.value = '';
      hostList.replaceChildren();
      hostStatus.textContent = '';
      showChosen();
      setError(null);
      el.showModal();
      nameInput.focus();
      search();
    };
    return { el, open };
  }
  walkInButton.addEventListener('click', () => dialog.open());

  // --- the WebSocket, with backoff
  function setOnline(online, text) {
    state.online = online;
    statusPill.textContent = online ? t('gate-status-online') : t('gate-status-offline');
    statusPill.className = `pill ${online ? 'online' : 'offline'}`;
    offlineBanner.classList.toggle('shown', !online);
    offlineBanner.textContent = online ? '' : text;
    renderStage();
    renderMuster();
  }

  function connect() {
    if (state.closed) return;
    clearTimeout(state.reconnectTimer);
    const url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/v1/gate/ws';
    let ws;
    try {
      ws = new WebSocket(url);
    } catch {
      return scheduleReconnect(false);
    }
    state.ws = ws;
    state.welcomed = false;
    let welcomed = false;
    // Nothing else ends a socket that hangs connecting (begun while the network was down) or
    // that opened but whose welcome never came: without this the gate would wait on it for
    // ever, OFFLINE, and `online` would not help (a socket is there).
    const connectTimer = setTimeout(() => {
      if (state.ws === ws && !welcomed) dropSocket('no welcome');
    }, CONNECT_TIMEOUT_MS);
    ws.addEventListener('message', (ev) => {
      if (state.ws !== ws) return;
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (msg && msg.type === 'welcome') {
        if (msg.gate_id !== me.gate_id) {
          // Paired as another gate meanwhile (another tab): start over.
          location.reload();
          return;
        }
        clearTimeout(connectTimer);
        welcomed = true;
        state.welcomed = true;
        state.attempt = 0;
        setOnline(true, '');
        run(() => core.onConnected(msg, Date.now()));
        run(() => walkIns.onConnected(msg.gate_id, Date.now()));
        pollRollCalls(); // and sends the marks made while offline
      } else if (welcomed) {
        // Walk-in answers, and errors about a walk_in frame (they carry its request_id and
        // "scan_id": null), belong to the walk-ins; everything else to the scans.
        if (msg && (msg.type === 'walk_in' || (msg.type === 'error' && typeof msg.request_id === 'string'))) run(() => walkIns.onServer(msg, Date.now()));
        else fromServer(msg);
      }
    });
    ws.addEventListener('close', (ev) => {
      clearTimeout(connectTimer);
      if (state.ws !== ws) return;
      state.ws = null;
      scheduleReconnect(welcomed, ev.code);
    });
  }

  // The connection looks dead (answers stopped coming, or no welcome in time): give it up now
  // rather than wait for a close handshake that may never finish, and reconnect.
  function dropSocket(reason = 'no answer') {
    const ws = state.ws;
    if (!ws) return;
    state.ws = null;
    try {
      ws.close(4000, reason);
    } catch {
      // already closing
    }
    scheduleReconnect(true, 4000, true);
  }

  async function scheduleReconnect(wasWelcomed, code, dropped = false) {
    if (state.closed) return;
    const full = Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** Math.min(state.attempt, 10));
    const delay = Math.floor(full / 2 + Math.random() * (full / 2));
    state.attempt += 1;
    setOnline(false, t('gate-offline-reconnecting', { seconds: formatNumber(delay / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) }));
    run(() => core.onDisconnected(code ? `closed (${code})` : 'connection failed', delay));
    run(() => walkIns.onDisconnected());
    // A socket that never got its welcome may have been refused (revoked or re-paired):
    // ask the server whether this device is still a gate.
    if (!dropped && (!wasWelcomed || (code >= 4000 && code < 5000) || code === 1008)) {
      const res = await call('GET', '/v1/gate/me');
      if (res.status === 401 || res.status === 403) {
        showNotPaired(t('gate-not-paired-revoked'));
        return;
      }
      // The network came back meanwhile (`online`) and a socket is already on its way: a
      // second one would be left open beside it.
      if (state.closed || state.ws) return;
    }
    clearTimeout(state.reconnectTimer);
    state.reconnectTimer = setTimeout(connect, delay);
  }

  const rollCallTimer = setInterval(pollRollCalls, ROLL_CALL_POLL_MS);
  const ticker = setInterval(() => {
    run(() => core.onTick(Date.now()));
    run(() => walkIns.onTick(Date.now()));
    tickWalkIns();
  }, TICK_MS);
  const wake = () => {
    // Back from a network outage: try now rather than after the backoff. A socket begun
    // during the outage and not welcomed yet is given up for a new one (it may hang
    // connecting); a welcomed one is kept.
    if (state.closed || (state.ws && state.welcomed)) return;
    const stale = state.ws;
    state.ws = null;
    if (stale) {
      try {
        stale.close(4000, 'network back');
      } catch {
        // already closing
      }
    }
    state.attempt = 0;
    connect();
  };
  window.addEventListener('online', wake);

  teardown = () => {
    state.closed = true;
    clearInterval(ticker);
    clearInterval(rollCallTimer);
    clearTimeout(state.reconnectTimer);
    clearTimeout(state.verdictTimer);
    if (scanner) scanner.stop();
    document.removeEventListener('keydown', onKey);
    window.removeEventListener('online', wake);
    if (state.ws) state.ws.close(1000, 'bye');
    state.ws = null;
  };

  setOnline(false, t('gate-offline-connecting'));
  statusPill.textContent = t('gate-status-connecting');
  renderStage();
  apply(first);
  apply(firstWalkIns);
  await refreshCounters();
  renderMuster();
  scanInput.focus({ preventScroll: true });
  connect();
}

start().catch((e) => {
  screen(card(t('gate-unavailable-title'), h('p', { role: 'alert', class: 'alert shown', text: t('gate-start-failed', { error: String(e && e.message ? e.message : e) }) })));
});

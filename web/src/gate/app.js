// The web gate: a guard's tablet at a turnstile. Pairing from the link's fragment, then the
// camera (and a keyboard-wedge scanner) feed texts through the de-duplication filter into
// the state machine (core.js, the native gate's GateCore ported), whose actions this file
// turns into WebSocket frames and screens. A visitor without a pass is a walk-in: the guard
// asks a host (the "Walk-in" form; walkins.js keeps the requests in the journal and resends
// them), and the host's answer is a verdict like a scan's. DOM calls only: the CSP allows no
// inline script or style.

import { GateCore, JournalGateMismatch } from './core.js';
import { Dedupe } from './dedupe.js';
import { GateStore, MemoryGateStore } from './journal.js';
import { WalkIns, walkInProblem } from './walkins.js';
import { MusterMarks, markAnswer, musterPeople, personKey, personRef } from './muster.js';
import { hostName, verdictView, walkInLine, walkInVerdict } from './words.js';
import { qrSvg } from '../qr.js';
import { Scanner } from '../scanner.js';
import { fetchJson, h, showScreen } from '../ui.js';

const VERDICT_MS = 3000;
const WALK_IN_VERDICT_MS = 6000; // the guard may be looking at the visitor, not the screen
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
}

function card(title, ...content) {
  return h('section', { class: 'card gate-card' }, h('h1', { text: title }), ...content);
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
  const secret = /^#pair=([A-Za-z0-9_-]{16,200})$/.exec(location.hash);
  if (location.hash) history.replaceState(null, '', '/gate'); // the secret leaves the address bar at once
  if (secret) return pair(store, persistent, secret[1]);
  return resume(store, persistent);
}

async function pair(store, persistent, secret) {
  screen(card('Pairing this device…', h('p', { class: 'muted', text: 'Making this device a gate. Nothing to type.' })));
  const res = await call('POST', '/v1/gates/pair', { pairing_secret: secret });
  if (res.ok && res.body && res.body.gate_id) {
    await store.setMe(res.body).catch(() => {});
    return openGate(store, persistent, res.body);
  }
  const alert = h('div', { role: 'alert', class: 'alert shown' });
  const actions = h('p', { class: 'actions' });
  if (res.network) {
    alert.textContent = 'Could not reach the server to pair this device. Check the network, then try again.';
    actions.append(h('button', { type: 'button', class: 'primary', onclick: () => pair(store, persistent, secret) }, 'Try again'));
  } else if (res.status === 429 || res.code === 'rate_limited') {
    alert.textContent = 'Too many pairing attempts from this device. Wait a minute, then open the link again.';
  } else if (res.status === 404 || res.code === 'invalid_pairing') {
    alert.textContent = 'This pairing link was already used or has expired. Ask for a new one.';
  } else {
    alert.textContent = `The server refused the pairing (${res.code || res.status}). Ask for a new link.`;
  }
  // Already a gate (the link was opened again on a paired tablet)? Offer to carry on.
  const me = res.network ? null : await call('GET', '/v1/gate/me');
  if (me && me.ok && me.body && me.body.gate_id) {
    actions.append(
      h('button', { type: 'button', class: 'secondary', onclick: () => openGate(store, persistent, me.body) }, `Continue as ${me.body.label || 'this gate'}`),
    );
  }
  screen(card('Pairing refused', alert, actions));
}

async function resume(store, persistent) {
  const res = await call('GET', '/v1/gate/me');
  if (res.ok && res.body && res.body.gate_id) {
    await store.setMe(res.body).catch(() => {});
    return openGate(store, persistent, res.body);
  }
  if (res.status === 401 || res.status === 403) return showNotPaired();
  // The server is unreachable: a device paired before opens its gate screen (offline) and
  // keeps trying; its journal is still there.
  const known = await store.me().catch(() => null);
  if (known && known.gate_id) return openGate(store, persistent, known);
  const alert = h('div', { role: 'alert', class: 'alert shown', text: 'Could not reach the server. Check the network.' });
  screen(card('Gate unavailable', alert, h('p', {}, h('button', { type: 'button', class: 'primary', onclick: () => resume(store, persistent) }, 'Try again'))));
}

let teardown = null;

function showNotPaired(reason) {
  if (teardown) teardown();
  teardown = null;
  screen(
    card(
      'Not paired',
      reason ? h('p', { role: 'alert', class: 'alert shown', text: reason }) : null,
      h('p', { text: 'This device is not a gate (or no longer is). To make it one, ask the site’s admin for a pairing link and open it on this device.' }),
      h('p', { class: 'muted', text: 'A pairing link works once and for 10 minutes. Nothing needs to be typed.' }),
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

  // --- layout
  const statusPill = h('span', { class: 'pill offline', id: 'connection', text: 'CONNECTING' });
  const counts = { admitted: h('b', { text: '0' }), already: h('b', { text: '0' }), denied: h('b', { text: '0' }) };
  const counters = h(
    'div',
    { class: 'counters', 'aria-label': 'Shift counters for today' },
    h('span', { class: 'count-title', text: 'Today' }),
    h('span', { class: 'count green', title: 'Let in today' }, counts.admitted, ' in'),
    h('span', { class: 'count amber', title: 'Came back today (already let in)' }, counts.already, ' again'),
    h('span', { class: 'count red', title: 'Turned away today' }, counts.denied, ' refused'),
  );
  const bar = h(
    'header',
    { class: 'bar gate-bar' },
    h('div', { class: 'gate-id' }, h('span', { class: 'gate-label', text: me.label || 'Gate' }), me.site ? h('span', { class: 'gate-site', text: me.site }) : null),
    statusPill,
    counters,
    h('button', { type: 'button', id: 'muster-toggle', class: 'secondary muster-toggle', 'aria-pressed': 'false', hidden: true, text: 'Roll call', onclick: () => setMuster(!muster.on) }),
  );
  const offlineBanner = h('div', { class: 'offline-banner', role: 'alert' });
  const video = h('video', { class: 'camera', muted: true, playsinline: true, autoplay: true, 'aria-label': 'Camera view' });
  const cameraNote = h('p', { class: 'camera-note', role: 'status' });
  const scanInput = h('input', {
    id: 'scanner-input',
    type: 'text',
    inputmode: 'none',
    autocomplete: 'off',
    autocapitalize: 'characters',
    spellcheck: 'false',
    enterkeyhint: 'send',
  });
  const keyboard = h(
    'form',
    { class: 'scanner-field', onsubmit: (ev) => { ev.preventDefault(); submitTyped(); } },
    h('label', { for: 'scanner-input', text: 'Hand scanner input' }),
    scanInput,
  );
  const walkInButton = h('button', { type: 'button', class: 'secondary walkin-open', 'aria-haspopup': 'dialog', text: 'Walk-in' });
  const walkInList = h('ul', { class: 'walkin-list', 'aria-label': 'Walk-in requests' });
  const walkInPanel = h(
    'section',
    { class: 'walkins', 'aria-labelledby': 'walkins-heading' },
    h('div', { class: 'walkins-head' }, h('h2', { id: 'walkins-heading', text: 'Walk-ins' }), walkInButton),
    h('p', { class: 'walkins-empty muted', text: 'A visitor without a pass? Press Walk-in to ask their host.' }),
    walkInList,
  );
  const cameraPanel = h('section', { class: 'camera-panel', 'aria-label': 'Scanner' }, h('div', { class: 'camera-frame' }, video), cameraNote, keyboard, walkInPanel);
  const stage = h('section', { class: 'stage', 'aria-live': 'polite' });
  const notice = h('p', { class: 'notice', role: 'status' });
  const verdict = h('div', { class: 'verdict', hidden: true, role: 'alert', tabindex: '-1' });
  const musterTitle = h('h2', { id: 'muster-heading' });
  const musterCounts = h('p', { id: 'muster-counts', class: 'muster-counts', role: 'status' });
  const musterSearch = h('input', { id: 'muster-search', type: 'search', autocomplete: 'off', spellcheck: 'false' });
  const musterList = h('ul', { id: 'muster-list', class: 'muster-list', 'aria-label': 'People on the roll call' });
  const musterPanel = h(
    'section',
    { id: 'muster', class: 'muster', 'aria-labelledby': 'muster-heading', hidden: true },
    musterTitle,
    h('p', { class: 'muted', text: 'Scan a visitor’s pass to mark them safe: their phone must answer, as at a gate. Nobody is let in. Or mark a name by hand.' }),
    musterCounts,
    h('div', { class: 'field' }, h('label', { for: 'muster-search', text: 'Find a name' }), musterSearch),
    musterList,
  );
  musterSearch.addEventListener('input', () => renderMuster());
  const body = h('div', { class: 'gate-body' }, cameraPanel, h('div', { class: 'stage-col' }, stage, notice, musterPanel));
  const dialog = walkInDialog();
  screen(h('div', { class: 'gate-app' }, bar, offlineBanner, body, verdict, dialog.el));
  if (!persistent) flash('This browser does not let the gate store its journal: a reload loses scans in progress.');

  // --- serialise everything through the core, then render
  let chain = Promise.resolve();
  const run = (fn) => {
    chain = chain.then(fn).then(apply, (e) => {
      if (e instanceof JournalGateMismatch) flash('The journal belongs to another gate; reload the page.');
      else flash(`The gate could not save its journal (${e && e.message ? e.message : e}). Reload the page.`);
    });
    return chain;
  };

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
        if (Math.abs(a.clock_skew_s) >= 10) flash(`This device’s clock is ${a.clock_skew_s} s off the server’s.`);
      } else if (a.emit === 'verdict') showVerdict(a);
      else if (a.emit === 'duplicate') flash('Same code again: waiting for the phone’s answer.');
      else if (a.emit === 'scan') flash(a.queued ? 'Offline: the scan waits and is sent when the connection is back.' : 'Checking the code…');
      else if (a.emit === 'response_accepted') flash(a.queued ? 'Offline: the answer waits and is sent when the connection is back.' : 'Checking the answer…');
      else if (a.emit === 'rejected') flash(`Ignored: ${a.message}.`);
      else if (a.emit === 'error') flash(a.retryable ? `Server busy (${a.code}); trying again.` : `The server refused this (${a.code}): ${a.message}`);
      else if (a.emit === 'unanswered') flash(`No answer from ${a.pass && a.pass.label ? a.pass.label : 'the phone'} in time: scan closed. Scan the code again.`);
      else if (a.emit === 'abandoned') flash('A scan made offline was dropped (its code is too old now). Scan again.');
      else if (a.emit === 'walk_in') {
        renderWalkIn(a.request);
        if (a.closed) showWalkInVerdict(a.request);
      } else if (a.emit === 'walk_in_removed') removeWalkIn(a.request_id);
      else if (a.emit === 'walk_in_error') flash(a.retryable ? `Server busy (${a.code}); asking the host again shortly.` : `The server refused the walk-in for ${a.request.visitor_name} (${a.code}).`);
    }
    renderStage();
  }

  // --- the stage: the newest open challenge, or "ready"
  let shownChallenge = null; // what the stage shows: a challenge text, or a key for the other states
  let countdown = null;
  function renderStage() {
    const open = core.openChallenges();
    const c = open[open.length - 1] || null;
    if (!c) {
      // Nothing to show the wallet: an answer or a code on its way, or ready for the next.
      const scans = core.scans;
      const answered = scans.filter((x) => x.response !== null).pop();
      const checking = scans.filter((x) => !x.challenge).pop();
      const wait = state.online ? '' : ' It is kept and sent when the connection is back: do not let them in yet.';
      const [key, title, text] = answered
        ? [`answer:${answered.scan_id}:${state.online}`, 'Checking the answer…', `${answered.challenge.pass.label || 'The visitor'}: the phone’s answer is on its way to the server.${wait}`]
        : checking
          ? [`code:${checking.scan_id}:${state.online}`, 'Checking the code…', `The visitor’s code is on its way to the server.${wait}`]
          : muster.on
            ? ['', 'Roll call: scan to mark safe', 'Hold the visitor’s pass code in front of the camera. Nobody is let in while the roll call is on this screen.']
            : ['', 'Ready to scan', 'Hold the visitor’s pass code in front of the camera.'];
      const shownKey = `${key}|${muster.on}`;
      if (shownChallenge !== shownKey) {
        shownChallenge = shownKey;
        countdown = null;
        stage.replaceChildren(h('div', { class: key ? 'ready busy' : muster.on ? 'ready muster-ready' : 'ready' }, h('h1', { text: title }), h('p', { text })));
      }
      return;
    }
    if (shownChallenge !== c.wallet_challenge) {
      shownChallenge = c.wallet_challenge;
      countdown = h('p', { class: 'countdown', role: 'timer' });
      const waiting = open.length > 1 ? h('p', { class: 'muted', text: `${open.length - 1} more visitor(s) waiting to answer` }) : null;
      stage.replaceChildren(
        h(
          'div',
          { class: 'challenge' },
          h('h1', { text: 'Visitor: scan this with your wallet' }),
          h('div', { class: 'qr-box' }, qrSvg(c.wallet_challenge, 'Gate challenge for the visitor’s wallet', 4)),
          h('p', { class: 'challenge-pass', text: c.pass && c.pass.label ? c.pass.label : '' }),
          countdown,
          h('p', { class: 'muted', text: 'Then hold the phone’s answer code to the camera.' }),
          waiting,
        ),
      );
      // The visitor must see it at once: a long roll call list may have scrolled it away.
      stage.scrollIntoView({ block: 'nearest' });
    }
    const left = Math.max(0, Math.ceil((Date.parse(c.expires_at) - (Date.now() + state.skewMs)) / 1000));
    countdown.textContent = left > 0 ? `Answer within ${left} s` : 'Time is up';
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

  /** The full-screen verdict: a scan's (`scanId`) or a walk-in's (`requestId`). */
  function paintVerdict(view, { scanId = null, requestId = null, kind }) {
    verdict.className = `verdict ${view.tone}${kind === 'walk_in' ? ' walk-in' : ''}`;
    const dash = view.headline.indexOf(' \u2014');
    verdict.replaceChildren(
      view.tone === 'red' && dash > 0
        ? h('p', { class: 'verdict-headline' }, h('span', { class: 'verdict-word', text: view.headline.slice(0, dash) }), view.headline.slice(dash))
        : h('p', { class: 'verdict-headline', text: view.headline }),
      ...view.details.map((d) => h('p', { class: 'verdict-detail', text: d })),
      h('p', { class: 'verdict-hint', text: 'Tap to continue' }),
    );
    verdict.hidden = false;
    if (scanId) verdict.dataset.scanId = scanId;
    else delete verdict.dataset.scanId;
    if (requestId) verdict.dataset.requestId = requestId;
    else delete verdict.dataset.requestId;
    verdict.dataset.kind = kind;
    beep(view.tone);
    clearTimeout(state.verdictTimer);
    state.verdictTimer = setTimeout(hideVerdict, kind === 'walk_in' ? WALK_IN_VERDICT_MS : VERDICT_MS);
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
      counts.admitted.textContent = String(c.admitted);
      counts.already.textContent = String(c.already);
      counts.denied.textContent = String(c.denied);
    } catch {
      // counters are a convenience
    }
  }

  // --- input: camera and keyboard scanner
  function input(text, from) {
    const now = Date.now();
    if (!text || !dedupe.accept(text, now)) return;
    if (!verdict.hidden && text.startsWith('TSR1:')) hideVerdict(); // the next visitor
    run(() => core.onLine(text, 'scanner', now, { muster: muster.on }));
    void from;
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

  const scanner = new Scanner(video, (text) => input(text, 'camera'), null, { frameMs: 40, maxScanMs: Infinity, maxSide: 720 });
  scanner.start().then(
    () => {
      cameraNote.textContent = 'Camera on: hold a code in front of it.';
    },
    (e) => {
      const name = e && e.name;
      cameraNote.textContent =
        name === 'NotAllowedError' || name === 'SecurityError'
          ? 'Camera access was refused. Allow the camera for this site, or use a hand scanner.'
          : 'No camera could be started. Use a hand scanner.';
      cameraNote.classList.add('bad');
    },
  );

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
      flash('The roll call has ended: back to admissions.');
      renderStage();
    }
    if (toggle) {
      toggle.hidden = !rc;
      toggle.setAttribute('aria-pressed', String(muster.on));
      toggle.textContent = muster.on ? 'Back to admissions' : 'Roll call';
    }
    musterPanel.hidden = !muster.on;
    if (!rc || !muster.on) return;
    const view = musterPeople(rc, marks.pending);
    const q = musterSearch.value.trim().toLowerCase();
    const shown = q ? view.people.filter((p) => p.label.toLowerCase().includes(q)) : view.people;
    const key = JSON.stringify([rc.id, rc.scope, state.online, view.safe, q, shown]);
    if (key === muster.shownKey) return;
    muster.shownKey = key;
    musterTitle.textContent = `Roll call: ${rc.scope}`;
    musterCounts.textContent = `${view.safe} of ${view.inside} safe · ${view.unaccounted} not yet seen`;
    const words = (p) =>
      p.state === 'safe'
        ? `Safe${p.marked_by ? ` · marked by ${p.marked_by}` : ''}`
        : p.state === 'pending'
          ? state.online ? 'Safe · sending…' : 'Safe · sent when the connection is back'
          : `Not yet seen · ${p.kind === 'walk_in' ? 'walk-in without a pass, let in at' : 'last seen'} ${p.last_seen}`;
    musterList.replaceChildren(
      ...shown.map((p) => {
        const li = h(
          'li',
          { class: `muster-person ${p.state}` },
          h('span', { class: 'muster-name', text: p.label }),
          h('span', { class: 'muster-state', text: words(p) }),
          p.state === 'missing' ? h('button', { type: 'button', class: 'secondary', text: 'Mark safe', 'aria-label': `Mark safe: ${p.label}`, onclick: () => tick(rc, p) }) : null,
        );
        li.dataset.person = personKey(p);
        if (p.pass_id) li.dataset.passId = p.pass_id;
        li.dataset.state = p.state;
        return li;
      }),
      ...(shown.length ? [] : [h('li', { class: 'muted', text: q ? `Nobody on the list matches “${q}”.` : 'Nobody was recorded inside.' })]),
    );
  }

  async function tick(rc, person) {
    try {
      await marks.add(rc.id, person, Date.now());
    } catch (e) {
      flash(`The mark could not be saved on this device (${e && e.message ? e.message : e}).`);
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
        if (answer === 'refused') flash(`${m.label} was not marked: ${res.code === 'roll_call_ended' ? 'the roll call has ended' : res.code || res.status}.`);
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
      const done = h('button', { type: 'button', class: 'walkin-done', text: 'Done', 'aria-label': `Done with ${r.visitor_name}` });
      done.addEventListener('click', () => {
        run(() => walkIns.dismiss(r.request_id)).then(() => scanInput.focus({ preventScroll: true }));
      });
      const el = h(
        'li',
        { class: 'walkin-card' },
        h('div', { class: 'walkin-main' }, h('span', { class: 'walkin-name', text: r.visitor_name }), h('span', { class: 'walkin-host', text: `for ${hostName(r.host)}` }), line),
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
    const hostList = h('ul', { id: 'walkin-hosts', class: 'host-results', 'aria-label': 'Hosts found' });
    const chosen = h('p', { class: 'host-chosen' });
    const noteInput = h('input', { id: 'walkin-note', type: 'text', autocomplete: 'off', maxlength: '500' });
    const errors = h('div', { class: 'walkin-errors' });
    const submit = h('button', { type: 'submit', class: 'primary', text: 'Ask the host' });
    const cancel = h('button', { type: 'button', class: 'secondary', text: 'Cancel' });
    const form = h(
      'form',
      { class: 'walkin-form', novalidate: true },
      h('div', { class: 'field' }, h('label', { for: 'walkin-name', text: 'Visitor name' }), nameInput),
      h('div', { class: 'field' }, h('label', { for: 'walkin-host', text: 'Host (name or flat)' }), hostInput, hostStatus, hostList, chosen),
      h('div', { class: 'field' }, h('label', { for: 'walkin-note', text: 'Note for the host (optional)' }), noteInput),
      errors,
      h('p', { class: 'actions' }, submit, cancel),
    );
    const el = h('dialog', { class: 'walkin-dialog', 'aria-labelledby': 'walkin-title' }, h('h2', { id: 'walkin-title', text: 'Walk-in visitor' }), h('p', { class: 'muted', text: 'The host is asked on their phone; the answer shows here.' }), form);
    let host = null;
    let searchSeq = 0;
    let searchTimer = null;

    const setError = (text) => errors.replaceChildren(text ? h('p', { role: 'alert', class: 'alert shown', text }) : '');
    const showChosen = () => {
      chosen.replaceChildren(host ? h('span', {}, 'Asking ', h('strong', { text: hostName(host) })) : '');
      for (const b of hostList.querySelectorAll('button')) b.setAttribute('aria-pressed', String(Boolean(host) && b.dataset.hostId === host.host_id));
    };
    const search = async () => {
      const mine = ++searchSeq;
      const q = hostInput.value.trim();
      hostStatus.textContent = 'Searching…';
      const res = await call('GET', `/v1/gate/hosts?q=${encodeURIComponent(q)}`);
      if (mine !== searchSeq) return;
      if (!res.ok || !res.body || !Array.isArray(res.body.hosts)) {
        hostStatus.textContent = res.network ? 'Could not reach the server to search for hosts.' : `The host search failed (${res.code || res.status}).`;
        hostList.replaceChildren();
        return;
      }
      const hosts = res.body.hosts;
      hostStatus.textContent = hosts.length ? `${hosts.length} host${hosts.length === 1 ? '' : 's'}${q ? ` matching “${q}”` : ''}: choose one.` : `No host matches “${q}”.`;
      hostList.replaceChildren(
        ...hosts.map((x) => {
          const b = h('button', { type: 'button', class: 'host-option', 'aria-pressed': 'false' }, h('span', { class: 'host-label', text: x.label }), x.unit ? h('span', { class: 'host-unit', text: x.unit }) : null);
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
    statusPill.textContent = online ? 'ONLINE' : 'OFFLINE';
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
        else run(() => core.onServer(msg, Date.now()));
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
    setOnline(false, `OFFLINE — do not admit anyone. Reconnecting in ${(delay / 1000).toFixed(1)} s…`);
    run(() => core.onDisconnected(code ? `closed (${code})` : 'connection failed', delay));
    run(() => walkIns.onDisconnected());
    // A socket that never got its welcome may have been refused (revoked or re-paired):
    // ask the server whether this device is still a gate.
    if (!dropped && (!wasWelcomed || (code >= 4000 && code < 5000) || code === 1008)) {
      const res = await call('GET', '/v1/gate/me');
      if (res.status === 401 || res.status === 403) {
        showNotPaired('This device is no longer paired as a gate (it was revoked, or another device was paired in its place).');
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
    scanner.stop();
    document.removeEventListener('keydown', onKey);
    window.removeEventListener('online', wake);
    if (state.ws) state.ws.close(1000, 'bye');
    state.ws = null;
  };

  setOnline(false, 'OFFLINE — connecting to the server…');
  statusPill.textContent = 'CONNECTING';
  renderStage();
  apply(first);
  apply(firstWalkIns);
  await refreshCounters();
  renderMuster();
  scanInput.focus({ preventScroll: true });
  connect();
}

start().catch((e) => {
  screen(card('Gate unavailable', h('p', { role: 'alert', class: 'alert shown', text: `The gate could not start: ${e && e.message ? e.message : e}` })));
});

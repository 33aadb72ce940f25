// The web wallet's UI: claim screen, pass list, pass view and handing a pass on (transfer).
// A thin layer over tsr1.js (protocol), store.js (IndexedDB) and scanner.js (camera).
// Elements are built with DOM calls only — the CSP allows no inline script or style — and
// every control has the accessible name the UI contract names ("Add to wallet",
// "Scan gate code", "Paste a gate challenge", "Transfer this pass"); every error is shown in
// a role="alert" element.
//
// Every word on screen is a `wallet-*` message of the catalogues (locales/parts/wallet/*.ftl),
// in the language of the pass in view (the server names it at claim time and the pass record
// keeps it), unless the visitor picked another in the bar's switcher; dates are in the
// venue's time zone, which the pass record keeps too.

import {
  TsrError,
  answerChallenge,
  b64urlEncode,
  checkClaimAnswer,
  derivePassKeys,
  generateWalletKeyPair,
  isChallengePrefix,
  parseChallenge,
  parseClaimFragment,
  rotatingCode,
  secondsLeft,
  CHALLENGE_LENGTH,
  counterAt,
  transferProof,
  validityAt,
} from './tsr1.js';
import { StorageUnavailable, WalletStore, requestPersistence } from './store.js';
import { qrSvg } from './qr.js';
import { Scanner } from './scanner.js';
import { fetchJson, h, showScreen } from './ui.js';
import { formatDate, t, tAttr } from './i18n.js';
import { mountSwitcher, startLanguage, timesNote } from './locale.js';

const ANSWER_SHOWN_MS = 60_000; // a little past the server's 30 s challenge lifetime
const REQUEST_TIMEOUT_MS = 20_000;

const main = document.getElementById('main');
let store = null;
let current = null; // the screen on show: { destroy() }

// ---------------------------------------------------------------- small DOM helpers

/** A role="alert" region; `show` replaces its content, `clear` empties it. */
function alertBox() {
  const el = h('div', { role: 'alert', class: 'alert' });
  return {
    el,
    show(...content) {
      el.replaceChildren(...content.map((c) => (c instanceof Node ? c : document.createTextNode(String(c)))));
      el.classList.add('shown');
    },
    clear() {
      el.replaceChildren();
      el.classList.remove('shown');
    },
  };
}

function mount(screen, ...nodes) {
  if (current && current.destroy) current.destroy();
  current = screen;
  showScreen(main, ...nodes);
  window.scrollTo(0, 0);
}

// ---------------------------------------------------------------- language and dates

let language = null; // the tag the screens are drawn in

/**
 * Chooses the language for a screen about `pass` (a pass record, or the claim preview's
 * `{ language, defaultLanguage }`; null: none known) and puts the switcher in the bar.
 * Returns true when the language changed (a screen already drawn must be drawn again).
 */
function applyLanguage(pass) {
  const tag = startLanguage('wallet', { named: [pass && pass.language], orgDefault: (pass && pass.defaultLanguage) || undefined });
  if (tag === language) return false;
  language = tag;
  // A pick redraws the screen the address names, in the new language (no reload needed).
  mountSwitcher('wallet', () => route());
  return true;
}

/** A text field of an answer, or null. */
const str = (v) => (typeof v === 'string' && v ? v : null);

/** A date and time (ISO) in the venue's time zone `zone` (undefined: the device's). */
function fmt(iso, zone) {
  return formatDate(iso, undefined, zone);
}

/** "Times are venue time (Europe/Berlin)." when the venue's zone is not the device's; else null. */
function zoneNote(zone, cls = 'zone-note muted small') {
  return timesNote({ zone, tag: 'span', cls });
}

/**
 * Message `id` as nodes for an element, each argument named in `names` (a pass's label, a
 * site: text of people) wrapped in `<bdi>` so it keeps its own direction inside the sentence.
 */
function rich(id, args, names) {
  const marked = { ...args };
  names.forEach((k, i) => {
    marked[k] = `\uE000${i}\uE001`;
  });
  const parts = t(id, marked).split(/\u2068?\uE000(\d+)\uE001\u2069?/);
  return parts.map((part, i) => (i % 2 ? h('bdi', { text: args[names[Number(part)]] }) : part)).filter((p) => p !== '');
}

/** `text` (a name) in `<bdi>`. */
const bdi = (value) => h('bdi', { text: value });

function validityText(pass, now = Date.now()) {
  switch (validityAt(pass, now)) {
    case 'expired':
      return t('wallet-validity-expired', { date: fmt(pass.validUntil, pass.timeZone) });
    case 'not_yet_valid':
      return t('wallet-validity-not-yet', { date: fmt(pass.validFrom, pass.timeZone) });
    default:
      return t('wallet-validity-valid', { date: fmt(pass.validUntil, pass.timeZone) });
  }
}

function walletLink(label = t('wallet-go-to-wallet')) {
  return h('a', { href: '/wallet', class: 'link', onclick: goWallet }, label);
}

function goWallet(ev) {
  if (ev) ev.preventDefault();
  history.pushState(null, '', '/wallet');
  route();
}

// ---------------------------------------------------------------- server calls

/** POSTs JSON to the wallet's own origin; never throws (network trouble is `{network:true}`). */
function post(path, body) {
  return fetchJson(path, { method: 'POST', body, credentials: 'omit', timeoutMs: REQUEST_TIMEOUT_MS });
}

// ---------------------------------------------------------------- routing

async function route() {
  let link;
  try {
    link = parseClaimFragment(location.hash);
  } catch (e) {
    return showBadLink(e instanceof TsrError && e.reason ? e.reason : 'unreadable');
  }
  if (link) return showClaim(link);
  if (location.pathname === '/claim') {
    return showBadLink('cut_short');
  }
  if (!store) return showStorageError();
  let passes;
  try {
    passes = await store.passes();
  } catch {
    return showStorageError();
  }
  const wanted = /^#(pass|transfer)=([0-9a-f-]{36})$/i.exec(location.hash);
  const pass = wanted && passes.find((p) => p.passId === wanted[2].toLowerCase());
  if (pass && wanted[1] === 'transfer') return showTransfer(pass);
  if (pass) return showPass(pass, passes);
  if (passes.length === 1) return showPass(passes[0], passes);
  return showList(passes);
}

function storageMessage() {
  return t('wallet-storage-unavailable');
}

function showStorageError() {
  applyLanguage(null);
  const alert = alertBox();
  alert.show(storageMessage());
  mount({}, h('section', { class: 'card' }, h('h1', { text: t('wallet-unavailable-title') }), alert.el));
}

/** What is wrong with a claim link, by parseClaimFragment's `reason` (or `cut_short`). */
const BAD_LINK_REASONS = ['unreadable', 'repeated', 'no_pass_id', 'pass_id_incomplete', 'no_token', 'token_damaged', 'cut_short'];

function showBadLink(reason) {
  applyLanguage(null);
  const alert = alertBox();
  const why = BAD_LINK_REASONS.includes(reason) ? reason : 'unreadable';
  alert.show(t('wallet-bad-link', { detail: t(`wallet-bad-link-${why.replace(/_/g, '-')}`) }));
  mount({}, h('section', { class: 'card' }, h('h1', { text: t('wallet-bad-link-title') }), alert.el, h('p', {}, walletLink())));
}

// ---------------------------------------------------------------- list

function showList(passes) {
  applyLanguage(passes.length ? passes[passes.length - 1] : null); // the newest pass's
  const now = Date.now();
  const content = passes.length
    ? h(
        'ul',
        { class: 'pass-list' },
        passes.map((p) => {
          const state = validityAt(p, now);
          return h(
            'li',
            {},
            h(
              'a',
              { href: `/wallet#pass=${p.passId}`, class: `pass-item ${state}` },
              h('span', { class: 'pass-item-label' }, p.label ? bdi(p.label) : t('wallet-pass-short')),
              p.site ? h('span', { class: 'pass-item-site' }, bdi(p.site)) : null,
              h('span', { class: 'pass-item-validity', text: validityText(p, now) }),
              zoneNote(p.timeZone, 'pass-item-zone'),
            ),
          );
        }),
      )
    : h(
        'div',
        { class: 'card empty' },
        h('p', { text: t('wallet-list-empty') }),
        h('p', { class: 'muted', text: t('wallet-list-empty-help') }),
      );
  mount({}, h('section', { class: 'list' }, h('h1', { text: t('wallet-list-title') }), content));
}

// ---------------------------------------------------------------- claim

/** The language and time zone a claim preview (or claim answer) names; absent fields are null. */
function passLocale(body) {
  return {
    language: str(body && body.language),
    defaultLanguage: str(body && body.default_language),
    timeZone: str(body && body.time_zone),
  };
}

function claimFacts(preview) {
  const zone = str(preview.time_zone) || undefined;
  const dl = h('dl', { class: 'facts' });
  const add = (term, ...value) => dl.append(h('div', {}, h('dt', { text: term }), h('dd', {}, ...value)));
  add(t('wallet-fact-pass'), preview.label ? bdi(preview.label) : t('wallet-visitor-pass'));
  if (preview.site) add(t('wallet-fact-site'), bdi(preview.site));
  add(t('wallet-fact-valid-from'), fmt(preview.valid_from, zone));
  add(t('wallet-fact-valid-until'), fmt(preview.valid_until, zone));
  const note = zoneNote(zone);
  return note ? h('div', {}, dl, h('p', { class: 'facts-zone' }, note)) : dl;
}

/**
 * The claim screen for `link`. `known` is the preview's answer when the screen is drawn
 * again (its language arrived with the preview), so it is not asked for twice.
 */
async function showClaim(link, known = null) {
  applyLanguage(known && known.ok && known.body ? passLocale(known.body) : null);
  const alert = alertBox();
  const facts = h('div', { class: 'facts-slot' }, h('p', { class: 'muted', text: t('wallet-claim-checking') }));
  const button = h('button', { type: 'button', class: 'primary', disabled: true }, t('wallet-claim-add'));
  const after = h('p', { class: 'after' });
  const lead = h('p', { class: 'lead', text: t('wallet-claim-lead') });
  const fine = h('p', { class: 'fine muted', text: t('wallet-claim-fine') });
  const screen = {};
  mount(screen, h('section', { class: 'card claim' }, h('h1', { text: t('wallet-claim-title') }), lead, facts, alert.el, button, after, fine));
  if (!store) {
    facts.replaceChildren();
    alert.show(storageMessage());
    button.remove();
    return;
  }
  let existing;
  let pending;
  try {
    [existing, pending] = await Promise.all([store.pass(link.passId), store.pending(link.passId)]);
  } catch {
    alert.show(storageMessage());
    button.remove();
    return;
  }
  if (existing) {
    // Already claimed here: never claim again, just open it (and drop the token from the bar).
    history.replaceState(null, '', '/wallet');
    return showPass(existing, await store.passes());
  }

  const stop = (...message) => {
    alert.show(...message);
    button.remove();
    after.replaceChildren(walletLink());
  };

  const preview = known || (await post('/v1/claims/preview', { pass_id: link.passId, claim_token: link.token }));
  if (current !== screen) return;
  // The pass's own language is known now: draw the screen again if it changes the choice
  // (a language the visitor picked in the switcher still comes first).
  if (!known && preview.ok && preview.body && applyLanguage(passLocale(preview.body))) return showClaim(link, preview);
  if (preview.ok && preview.body) {
    try {
      facts.replaceChildren(claimFacts(preview.body));
    } catch {
      facts.replaceChildren();
    }
    const state = preview.body.state;
    if (preview.body.transfer === true && state === 'issued') {
      // A transfer link: the pass is someone's now and becomes this wallet's when added.
      const holder = typeof preview.body.label === 'string' && preview.body.label ? preview.body.label : null;
      lead.replaceChildren(...(holder ? rich('wallet-claim-transfer-lead', { holder }, ['holder']) : [t('wallet-claim-transfer-lead-unnamed')]));
      fine.textContent = t('wallet-claim-transfer-fine');
    }
    if (state === 'revoked') return stop(t('wallet-claim-revoked'));
    if (Date.parse(preview.body.valid_until) <= Date.now()) {
      return stop(t('wallet-claim-expired', { date: fmt(preview.body.valid_until, str(preview.body.time_zone) || undefined) }));
    }
    if ((state === 'claimed' || state === 'used') && !pending) {
      alert.show(t('wallet-claim-elsewhere'));
    }
  } else if (preview.status === 404) {
    return stop(t('wallet-claim-invalid'));
  } else {
    facts.replaceChildren(h('p', { class: 'muted', text: t('wallet-claim-no-details') }));
  }
  const locale = preview.ok && preview.body ? passLocale(preview.body) : passLocale(null);
  button.disabled = false;
  button.addEventListener('click', () => claim(link, { alert, button, after, stop, screen, locale }));
}

async function claim(link, ui) {
  const { alert, button, stop, screen } = ui;
  button.disabled = true;
  button.textContent = t('wallet-claim-adding');
  button.removeAttribute('aria-label');
  alert.clear();
  const retry = (message) => {
    if (current !== screen) return;
    alert.show(message);
    button.textContent = t('wallet-claim-retry');
    // The name keeps "Add to wallet" so the control is found by the same words after a failure.
    button.setAttribute('aria-label', tAttr('wallet-claim-retry', 'aria-label'));
    button.disabled = false;
  };

  // 1. The key pair exists and is stored before anything is sent, so a retry sends it again.
  let pending;
  try {
    pending = await store.pending(link.passId);
    if (!pending) {
      const { privateKey, publicRaw } = await generateWalletKeyPair();
      pending = { passId: link.passId, privateKey, publicRaw, createdAt: new Date().toISOString() };
      await store.putPending(pending);
    }
  } catch (e) {
    if (e instanceof TsrError) return stop(t('wallet-claim-no-keys'));
    return stop(storageMessage());
  }

  // 2. The claim.
  const res = await post('/v1/claims', {
    pass_id: link.passId,
    claim_token: link.token,
    wallet_public_key: b64urlEncode(pending.publicRaw),
  });
  if (current !== screen) return;
  if (res.network) {
    return retry(t('wallet-claim-offline'));
  }
  if (!res.ok) {
    const refused = async (...message) => {
      // A definitive refusal: this key will never be bound to the pass.
      await store.deletePending(link.passId).catch(() => {});
      stop(...message);
    };
    if (res.status === 404 || res.code === 'invalid_claim') {
      return refused(t('wallet-claim-invalid'));
    }
    if (res.code === 'already_claimed') {
      return refused(t('wallet-claim-taken'));
    }
    if (res.code === 'revoked') return refused(t('wallet-claim-revoked'));
    if (res.code === 'invalid_public_key') {
      await store.deletePending(link.passId).catch(() => {});
      return retry(t('wallet-claim-key-refused'));
    }
    if (res.status === 429) return retry(t('wallet-claim-rate-limited'));
    return retry(t('wallet-claim-failed', { status: String(res.status) }));
  }

  // 3. Derive and keep the pass keys; the wallet secret goes with the pending record.
  let pass;
  try {
    const info = checkClaimAnswer(res.body, link.passId);
    const { codeKey, responseKey } = await derivePassKeys({
      privateKey: pending.privateKey,
      walletPublicRaw: pending.publicRaw,
      serverPublicRaw: info.serverPublicRaw,
      passId: link.passId,
    });
    pass = {
      passId: info.passId,
      label: info.label,
      site: info.site,
      serverKid: info.serverKid,
      serverPublicKey: b64urlEncode(info.serverPublicRaw),
      walletPublicKey: b64urlEncode(pending.publicRaw),
      periodS: info.periodS,
      digits: info.digits,
      validFrom: info.validFrom,
      validUntil: info.validUntil,
      // The pass's language, its organisation's default and the venue's time zone (the
      // claim answer's, else the preview's; records from before they existed lack them).
      language: str(res.body.language) || ui.locale.language,
      defaultLanguage: str(res.body.default_language) || ui.locale.defaultLanguage,
      timeZone: str(res.body.time_zone) || ui.locale.timeZone,
      claimedAt: new Date().toISOString(),
      codeKey,
      responseKey,
    };
  } catch {
    return retry(t('wallet-claim-bad-answer'));
  }
  try {
    await store.completeClaim(pass);
  } catch {
    return retry(t('wallet-storage-unavailable-retry'));
  }
  requestPersistence();
  history.replaceState(null, '', '/wallet');
  showPass(pass, await store.passes());
}

// ---------------------------------------------------------------- pass view

function showPass(pass, passes) {
  applyLanguage(pass);
  const screen = { destroyed: false };
  const alert = alertBox();
  const stage = h('div', { class: 'stage' });
  const status = h('p', { class: 'status', role: 'status' });
  const scanButton = h('button', { type: 'button', class: 'primary scan' }, t('wallet-scan'));
  const input = h('input', {
    id: 'challenge',
    type: 'text',
    inputmode: 'text',
    autocomplete: 'off',
    autocapitalize: 'characters',
    spellcheck: 'false',
    enterkeyhint: 'done',
    dir: 'ltr',
    placeholder: 'TSR1C:…',
    'aria-describedby': 'challenge-help',
  });
  const field = h(
    'div',
    { class: 'field' },
    h('label', { for: 'challenge', text: t('wallet-challenge-label') }),
    input,
    h('p', { id: 'challenge-help', class: 'muted small', text: t('wallet-challenge-help') }),
  );
  const hint = h('p', { class: 'hint' }, h('span', { class: 'sun', 'aria-hidden': 'true', text: '☀' }), t('wallet-brightness-hint'));
  const validity = h('p', { class: 'validity' });
  const zone = zoneNote(pass.timeZone);
  const others = passes.length > 1 ? h('a', { href: '/wallet#list', class: 'link back', onclick: listLink }, t('wallet-all-passes', { count: passes.length })) : null;
  const remove = h('button', { type: 'button', class: 'quiet' }, t('wallet-remove'));
  // Only offered while the server has not said this pass may not be handed on: the claim's
  // answer does not say, so the first try tells (409 transfer_not_allowed) and is remembered.
  const transfer = pass.transferAllowed === false ? null : h('button', { type: 'button', class: 'secondary transfer' }, t('wallet-transfer'));
  const transferNote = pass.transferStartedAt
    ? h('p', { class: 'transfer-note' }, t('wallet-transfer-note', { date: fmt(pass.transferStartedAt, pass.timeZone) }))
    : null;

  let mode = 'code'; // 'code' | 'scan' | 'answer' | 'blocked'
  let shownT = null;
  let timer = null;
  let answerTimer = null;
  let scanner = null;
  let wakeLock = null;
  let renderSeq = 0;
  let lastChallengeError = '';

  function listLink(ev) {
    ev.preventDefault();
    history.pushState(null, '', '/wallet#list');
    route();
  }

  // --- the rotating code
  const qrSlot = h('div', { class: 'qr-slot' });
  const countdownText = h('span', { class: 'countdown-text' });
  const progress = h('progress', { max: String(pass.periodS), value: '0', 'aria-hidden': 'true' });
  const countdown = h('div', { class: 'countdown', 'aria-live': 'off' }, progress, countdownText);
  const codeView = h('div', { class: 'code-view' }, h('figure', { class: 'qr-card' }, qrSlot), countdown);

  async function renderCode(nowS) {
    const step = counterAt(nowS, pass.periodS);
    const left = secondsLeft(nowS, pass.periodS);
    countdownText.textContent = t('wallet-countdown', { seconds: left });
    progress.value = left;
    if (step === shownT) return;
    shownT = step;
    const seq = ++renderSeq;
    const code = await rotatingCode(pass.codeKey, pass.passId, nowS, pass.periodS, pass.digits);
    if (seq !== renderSeq || screen.destroyed) return;
    qrSlot.replaceChildren(
      qrSvg(code, pass.label ? t('wallet-qr-entry', { label: pass.label, seconds: pass.periodS }) : t('wallet-qr-entry-unnamed', { seconds: pass.periodS })),
    );
  }

  function blockedView(state) {
    if (state === 'expired') {
      alert.show(t('wallet-expired-alert', { date: fmt(pass.validUntil, pass.timeZone) }));
      return h(
        'div',
        { class: 'notice expired' },
        h('p', { class: 'notice-title', text: t('wallet-expired') }),
        h('p', { text: t('wallet-validity-valid', { date: fmt(pass.validUntil, pass.timeZone) }) }),
      );
    }
    return h(
      'div',
      { class: 'notice not-yet' },
      h('p', { class: 'notice-title', text: t('wallet-not-yet') }),
      h('p', { text: t('wallet-not-yet-from', { date: fmt(pass.validFrom, pass.timeZone) }) }),
    );
  }

  function tick() {
    if (screen.destroyed) return;
    const nowMs = Date.now();
    const state = validityAt(pass, nowMs);
    validity.textContent = validityText(pass, nowMs);
    validity.className = `validity ${state}`;
    if (state !== 'valid') {
      if (mode !== 'blocked' || stage.dataset.state !== state) {
        stopScan();
        mode = 'blocked';
        stage.dataset.state = state;
        stage.replaceChildren(blockedView(state));
        shownT = null;
        const expired = state === 'expired';
        scanButton.hidden = expired;
        field.hidden = expired;
        hint.hidden = true;
      }
    } else if (mode === 'blocked') {
      delete stage.dataset.state;
      alert.clear();
      scanButton.hidden = false;
      field.hidden = false;
      hint.hidden = false;
      showCode();
    } else if (mode === 'code') {
      renderCode(nowMs / 1000);
    }
    timer = setTimeout(tick, 1000 - (Date.now() % 1000) + 5);
  }

  function showCode() {
    clearTimeout(answerTimer);
    stopScan();
    mode = 'code';
    shownT = null;
    stage.replaceChildren(codeView);
    status.textContent = '';
    renderCode(Date.now() / 1000);
  }

  // --- the answer to a challenge
  function showAnswer(answer) {
    stopScan();
    clearTimeout(answerTimer);
    mode = 'answer';
    const back = h('button', { type: 'button', class: 'secondary', onclick: () => { input.value = ''; showCode(); } }, t('wallet-show-code-again'));
    stage.replaceChildren(
      h(
        'div',
        { class: 'answer-view' },
        h('h2', { class: 'answer-title', text: t('wallet-answer-title') }),
        h('figure', { class: 'qr-card answer' }, qrSvg(answer, t('wallet-qr-answer'))),
        back,
      ),
    );
    status.textContent = t('wallet-answer-ready');
    answerTimer = setTimeout(() => {
      if (mode === 'answer') showCode();
    }, ANSWER_SHOWN_MS);
  }

  async function handleChallenge(text, { final }) {
    let challenge;
    try {
      challenge = parseChallenge(text);
    } catch (e) {
      if (e.code === 'incomplete_challenge') {
        if (final && text) showChallengeError(t('wallet-challenge-incomplete', { length: CHALLENGE_LENGTH }));
        else clearChallengeError();
      } else {
        showChallengeError(t('wallet-challenge-malformed'));
      }
      return false;
    }
    if (challenge.passId !== pass.passId) {
      const other = passes.find((p) => p.passId === challenge.passId);
      if (other) showChallengeError(...rich('wallet-challenge-other-pass', { label: other.label || '' }, ['label']));
      else showChallengeError(t('wallet-challenge-unknown-pass'));
      return true;
    }
    clearChallengeError();
    showAnswer(await answerChallenge(pass.responseKey, pass.passId, challenge));
    return true;
  }

  function showChallengeError(...message) {
    lastChallengeError = message.map((m) => (typeof m === 'string' ? m : m.textContent)).join('');
    alert.show(...message);
  }

  function clearChallengeError() {
    if (lastChallengeError) alert.clear();
    lastChallengeError = '';
  }

  input.addEventListener('input', () => {
    const text = input.value.trim().toUpperCase();
    if (!text) {
      clearChallengeError();
      if (mode === 'answer') showCode();
      return;
    }
    if (!isChallengePrefix(text) || text.length >= 85) handleChallenge(text, { final: false });
    else clearChallengeError();
  });
  input.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter') {
      ev.preventDefault();
      handleChallenge(input.value.trim().toUpperCase(), { final: true });
    }
  });

  // --- the camera
  function stopScan() {
    if (scanner) scanner.stop();
    scanner = null;
  }

  async function startScan() {
    if (mode === 'scan' || mode === 'blocked') return;
    clearTimeout(answerTimer);
    alert.clear();
    mode = 'scan';
    const video = h('video', { class: 'camera', muted: true, playsinline: true, autoplay: true, 'aria-label': t('wallet-camera-view') });
    const cancel = h('button', { type: 'button', class: 'secondary', onclick: showCode }, t('wallet-camera-stop'));
    stage.replaceChildren(h('div', { class: 'scan-view' }, h('div', { class: 'camera-frame' }, video), cancel));
    status.textContent = t('wallet-camera-point');
    const s = new Scanner(
      video,
      async (text) => {
        if (scanner !== s) return;
        if (text.startsWith('TSR1C:')) {
          const handled = await handleChallenge(text, { final: true });
          if (handled && mode === 'scan') showCode(); // the challenge was for another pass
        } else {
          status.textContent = t('wallet-camera-not-challenge');
        }
      },
      () => {
        if (scanner === null || mode === 'scan') {
          showCode();
          status.textContent = t('wallet-camera-timeout');
        }
      },
    );
    scanner = s;
    try {
      await s.start();
    } catch (e) {
      if (scanner !== s) return;
      showCode();
      const name = e && e.name;
      alert.show(
        name === 'NotAllowedError' || name === 'SecurityError'
          ? t('wallet-camera-refused')
          : name === 'NotFoundError' || name === 'OverconstrainedError'
            ? t('wallet-camera-missing')
            : t('wallet-camera-failed'),
      );
    }
  }
  scanButton.addEventListener('click', startScan);

  // --- screen wake lock (where the platform has it)
  async function lockScreen() {
    if (!('wakeLock' in navigator) || document.visibilityState !== 'visible' || screen.destroyed) return;
    try {
      wakeLock = await navigator.wakeLock.request('screen');
    } catch {
      wakeLock = null;
    }
  }
  const onVisibility = () => {
    if (document.visibilityState === 'visible') {
      lockScreen();
      shownT = null;
    } else {
      stopScan();
      if (mode === 'scan') showCode();
    }
  };
  document.addEventListener('visibilitychange', onVisibility);

  if (transfer) {
    transfer.addEventListener('click', () => {
      history.pushState(null, '', `/wallet#transfer=${pass.passId}`);
      showTransfer(pass);
    });
  }

  remove.addEventListener('click', async () => {
    if (!confirm(t('wallet-remove-confirm', { label: pass.label ?? '' }))) return;
    try {
      await store.deletePass(pass.passId);
    } catch {
      alert.show(storageMessage());
      return;
    }
    goWallet();
  });

  screen.destroy = () => {
    screen.destroyed = true;
    clearTimeout(timer);
    clearTimeout(answerTimer);
    stopScan();
    document.removeEventListener('visibilitychange', onVisibility);
    if (wakeLock) wakeLock.release().catch(() => {});
  };

  mount(
    screen,
    h(
      'section',
      { class: 'pass' },
      h(
        'div',
        { class: 'pass-head' },
        h('h1', {}, pass.label ? bdi(pass.label) : t('wallet-visitor-pass')),
        h('p', { class: 'pass-meta' }, pass.site ? h('span', { class: 'site' }, bdi(pass.site)) : null, validity, zone),
      ),
      h('div', { class: 'pass-body' }, h('div', { class: 'pass-main' }, stage, hint), h('div', { class: 'pass-side' }, alert.el, status, scanButton, field, others)),
      h('div', { class: 'pass-foot' }, transferNote, transfer, remove),
    ),
  );
  showCode();
  tick();
  lockScreen();
}

// ---------------------------------------------------------------- transfer

/** The words for a refused transfer step; `forever` when trying again cannot help. */
function transferRefusal(res) {
  if (res.network) return { text: t('wallet-transfer-offline') };
  if (res.code === 'transfer_not_allowed') {
    return { text: t('wallet-transfer-not-allowed'), forever: true, notAllowed: true };
  }
  if (res.code === 'revoked') return { text: t('wallet-transfer-revoked'), forever: true };
  if (res.code === 'not_claimed' || res.code === 'bad_proof') {
    return { text: t('wallet-transfer-not-held'), forever: true };
  }
  // Before any proof, the server answers one 404 for every reason (unknown, revoked, no
  // transfers left), so that a stranger holding the pass id learns nothing.
  if (res.status === 404 && res.code !== 'invalid_nonce') {
    return { text: t('wallet-transfer-unavailable'), forever: true, notAllowed: true };
  }
  if (res.status === 429) return { text: t('wallet-transfer-rate-limited') };
  // The code stays as it is (not words): it is what the staff can look up.
  return {
    text: res.code
      ? t('wallet-transfer-failed', { code: res.code })
      : t('wallet-transfer-failed-status', { status: String(res.status) }),
  };
}

function showTransfer(pass) {
  applyLanguage(pass);
  const screen = {};
  const alert = alertBox();
  const status = h('p', { class: 'status', role: 'status' });
  const make = h('button', { type: 'button', class: 'primary' }, t('wallet-transfer-make'));
  const result = h('div', { class: 'transfer-result' });
  const back = h('a', { href: `/wallet#pass=${pass.passId}`, class: 'link back', onclick: (ev) => { ev.preventDefault(); history.pushState(null, '', `/wallet#pass=${pass.passId}`); route(); } }, t('wallet-transfer-back'));
  const intro = h(
    'div',
    { class: 'transfer-intro' },
    h('p', { class: 'lead', text: t('wallet-transfer-lead') }),
    h('p', { class: 'warning', text: t('wallet-transfer-warning') }),
  );
  const title = pass.label ? rich('wallet-transfer-title', { label: pass.label }, ['label']) : [t('wallet-transfer-title-unnamed')];
  mount(screen, h('section', { class: 'card transfer-card' }, h('h1', {}, ...title), intro, alert.el, status, make, result, h('p', {}, back)));

  const remember = async (changes) => {
    try {
      const stored = await store.pass(pass.passId);
      if (stored) await store.putPass({ ...stored, ...changes });
      Object.assign(pass, changes);
    } catch {
      // a note for the pass view only
    }
  };

  make.addEventListener('click', async () => {
    make.disabled = true;
    alert.clear();
    status.textContent = t('wallet-transfer-making');
    let issued = null;
    let refusal = null;
    // A nonce lives two minutes; one that is unknown or used up by the time the proof
    // arrives (invalid_nonce) is simply fetched again, once.
    for (let attempt = 0; attempt < 2 && !issued && !refusal; attempt++) {
      const nonce = await post('/v1/transfers/nonce', { pass_id: pass.passId });
      if (current !== screen) return;
      if (!nonce.ok || !nonce.body || typeof nonce.body.nonce !== 'string') {
        refusal = transferRefusal(nonce);
        break;
      }
      let proof;
      try {
        proof = await transferProof(pass.responseKey, pass.passId, nonce.body.nonce);
      } catch {
        refusal = { text: t('wallet-transfer-bad-nonce') };
        break;
      }
      const res = await post('/v1/transfers', { pass_id: pass.passId, nonce: nonce.body.nonce, proof });
      if (current !== screen) return;
      if (res.ok && res.body && typeof res.body.claim_url === 'string') issued = res.body;
      else if (res.code !== 'invalid_nonce' || attempt === 1) refusal = transferRefusal(res);
    }
    status.textContent = '';
    if (refusal) {
      alert.show(refusal.text);
      if (refusal.notAllowed) await remember({ transferAllowed: false });
      if (refusal.forever) make.remove();
      else make.disabled = false;
      return;
    }
    make.remove();
    intro.remove();
    await remember({ transferAllowed: true, transferStartedAt: new Date().toISOString() });
    if (current !== screen) return;
    const link = h('input', { id: 'transfer-link', type: 'text', readonly: true, value: issued.claim_url, spellcheck: 'false', dir: 'ltr' });
    const copied = h('p', { class: 'status', role: 'status' });
    const copy = h('button', { type: 'button', class: 'secondary' }, t('wallet-transfer-copy'));
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
      copied.textContent = done ? t('wallet-transfer-copied') : t('wallet-transfer-selected');
    });
    const share = typeof navigator.share === 'function'
      ? h('button', { type: 'button', class: 'secondary', onclick: () => navigator.share({ title: pass.label || t('wallet-visitor-pass'), url: issued.claim_url }).catch(() => {}) }, t('wallet-transfer-share'))
      : null;
    const heading = h('h2', { tabindex: '-1', text: t('wallet-transfer-give') });
    result.replaceChildren(
      heading,
      h('p', { class: 'warning', text: t('wallet-transfer-stops') }),
      h('figure', { class: 'qr-card transfer-qr' }, qrSvg(issued.claim_url, t('wallet-qr-transfer'))),
      h('p', { class: 'muted small', text: t('wallet-transfer-scan-help') }),
      h('div', { class: 'field' }, h('label', { for: 'transfer-link', text: t('wallet-transfer-link') }), link),
      h('div', { class: 'transfer-actions' }, copy, share),
      copied,
    );
    heading.focus();
  });
}

// ---------------------------------------------------------------- start

async function start() {
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
  }
  try {
    store = await WalletStore.open();
  } catch (e) {
    if (!(e instanceof StorageUnavailable)) console.error(e);
    store = null;
  }
  // Fragment navigations (a pass in the list, a claim link pasted in the bar) fire popstate.
  window.addEventListener('popstate', route);
  await route();
  document.documentElement.dataset.ready = 'true';
}

start();

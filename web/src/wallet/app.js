// The web wallet's UI: claim screen, pass list, pass view, party view and handing a pass on
// (transfer). A thin layer over tsr1.js (protocol), store.js (IndexedDB), scanner.js and
// face.js (cameras) and parties.js (which passes go through together).
//
// Face to face (issue 52): while a code is on screen the front camera watches for the gate's
// challenge and the answer replaces the code by itself; the camera is asked for when a pass
// is added, and today's flow (the rear camera's "Scan gate code", the paste field) stays.
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
  answerPartyChallenge,
  b64urlEncode,
  checkClaimAnswer,
  derivePassKeys,
  generateWalletKeyPair,
  isChallengePrefix,
  parseChallenge,
  parseClaimFragment,
  parsePartyChallenge,
  partyCode,
  rotatingCode,
  secondsLeft,
  CHALLENGE_LENGTH,
  counterAt,
  transferProof,
  validityAt,
} from '../tsr1.js';
import { StorageUnavailable, WalletStore, requestPersistence } from './store.js';
import { qrSvg } from '../qr.js';
import { Scanner } from '../scanner.js';
import { FaceWatch, askCamera, cameraState } from './face.js';
import { PARTY_MAX, partyGroups, partyOf } from './parties.js';
import { copyText, fetchJson, h, showScreen } from '../ui.js';
import { formatDate, t, tAttr } from '../i18n.js';
import { mountSwitcher, startLanguage, timesNote } from '../locale.js';

const ANSWER_SHOWN_MS = 60_000; // a little past the server's 30 s challenge lifetime
const REQUEST_TIMEOUT_MS = 20_000;

const main = document.getElementById('main');
let store = null;
let current = null; // the screen on show: { destroy() }
// The camera question asked as a pass was added, while its answer is awaited: the code
// screen waits for it rather than offering a second question beside the browser's.
let pendingCameraAsk = null;

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
  const wanted = /^#(pass|transfer|party)=([0-9a-f-]{36})$/i.exec(location.hash);
  const pass = wanted && passes.find((p) => p.passId === wanted[2].toLowerCase());
  if (pass && wanted[1] === 'transfer') return showTransfer(pass);
  if (pass && wanted[1] === 'party') {
    const group = partyOf(pass, passes);
    return group ? showParty(group, passes) : showPass(pass, passes);
  }
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
  // Passes that can go through together now: one code for them, first.
  const parties = partyGroups(passes, now).map((g) =>
    h('div', { class: 'card party-offer' }, h('p', { class: 'party-offer-text', text: t('wallet-party-offer-lead', { count: g.length }) }), partyLink(g, 'party-link button-link')),
  );
  mount({}, h('section', { class: 'list' }, h('h1', { text: t('wallet-list-title') }), ...parties, content));
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
  // Why the browser asks for the camera when Add is pressed (not first at the gate).
  const why = h('p', { class: 'camera-why small', text: t('wallet-camera-why') });
  const screen = {};
  mount(screen, h('section', { class: 'card claim' }, h('h1', { text: t('wallet-claim-title') }), lead, facts, alert.el, button, why, after, fine));
  if (!store) {
    facts.replaceChildren();
    alert.show(storageMessage());
    button.remove();
    why.remove();
    return;
  }
  let existing;
  let pending;
  try {
    [existing, pending] = await Promise.all([store.pass(link.passId), store.pending(link.passId)]);
  } catch {
    alert.show(storageMessage());
    button.remove();
    why.remove();
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
    why.remove();
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
  // The camera is asked for now, with the pass, so the visitor answers the browser's question
  // at home rather than at the lane (the claim goes on meanwhile).
  if (!pendingCameraAsk) {
    pendingCameraAsk = (async () => ((await cameraState()) === 'prompt' ? askCamera() : null))().finally(() => {
      pendingCameraAsk = null;
    });
  }
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

// ---------------------------------------------------------------- parties

/** A link to party `group`'s code screen. */
function partyLink(group, cls = 'party-link') {
  const href = `/wallet#party=${group[0].passId}`;
  return h(
    'a',
    {
      href,
      class: cls,
      onclick: (ev) => {
        ev.preventDefault();
        history.pushState(null, '', href);
        route();
      },
    },
    t('wallet-party-offer', { count: group.length }),
  );
}

// ---------------------------------------------------------------- answering a gate's challenge

/**
 * What the wallet answers to `text` (a gate's challenge, read or pasted) on a screen showing
 * the code of `mine` (one pass, or a party's members); `passes` is the whole wallet. A
 * `TSR1C:` naming one of `mine` gets its `TSR1R:`; a `TSR1Q:` naming one of `mine` gets a
 * `TSR1S:` for every member of `mine` it names (never for a pass this screen does not show).
 * Returns `{ kind: 'answer', answer, passIds }`, or why not: `incomplete`, `malformed`,
 * `other` (with the `label` of the other pass in this wallet it is for) or `unknown`.
 */
async function answerFor(text, mine, passes) {
  const ours = (passId) => mine.some((p) => p.passId === passId);
  const held = (passId) => passes.find((p) => p.passId === passId);
  if (text.startsWith('TSR1Q:')) {
    let party;
    try {
      party = parsePartyChallenge(text);
    } catch {
      return { kind: 'malformed' };
    }
    if (!party.members.some((m) => ours(m.passId))) {
      const other = party.members.map((m) => held(m.passId)).find(Boolean);
      return other ? { kind: 'other', label: other.label || '' } : { kind: 'unknown' };
    }
    // Only the passes this screen shows answer: a challenge held up at the lane cannot make
    // the wallet answer for a pass the visitor is not presenting (docs/threat-model.md 2.18).
    const keys = new Map(passes.filter((p) => p.responseKey && ours(p.passId)).map((p) => [p.passId, p.responseKey]));
    const out = await answerPartyChallenge(keys, party);
    return { kind: 'answer', answer: out.answer, passIds: out.answered };
  }
  let challenge;
  try {
    challenge = parseChallenge(text);
  } catch (e) {
    return { kind: e.code === 'incomplete_challenge' ? 'incomplete' : 'malformed' };
  }
  if (!ours(challenge.passId)) {
    const other = held(challenge.passId);
    return other ? { kind: 'other', label: other.label || '' } : { kind: 'unknown' };
  }
  const pass = held(challenge.passId) || mine.find((p) => p.passId === challenge.passId);
  return { kind: 'answer', answer: await answerChallenge(pass.responseKey, pass.passId, challenge), passIds: [pass.passId] };
}

// ---------------------------------------------------------------- the code screen

// How long the face-to-face answer stays after the gate's challenge went out of the front
// camera's view: the gate shows its verdict for 3 s once it has read the answer, so by then
// the visitor has walked on or the gate wants the code again.
const FACE_ANSWER_HOLD_MS = 4000;

/**
 * What a pass's screen and a party's screen share: the stage (the code's QR code, replaced
 * by the answer's), the front camera watching for the gate's challenge (face to face), the
 * rear camera's "Scan gate code" and the paste field (today's flow, always there), the
 * alert and the status line, the wake lock, and stopping every camera whenever the screen is
 * hidden or left.
 *
 * `opts`: `screen` (its `destroyed` flag), `periodS`, `passes` (the whole wallet), `mine()`
 * (the passes whose code is shown now), `makeCode(nowS)` (the text of the code QR),
 * `codeLabel()` (its accessible name), `blocked(nowMs)` (null, or a view shown instead of
 * the code: `{ state, view(), hideAnswering }`), `onTick(nowMs)`.
 */
function codeScreen(opts) {
  const { screen, passes } = opts;
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

  let mode = 'code'; // 'code' | 'scan' | 'answer' | 'blocked'
  let shownT = null;
  let timer = null;
  let answerTimer = null;
  let scanner = null;
  let wakeLock = null;
  let renderSeq = 0;
  let lastChallengeError = '';
  let shownAnswer = null; // the answer on screen
  let faceAnswer = false; // it was read by the front camera (and goes when the challenge does)
  let challengeSeenAt = 0; // when the front camera last saw the challenge it answers
  let dismissed = null; // an answer the visitor put away ("Show my code again"): not shown again by itself

  // --- the rotating code
  const qrSlot = h('div', { class: 'qr-slot' });
  const countdownText = h('span', { class: 'countdown-text' });
  const progress = h('progress', { max: String(opts.periodS), value: '0', 'aria-hidden': 'true' });
  const countdown = h('div', { class: 'countdown', 'aria-live': 'off' }, progress, countdownText);
  const codeView = h('div', { class: 'code-view' }, h('figure', { class: 'qr-card' }, qrSlot), countdown);

  async function renderCode(nowS) {
    const step = counterAt(nowS, opts.periodS);
    const left = secondsLeft(nowS, opts.periodS);
    countdownText.textContent = t('wallet-countdown', { seconds: left });
    progress.value = left;
    if (step === shownT) return;
    shownT = step;
    const seq = ++renderSeq;
    const code = await opts.makeCode(nowS);
    if (seq !== renderSeq || screen.destroyed) return;
    if (code) qrSlot.replaceChildren(qrSvg(code, opts.codeLabel()));
  }

  // --- the front camera: face to face
  const faceVideo = h('video', { class: 'face-video', muted: true, playsinline: true, autoplay: true, 'aria-label': t('wallet-face-video') });
  const faceBox = h('div', { class: 'face', 'data-state': 'paused' });
  const face = new FaceWatch(faceVideo, (text) => onFaceText(text));
  let faceState = 'paused'; // 'paused' | 'starting' | 'on' | 'ask' | 'blocked' | 'none'
  let faceSeq = 0;

  function renderFace(state) {
    faceState = state;
    faceBox.dataset.state = state;
    if (state === 'starting') faceBox.setAttribute('aria-hidden', 'true');
    else faceBox.removeAttribute('aria-hidden');
    // One primary button at a time: the camera's while it asks, else the rear camera's when
    // the front one cannot help.
    scanButton.className = state === 'blocked' || state === 'none' ? 'primary scan' : 'secondary scan';
    if (state === 'on' || state === 'starting') {
      // The video is in the page before the camera opens (some browsers give a detached
      // video no frames); while starting it takes its place unseen.
      faceBox.replaceChildren(
        h('div', { class: 'face-on' }, h('span', { class: 'face-frame' }, faceVideo), h('p', { class: 'face-text' }, h('strong', { text: t('wallet-face-on-title') }), ' ', t('wallet-face-on'))),
      );
    } else if (state === 'ask') {
      const ask = h('button', { type: 'button', class: 'primary face-ask' }, t('wallet-face-ask'));
      ask.addEventListener('click', async () => {
        ask.disabled = true;
        const answer = await askCamera();
        if (screen.destroyed) return;
        if (answer === 'granted') startFace();
        else renderFace(answer === 'denied' ? 'blocked' : 'none');
      });
      faceBox.replaceChildren(h('div', { class: 'face-ask-box' }, ask, h('p', { class: 'face-why small', text: t('wallet-camera-why') })));
    } else if (state === 'blocked') {
      faceBox.replaceChildren(
        h('div', { class: 'face-blocked' }, h('p', { class: 'face-title', text: t('wallet-face-blocked-title') }), h('p', { class: 'small', text: t('wallet-face-blocked') })),
      );
    } else if (state === 'none') {
      faceBox.replaceChildren(h('p', { class: 'face-none small muted', text: t('wallet-face-none') }));
    } else {
      faceBox.replaceChildren();
    }
  }

  /** Opens the front camera when the browser lets the wallet (never asking by itself). */
  async function startFace() {
    const seq = ++faceSeq;
    if (screen.destroyed || document.visibilityState !== 'visible' || mode === 'scan' || mode === 'blocked') return;
    if (pendingCameraAsk) await pendingCameraAsk; // the question asked as the pass was added
    const state = await cameraState();
    if (seq !== faceSeq || screen.destroyed) return;
    if (state === 'prompt') return renderFace('ask');
    if (state === 'denied') return renderFace('blocked');
    if (state === 'none') return renderFace('none');
    renderFace('starting');
    const started = await face.start();
    if (seq !== faceSeq || screen.destroyed) {
      face.stop();
      return;
    }
    if (started === 'on') renderFace('on');
    else if (started === 'denied') renderFace('blocked');
    else if (started !== 'stopped') renderFace('none');
  }

  function stopFace(state = 'paused') {
    faceSeq++;
    face.stop();
    // What it said about a blocked or missing camera stays; the rest goes with the camera.
    if (faceState === 'on' || faceState === 'starting' || faceState === 'ask') renderFace(state);
  }

  async function onFaceText(text) {
    if (mode !== 'code' && mode !== 'answer') return;
    if (!text.startsWith('TSR1C:') && !text.startsWith('TSR1Q:')) return; // its own code, glare, anything else
    const r = await answerFor(text, opts.mine(), passes);
    if (r.kind !== 'answer' || screen.destroyed || (mode !== 'code' && mode !== 'answer')) return; // another visitor's
    challengeSeenAt = Date.now();
    if (mode === 'answer' && shownAnswer === r.answer) return; // the same challenge, still in view
    if (r.answer === dismissed) return; // the visitor asked for the code while it is still in view
    showAnswer(r.answer, { face: true });
  }

  // --- the answer to a challenge
  function showAnswer(answer, { face: byFace = false } = {}) {
    stopScan();
    clearTimeout(answerTimer);
    mode = 'answer';
    shownAnswer = answer;
    faceAnswer = byFace;
    if (byFace) challengeSeenAt = Date.now();
    const party = answer.startsWith('TSR1S:');
    const back = h('button', { type: 'button', class: 'secondary', onclick: () => { input.value = ''; dismissed = answer; showCode(); } }, t('wallet-show-code-again'));
    stage.replaceChildren(
      h(
        'div',
        { class: 'answer-view' },
        h('h2', { class: 'answer-title', text: t('wallet-answer-title') }),
        // A party's answer (TSR1S, 4 members: 221 characters) is drawn as large as the phone
        // allows, at error correction L (a version 7 code, not 8): the gate's camera, 25 cm
        // away, then gets about 3.9 of its pixels a module, as a single answer's 4.5, instead
        // of 2.9 (docs/performance.md, "The lane rig"). A screen is not a torn label: L's 7 %
        // is enough for glare and blur, which the lane rig's camera model includes.
        party
          ? h('figure', { class: 'qr-card answer wide' }, qrSvg(answer, t('wallet-qr-answer'), 4, 'L'))
          : h('figure', { class: 'qr-card answer' }, qrSvg(answer, t('wallet-qr-answer'))),
        back,
      ),
    );
    // The whole code in view: tapping "Scan gate code" may have scrolled the page down to
    // that button, and the gate's camera must see every module of the answer. A no-op
    // when it is in view already (face to face, where it replaced the code in place).
    stage.querySelector('.qr-card')?.scrollIntoView({ block: 'nearest' });
    status.textContent = byFace ? t('wallet-answer-face') : t('wallet-answer-ready');
    answerTimer = setTimeout(() => {
      if (mode === 'answer') showCode();
    }, ANSWER_SHOWN_MS);
    if (!face.on) startFace();
  }

  function showCode() {
    clearTimeout(answerTimer);
    stopScan();
    mode = 'code';
    shownT = null;
    shownAnswer = null;
    faceAnswer = false;
    stage.replaceChildren(codeView);
    status.textContent = '';
    renderCode(Date.now() / 1000);
    if (!face.on) startFace();
  }

  async function handleTyped(text, { final }) {
    const r = await answerFor(text, opts.mine(), passes);
    if (screen.destroyed) return false;
    switch (r.kind) {
      case 'answer':
        clearChallengeError();
        showAnswer(r.answer);
        return true;
      case 'incomplete':
        if (final && text) showChallengeError(t('wallet-challenge-incomplete', { length: CHALLENGE_LENGTH }));
        else clearChallengeError();
        return false;
      case 'other':
        showChallengeError(...rich('wallet-challenge-other-pass', { label: r.label }, ['label']));
        return true;
      case 'unknown':
        showChallengeError(t('wallet-challenge-unknown-pass'));
        return true;
      default:
        if (!final && text.startsWith('TSR1Q:')) clearChallengeError(); // a party challenge still being typed
        else showChallengeError(t('wallet-challenge-malformed'));
        return false;
    }
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
    if (text.startsWith('TSR1Q:') || !isChallengePrefix(text) || text.length >= CHALLENGE_LENGTH) handleTyped(text, { final: false });
    else clearChallengeError();
  });
  input.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter') {
      ev.preventDefault();
      handleTyped(input.value.trim().toUpperCase(), { final: true });
    }
  });

  // --- the rear camera: "Scan gate code" (the visitor turns the phone round)
  function stopScan() {
    if (scanner) scanner.stop();
    scanner = null;
  }

  async function startScan() {
    if (mode === 'scan' || mode === 'blocked') return;
    clearTimeout(answerTimer);
    alert.clear();
    stopFace(); // one camera at a time
    mode = 'scan';
    const video = h('video', { class: 'camera', muted: true, playsinline: true, autoplay: true, 'aria-label': t('wallet-camera-view') });
    const cancel = h('button', { type: 'button', class: 'secondary', onclick: showCode }, t('wallet-camera-stop'));
    stage.replaceChildren(h('div', { class: 'scan-view' }, h('div', { class: 'camera-frame' }, video), cancel));
    status.textContent = t('wallet-camera-point');
    const s = new Scanner(
      video,
      async (text) => {
        if (scanner !== s) return;
        if (text.startsWith('TSR1C:') || text.startsWith('TSR1Q:')) {
          const handled = await handleTyped(text, { final: true });
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

  // --- time
  function tick() {
    if (screen.destroyed) return;
    const nowMs = Date.now();
    const blocked = opts.blocked(nowMs);
    if (blocked) {
      if (mode !== 'blocked' || stage.dataset.state !== blocked.state) {
        stopScan();
        stopFace('paused');
        mode = 'blocked';
        stage.dataset.state = blocked.state;
        stage.replaceChildren(blocked.view());
        shownT = null;
        scanButton.hidden = blocked.hideAnswering;
        field.hidden = blocked.hideAnswering;
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
    } else if (mode === 'answer' && faceAnswer && nowMs - challengeSeenAt > FACE_ANSWER_HOLD_MS) {
      showCode(); // the gate has read it: its challenge is gone
    }
    if (opts.onTick) opts.onTick(nowMs);
    timer = setTimeout(tick, mode === 'answer' && faceAnswer ? 250 : 1000 - (Date.now() % 1000) + 5);
  }

  // --- screen wake lock (where the platform has it), cameras off while hidden
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
      if (mode === 'code' || mode === 'answer') startFace();
    } else {
      stopScan();
      stopFace();
      if (mode === 'scan') showCode();
    }
  };
  document.addEventListener('visibilitychange', onVisibility);

  return {
    alert,
    stage,
    status,
    scanButton,
    field,
    hint,
    faceBox,
    /** Draws the code now (the members changed). */
    redraw() {
      shownT = null;
      if (mode === 'code') renderCode(Date.now() / 1000);
    },
    start() {
      renderFace('paused');
      showCode();
      tick();
      lockScreen();
    },
    destroy() {
      clearTimeout(timer);
      clearTimeout(answerTimer);
      stopScan();
      stopFace();
      document.removeEventListener('visibilitychange', onVisibility);
      if (wakeLock) wakeLock.release().catch(() => {});
    },
  };
}

// ---------------------------------------------------------------- pass view

function showPass(pass, passes) {
  applyLanguage(pass);
  const screen = { destroyed: false };
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
  const partySlot = h('div', { class: 'party-slot' });
  let partyKey = null;

  function listLink(ev) {
    ev.preventDefault();
    history.pushState(null, '', '/wallet#list');
    route();
  }

  function blockedView(state) {
    if (state === 'expired') {
      cs.alert.show(t('wallet-expired-alert', { date: fmt(pass.validUntil, pass.timeZone) }));
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

  const cs = codeScreen({
    screen,
    passes,
    periodS: pass.periodS,
    mine: () => [pass],
    makeCode: (nowS) => rotatingCode(pass.codeKey, pass.passId, nowS, pass.periodS, pass.digits),
    codeLabel: () => (pass.label ? t('wallet-qr-entry', { label: pass.label, seconds: pass.periodS }) : t('wallet-qr-entry-unnamed', { seconds: pass.periodS })),
    blocked(nowMs) {
      const state = validityAt(pass, nowMs);
      return state === 'valid' ? null : { state, view: () => blockedView(state), hideAnswering: state === 'expired' };
    },
    onTick(nowMs) {
      const state = validityAt(pass, nowMs);
      validity.textContent = validityText(pass, nowMs);
      validity.className = `validity ${state}`;
      // A party this pass can go through with now: offered beside its own code.
      const group = partyOf(pass, passes, nowMs);
      const key = group ? group.map((p) => p.passId).join() : '';
      if (key !== partyKey) {
        partyKey = key;
        partySlot.replaceChildren(...(group ? [partyLink(group, 'party-link secondary-link')] : []));
      }
    },
  });

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
      cs.alert.show(storageMessage());
      return;
    }
    goWallet();
  });

  screen.destroy = () => {
    screen.destroyed = true;
    cs.destroy();
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
      h(
        'div',
        { class: 'pass-body' },
        h('div', { class: 'pass-main' }, cs.stage, cs.faceBox, cs.hint),
        h('div', { class: 'pass-side' }, cs.alert.el, cs.status, partySlot, cs.scanButton, cs.field, others),
      ),
      h('div', { class: 'pass-foot' }, transferNote, transfer, remove),
    ),
  );
  cs.start();
}

// ---------------------------------------------------------------- party view

/**
 * One code for a party: the passes of `group` that are ticked (all, at first, up to
 * PARTY_MAX) in one `TSR1P:` code; the front camera answers the gate's `TSR1Q:` challenge
 * with one `TSR1S:` answer for them all. Lists the people, each one a checkbox.
 */
function showParty(group, passes) {
  applyLanguage(group[group.length - 1]);
  const screen = { destroyed: false };
  const chosen = new Set(group.slice(0, PARTY_MAX).map((p) => p.passId));
  const members = () => group.filter((p) => chosen.has(p.passId) && validityAt(p, Date.now()) === 'valid');
  const names = (list) => list.map((p) => p.label || t('wallet-visitor-pass'));
  const count = h('p', { class: 'party-count lead' });
  const tooMany = h('p', { class: 'party-note small', role: 'status' });

  const people = h(
    'ul',
    { class: 'party-people' },
    group.map((p, i) => {
      const id = `party-member-${i}`;
      const box = h('input', { type: 'checkbox', id, checked: chosen.has(p.passId) });
      box.addEventListener('change', () => {
        if (box.checked) {
          if (chosen.size >= PARTY_MAX) {
            box.checked = false;
            tooMany.textContent = t('wallet-party-max', { max: PARTY_MAX });
            return;
          }
          chosen.add(p.passId);
        } else chosen.delete(p.passId);
        tooMany.textContent = '';
        update();
        cs.redraw();
      });
      return h('li', {}, box, h('label', { for: id }, p.label ? bdi(p.label) : t('wallet-visitor-pass')));
    }),
  );
  const fieldset = h('fieldset', { class: 'party-who' }, h('legend', { text: t('wallet-party-who') }), people, tooMany);

  function update() {
    const list = members();
    count.textContent = t('wallet-party-lead', { count: list.length });
  }

  const cs = codeScreen({
    screen,
    passes,
    periodS: group[0].periodS,
    mine: members,
    async makeCode(nowS) {
      const list = members();
      if (list.length < 2) return null;
      return partyCode(await Promise.all(list.map((p) => rotatingCode(p.codeKey, p.passId, nowS, p.periodS, p.digits))));
    },
    codeLabel: () => t('wallet-qr-party', { names: names(members()).join(', '), seconds: group[0].periodS }),
    blocked(nowMs) {
      void nowMs;
      if (members().length >= 2) return null;
      return {
        state: 'too-few',
        hideAnswering: false,
        view: () => h('div', { class: 'notice not-yet' }, h('p', { class: 'notice-title', text: t('wallet-party-too-few-title') }), h('p', { text: t('wallet-party-too-few') })),
      };
    },
    onTick: update,
  });

  const back = h('a', { href: '/wallet#list', class: 'link back', onclick: (ev) => { ev.preventDefault(); history.pushState(null, '', '/wallet#list'); route(); } }, t('wallet-party-back'));
  screen.destroy = () => {
    screen.destroyed = true;
    cs.destroy();
  };
  update();
  mount(
    screen,
    h(
      'section',
      { class: 'pass party' },
      h('div', { class: 'pass-head' }, h('h1', { text: t('wallet-party-title') }), count),
      h(
        'div',
        { class: 'pass-body' },
        h('div', { class: 'pass-main' }, cs.stage, cs.faceBox, cs.hint),
        h('div', { class: 'pass-side' }, cs.alert.el, cs.status, fieldset, cs.scanButton, cs.field, back),
      ),
    ),
  );
  cs.start();
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
      copied.textContent = (await copyText(issued.claim_url, link)) ? t('wallet-transfer-copied') : t('wallet-transfer-selected');
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

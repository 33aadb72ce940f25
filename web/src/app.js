// The web wallet's UI: claim screen, pass list, pass view and handing a pass on (transfer).
// A thin layer over tsr1.js (protocol), store.js (IndexedDB) and scanner.js (camera).
// Elements are built with DOM calls only — the CSP allows no inline script or style — and
// every control has the accessible name the issue's UI contract names ("Add to wallet",
// "Scan gate code", "Paste a gate challenge", "Transfer this pass"); every error is shown in
// a role="alert" element.

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
  counterAt,
  transferProof,
  validityAt,
} from './tsr1.js';
import { StorageUnavailable, WalletStore, requestPersistence } from './store.js';
import { qrSvg } from './qr.js';
import { Scanner } from './scanner.js';
import { fetchJson, h, showScreen } from './ui.js';

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

const dateFmt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const fmt = (iso) => dateFmt.format(new Date(iso));

function validityText(pass, now = Date.now()) {
  switch (validityAt(pass, now)) {
    case 'expired':
      return `Expired ${fmt(pass.validUntil)}`;
    case 'not_yet_valid':
      return `Not yet valid: from ${fmt(pass.validFrom)}`;
    default:
      return `Valid until ${fmt(pass.validUntil)}`;
  }
}

function walletLink(text = 'Go to my wallet') {
  return h('a', { href: '/wallet', class: 'link', onclick: goWallet }, text);
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
    return showBadLink(e instanceof TsrError ? e.message : 'the link cannot be read');
  }
  if (link) return showClaim(link);
  if (location.pathname === '/claim') {
    return showBadLink('the part after # is missing; was the link cut short?');
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
  return (
    'This browser is not letting the wallet store passes (private browsing, or site data turned off). ' +
    'Open the link in a normal browser window to keep your pass on this device.'
  );
}

function showStorageError() {
  const alert = alertBox();
  alert.show(storageMessage());
  mount({}, h('section', { class: 'card' }, h('h1', { text: 'Wallet unavailable' }), alert.el));
}

function showBadLink(detail) {
  const alert = alertBox();
  alert.show(`This claim link is invalid or incomplete: ${detail}. Ask whoever sent it for a new link, and copy all of it.`);
  mount({}, h('section', { class: 'card' }, h('h1', { text: 'Link not usable' }), alert.el, h('p', {}, walletLink())));
}

// ---------------------------------------------------------------- list

function showList(passes) {
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
              h('span', { class: 'pass-item-label', text: p.label || 'Pass' }),
              p.site ? h('span', { class: 'pass-item-site', text: p.site }) : null,
              h('span', { class: 'pass-item-validity', text: validityText(p, now) }),
            ),
          );
        }),
      )
    : h(
        'div',
        { class: 'card empty' },
        h('p', { text: 'No passes yet.' }),
        h('p', { class: 'muted', text: 'Open the claim link you were sent to add a pass to this wallet.' }),
      );
  mount({}, h('section', { class: 'list' }, h('h1', { text: 'Your passes' }), content));
}

// ---------------------------------------------------------------- claim

function claimFacts(preview) {
  const dl = h('dl', { class: 'facts' });
  const add = (term, value) => dl.append(h('div', {}, h('dt', { text: term }), h('dd', { text: value })));
  add('Pass', preview.label || 'Visitor pass');
  if (preview.site) add('Site', preview.site);
  add('Valid from', fmt(preview.valid_from));
  add('Valid until', fmt(preview.valid_until));
  return dl;
}

async function showClaim(link) {
  const alert = alertBox();
  const facts = h('div', { class: 'facts-slot' }, h('p', { class: 'muted', text: 'Checking the pass…' }));
  const button = h('button', { type: 'button', class: 'primary', disabled: true }, 'Add to wallet');
  const after = h('p', { class: 'after' });
  const lead = h('p', { class: 'lead', text: 'You have been sent a visitor pass. Add it to this wallet to show it at the gate.' });
  const fine = h('p', { class: 'fine muted', text: 'The pass and its keys stay on this device. Anyone with this link could add the pass first, so do not share it.' });
  const screen = {};
  mount(screen, h('section', { class: 'card claim' }, h('h1', { text: 'Add a pass' }), lead, facts, alert.el, button, after, fine));
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

  const preview = await post('/v1/claims/preview', { pass_id: link.passId, claim_token: link.token });
  if (current !== screen) return;
  if (preview.ok && preview.body) {
    try {
      facts.replaceChildren(claimFacts(preview.body));
    } catch {
      facts.replaceChildren();
    }
    const state = preview.body.state;
    if (preview.body.transfer === true && state === 'issued') {
      // A transfer link: the pass is someone's now and becomes this wallet's when added.
      const holder = typeof preview.body.label === 'string' && preview.body.label ? preview.body.label : 'Someone';
      lead.textContent = `${holder} is handing you this pass. Add it to this wallet to show it at the gate.`;
      fine.textContent = 'Once you add it, it stops working on their phone and works on this one. The pass and its keys stay on this device; do not share this link.';
    }
    if (state === 'revoked') return stop('This pass has been revoked by its issuer. It cannot be added or used.');
    if (Date.parse(preview.body.valid_until) <= Date.now()) {
      return stop(`This pass has expired (it was valid until ${fmt(preview.body.valid_until)}).`);
    }
    if ((state === 'claimed' || state === 'used') && !pending) {
      alert.show('This pass is already in another wallet. A pass can be added to one wallet only.');
    }
  } else if (preview.status === 404) {
    return stop('This claim link is not valid: the pass does not exist or the link was mistyped. Ask for a new link.');
  } else {
    facts.replaceChildren(h('p', { class: 'muted', text: 'The pass details could not be loaded just now. You can still try to add it.' }));
  }
  button.disabled = false;
  button.addEventListener('click', () => claim(link, { alert, button, after, stop, screen }));
}

async function claim(link, ui) {
  const { alert, button, stop, screen } = ui;
  button.disabled = true;
  button.textContent = 'Adding…';
  button.removeAttribute('aria-label');
  alert.clear();
  const retry = (message) => {
    if (current !== screen) return;
    alert.show(message);
    button.textContent = 'Retry';
    // The name keeps "Add to wallet" so the control is found by the same words after a failure.
    button.setAttribute('aria-label', 'Retry: Add to wallet');
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
    if (e instanceof TsrError) return stop('This browser cannot create the keys a pass needs. Update it, or use another browser.');
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
    return retry('Could not reach the server, so the pass is not added yet. Check your connection, then press Retry.');
  }
  if (!res.ok) {
    const refused = async (...message) => {
      // A definitive refusal: this key will never be bound to the pass.
      await store.deletePending(link.passId).catch(() => {});
      stop(...message);
    };
    if (res.status === 404 || res.code === 'invalid_claim') {
      return refused('This claim link is not valid: the pass does not exist or the link was mistyped. Ask for a new link.');
    }
    if (res.code === 'already_claimed') {
      return refused('This pass is already in another wallet. A pass can be added to one wallet only; ask the issuer if that was not you.');
    }
    if (res.code === 'revoked') return refused('This pass has been revoked by its issuer. It cannot be added or used.');
    if (res.code === 'invalid_public_key') {
      await store.deletePending(link.passId).catch(() => {});
      return retry('The server did not accept this wallet’s key. Press Retry to try with a new one.');
    }
    if (res.status === 429) return retry('Too many attempts just now. Wait a minute, then press Retry.');
    return retry(`The server could not add the pass just now (error ${res.status}). Press Retry in a moment.`);
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
      claimedAt: new Date().toISOString(),
      codeKey,
      responseKey,
    };
  } catch {
    return retry('The server’s answer could not be used. Press Retry; if it keeps failing, ask the issuer.');
  }
  try {
    await store.completeClaim(pass);
  } catch {
    return retry(`${storageMessage()} Then press Retry.`);
  }
  requestPersistence();
  history.replaceState(null, '', '/wallet');
  showPass(pass, await store.passes());
}

// ---------------------------------------------------------------- pass view

function showPass(pass, passes) {
  const screen = { destroyed: false };
  const alert = alertBox();
  const stage = h('div', { class: 'stage' });
  const status = h('p', { class: 'status', role: 'status' });
  const scanButton = h('button', { type: 'button', class: 'primary scan' }, 'Scan gate code');
  const input = h('input', {
    id: 'challenge',
    type: 'text',
    inputmode: 'text',
    autocomplete: 'off',
    autocapitalize: 'characters',
    spellcheck: 'false',
    enterkeyhint: 'done',
    placeholder: 'TSR1C:…',
    'aria-describedby': 'challenge-help',
  });
  const field = h(
    'div',
    { class: 'field' },
    h('label', { for: 'challenge', text: 'Paste a gate challenge' }),
    input,
    h('p', { id: 'challenge-help', class: 'muted small', text: 'If the gate cannot show its code to your camera, paste its text here.' }),
  );
  const hint = h('p', { class: 'hint' }, h('span', { class: 'sun', 'aria-hidden': 'true', text: '☀' }), 'Turn your screen brightness up so the gate reads the code first time.');
  const validity = h('p', { class: 'validity' });
  const others = passes.length > 1 ? h('a', { href: '/wallet#list', class: 'link back', onclick: listLink }, `All passes (${passes.length})`) : null;
  const remove = h('button', { type: 'button', class: 'quiet' }, 'Remove this pass from this device');
  // Only offered while the server has not said this pass may not be handed on: the claim's
  // answer does not say, so the first try tells (409 transfer_not_allowed) and is remembered.
  const transfer = pass.transferAllowed === false ? null : h('button', { type: 'button', class: 'secondary transfer' }, 'Transfer this pass');
  const transferNote = pass.transferStartedAt
    ? h('p', { class: 'transfer-note' }, `You started handing this pass on (${fmt(pass.transferStartedAt)}). Once the new holder adds it, the code here stops working.`)
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
    const t = counterAt(nowS, pass.periodS);
    const left = secondsLeft(nowS, pass.periodS);
    countdownText.textContent = `New code in ${left} s`;
    progress.value = left;
    if (t === shownT) return;
    shownT = t;
    const seq = ++renderSeq;
    const code = await rotatingCode(pass.codeKey, pass.passId, nowS, pass.periodS, pass.digits);
    if (seq !== renderSeq || screen.destroyed) return;
    qrSlot.replaceChildren(qrSvg(code, `Entry code for ${pass.label || 'this pass'}; it changes every ${pass.periodS} seconds`));
  }

  function blockedView(state) {
    if (state === 'expired') {
      alert.show(`This pass has expired: it was valid until ${fmt(pass.validUntil)}. It can no longer be used at the gate.`);
      return h('div', { class: 'notice expired' }, h('p', { class: 'notice-title', text: 'Expired' }), h('p', { text: `Valid until ${fmt(pass.validUntil)}` }));
    }
    return h(
      'div',
      { class: 'notice not-yet' },
      h('p', { class: 'notice-title', text: 'Not yet valid' }),
      h('p', { text: `Your code appears here from ${fmt(pass.validFrom)}.` }),
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
    const back = h('button', { type: 'button', class: 'secondary', onclick: () => { input.value = ''; showCode(); } }, 'Show my code again');
    stage.replaceChildren(
      h(
        'div',
        { class: 'answer-view' },
        h('h2', { class: 'answer-title', text: 'Show this answer to the gate' }),
        h('figure', { class: 'qr-card answer' }, qrSvg(answer, 'Answer code for the gate')),
        back,
      ),
    );
    status.textContent = 'Answer ready: hold it up to the gate.';
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
        if (final && text) showChallengeError('This challenge is incomplete: copy the whole text the gate shows (it is 85 characters long).');
        else clearChallengeError();
      } else {
        showChallengeError('That is not a gate challenge. A gate challenge starts with TSR1C: followed by letters and digits.');
      }
      return false;
    }
    if (challenge.passId !== pass.passId) {
      const other = passes.find((p) => p.passId === challenge.passId);
      showChallengeError(
        other
          ? `This challenge is for another pass: “${other.label}”. Open that pass to answer it.`
          : 'This challenge is for another pass, which is not in this wallet.',
      );
      return true;
    }
    clearChallengeError();
    showAnswer(await answerChallenge(pass.responseKey, pass.passId, challenge));
    return true;
  }

  function showChallengeError(message) {
    lastChallengeError = message;
    alert.show(message);
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
    const video = h('video', { class: 'camera', muted: true, playsinline: true, autoplay: true, 'aria-label': 'Camera view' });
    const cancel = h('button', { type: 'button', class: 'secondary', onclick: showCode }, 'Stop camera');
    stage.replaceChildren(h('div', { class: 'scan-view' }, h('div', { class: 'camera-frame' }, video), cancel));
    status.textContent = 'Point the camera at the code on the gate’s screen.';
    const s = new Scanner(
      video,
      async (text) => {
        if (scanner !== s) return;
        if (text.startsWith('TSR1C:')) {
          const handled = await handleChallenge(text, { final: true });
          if (handled && mode === 'scan') showCode(); // the challenge was for another pass
        } else {
          status.textContent = 'That code is not a gate challenge. Point the camera at the gate’s screen.';
        }
      },
      () => {
        if (scanner === null || mode === 'scan') {
          showCode();
          status.textContent = 'The camera was turned off to save battery. Press Scan gate code to try again.';
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
          ? 'Camera access was refused. Allow the camera for this site in your browser settings, or paste the gate’s challenge below.'
          : name === 'NotFoundError' || name === 'OverconstrainedError'
            ? 'No camera was found on this device. Paste the gate’s challenge below instead.'
            : 'The camera could not be started. Paste the gate’s challenge below instead.',
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
    if (!confirm(`Remove “${pass.label}” from this device? It cannot be added back with the same link.`)) return;
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
        h('h1', { text: pass.label || 'Visitor pass' }),
        h('p', { class: 'pass-meta' }, pass.site ? h('span', { class: 'site', text: pass.site }) : null, validity),
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
  if (res.network) return { text: 'Could not reach the server, so no transfer link was made. Check your connection, then try again.' };
  if (res.code === 'transfer_not_allowed') {
    return { text: 'This pass cannot be transferred: its organiser does not allow handing it on (or it has been handed on as often as allowed). It stays in this wallet.', forever: true, notAllowed: true };
  }
  if (res.code === 'revoked') return { text: 'This pass has been revoked by its issuer. It cannot be handed on.', forever: true };
  if (res.code === 'not_claimed' || res.code === 'bad_proof') {
    return { text: 'This phone no longer holds this pass (it was handed on or moved to another phone), so it cannot hand it on.', forever: true };
  }
  // Before any proof, the server answers one 404 for every reason (unknown, revoked, no
  // transfers left), so that a stranger holding the pass id learns nothing.
  if (res.status === 404 && res.code !== 'invalid_nonce') {
    return { text: 'This pass cannot be transferred now: its organiser may not allow handing it on, it may have been handed on as often as allowed, or it was revoked. It stays in this wallet.', forever: true, notAllowed: true };
  }
  if (res.status === 429) return { text: 'Too many attempts just now. Wait a minute, then try again.' };
  return { text: `The server could not make the transfer link just now (${res.code || `error ${res.status}`}). Try again in a moment.` };
}

function showTransfer(pass) {
  const screen = {};
  const alert = alertBox();
  const status = h('p', { class: 'status', role: 'status' });
  const make = h('button', { type: 'button', class: 'primary' }, 'Make a transfer link');
  const result = h('div', { class: 'transfer-result' });
  const back = h('a', { href: `/wallet#pass=${pass.passId}`, class: 'link back', onclick: (ev) => { ev.preventDefault(); history.pushState(null, '', `/wallet#pass=${pass.passId}`); route(); } }, 'Back to my pass');
  const intro = h(
    'div',
    { class: 'transfer-intro' },
    h('p', { class: 'lead', text: 'Someone else is going instead of you? Make a link for them. When they open it and add the pass, it moves to their phone.' }),
    h('p', { class: 'warning', text: 'Once they add it, this pass stops working on this phone. Until then it still works here.' }),
  );
  mount(screen, h('section', { class: 'card transfer-card' }, h('h1', { text: `Transfer “${pass.label || 'this pass'}”` }), intro, alert.el, status, make, result, h('p', {}, back)));

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
    status.textContent = 'Making the link…';
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
        refusal = { text: 'The server’s transfer nonce could not be used. Try again in a moment.' };
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
    const link = h('input', { id: 'transfer-link', type: 'text', readonly: true, value: issued.claim_url, spellcheck: 'false' });
    const copied = h('p', { class: 'status', role: 'status' });
    const copy = h('button', { type: 'button', class: 'secondary' }, 'Copy link');
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
      copied.textContent = done ? 'Link copied.' : 'The link is selected: copy it from the field.';
    });
    const share = typeof navigator.share === 'function'
      ? h('button', { type: 'button', class: 'secondary', onclick: () => navigator.share({ title: pass.label || 'Visitor pass', url: issued.claim_url }).catch(() => {}) }, 'Share…')
      : null;
    const heading = h('h2', { tabindex: '-1', text: 'Give this link to the new holder' });
    result.replaceChildren(
      heading,
      h('p', { class: 'warning', text: 'This phone’s pass stops working once your friend adds it. Send the link to them only: whoever opens it first gets the pass.' }),
      h('figure', { class: 'qr-card transfer-qr' }, qrSvg(issued.claim_url, 'Transfer QR code for the new holder')),
      h('p', { class: 'muted small', text: 'They can scan this with their phone’s camera, or open the link.' }),
      h('div', { class: 'field' }, h('label', { for: 'transfer-link', text: 'Transfer link' }), link),
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

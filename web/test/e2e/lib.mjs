// What the browser end-to-end tests (wallet, gate, console, host and transfer .e2e.mjs)
// share: failing and reporting, the environment, Chromium, the admin API, a wallet in Node, a
// gate device on the real WebSocket (scans, answers and walk-in requests), axe-core's WCAG 2.1
// A/AA check, screenshots and the QR codes in them, the fake camera, and waiting.

import { randomUUID, webcrypto } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import qrcode from 'qrcode-generator';
import WebSocket from 'ws';
import { answerChallenge, b64urlDecode, b64urlEncode, base32Encode, derivePassKeys, generateWalletKeyPair, parseChallenge, responseMac, rotatingCode } from '../../src/tsr1.js';

export const CHROMIUM = '/usr/bin/chromium';
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
export const STEP_TIMEOUT_MS = 15_000;

// ------------------------------------------------------------------ failing and reporting

export class Failure extends Error {}
export const fail = (message) => {
  throw new Failure(message);
};
export const ok = (message) => console.log(`ok - ${message}`);

/**
 * Runs the test (after checking for Chromium): exit code 0 and "<name> e2e: all steps passed" when `run` resolves, 1 with
 * "FAIL: …" when it throws or takes longer than `totalTimeoutMs`.
 */
export async function main(name, run, totalTimeoutMs) {
  const guard = setTimeout(() => {
    console.error(`FAIL: the ${name} e2e test took longer than ${totalTimeoutMs / 1000} s`);
    process.exit(1);
  }, totalTimeoutMs);
  try {
    requireChromium();
    await run();
    clearTimeout(guard);
    console.log(`${name} e2e: all steps passed`);
    process.exit(0);
  } catch (e) {
    console.error(`FAIL: ${e instanceof Failure ? e.message : e && e.stack ? e.stack : e}`);
    process.exit(1);
  }
}

// ------------------------------------------------------------------ configuration

export function env(name, required = true) {
  const v = process.env[name];
  if (required && !v) fail(`environment variable ${name} is not set`);
  return v || null;
}

function requireChromium() {
  if (!existsSync(CHROMIUM)) fail(`chromium not found at ${CHROMIUM}: apt-get install chromium`);
}

/** /usr/bin/chromium in the new headless mode, never a downloaded browser. */
export function launchChromium(extraArgs = []) {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: false, // the flag below selects the new headless mode explicitly
    args: [
      '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run',
      ...extraArgs,
      // Over HTTPS with a test CA: trust exactly the server's key (the Rust harness passes its
      // SPKI hash), so the page is a real secure context with a working service worker.
      ...(process.env.TESSERA_CHROMIUM_SPKI ? [`--ignore-certificate-errors-spki-list=${process.env.TESSERA_CHROMIUM_SPKI}`] : []),
    ],
  });
}

/** Collects a page's uncaught errors and console errors into `into`, each prefixed `who: `. */
export function watchErrors(page, who, into) {
  page.on('pageerror', (e) => into.push(`${who}: ${e}`));
  page.on('console', (m) => {
    if (m.type() === 'error') into.push(`${who}: ${m.text()}`);
  });
}

// ------------------------------------------------------------------ admin API

/** `admin(method, path, body?, want?)`: an admin call that fails the test unless the status is in `want`. */
export function adminApi(base, adminKey) {
  return async (method, p, body, want = [200, 201]) => {
    const res = await fetch(base + p, {
      method,
      headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!want.includes(res.status)) fail(`${method} ${p} answered ${res.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

export const until24h = () => new Date(Date.now() + 24 * 3600 * 1000).toISOString().replace(/\.\d+Z$/, 'Z');

/** A gate of site "e2e": `{ gate_id, device_token, … }`. */
export const createGate = (admin, label) => admin('POST', '/v1/gates', { label, site: 'e2e' });

/** A pass of site "e2e", valid for a day: `{ pass_id, claim_url, claim_token, … }`. */
export const createPass = (admin, label, extra = {}) => admin('POST', '/v1/passes', { label, valid_until: until24h(), site: 'e2e', ...extra });

// ------------------------------------------------------------------ a wallet in Node

/**
 * A pass issued through `admin` (with `extra` fields, e.g. an `email`) and claimed, at
 * `claimBase` (default: the same server), by a
 * wallet that lives in this script (the same tsr1.js as the web wallet): its rotating code,
 * its answer to a challenge, a wrong answer, and a second wallet's claim of the same link.
 */
export async function nodeWallet(base, admin, label, claimBase = base, extra = {}) {
  const pass = await createPass(admin, label, extra);
  const claim = async (publicRaw) =>
    fetch(`${claimBase}/v1/claims`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pass_id: pass.pass_id, claim_token: pass.claim_token, wallet_public_key: b64urlEncode(publicRaw) }),
    });
  const { privateKey, publicRaw } = await generateWalletKeyPair();
  const res = await claim(publicRaw);
  if (!res.ok) fail(`claiming ${label} answered ${res.status}: ${await res.text()}`);
  const answer = await res.json();
  const keys = await derivePassKeys({ privateKey, walletPublicRaw: publicRaw, serverPublicRaw: b64urlDecode(answer.server_public_key), passId: pass.pass_id });
  const wrongKey = await webcrypto.subtle.importKey('raw', webcrypto.getRandomValues(new Uint8Array(32)), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return {
    passId: pass.pass_id,
    label,
    code: (offsetS = 0) => rotatingCode(keys.codeKey, pass.pass_id, Math.floor(Date.now() / 1000) + offsetS),
    answer: (challenge) => answerChallenge(keys.responseKey, pass.pass_id, parseChallenge(challenge)),
    async wrongAnswer(challenge) {
      const c = parseChallenge(challenge);
      return `TSR1R:${base32Encode(c.passBytes)}:${base32Encode(await responseMac(wrongKey, c.passBytes, c.nonce))}`;
    },
    /** Another wallet claims the same link (a leaked link): the server answers 409 and audits claim_conflict. */
    async claimAgain(at = claimBase) {
      const other = await generateWalletKeyPair();
      const r = await fetch(`${at}/v1/claims`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pass_id: pass.pass_id, claim_token: pass.claim_token, wallet_public_key: b64urlEncode(other.publicRaw) }),
      });
      await r.text();
      return r.status;
    },
  };
}

/**
 * Claims the pass of a claim link (`…/claim#p=…&t=…`, e.g. read from a QR code) with a
 * wallet in this script, posting to `base`: its rotating code and its answer to a challenge.
 */
export async function claimLink(base, claimUrl) {
  const params = new URLSearchParams(new URL(claimUrl).hash.slice(1));
  const passId = params.get('p');
  const token = params.get('t');
  if (!passId || !token) fail(`not a claim link: ${claimUrl}`);
  const { privateKey, publicRaw } = await generateWalletKeyPair();
  const res = await fetch(`${base}/v1/claims`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pass_id: passId, claim_token: token, wallet_public_key: b64urlEncode(publicRaw) }),
  });
  if (!res.ok) fail(`claiming ${claimUrl} answered ${res.status}: ${await res.text()}`);
  const answer = await res.json();
  const keys = await derivePassKeys({ privateKey, walletPublicRaw: publicRaw, serverPublicRaw: b64urlDecode(answer.server_public_key), passId });
  return {
    passId,
    label: answer.label,
    code: (offsetS = 0) => rotatingCode(keys.codeKey, passId, Math.floor(Date.now() / 1000) + offsetS),
    answer: (challenge) => answerChallenge(keys.responseKey, passId, parseChallenge(challenge)),
  };
}

// ------------------------------------------------------------------ a gate device

/** A native gate device on the real WebSocket (Bearer token): send JSON, await the next message of a type. */
export async function gateSocket(base, token, who = 'gate') {
  const url = base.replace(/^http/, 'ws').replace(/\/$/, '') + '/v1/gate/ws';
  const ws = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } });
  const queue = [];
  const waiters = [];
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data));
    const i = waiters.findIndex((w) => w.match(msg));
    if (i >= 0) waiters.splice(i, 1)[0].resolve(msg);
    else queue.push(msg);
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
    ws.once('unexpected-response', (_, res) => reject(new Error(`${who} socket upgrade answered ${res.statusCode}`)));
  }).catch((e) => fail(`cannot open the ${who} socket ${url}: ${e.message}`));
  const next = (match, what, timeoutMs = STEP_TIMEOUT_MS) =>
    new Promise((resolve, reject) => {
      const i = queue.findIndex(match);
      if (i >= 0) return resolve(queue.splice(i, 1)[0]);
      const w = { match, resolve };
      waiters.push(w);
      setTimeout(() => {
        const j = waiters.indexOf(w);
        if (j < 0) return;
        waiters.splice(j, 1);
        reject(new Failure(`the ${who} got no ${what} within ${timeoutMs} ms; other messages: ${JSON.stringify(queue)}`));
      }, timeoutMs);
    });
  const welcome = await next((m) => m.type === 'welcome', 'welcome');
  const send = (obj) => ws.send(JSON.stringify(obj));
  return {
    ws,
    next,
    welcome,
    send,
    /** Scans `code`: `{ scanId, msg }`, msg the challenge (or a result / error) for it. */
    async scan(code) {
      const scanId = randomUUID();
      send({ type: 'scan', scan_id: scanId, code });
      const msg = await next((m) => m.scan_id === scanId && ['challenge', 'result', 'error'].includes(m.type), `an answer to scan ${scanId}`);
      return { scanId, msg };
    },
    /** Sends a response frame; resolves with the result (or error) for that scan id. */
    async respond(scanId, nonce, response) {
      send({ type: 'response', scan_id: scanId, nonce, response });
      return next((m) => m.scan_id === scanId && ['result', 'error'].includes(m.type), `a result for scan ${scanId}`);
    },
    /**
     * Sends a `walk_in` frame (the same object every time it is resent); resolves with the
     * server's walk_in message for that request_id (or an error carrying it).
     */
    async walkIn(frame) {
      send({ type: 'walk_in', ...frame });
      return next((m) => m.request_id === frame.request_id && ['walk_in', 'error'].includes(m.type), `an answer to walk-in ${frame.visitor_name}`);
    },
    /** The next walk_in message of `requestId` in `state`, sent unprompted when the host decides. */
    walkInState(requestId, state, timeoutMs) {
      return next((m) => m.type === 'walk_in' && m.request_id === requestId && m.state === state, `walk-in ${requestId} in state ${state}`, timeoutMs);
    },
    close: () =>
      new Promise((resolve) => {
        if (ws.readyState === WebSocket.CLOSED) return resolve();
        ws.once('close', resolve);
        ws.close(1000);
      }),
  };
}

// ------------------------------------------------------------------ waiting

/** Waits until `fn` returns a truthy value (polling), or fails with `what`. */
export async function until(what, fn, timeoutMs = STEP_TIMEOUT_MS, pollMs = 100) {
  const end = Date.now() + timeoutMs;
  let last;
  while (Date.now() < end) {
    try {
      last = await fn();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  fail(`timed out waiting for ${what}${last instanceof Error ? ` (${last.message})` : ''}`);
}

export function waitForServiceWorker(page, what) {
  return until(what, () =>
    page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      return Boolean(navigator.serviceWorker.controller);
    }),
  );
}

/** A role=alert matching `pattern` becomes visible; returns its text. */
export async function expectAlert(page, pattern, what) {
  const alert = page.getByRole('alert').filter({ hasText: pattern });
  await alert.first().waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS }).catch(async () => {
    const texts = await page.getByRole('alert').allInnerTexts();
    fail(`${what}: no role=alert matching ${pattern}; alerts: ${JSON.stringify(texts)}`);
  });
  return (await alert.first().innerText()).trim();
}

/** Opens a claim link in the wallet and waits for its Add button to be enabled; returns the button. */
export async function openClaim(page, claimUrl, what = 'the Add button to be enabled') {
  await page.goto(claimUrl);
  const add = page.getByRole('button', { name: /Add/ });
  await add.waitFor({ timeout: STEP_TIMEOUT_MS });
  await until(what, () => add.isEnabled());
  return add;
}

/** The element is at least `min` CSS px wide and wholly inside the viewport. */
export async function assertFullyVisible(page, locator, what, min = 200) {
  // The element the locator finds can be replaced before it is measured (the wallet redraws
  // its code QR at each code step), and a replaced element measures as null: measure what
  // the locator finds now until one answers, and fail only if none is rendered for 3 s.
  const box = await until(`${what} to be rendered`, () => locator.boundingBox(), 3000, 50);
  const vp = page.viewportSize();
  if (box.width < min) fail(`${what} is ${box.width.toFixed(0)} px wide, under ${min} px`);
  if (box.x < 0 || box.y < 0 || box.x + box.width > vp.width + 0.5 || box.y + box.height > vp.height + 0.5) {
    fail(`${what} is not fully visible in ${vp.width}×${vp.height}: ${JSON.stringify(box)}`);
  }
}

// ------------------------------------------------------------------ accessibility

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core's WCAG 2.1 A and AA rules on the page as it is; fails on any violation. axe
 * is loaded by evaluation (as DevTools would), so the page keeps its own CSP.
 */
export async function axe(page, what) {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  if (violations.length) fail(`${what}: axe-core found ${violations.length} WCAG 2.1 A/AA violations: ${violations.join('; ')}`);
  ok(`${what}: 0 axe-core WCAG 2.1 A/AA violations`);
}

// ------------------------------------------------------------------ screenshots and QR codes

export function decodeQr(png) {
  const img = PNG.sync.read(png);
  const found = jsQR(new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.length), img.width, img.height);
  return found ? found.data : null;
}

/** The modules of a QR code of `text`, as the fake camera draws them. */
export function qrMatrix(text) {
  const qr = qrcode(0, 'M');
  qr.addData(text, /^[0-9A-Z $%*+\-./:]*$/.test(text) ? 'Alphanumeric' : 'Byte');
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

/** A screenshot (of a page or a locator, with Playwright's `options`), saved as `<name>.png` under TESSERA_SCREENSHOTS. */
export async function shoot(target, name, options = {}) {
  // A page just made, or whose content was just set, may not have composited its first frame
  // yet; Chromium then refuses the capture ("Unable to capture screenshot", seen once in CI on
  // a mail set with setContent in a new context). Two animation frames mean one was produced.
  // A page that produces none (hidden) is not waited on for more than a second.
  const page = typeof target.page === 'function' ? target.page() : target;
  await page
    .evaluate(() => new Promise((done) => {
      requestAnimationFrame(() => requestAnimationFrame(done));
      setTimeout(done, 1000);
    }))
    .catch(() => {});
  const png = await target.screenshot(options);
  const dir = process.env.TESSERA_SCREENSHOTS;
  if (dir && name) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${name}.png`), png);
  }
  return png;
}

/** Screenshots `target` until a QR code starting with `prefix` decodes from it. */
export async function decodeFrom(target, prefix, name, what) {
  return until(`a ${prefix} QR code in a screenshot (${what})`, async () => {
    const text = decodeQr(await shoot(target, name));
    return text && text.startsWith(prefix) ? text : null;
  });
}

// ------------------------------------------------------------------ in-page: the fake camera

// An init script (`context.addInitScript(fakeCameraInit, { fps })`): runs in the page before
// its scripts; getUserMedia returns a canvas stream showing the QR matrix the test last set
// (`window.__fakeCamera.show(matrix)`, recording when in `shownAt`), or an image, e.g. a
// screenshot of another page's screen (`showImage(dataUrl)`, through the camera model below),
// or refuses like a user pressing "Block" (`window.__fakeCamera.mode = 'deny'`). Each call is
// recorded in `calls` with the facing mode asked for. `width`/`height` size the picture
// (640×480 unless given; the face-to-face test uses 1280×720, a front camera's 720p).
export function fakeCameraInit({ fps, width = 640, height = 480, model = null }) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  let matrix = null;
  let image = null;
  const draw = () => {
    ctx.filter = 'none';
    ctx.fillStyle = image ? (model && model.room) || '#5b6470' : '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    if (image) {
      // The other screen as this camera sees it: `fill` of the picture's height, centred,
      // softened by the lens (`blur`) and washed out by glare (`contrast`).
      const fill = (model && model.fill) || 0.85;
      const scale = (canvas.height * fill) / image.height;
      const w = image.width * scale;
      const h = image.height * scale;
      if (model && model.filter) ctx.filter = model.filter;
      ctx.drawImage(image, (canvas.width - w) / 2, (canvas.height - h) / 2, w, h);
      return;
    }
    if (!matrix) return;
    const n = matrix.length + 8;
    const cell = Math.floor(440 / n);
    const ox = Math.floor((canvas.width - cell * n) / 2);
    const oy = Math.floor((canvas.height - cell * n) / 2);
    ctx.fillStyle = '#000000';
    for (let r = 0; r < matrix.length; r++) {
      for (let c = 0; c < matrix.length; c++) if (matrix[r][c]) ctx.fillRect(ox + (c + 4) * cell, oy + (r + 4) * cell, cell, cell);
    }
  };
  window.__fakeCamera = {
    mode: 'allow',
    shownAt: 0,
    calls: [],
    show(m) {
      matrix = m;
      image = null;
      draw();
      this.shownAt = performance.now();
    },
    showImage(url) {
      return new Promise((resolve, reject) => {
        const img = new Image();
        img.onload = () => {
          image = img;
          matrix = null;
          draw();
          this.shownAt = performance.now();
          resolve();
        };
        img.onerror = () => reject(new Error('the image did not load'));
        img.src = url;
      });
    },
  };
  setInterval(draw, 100);
  if (!navigator.mediaDevices) Object.defineProperty(navigator, 'mediaDevices', { value: {}, configurable: true });
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    const video = constraints && constraints.video;
    const facing = video && video.facingMode ? (typeof video.facingMode === 'string' ? video.facingMode : video.facingMode.ideal || video.facingMode.exact) : null;
    window.__fakeCamera.calls.push({ facingMode: facing || null, at: performance.now(), path: location.pathname });
    if (window.__fakeCamera.mode === 'deny') throw new DOMException('Permission denied', 'NotAllowedError');
    draw();
    return canvas.captureStream(fps);
  };
}

/** Holds a QR code of `text` (null: nothing) in front of the page's fake camera. */
export const showToCamera = (page, text) => page.evaluate((m) => window.__fakeCamera.show(m), text ? qrMatrix(text) : null);

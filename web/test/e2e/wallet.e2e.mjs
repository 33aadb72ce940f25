// End-to-end test of the web wallet against a running tessera-server, in headless Chromium,
// with this script playing the gate over the real WebSocket.
//
//   TESSERA_URL=http://127.0.0.1:8080 \
//   TESSERA_CLAIM_URL='http://127.0.0.1:8080/claim#p=…&t=…' \
//   TESSERA_GATE_TOKEN=<device token of a gate whose site matches the pass> \
//   [TESSERA_SCREENSHOTS=/some/dir] node test/e2e/wallet.e2e.mjs
//
// Instead of TESSERA_CLAIM_URL and TESSERA_GATE_TOKEN, TESSERA_ADMIN_KEY lets the script make
// its own gate and pass (site "e2e"). Exits 0 when every step passed, 1 with a message else.
//
// Flow: claim at 390×844 (dpr 2) → the token leaves the address bar → decode the TSR1 code
// from a screenshot → the gate scans it and gets a TSR1C challenge → the challenge is shown to
// the wallet's fake camera → the TSR1R answer is decoded from a screenshot → the gate sends it
// and must get `admitted`. Then offline (code and a pasted challenge still work), a refused
// camera, a challenge for another pass, a second browser claiming the same link ("already"),
// broken links, and storage that will not open.

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID, randomBytes } from 'node:crypto';
import { chromium } from 'playwright-core';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import qrcode from 'qrcode-generator';
import WebSocket from 'ws';

const CHROMIUM = '/usr/bin/chromium';
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const TABLET = { width: 1280, height: 800 };
const STEP_TIMEOUT_MS = 15_000;
const TOTAL_TIMEOUT_MS = 180_000;

class Failure extends Error {}
const fail = (message) => {
  throw new Failure(message);
};
const ok = (message) => console.log(`ok - ${message}`);

// ------------------------------------------------------------------ configuration

function env(name, required = true) {
  const v = process.env[name];
  if (required && !v) fail(`environment variable ${name} is not set`);
  return v || null;
}

async function adminSetup(base, adminKey) {
  const call = async (p, body) => {
    const res = await fetch(base + p, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) fail(`POST ${p} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const gate = await call('/v1/gates', { label: 'web wallet e2e gate', site: 'e2e' });
  const until = new Date(Date.now() + 24 * 3600 * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
  const pass = await call('/v1/passes', { label: 'Ada Lovelace', valid_until: until, site: 'e2e' });
  return { claimUrl: pass.claim_url, gateToken: gate.device_token };
}

// ------------------------------------------------------------------ helpers

function decodeQr(png) {
  const img = PNG.sync.read(png);
  const found = jsQR(new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.length), img.width, img.height);
  return found ? found.data : null;
}

function qrMatrix(text) {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Alphanumeric');
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

/** Waits until `fn` returns a truthy value (polling), or fails with `what`. */
async function until(what, fn, timeoutMs = STEP_TIMEOUT_MS) {
  const end = Date.now() + timeoutMs;
  let last;
  while (Date.now() < end) {
    try {
      last = await fn();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  fail(`timed out waiting for ${what}${last instanceof Error ? ` (${last.message})` : ''}`);
}

/** A screenshot the QR decodes from, with a name under TESSERA_SCREENSHOTS. */
async function shoot(page, name) {
  const png = await page.screenshot({ fullPage: false });
  const dir = process.env.TESSERA_SCREENSHOTS;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${name}.png`), png);
  }
  return png;
}

async function decodeFromScreen(page, name, prefix) {
  return until(`a ${prefix} QR code on the screen (${name})`, async () => {
    const text = decodeQr(await shoot(page, name));
    return text && text.startsWith(prefix) ? text : null;
  });
}

/** The element is at least `min` CSS px wide and wholly inside the viewport. */
async function assertFullyVisible(page, locator, what, min = 200) {
  const box = await locator.boundingBox();
  const vp = page.viewportSize();
  if (!box) fail(`${what} is not rendered`);
  if (box.width < min) fail(`${what} is ${box.width.toFixed(0)} px wide, under ${min} px`);
  if (box.x < 0 || box.y < 0 || box.x + box.width > vp.width + 0.5 || box.y + box.height > vp.height + 0.5) {
    fail(`${what} is not fully visible in ${vp.width}×${vp.height}: ${JSON.stringify(box)}`);
  }
}

async function expectAlert(page, pattern, what) {
  const alert = page.getByRole('alert').filter({ hasText: pattern });
  await alert.first().waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS }).catch(async () => {
    const texts = await page.getByRole('alert').allInnerTexts();
    fail(`${what}: no role=alert matching ${pattern}; alerts: ${JSON.stringify(texts)}`);
  });
  return (await alert.first().innerText()).trim();
}

/** A gate device on the real WebSocket: send JSON, await the next message of a type. */
async function openGate(base, token) {
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
    ws.once('unexpected-response', (_, res) => reject(new Error(`gate socket upgrade answered ${res.statusCode}`)));
  }).catch((e) => fail(`cannot open the gate socket ${url}: ${e.message}`));
  const next = (match, what) =>
    new Promise((resolve, reject) => {
      const i = queue.findIndex(match);
      if (i >= 0) return resolve(queue.splice(i, 1)[0]);
      const w = { match, resolve };
      waiters.push(w);
      setTimeout(() => {
        const j = waiters.indexOf(w);
        if (j >= 0) waiters.splice(j, 1);
        reject(new Failure(`the gate got no ${what} within ${STEP_TIMEOUT_MS} ms; other messages: ${JSON.stringify(queue)}`));
      }, STEP_TIMEOUT_MS);
    });
  const welcome = await next((m) => m.type === 'welcome', 'welcome');
  return { ws, next, welcome, send: (obj) => ws.send(JSON.stringify(obj)) };
}

// Runs in the page before its scripts: getUserMedia returns a canvas stream showing whatever
// QR matrix the test last set, or refuses like a user pressing "Block".
function fakeCameraInit() {
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 480;
  const ctx = canvas.getContext('2d');
  let matrix = null;
  const draw = () => {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
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
    show(m) {
      matrix = m;
      draw();
    },
  };
  setInterval(draw, 100);
  const getUserMedia = async () => {
    if (window.__fakeCamera.mode === 'deny') throw new DOMException('Permission denied', 'NotAllowedError');
    draw();
    return canvas.captureStream(15);
  };
  if (!navigator.mediaDevices) Object.defineProperty(navigator, 'mediaDevices', { value: {}, configurable: true });
  navigator.mediaDevices.getUserMedia = getUserMedia;
}

function brokenStorageInit() {
  indexedDB.open = () => {
    throw new DOMException('The user denied permission to access the database.', 'InvalidStateError');
  };
}

// ------------------------------------------------------------------ the test

async function run() {
  if (!existsSync(CHROMIUM)) fail(`chromium not found at ${CHROMIUM}: apt-get install chromium`);
  const base = env('TESSERA_URL').replace(/\/$/, '');
  let claimUrl = env('TESSERA_CLAIM_URL', false);
  let gateToken = env('TESSERA_GATE_TOKEN', false);
  if (!claimUrl || !gateToken) {
    const adminKey = env('TESSERA_ADMIN_KEY', false);
    if (!adminKey) fail('set TESSERA_CLAIM_URL and TESSERA_GATE_TOKEN, or TESSERA_ADMIN_KEY to let the script issue them');
    ({ claimUrl, gateToken } = await adminSetup(base, adminKey));
  }
  const claimOrigin = new URL(claimUrl).origin;

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: false, // the flag below selects the new headless mode explicitly
    args: [
      '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run',
      // Over HTTPS with a test CA: trust exactly the server's key (the Rust harness passes its
      // SPKI hash), so the page is a real secure context with a working service worker.
      ...(process.env.TESSERA_CHROMIUM_SPKI ? [`--ignore-certificate-errors-spki-list=${process.env.TESSERA_CHROMIUM_SPKI}`] : []),
    ],
  });
  const gate = await openGate(base, gateToken);
  try {
    ok(`gate connected (${gate.welcome.gate_id})`);

    // --- claim
    const context = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
    await context.addInitScript(fakeCameraInit);
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (e) => pageErrors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') pageErrors.push(m.text());
    });
    await page.goto(claimUrl);
    const add = page.getByRole('button', { name: /Add/ });
    await add.waitFor({ timeout: STEP_TIMEOUT_MS });
    await until('the Add button to be enabled', () => add.isEnabled());
    const facts = await page.locator('main').innerText();
    if (!/Valid until/.test(facts)) fail(`the claim screen shows no validity: ${facts}`);
    await shoot(page, 'phone-1-claim');

    // The first claim reaches the server but its answer is lost: the wallet must offer Retry
    // and resend the same key, which the server's idempotent claim then accepts.
    const sentKeys = [];
    let loseAnswer = true;
    await page.route('**/v1/claims', async (route) => {
      sentKeys.push(JSON.parse(route.request().postData()).wallet_public_key);
      if (!loseAnswer) return route.continue();
      loseAnswer = false;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await add.click();
    await expectAlert(page, /Could not reach the server/, 'a lost claim answer');
    const retry = page.getByRole('button', { name: /Retry/ });
    await retry.waitFor({ timeout: STEP_TIMEOUT_MS });
    await shoot(page, 'phone-1b-claim-retry');
    await retry.click();
    const codeQr = page.getByRole('img', { name: /Entry code/ });
    await codeQr.waitFor({ timeout: STEP_TIMEOUT_MS });
    const url = new URL(page.url());
    if (url.hash || url.search || url.pathname !== '/wallet' || page.url().includes('t=')) {
      fail(`the claim token is still in the address bar: ${page.url()}`);
    }
    if (sentKeys.length !== 2 || sentKeys[0] !== sentKeys[1]) fail(`the retry did not resend the same key: ${JSON.stringify(sentKeys)}`);
    await page.unroute('**/v1/claims');
    ok('claimed after a lost answer, with the same key; the address bar shows /wallet without the token');

    const code = await decodeFromScreen(page, 'phone-2-pass', 'TSR1:');
    await assertFullyVisible(page, codeQr, 'the code QR');
    await assertFullyVisible(page, page.getByRole('textbox', { name: /challenge/ }), 'the challenge field', 100);
    await assertFullyVisible(page, page.getByRole('button', { name: /Scan/ }), 'the Scan button', 100);
    const countdown = await page.locator('main').innerText();
    if (!/New code in \d+ s/.test(countdown)) fail(`no countdown on the pass screen: ${countdown}`);
    const step = Number(code.split(':')[2]);
    const nowStep = Math.floor(Date.now() / 1000 / 15);
    if (Math.abs(step - nowStep) > 1) fail(`the code names step ${step}, now is ${nowStep}`);
    ok(`code QR decoded from the screenshot: ${code.slice(0, 33)}…`);

    // --- the gate scans the code and challenges the wallet
    const scanId = randomUUID();
    gate.send({ type: 'scan', scan_id: scanId, code });
    const challenge = await gate.next((m) => m.scan_id === scanId && (m.type === 'challenge' || m.type === 'result' || m.type === 'error'), 'challenge');
    if (challenge.type !== 'challenge') fail(`the gate's scan was answered with ${JSON.stringify(challenge)}`);
    ok(`gate got challenge ${challenge.wallet_challenge.slice(0, 20)}…`);

    await page.evaluate((m) => window.__fakeCamera.show(m), qrMatrix(challenge.wallet_challenge));
    await page.getByRole('button', { name: /Scan/ }).click();
    const answerQr = page.getByRole('img', { name: /Answer/ });
    await answerQr.waitFor({ timeout: STEP_TIMEOUT_MS });
    const answer = await decodeFromScreen(page, 'phone-3-answer', 'TSR1R:');
    await assertFullyVisible(page, answerQr, 'the answer QR');
    ok(`answer QR decoded from the screenshot: ${answer.slice(0, 20)}…`);

    gate.send({ type: 'response', scan_id: scanId, nonce: challenge.nonce, response: answer });
    const result = await gate.next((m) => m.scan_id === scanId && (m.type === 'result' || m.type === 'error'), 'result');
    if (result.outcome !== 'admitted') fail(`the gate expected admitted, got ${JSON.stringify(result)}`);
    ok('the gate admitted the visitor');

    // --- tablet layout (same page, same pass)
    await page.getByRole('button', { name: /Show my code/ }).click();
    await page.setViewportSize(TABLET);
    const tabletCode = await decodeFromScreen(page, 'tablet-1-pass', 'TSR1:');
    await assertFullyVisible(page, codeQr, 'the code QR on a tablet');
    if (!tabletCode.startsWith(code.split(':').slice(0, 2).join(':'))) fail('the tablet shows another pass');
    await page.setViewportSize(PHONE.viewport);
    ok('tablet layout shows the code');

    // --- offline: the service worker serves the shell, IndexedDB the pass
    await until('the service worker to control the page', () => page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      return Boolean(navigator.serviceWorker.controller);
    }));
    await context.setOffline(true);
    await page.reload();
    await codeQr.waitFor({ timeout: STEP_TIMEOUT_MS });
    const offlineCode = await decodeFromScreen(page, 'phone-4-offline', 'TSR1:');
    if (!offlineCode.startsWith(code.split(':').slice(0, 2).join(':'))) fail('offline, the wallet shows another pass');
    const field = page.getByRole('textbox', { name: /challenge/ });
    await field.fill(challenge.wallet_challenge);
    await answerQr.waitFor({ timeout: STEP_TIMEOUT_MS });
    const offlineAnswer = await decodeFromScreen(page, 'phone-5-offline-answer', 'TSR1R:');
    if (offlineAnswer !== answer) fail(`offline the pasted challenge got ${offlineAnswer}, online ${answer}`);
    ok('offline reload: code shown, pasted challenge answered');

    const otherPass = `TSR1C:${'A'.repeat(26)}:${base32(randomBytes(32))}`;
    await field.fill(otherPass);
    await expectAlert(page, /This challenge is for another pass/, 'a challenge for another pass');
    await shoot(page, 'phone-6-other-pass');
    await field.fill('');
    await field.fill(challenge.wallet_challenge.slice(0, 40));
    await field.press('Enter');
    await expectAlert(page, /incomplete/, 'a truncated challenge');
    await field.fill('');
    ok('a challenge for another pass and a truncated one are refused with an alert');

    await page.evaluate(() => {
      window.__fakeCamera.mode = 'deny';
    });
    await page.getByRole('button', { name: /Scan/ }).click();
    await expectAlert(page, /Camera access was refused/, 'a refused camera');
    await shoot(page, 'phone-7-camera-refused');
    ok('a refused camera is explained');
    await context.setOffline(false);

    // Opening the claim link again in the wallet that holds the pass just shows the pass.
    let claimsSent = 0;
    await page.route('**/v1/claims', (route) => {
      claimsSent++;
      return route.continue();
    });
    await page.goto(claimUrl);
    await codeQr.waitFor({ timeout: STEP_TIMEOUT_MS });
    if (claimsSent || new URL(page.url()).pathname !== '/wallet' || new URL(page.url()).hash) {
      fail(`reopening the claim link claimed again (${claimsSent}) or kept the token: ${page.url()}`);
    }
    ok('reopening the claim link opens the pass without claiming again');

    // --- a second browser with the same link
    const other = await browser.newContext({ ...PHONE });
    const page2 = await other.newPage();
    await page2.goto(claimUrl);
    const add2 = page2.getByRole('button', { name: /Add/ });
    await add2.waitFor({ timeout: STEP_TIMEOUT_MS });
    await until('the second Add button to be enabled', () => add2.isEnabled());
    await add2.click();
    await until('the second claim to be refused', async () => (await page2.getByRole('button', { name: /Adding/ }).count()) === 0);
    await expectAlert(page2, /already/, 'the second wallet');
    await shoot(page2, 'phone-8-already');
    ok('a second wallet is told the pass is already in another wallet');

    // --- broken links
    await page2.goto(`${claimOrigin}/claim#p=0192f3a4-5b6c-7d8e&t=abc`);
    await expectAlert(page2, /invalid or incomplete/, 'a truncated pass id');
    await page2.goto(`${claimOrigin}/claim#p=${new URL(claimUrl).hash.match(/p=([^&]+)/)[1]}`);
    await expectAlert(page2, /invalid or incomplete/, 'a link without a token');
    await shoot(page2, 'phone-9-bad-link');
    await page2.goto(`${claimOrigin}/claim#p=${randomUUID()}&t=${randomBytes(32).toString('base64url')}`);
    await expectAlert(page2, /not valid/, 'a link with a wrong token');
    ok('broken and wrong claim links are explained');
    await other.close();

    // --- storage that will not open (private mode)
    const locked = await browser.newContext({ ...PHONE });
    await locked.addInitScript(brokenStorageInit);
    const page3 = await locked.newPage();
    await page3.goto(claimUrl);
    await expectAlert(page3, /not letting the wallet store passes/, 'storage unavailable');
    await shoot(page3, 'phone-10-no-storage');
    await locked.close();
    ok('unavailable storage is explained');

    const serious = pageErrors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|status of 40[49]/.test(e));
    if (serious.length) fail(`the page logged errors: ${serious.join(' | ')}`);
    await context.close();
  } finally {
    gate.ws.close();
    await browser.close();
  }
}

function base32(bytes) {
  const A = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let out = '';
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += A[(acc >>> bits) & 31];
    }
    acc &= (1 << bits) - 1;
  }
  if (bits) out += A[(acc << (5 - bits)) & 31];
  return out;
}

const guard = setTimeout(() => {
  console.error(`FAIL: the web wallet e2e test took longer than ${TOTAL_TIMEOUT_MS / 1000} s`);
  process.exit(1);
}, TOTAL_TIMEOUT_MS);
try {
  await run();
  clearTimeout(guard);
  console.log('web wallet e2e: all steps passed');
  process.exit(0);
} catch (e) {
  console.error(`FAIL: ${e instanceof Failure ? e.message : e && e.stack ? e.stack : e}`);
  process.exit(1);
}

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

import { randomUUID, randomBytes } from 'node:crypto';
import { base32Encode } from '../../src/tsr1.js';
import {
  PHONE, STEP_TIMEOUT_MS, adminApi, assertFullyVisible, axe, createGate, createPass, decodeFrom, env, expectAlert, fail, fakeCameraInit, gateSocket,
  launchChromium, main, ok, openClaim, shoot, showToCamera, until, waitForServiceWorker, watchErrors,
} from './lib.mjs';

const TABLET = { width: 1280, height: 800 };
const TOTAL_TIMEOUT_MS = 180_000;

/** The gate and the pass, made by the admin API when no claim link and gate token are given. */
async function adminSetup(base, adminKey) {
  const admin = adminApi(base, adminKey);
  const gate = await createGate(admin, 'web wallet e2e gate');
  const pass = await createPass(admin, 'Ada Lovelace');
  return { claimUrl: pass.claim_url, gateToken: gate.device_token };
}

/** A screenshot named `name` that a QR code starting with `prefix` decodes from. */
const decodeFromScreen = (page, name, prefix) => decodeFrom(page, prefix, name, name);

function brokenStorageInit() {
  indexedDB.open = () => {
    throw new DOMException('The user denied permission to access the database.', 'InvalidStateError');
  };
}

// ------------------------------------------------------------------ the test

async function run() {
  const base = env('TESSERA_URL').replace(/\/$/, '');
  let claimUrl = env('TESSERA_CLAIM_URL', false);
  let gateToken = env('TESSERA_GATE_TOKEN', false);
  if (!claimUrl || !gateToken) {
    const adminKey = env('TESSERA_ADMIN_KEY', false);
    if (!adminKey) fail('set TESSERA_CLAIM_URL and TESSERA_GATE_TOKEN, or TESSERA_ADMIN_KEY to let the script issue them');
    ({ claimUrl, gateToken } = await adminSetup(base, adminKey));
  }
  const claimOrigin = new URL(claimUrl).origin;

  const browser = await launchChromium();
  const gate = await gateSocket(base, gateToken);
  try {
    ok(`gate connected (${gate.welcome.gate_id})`);

    // --- claim
    const context = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
    await context.addInitScript(fakeCameraInit, { fps: 15 });
    const page = await context.newPage();
    const pageErrors = [];
    watchErrors(page, 'wallet', pageErrors);
    const add = await openClaim(page, claimUrl);
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
    await axe(page, 'the wallet, showing a pass (phone)');
    ok(`code QR decoded from the screenshot: ${code.slice(0, 33)}…`);

    // --- the gate scans the code and challenges the wallet
    const scanId = randomUUID();
    gate.send({ type: 'scan', scan_id: scanId, code });
    const challenge = await gate.next((m) => m.scan_id === scanId && (m.type === 'challenge' || m.type === 'result' || m.type === 'error'), 'challenge');
    if (challenge.type !== 'challenge') fail(`the gate's scan was answered with ${JSON.stringify(challenge)}`);
    ok(`gate got challenge ${challenge.wallet_challenge.slice(0, 20)}…`);

    await showToCamera(page, challenge.wallet_challenge);
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
    await waitForServiceWorker(page, 'the service worker to control the page');
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

    const otherPass = `TSR1C:${'A'.repeat(26)}:${base32Encode(randomBytes(32))}`;
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
    const add2 = await openClaim(page2, claimUrl, 'the second Add button to be enabled');
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

await main('web wallet', run, TOTAL_TIMEOUT_MS);

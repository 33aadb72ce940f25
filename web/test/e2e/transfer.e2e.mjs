// End-to-end test of handing a pass on (issue 16, "Transferring a pass to another person")
// between two web wallets, in headless Chromium (/usr/bin/chromium, never a downloaded
// browser), against a running tessera-server. Two browser contexts are two phones; only
// images and the link pass between them; the gate is a device on the real WebSocket.
//
//   TESSERA_URL=https://127.0.0.1:8443 TESSERA_ADMIN_KEY=<admin key> \
//   [TESSERA_SCREENSHOTS=/some/dir] [TESSERA_CHROMIUM_SPKI=<base64 sha256>] node test/e2e/transfer.e2e.mjs
//
// Steps: (1) phone A claims a pass issued with max_transfers 1 and makes a transfer link
// (the TSR1T proof computed with WebCrypto); the link's QR decodes to the link shown, with
// the warning that A's pass stops working. (2) Phone B opens the link: "Ada Lovelace is
// handing you this pass"; adds it. (3) At the gate A's code is refused (bad_code) and B's is
// admitted (code, challenge pasted into B, B's answer read from a screenshot). (4) B tries to
// hand it on again: the refusal (one 404 unknown_pass for every reason) is shown as a clear alert and the Transfer
// button is not offered again. The pass says one transfer. Exits 0 when every step passed.

import {
  PHONE, STEP_TIMEOUT_MS, adminApi, createGate, decodeFrom, env, expectAlert, fail, gateSocket, launchChromium, main, ok, openClaim, shoot, until24h, watchErrors,
} from './lib.mjs';

const TOTAL_TIMEOUT_MS = 120_000;

await main(
  'transfer',
  async () => {
    const base = env('TESSERA_URL').replace(/\/$/, '');
    const admin = adminApi(base, env('TESSERA_ADMIN_KEY'));
    const pass = await admin('POST', '/v1/passes', { label: 'Ada Lovelace', valid_until: until24h(), site: 'e2e', max_transfers: 1 }, [201]);
    const device = await createGate(admin, 'North gate');
    const gate = await gateSocket(base, device.device_token, 'gate device');
    const browser = await launchChromium();
    const pageErrors = [];
    try {
      // ---------------------------------------------------------- (1) A hands the pass on
      const ctxA = await browser.newContext({ ...PHONE });
      const a = await ctxA.newPage();
      watchErrors(a, 'phone A', pageErrors);
      await (await openClaim(a, pass.claim_url)).click();
      const codeA = a.getByRole('img', { name: /Entry code/ });
      await codeA.waitFor({ timeout: STEP_TIMEOUT_MS });
      await a.getByRole('button', { name: 'Transfer this pass' }).click();
      await a.getByRole('heading', { name: 'Transfer “Ada Lovelace”' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await a.getByRole('button', { name: 'Make a transfer link' }).click();
      const linkField = a.getByLabel('Transfer link');
      await linkField.waitFor({ timeout: STEP_TIMEOUT_MS }).catch(async () => fail(`no transfer link on phone A: ${(await a.locator('main').innerText()).slice(0, 400)}`));
      const link = await linkField.inputValue();
      const params = new URLSearchParams(new URL(link).hash.slice(1));
      if (params.get('p') !== pass.pass_id || !params.get('t') || params.get('t') === pass.claim_token) fail(`the transfer link is not a new claim link for the pass: ${link}`);
      const fromQr = await decodeFrom(a.getByRole('img', { name: 'Transfer QR code for the new holder' }), 'http', 'transfer-1-link-phone', 'the transfer link');
      if (fromQr !== link) fail(`the transfer QR says ${fromQr}, the page ${link}`);
      const warning = await a.locator('main').innerText();
      if (!/This phone’s pass stops working once your friend adds it/.test(warning)) fail(`no warning that A's pass stops working: ${warning}`);
      await shoot(a, 'transfer-1-link-phone');
      ok('phone A made a transfer link (TSR1T proof); its QR decodes to the link; the warning is shown');

      // ---------------------------------------------------------- (2) B takes it
      const ctxB = await browser.newContext({ ...PHONE });
      const b = await ctxB.newPage();
      watchErrors(b, 'phone B', pageErrors);
      const add = await openClaim(b, fromQr);
      await b.getByText('Ada Lovelace is handing you this pass.').waitFor({ timeout: STEP_TIMEOUT_MS });
      if (await b.getByRole('alert').filter({ hasText: /another wallet/ }).count()) fail('phone B is told the pass is in another wallet');
      await shoot(b, 'transfer-2-claim-phone');
      await add.click();
      const codeB = b.getByRole('img', { name: /Entry code/ });
      await codeB.waitFor({ timeout: STEP_TIMEOUT_MS });
      if (new URL(b.url()).hash.includes('t=')) fail(`the transfer token is still in B's address bar: ${b.url()}`);
      ok('phone B opened the link ("Ada Lovelace is handing you this pass") and added the pass');

      // ---------------------------------------------------------- (3) the gate
      await a.bringToFront();
      await a.goto(`${base}/wallet#pass=${pass.pass_id}`);
      const codeTextA = await decodeFrom(a.getByRole('img', { name: /Entry code/ }), 'TSR1:', 'transfer-3-code-a', 'phone A’s code');
      const { msg: refused } = await gate.scan(codeTextA);
      if (refused.type !== 'result' || refused.outcome !== 'denied' || refused.reason !== 'bad_code') fail(`phone A's code after the transfer got ${JSON.stringify(refused)}, not denied bad_code`);
      const codeTextB = await decodeFrom(codeB, 'TSR1:', 'transfer-3-code-b', 'phone B’s code');
      const { scanId, msg: challenge } = await gate.scan(codeTextB);
      if (challenge.type !== 'challenge') fail(`phone B's code got ${JSON.stringify(challenge)}, not a challenge`);
      await b.getByLabel('Paste a gate challenge').fill(challenge.wallet_challenge);
      const answer = await decodeFrom(b.getByRole('img', { name: 'Answer code for the gate' }), 'TSR1R:', 'transfer-3-answer-b', 'phone B’s answer');
      const result = await gate.respond(scanId, challenge.nonce, answer);
      if (result.outcome !== 'admitted') fail(`phone B's answer got ${JSON.stringify(result)}, not admitted`);
      ok('at the gate: phone A’s code is refused (bad_code), phone B is admitted');

      // ---------------------------------------------------------- (4) no second transfer
      await b.getByRole('button', { name: 'Show my code again' }).click();
      await b.getByRole('button', { name: 'Transfer this pass' }).click();
      await b.getByRole('button', { name: 'Make a transfer link' }).click();
      const text = await expectAlert(b, /cannot be transferred/, 'a second transfer of a pass allowing one');
      if (!/organiser may not allow/.test(text)) fail(`the refusal does not say why: ${text}`);
      if (await b.getByRole('button', { name: 'Make a transfer link' }).count()) fail('the refused transfer still offers "Make a transfer link"');
      await shoot(b, 'transfer-4-refused-phone');
      await b.getByRole('link', { name: 'Back to my pass' }).click();
      await codeB.waitFor({ timeout: STEP_TIMEOUT_MS });
      if (await b.getByRole('button', { name: 'Transfer this pass' }).count()) fail('phone B still offers "Transfer this pass" after the server said no');
      const after = await admin('GET', `/v1/passes/${pass.pass_id}`);
      if (after.transfers !== 1 || after.max_transfers !== 1 || after.uses !== 1) fail(`the pass after one transfer and one admission: ${JSON.stringify(after)}`);
      ok('a second transfer is refused with a clear alert (404 unknown_pass) and not offered again; the pass counts one transfer');

      const serious = pageErrors.filter((e) => !/Failed to load resource|status of 4\d\d/.test(e));
      if (serious.length) fail(`the pages logged errors: ${serious.join(' | ')}`);
    } finally {
      await gate.close();
      await browser.close();
    }
  },
  TOTAL_TIMEOUT_MS,
);

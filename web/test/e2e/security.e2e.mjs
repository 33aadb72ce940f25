// The security team's watchlist in Chromium (issue 32), against the real server:
//
// (1) An officer with a `security` key signs in to the console on a tablet and adds a
//     visitor's address to the watchlist through the Watchlist view (flag mode); the list
//     shows who added it. axe-core: 0 WCAG 2.1 A/AA violations on the view, at tablet and
//     phone sizes.
// (2) A web gate, paired by its one-time link, scans that visitor's wallet (a fake camera;
//     the wallet is TSR1 in this script, the web wallet's own tsr1.js): the code, the
//     gate's challenge, the wallet's answer. The gate shows the neutral hold: amber
//     "PLEASE WAIT", "Staff are on their way", never DENIED, never why; no use is counted.
// (3) The officer's console, live, shows the watchlist_hit alarm naming the gate.
// (4) An auditor's console has no Watchlist view, and the API refuses it the list.
import {
  PHONE, STEP_TIMEOUT_MS, adminApi, axe, createGate, decodeFrom, env, fail, fakeCameraInit, launchChromium, main, nodeWallet, ok, shoot, showToCamera, watchErrors,
} from './lib.mjs';

const TABLET = { viewport: { width: 1280, height: 800 } };
const TOTAL_TIMEOUT_MS = 180_000;
const EVE = 'eve.example@example.com';

async function signIn(page, key, what) {
  const field = page.getByLabel('API key');
  await field.waitFor({ timeout: STEP_TIMEOUT_MS });
  await field.fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page
    .getByRole('navigation', { name: 'Views' })
    .waitFor({ timeout: STEP_TIMEOUT_MS })
    .catch(async () => fail(`${what}: no console after signing in; the page says ${(await page.locator('body').innerText()).slice(0, 300)}`));
}

async function run() {
  const base = env('TESSERA_URL').replace(/\/$/, '');
  const admin = adminApi(base, env('TESSERA_ADMIN_KEY'));
  const officerKey = (await admin('POST', '/v1/api-keys', { role: 'security', label: 'Grace Hopper' }, [201])).api_key;
  const auditorKey = (await admin('POST', '/v1/api-keys', { role: 'auditor', label: 'Audit desk' }, [201])).api_key;
  const gateDevice = await createGate(admin, 'North gate');
  // Eve's pass, mailed to her address and claimed by her wallet, before anyone listed her.
  const eve = await nodeWallet(base, admin, 'Eve Example', base, { email: EVE });

  const browser = await launchChromium(['--autoplay-policy=no-user-gesture-required']);
  const pageErrors = [];
  try {
    // ------------------------------------------------------------ (1) the officer lists Eve
    const consoleCtx = await browser.newContext({ ...TABLET });
    const officer = await consoleCtx.newPage();
    await officer.goto(`${base}/console`);
    await signIn(officer, officerKey, 'the security officer');
    // From here on (before it, the page learns with a 401 that nobody is signed in).
    watchErrors(officer, 'officer console', pageErrors);
    await officer.getByRole('link', { name: 'Watchlist' }).click();
    await officer.getByRole('heading', { name: 'Watchlist', level: 1 }).waitFor({ timeout: STEP_TIMEOUT_MS });
    const form = officer.getByRole('form', { name: 'Add to the watchlist' });
    await form.getByLabel('Email').fill(EVE.toUpperCase());
    await form.getByLabel('Reason').fill('Former contractor; badge not returned');
    await form.getByLabel('Mode').selectOption('flag');
    await form.getByRole('button', { name: 'Add to watchlist' }).click();
    const table = officer.getByRole('table', { name: 'Watchlist' });
    const row = table.getByRole('row').filter({ hasText: EVE });
    await row.waitFor({ timeout: STEP_TIMEOUT_MS }).catch(async () => fail(`the new entry is not listed: ${await table.innerText()}`));
    const rowText = (await row.innerText()).replace(/\s+/g, ' ');
    if (!/flag/i.test(rowText) || !/Grace Hopper/.test(rowText) || !/Never/.test(rowText)) fail(`the entry row says "${rowText}"`);
    await officer.getByRole('button', { name: `Remove ${EVE} from the watchlist` }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await shoot(officer, 'watchlist-tablet');
    await axe(officer, 'the watchlist view at tablet size');
    await officer.setViewportSize(PHONE.viewport);
    await shoot(officer, 'watchlist-phone');
    await axe(officer, 'the watchlist view at phone size');
    await officer.setViewportSize(TABLET.viewport);
    ok('the officer listed Eve by her address (stored normalised), the row names mode and who; axe clean at both sizes');

    // Back to the alarms, live.
    await officer.getByRole('link', { name: /Alarms/ }).click();
    await officer.locator('#feed-state', { hasText: 'LIVE' }).waitFor({ timeout: STEP_TIMEOUT_MS });

    // ------------------------------------------------------------ (2) the gate holds her
    const gateCtx = await browser.newContext({ ...TABLET });
    await gateCtx.addInitScript(fakeCameraInit, { fps: 30 });
    const gate = await gateCtx.newPage();
    watchErrors(gate, 'web gate', pageErrors);
    const pairing = await admin('POST', `/v1/gates/${gateDevice.gate_id}/pairing`, null, [201]);
    await gate.goto(pairing.pairing_url);
    await gate.getByText('ONLINE', { exact: true }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await showToCamera(gate, await eve.code());
    const qr = gate.getByRole('img', { name: /Gate challenge/ });
    await qr.waitFor({ timeout: STEP_TIMEOUT_MS });
    const challenge = await decodeFrom(qr, 'TSR1C:', null, 'the gate challenge');
    await showToCamera(gate, await eve.answer(challenge));
    const headline = gate.locator('.verdict:not([hidden]) .verdict-headline');
    await headline.waitFor({ timeout: STEP_TIMEOUT_MS }).catch(async () => fail(`no verdict; the gate says ${(await gate.locator('body').innerText()).slice(0, 300)}`));
    const verdict = (await gate.locator('.verdict:not([hidden])').innerText()).replace(/\s+/g, ' ');
    await shoot(gate, 'gate-please-wait');
    if (!/^PLEASE WAIT/.test(verdict) || !/Staff are on their way/.test(verdict)) fail(`the gate shows "${verdict}"`);
    if (/denied|admitted|watch|list|see_staff|contractor/i.test(verdict)) fail(`the hold says too much: "${verdict}"`);
    const tone = await gate.locator('.verdict:not([hidden])').getAttribute('class');
    if (!/amber/.test(tone || '')) fail(`the hold is not amber: class="${tone}"`);
    const pass = await admin('GET', `/v1/passes/${eve.passId}`);
    if (pass.uses !== 0) fail(`a held visitor used the pass: uses ${pass.uses}`);
    ok(`the web gate holds Eve neutrally: "${verdict}"; no use counted`);

    // ------------------------------------------------------------ (3) the officer sees it
    const alarm = officer.getByRole('list', { name: 'Alarms' }).getByRole('listitem').filter({ hasText: 'watchlist_hit' });
    await alarm.first().waitFor({ timeout: STEP_TIMEOUT_MS }).catch(async () => fail(`no watchlist_hit alarm on the console: ${await officer.locator('body').innerText()}`));
    const alarmText = (await alarm.first().innerText()).replace(/\s+/g, ' ');
    if (!/North gate/.test(alarmText) || !/Eve Example/.test(alarmText)) fail(`the alarm says "${alarmText}"`);
    await shoot(officer, 'alarm-watchlist-hit');
    ok(`the console shows the alarm live: "${alarmText}"`);

    // ------------------------------------------------------------ (4) not for auditors
    const auditCtx = await browser.newContext({ ...TABLET });
    const auditor = await auditCtx.newPage();
    await auditor.goto(`${base}/console`);
    await signIn(auditor, auditorKey, 'the auditor');
    watchErrors(auditor, 'auditor console', pageErrors);
    if (await auditor.getByRole('link', { name: 'Watchlist' }).count()) fail('an auditor is offered the Watchlist view');
    const refused = await fetch(`${base}/v1/watchlist`, { headers: { authorization: `Bearer ${auditorKey}` } });
    if (refused.status !== 403) fail(`GET /v1/watchlist as an auditor answered ${refused.status}`);
    ok('an auditor sees no Watchlist view and the API refuses it the list (403)');

    if (pageErrors.length) fail(`the pages logged errors: ${pageErrors.join(' | ')}`);
  } finally {
    await browser.close();
  }
}

main('security', run, TOTAL_TIMEOUT_MS);

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
// (5) Two officers race to acknowledge one alarm (a real foreign_nonce) from two consoles:
//     one wins, the other is told who did, and both consoles then show the winner; the
//     loser assigns it to themself, the winner resolves it as a false alarm with a note,
//     and both consoles drop it from the default view live. After a reload the alarm is
//     gone from "Open and acknowledged" and listed under "Resolved" with its outcome.
//     axe-core: 0 violations on the alarms view with an alarm and its controls open.
import {
  PHONE, STEP_TIMEOUT_MS, adminApi, axe, createGate, decodeFrom, env, fail, fakeCameraInit, gateSocket, launchChromium, main, nodeWallet, ok, shoot, showToCamera, until,
  watchErrors,
} from './lib.mjs';

const TABLET = { viewport: { width: 1280, height: 800 } };
const TOTAL_TIMEOUT_MS = 220_000;
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
    // The words and the tone together, at once: the verdict goes by its own 3 s, and on a
    // loaded machine the screenshot alone can take longer than that.
    const { text: shown, tone } = await gate.evaluate(() => {
      const el = document.querySelector('.verdict:not([hidden])');
      return el ? { text: el.innerText, tone: el.getAttribute('class') } : { text: '', tone: '' };
    });
    const verdict = shown.replace(/\s+/g, ' ');
    await shoot(gate, 'gate-please-wait');
    if (!/^PLEASE WAIT/.test(verdict) || !/Staff are on their way/.test(verdict)) fail(`the gate shows "${verdict}"`);
    if (/denied|admitted|watch|list|see_staff|contractor/i.test(verdict)) fail(`the hold says too much: "${verdict}"`);
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

    // ------------------------------------------------------------ (5) two officers race
    const linusKey = (await admin('POST', '/v1/api-keys', { role: 'security', label: 'Linus Pauling' }, [201])).api_key;
    const linusCtx = await browser.newContext({ ...TABLET });
    const linus = await linusCtx.newPage();
    await linus.goto(`${base}/console`);
    await signIn(linus, linusKey, 'the second officer');
    watchErrors(linus, 'second officer console', pageErrors);
    await linus.locator('#feed-state', { hasText: 'LIVE' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    // A copied nonce: gate B answers gate A's challenge for Barbara's wallet.
    const gateA = await createGate(admin, 'South gate A');
    const gateB = await createGate(admin, 'South gate B');
    const barbara = await nodeWallet(base, admin, 'Barbara Liskov');
    const a = await gateSocket(base, gateA.device_token, 'South gate A');
    const b = await gateSocket(base, gateB.device_token, 'South gate B');
    const { msg: ch } = await a.scan(await barbara.code());
    if (ch.type !== 'challenge') fail(`the scan got ${JSON.stringify(ch)}`);
    const copied = await b.respond(crypto.randomUUID(), ch.nonce, await barbara.answer(ch.wallet_challenge));
    if (copied.reason !== 'foreign_nonce') fail(`the copied nonce got ${JSON.stringify(copied)}`);
    await a.close();
    await b.close();
    const listed = await admin('GET', '/v1/alarms?state=open');
    const raised = listed.alarms.find((x) => x.alarm === 'foreign_nonce');
    if (!raised) fail(`no open foreign_nonce alarm: ${JSON.stringify(listed)}`);
    const officers = [
      { page: officer, name: 'Grace Hopper' },
      { page: linus, name: 'Linus Pauling' },
    ];
    const rowOf = (page) => page.locator(`li[data-alarm-id="${raised.id}"]`);
    for (const { page, name } of officers) {
      await rowOf(page).waitFor({ timeout: STEP_TIMEOUT_MS }).catch(async () => fail(`${name}'s console never listed the alarm: ${await page.locator('body').innerText()}`));
      const text = (await rowOf(page).innerText()).replace(/\s+/g, ' ');
      if (!/foreign_nonce/.test(text) || !/Barbara Liskov/.test(text) || !/Open/.test(text)) fail(`${name}'s row says "${text}"`);
      await rowOf(page).getByRole('button').click();
      await page.getByRole('heading', { name: `Alarm ${raised.id}`, level: 2 }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await page.getByRole('button', { name: 'Acknowledge' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    }
    await axe(officer, 'the alarms view with an alarm and its controls open');
    await shoot(officer, 'alarm-open-tablet');
    // Both click at once. Each console's request is held until both were made, then both
    // go to the server together: the race is at the server, not between two clicks (the
    // first answer's event would otherwise redraw the other pane before its click lands).
    let held = [];
    let release;
    const bothMade = new Promise((resolve) => (release = resolve));
    for (const { page } of officers) {
      await page.route('**/v1/alarms/*/acknowledge', async (route) => {
        held.push(route);
        if (held.length === officers.length) release();
        await bothMade;
        await route.continue();
      });
    }
    await Promise.all(officers.map(({ page }) => page.getByRole('button', { name: 'Acknowledge' }).click()));
    await Promise.race([bothMade, new Promise((_, reject) => setTimeout(() => reject(new Error('the two acknowledgements were not both sent')), STEP_TIMEOUT_MS))]);
    for (const { page } of officers) await page.unroute('**/v1/alarms/*/acknowledge');
    held = [];
    const stateNow = (page) => page.locator('.alarm-state-now').innerText();
    let winner = null;
    let loser = null;
    let seen = '';
    await until('one console to win and the other to be told who did', async () => {
      const texts = await Promise.all(officers.map(({ page }) => stateNow(page)));
      const alerts = await Promise.all(officers.map(({ page }) => page.getByRole('alert').allInnerTexts()));
      seen = JSON.stringify({ texts, alerts });
      const won = officers.findIndex((o, i) => texts[i] === `Acknowledged by ${o.name}` && alerts[i].length === 0);
      if (won < 0) return false;
      const lost = 1 - won;
      if (!alerts[lost].some((t) => t === `This alarm was already acknowledged by ${officers[won].name}.`)) return false;
      if (texts[lost] !== `Acknowledged by ${officers[won].name}`) return false;
      winner = officers[won];
      loser = officers[lost];
      return true;
    }).catch(() => fail(`after both clicked Acknowledge the consoles show ${seen}`));
    await shoot(loser.page, 'alarm-race-lost');
    const acks = await admin('GET', `/v1/audit?kind=alarm_acknowledged`);
    if (acks.events.length !== 1) fail(`${acks.events.length} alarm_acknowledged events, expected 1`);
    ok(`two officers acknowledged at once: ${winner.name} won; ${loser.name} was told "This alarm was already acknowledged by ${winner.name}."`);

    // The loser takes it over; the winner ends it.
    const assignTo = loser.page.getByLabel('Assign to');
    await assignTo.fill(loser.name);
    await loser.page.getByRole('button', { name: 'Assign' }).click();
    await until(`${winner.name}'s console to show the alarm assigned to ${loser.name}`, async () => /Assigned to/.test(await winner.page.locator('.alarm-handling').innerText()) && (await winner.page.locator('.alarm-handling').innerText()).includes(loser.name));
    await winner.page.getByLabel('Outcome').selectOption('false_alarm');
    await winner.page.getByLabel('Note').fill('Test by the night shift');
    await winner.page.getByRole('button', { name: 'Resolve' }).click();
    for (const { page, name } of officers) {
      await rowOf(page).waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS }).catch(() => fail(`${name}'s console still lists the resolved alarm under "Open and acknowledged"`));
    }
    ok(`${loser.name} took the alarm over, ${winner.name} resolved it; both consoles dropped it from the default view live`);

    // A reload forgets nothing: under "Resolved" it is there with its outcome.
    await loser.page.reload();
    await loser.page.getByRole('navigation', { name: 'Views' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await loser.page.locator('#feed-state', { hasText: 'LIVE' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await loser.page.locator('li.alarm').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    if (await rowOf(loser.page).count()) fail('after a reload the resolved alarm is listed under "Open and acknowledged"');
    await loser.page.getByLabel('Show').selectOption('resolved');
    await rowOf(loser.page).waitFor({ timeout: STEP_TIMEOUT_MS }).catch(() => fail('after a reload the resolved alarm is missing under "Resolved"'));
    const resolvedText = (await rowOf(loser.page).innerText()).replace(/\s+/g, ' ');
    if (!resolvedText.includes(`Resolved (false alarm) by ${winner.name}`)) fail(`the resolved row says "${resolvedText}"`);
    if (!/state=resolved/.test(loser.page.url())) fail(`the filter is not kept in the address: ${loser.page.url()}`);
    await shoot(loser.page, 'alarms-resolved-filter');
    await loser.page.setViewportSize(PHONE.viewport);
    await shoot(loser.page, 'alarms-resolved-phone');
    await axe(loser.page, 'the resolved alarms at phone size');
    ok(`after a reload: gone from the default view, under "Resolved": "${resolvedText}"`);

    // The race's loser was answered 409, which the browser logs; nothing else may be.
    const conflicts = pageErrors.filter((e) => /status of 409 \(Conflict\)/.test(e));
    if (conflicts.length !== 1) fail(`expected the loser's one 409 in the logs, got ${JSON.stringify(conflicts)}`);
    const others = pageErrors.filter((e) => !conflicts.includes(e));
    if (others.length) fail(`the pages logged errors: ${others.join(' | ')}`);
  } finally {
    await browser.close();
  }
}

main('security', run, TOTAL_TIMEOUT_MS);

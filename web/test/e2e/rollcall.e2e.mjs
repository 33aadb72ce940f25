// A roll call in Chromium (issue 32), from start to report, against the real server:
//
// (1) Three visitors are let in at the site's door (a gate socket in this script, their
//     wallets TSR1 in this script), and a host approves a walk-in there (no pass). A
//     security officer starts a roll call for the site in the console's Roll call view:
//     the list is the four, all unaccounted, the walk-in marked as one. axe-core. The
//     officer ticks the walk-in safe by hand (she has no wallet to scan).
// (2) Marshal A, a web gate paired by its link at the car park, switches to "Roll call"
//     and scans Ada's wallet: the TSR1 code, the gate's challenge, the wallet's answer;
//     the tablet says SAFE and the officer's console shows Ada safe, marked by scan at the
//     car park, live. A second wallet's answer to a challenge for Bob's code (the
//     screenshot sent by a friend) gets NOT MARKED, and Bob stays unaccounted.
// (3) Marshal B, at the north lawn, loses the network (the browser context goes offline),
//     reloads (the service worker and the journal carry the list), ticks Bob by hand: the
//     tablet keeps the mark ("sent when the connection is back"), the console still shows
//     Bob unaccounted. Back online, the mark arrives exactly once: Bob safe, "by hand" at
//     the north lawn; the audit log holds one roll_call_marked for Bob, and still one after
//     further polls and a reload.
// (4) The list prints on A4 and on Letter (PDFs made by Chromium; under print media the
//     table fits the page's width and the navigation is gone) and downloads as CSV, the
//     unaccounted (Cy) first.
// (5) The officer ends the roll call: the console says ended, and the audit log holds the
//     report: 4 inside, 3 safe, Cy unaccounted. An auditor may not start one (403).
//     axe-core: 0 WCAG 2.1 A/AA violations on the console's roll call and the marshal's
//     tablet in muster mode, at tablet and phone sizes.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';

import {
  PHONE, STEP_TIMEOUT_MS, adminApi, axe, createGate, decodeFrom, env, fail, fakeCameraInit, gateSocket, launchChromium, main, nodeWallet, ok, shoot, showToCamera, until,
  waitForServiceWorker, watchErrors,
} from './lib.mjs';

const TABLET = { viewport: { width: 1280, height: 800 } };
const TOTAL_TIMEOUT_MS = 240_000;
// The printable width of A4 and Letter at 96 px per inch, less the print CSS's 12 mm margins.
const PAGE_WIDTHS = { A4: Math.floor(((210 - 24) / 25.4) * 96), Letter: Math.floor((8.5 - 24 / 25.4) * 96) };

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

/** Pairs a web gate in a new context (fake camera) and waits for ONLINE. */
async function marshal(browser, admin, device, who, pageErrors) {
  const ctx = await browser.newContext({ ...TABLET, serviceWorkers: 'allow' });
  await ctx.addInitScript(fakeCameraInit, { fps: 30 });
  const page = await ctx.newPage();
  const pairing = await admin('POST', `/v1/gates/${device.gate_id}/pairing`, null, [201]);
  await page.goto(pairing.pairing_url);
  await page.getByText('ONLINE', { exact: true }).waitFor({ timeout: STEP_TIMEOUT_MS });
  watchErrors(page, who, pageErrors);
  return { ctx, page };
}

/** The marshal's tablet in muster mode (the gate polls its roll calls every 5 s). */
async function musterMode(page, who) {
  const toggle = page.getByRole('button', { name: 'Roll call' });
  await toggle.waitFor({ timeout: STEP_TIMEOUT_MS }).catch(async () => fail(`${who}: no Roll call button; the bar says ${await page.locator('.gate-bar').innerText()}`));
  await toggle.click();
  await page.getByRole('heading', { name: /^Roll call: Site e2e$/, level: 2 }).waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.getByRole('button', { name: 'Back to admissions' }).waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** The guard taps the verdict away, if its own 3 s have not taken it already (the checks in between may take longer). */
const dismissVerdict = (page) =>
  page.evaluate(() => {
    const verdict = document.querySelector('.verdict');
    if (verdict && !verdict.hidden) verdict.click();
  });

async function run() {
  const base = env('TESSERA_URL').replace(/\/$/, '');
  const admin = adminApi(base, env('TESSERA_ADMIN_KEY'));
  const officerKey = (await admin('POST', '/v1/api-keys', { role: 'security', label: 'Grace Hopper' }, [201])).api_key;
  const auditorKey = (await admin('POST', '/v1/api-keys', { role: 'auditor', label: 'Audit desk' }, [201])).api_key;
  const door = await createGate(admin, 'Front door');
  const carPark = await createGate(admin, 'Car park');
  const lawn = await createGate(admin, 'North lawn');
  const ada = await nodeWallet(base, admin, 'Ada Lovelace');
  const bob = await nodeWallet(base, admin, 'Bob Kahn');
  const cy = await nodeWallet(base, admin, 'Cy Young');
  const stranger = await nodeWallet(base, admin, 'Sam Stranger');
  // The three come in at the front door (a gate without a zone); nobody checks them out.
  const socket = await gateSocket(base, door.device_token, 'front door');
  for (const wallet of [ada, bob, cy]) {
    const { scanId, msg } = await socket.scan(await wallet.code());
    if (msg.type !== 'challenge') fail(`${wallet.label}'s scan got ${JSON.stringify(msg)}`);
    const result = await socket.respond(scanId, msg.nonce, await wallet.answer(msg.wallet_challenge));
    if (result.outcome !== 'admitted') fail(`${wallet.label} was not admitted: ${JSON.stringify(result)}`);
  }
  // A walk-in the host approves at the front door: inside, with no pass and no wallet.
  const host = await admin('POST', '/v1/api-keys', { role: 'host', label: 'R. Iyer, Flat 12B', unit: '12B' }, [201]);
  const walkIn = await socket.walkIn({ request_id: randomUUID(), visitor_name: 'Dee Walker', host_id: host.key_id, note: null });
  if (walkIn.type !== 'walk_in' || walkIn.state !== 'waiting') fail(`the walk-in answered ${JSON.stringify(walkIn)}`);
  await admin('POST', `/v1/walk-ins/${walkIn.walk_in_id}/approve`, {}, [200]);
  await socket.close();
  const auditor = await fetch(`${base}/v1/roll-calls`, { method: 'POST', headers: { authorization: `Bearer ${auditorKey}`, 'content-type': 'application/json' }, body: '{}' });
  if (auditor.status !== 403) fail(`an auditor starting a roll call got ${auditor.status}`);
  ok('three visitors let in at the front door and a walk-in approved there; an auditor may not start a roll call (403)');

  const browser = await launchChromium(['--autoplay-policy=no-user-gesture-required']);
  const pageErrors = [];
  try {
    // ------------------------------------------------------------ (1) the officer starts it
    const consoleCtx = await browser.newContext({ ...TABLET, acceptDownloads: true });
    const officer = await consoleCtx.newPage();
    await officer.goto(`${base}/console`);
    await signIn(officer, officerKey, 'the security officer');
    watchErrors(officer, 'officer console', pageErrors);
    await officer.getByRole('link', { name: 'Roll call' }).click();
    await officer.getByRole('heading', { name: 'Roll call', level: 1 }).waitFor({ timeout: STEP_TIMEOUT_MS });
    const form = officer.getByRole('form', { name: 'Start a roll call' });
    await until('the site e2e among the roll call scopes', async () => (await form.getByLabel('Who').locator('option').allInnerTexts()).includes('Site e2e'));
    await form.getByLabel('Who').selectOption({ label: 'Site e2e' });
    await form.getByRole('button', { name: 'Start roll call' }).click();
    await officer.getByRole('heading', { name: 'Roll call: Site e2e', level: 1 }).waitFor({ timeout: STEP_TIMEOUT_MS });
    const table = officer.getByRole('table', { name: 'People on the roll call' });
    const rowOf = (wallet) => table.locator(`tr[data-pass-id="${wallet.passId}"]`);
    for (const wallet of [ada, bob, cy]) await rowOf(wallet).waitFor({ timeout: STEP_TIMEOUT_MS });
    if ((await rowOf(stranger).count()) !== 0) fail('a visitor never let in is on the list');
    const deeRow = table.locator(`tr[data-person="walk_in:${walkIn.walk_in_id}"]`);
    await deeRow.waitFor({ timeout: STEP_TIMEOUT_MS });
    const deeText = (await deeRow.innerText()).replace(/\s+/g, ' ');
    if (!/Dee Walker \(walk-in\)/.test(deeText) || !/Front door/.test(deeText)) fail(`the walk-in's row says "${deeText}"`);
    const counts = async () => (await officer.locator('#rc-counts').innerText()).replace(/\s+/g, ' ');
    if (!/4 Inside 0 Safe 4 Unaccounted/.test(await counts())) fail(`the counts say "${await counts()}"`);
    const rollCallId = new URL(officer.url()).hash.split('/')[1];
    await shoot(officer, 'rollcall-started-tablet');
    await axe(officer, 'the roll call view at tablet size');
    // The walk-in has no wallet to scan: the officer ticks her by hand.
    await officer.getByRole('button', { name: 'Mark safe: Dee Walker' }).click();
    await until('Dee to show safe in the console', async () => (await deeRow.getAttribute('data-state')) === 'safe');
    const deeMarks = (await admin('GET', '/v1/audit?kind=roll_call_marked')).events.filter((e) => e.details.walk_in_id === walkIn.walk_in_id);
    if (deeMarks.length !== 1 || deeMarks[0].details.how !== 'manual' || deeMarks[0].pass_id) fail(`Dee's marks in the audit log: ${JSON.stringify(deeMarks)}`);
    if (!/4 Inside 1 Safe 3 Unaccounted/.test(await counts())) fail(`the counts say "${await counts()}"`);
    ok(`the officer started roll call ${rollCallId} for site e2e: Ada, Bob, Cy and the walk-in Dee listed; Dee ticked by hand in the console ("${deeText}")`);

    // ------------------------------------------------------------ (2) marshal A scans Ada
    const a = await marshal(browser, admin, carPark, 'marshal A', pageErrors);
    await musterMode(a.page, 'marshal A');
    await showToCamera(a.page, await ada.code());
    const qr = a.page.getByRole('img', { name: /Gate challenge/ });
    await qr.waitFor({ timeout: STEP_TIMEOUT_MS });
    await showToCamera(a.page, await ada.answer(await decodeFrom(qr, 'TSR1C:', null, 'marshal A challenge for Ada')));
    const verdictA = a.page.locator('.verdict:not([hidden])');
    await verdictA.waitFor({ timeout: STEP_TIMEOUT_MS });
    const saidA = (await verdictA.innerText()).replace(/\s+/g, ' ');
    if (!/^SAFE Ada Lovelace/.test(saidA) || /ADMITTED/.test(saidA)) fail(`marshal A says "${saidA}"`);
    await showToCamera(a.page, null);
    await until('Ada to show safe in the console, live', async () => (await rowOf(ada).getAttribute('data-state')) === 'safe');
    const adaRow = (await rowOf(ada).innerText()).replace(/\s+/g, ' ');
    if (!/Car park \(scan\)/.test(adaRow) || !/Car park \(e2e\)/.test(adaRow)) fail(`Ada's row says "${adaRow}"`);
    await dismissVerdict(a.page);
    await a.page.locator('#muster-list li[data-state="safe"]', { hasText: 'Ada Lovelace' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await shoot(a.page, 'marshal-muster-tablet');
    await axe(a.page, 'the marshal tablet in muster mode');
    // Bob's code shown by a friend: the friend's wallet cannot answer for Bob's.
    await showToCamera(a.page, await bob.code());
    await qr.waitFor({ timeout: STEP_TIMEOUT_MS });
    await showToCamera(a.page, await bob.wrongAnswer(await decodeFrom(qr, 'TSR1C:', null, 'marshal A challenge for Bob')));
    await verdictA.waitFor({ timeout: STEP_TIMEOUT_MS });
    const saidB = (await verdictA.innerText()).replace(/\s+/g, ' ');
    if (!/^NOT MARKED .*bad_response/.test(saidB)) fail(`a wrong answer for Bob got "${saidB}"`);
    await showToCamera(a.page, null);
    await dismissVerdict(a.page);
    if ((await rowOf(bob).getAttribute('data-state')) !== 'unaccounted') fail('a wrong answer marked Bob safe');
    ok(`marshal A: Ada's wallet answered → "${saidA}", the console showed her safe by scan at the car park live; a wrong answer for Bob → "${saidB.slice(0, 60)}…", Bob still unaccounted`);

    // ------------------------------------------------------------ (3) marshal B, cut off
    const b = await marshal(browser, admin, lawn, 'marshal B', pageErrors);
    await musterMode(b.page, 'marshal B');
    await waitForServiceWorker(b.page, 'the service worker to control marshal B');
    await b.ctx.setOffline(true);
    await b.page.reload();
    await b.page.locator('.offline-banner.shown').waitFor({ timeout: STEP_TIMEOUT_MS });
    await musterMode(b.page, 'marshal B offline, after a reload');
    await b.page.getByRole('button', { name: 'Mark safe: Bob Kahn' }).click();
    const bobOnB = b.page.locator(`#muster-list li[data-pass-id="${bob.passId}"]`);
    await until('marshal B to show Bob as kept for later', async () => (await bobOnB.getAttribute('data-state')) === 'pending');
    const keptText = (await bobOnB.innerText()).replace(/\s+/g, ' ');
    if (!/sent when the connection is back/.test(keptText)) fail(`offline, Bob's line says "${keptText}"`);
    await shoot(b.page, 'marshal-offline-mark');
    // Nothing reached the server: the console (polling and live) still has Bob unaccounted.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    if ((await rowOf(bob).getAttribute('data-state')) !== 'unaccounted') fail('an offline mark reached the console');
    const marked = async () => (await admin('GET', `/v1/audit?kind=roll_call_marked&pass_id=${bob.passId}`)).events;
    if ((await marked()).length !== 0) fail('an offline mark reached the audit log');
    await b.ctx.setOffline(false);
    await b.page.getByText('ONLINE', { exact: true }).waitFor({ timeout: STEP_TIMEOUT_MS * 2 });
    await until('Bob to show safe in the console once marshal B is back', async () => (await rowOf(bob).getAttribute('data-state')) === 'safe', STEP_TIMEOUT_MS * 2);
    const bobRow = (await rowOf(bob).innerText()).replace(/\s+/g, ' ');
    if (!/North lawn \(by hand\)/.test(bobRow) || !/North lawn \(e2e\)/.test(bobRow)) fail(`Bob's row says "${bobRow}"`);
    await until('marshal B to show Bob safe', async () => (await bobOnB.getAttribute('data-state')) === 'safe');
    // Exactly once: more polls and a reload send nothing again.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    await b.page.reload();
    await b.page.getByText('ONLINE', { exact: true }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await new Promise((resolve) => setTimeout(resolve, 6000));
    const events = await marked();
    if (events.length !== 1 || events[0].details.how !== 'manual' || events[0].gate_id !== lawn.gate_id) fail(`Bob's marks in the audit log: ${JSON.stringify(events)}`);
    const adaEvents = (await admin('GET', `/v1/audit?kind=roll_call_marked&pass_id=${ada.passId}`)).events;
    if (adaEvents.length !== 1 || adaEvents[0].details.how !== 'scan') fail(`Ada's marks in the audit log: ${JSON.stringify(adaEvents)}`);
    if (!/4 Inside 3 Safe 1 Unaccounted/.test(await counts())) fail(`the counts say "${await counts()}"`);
    ok(`marshal B offline: Bob ticked by hand and kept ("${keptText}"), not on the server; back online it arrived once: "${bobRow}"`);

    // ------------------------------------------------------------ (4) print and CSV
    await officer.emulateMedia({ media: 'print' });
    for (const [format, width] of Object.entries(PAGE_WIDTHS)) {
      await officer.setViewportSize({ width, height: 1000 });
      const fits = await officer.evaluate(() => {
        const t = document.querySelector('.rc-table');
        const nav = document.querySelector('nav.tabs');
        return { table: t.scrollWidth, page: document.documentElement.clientWidth, nav: nav ? getComputedStyle(nav).display : 'none', buttons: [...document.querySelectorAll('button')].filter((x) => x.offsetParent !== null).length };
      });
      if (fits.table > fits.page || fits.nav !== 'none' || fits.buttons !== 0) fail(`printed on ${format}: ${JSON.stringify(fits)}`);
      await shoot(officer, `rollcall-print-${format}`, { fullPage: true });
      const pdf = await officer.pdf({ format, printBackground: false });
      if (pdf.subarray(0, 5).toString() !== '%PDF-' || pdf.length < 2000) fail(`the ${format} PDF is not a PDF (${pdf.length} bytes)`);
    }
    await officer.emulateMedia({ media: 'screen' });
    await officer.setViewportSize(TABLET.viewport);
    const [download] = await Promise.all([officer.waitForEvent('download'), officer.getByRole('button', { name: 'Download CSV' }).click()]);
    const csv = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
    if (csv[0] !== 'name,status,last_seen,marked_at,marked_by,marked_where,how,pass_id,walk_in_id' || csv.length !== 5) fail(`the CSV: ${JSON.stringify(csv)}`);
    if (!csv[1].startsWith('Cy Young,unaccounted,Front door,')) fail(`the CSV does not list Cy first: ${csv[1]}`);
    ok(`printed on A4 (${PAGE_WIDTHS.A4} px) and Letter (${PAGE_WIDTHS.Letter} px) without overflow or controls; CSV ${csv.length - 1} lines, Cy first`);

    // ------------------------------------------------------------ (5) the report
    await officer.getByRole('button', { name: 'End roll call' }).click();
    await officer.getByRole('button', { name: 'Yes, end it and file the report' }).click();
    await officer.locator('.rc-meta', { hasText: 'Ended' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    const ended = (await admin('GET', '/v1/audit?kind=roll_call_ended')).events;
    const report = ended.length === 1 ? ended[0].details : null;
    if (!report || report.roll_call_id !== rollCallId || report.counts.inside !== 4 || report.counts.safe !== 3 || report.counts.by_scan !== 1 || report.counts.by_hand !== 2 || report.unaccounted.length !== 1 || report.unaccounted[0] !== cy.passId) {
      fail(`the report: ${JSON.stringify(ended)}`);
    }
    if ((await officer.getByRole('button', { name: /^Mark safe: / }).count()) !== 0) fail('an ended roll call still offers marks');
    await shoot(officer, 'rollcall-ended-tablet');
    await officer.setViewportSize(PHONE.viewport);
    await shoot(officer, 'rollcall-ended-phone');
    await axe(officer, 'the ended roll call at phone size');
    await a.page.setViewportSize(PHONE.viewport);
    await until('marshal A to leave muster mode once the roll call ended', async () => (await a.page.getByRole('button', { name: 'Back to admissions' }).count()) === 0, STEP_TIMEOUT_MS);
    ok(`ended: the report in the audit log says 4 inside, 3 safe (1 scan, 2 by hand), Cy unaccounted; the marshals went back to admissions`);

    const others = pageErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED|net::ERR_/.test(e));
    if (others.length) fail(`the pages logged errors: ${others.join(' | ')}`);
  } finally {
    await browser.close();
  }
}

main('rollcall', run, TOTAL_TIMEOUT_MS);

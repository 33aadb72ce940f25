// End-to-end test of the host page (/host) and the web gate's walk-in form (issue 16) against
// a running tessera-server, in headless Chromium (/usr/bin/chromium, never a downloaded
// browser). Nothing is mocked: the host signs in with a real host key, the invitation's QR is
// read back from a screenshot and claimed, walk-in requests come from a gate device on the
// real WebSocket and from a paired web gate, and the host answers them on the page.
//
//   TESSERA_URL=https://127.0.0.1:8443 TESSERA_ADMIN_KEY=<admin key> \
//   TESSERA_APPROVAL_TIMEOUT_S=<the server's, at most 60> \
//   [TESSERA_SCREENSHOTS=/some/dir] [TESSERA_CHROMIUM_SPKI=<base64 sha256>] node test/e2e/host.e2e.mjs
//
// Steps: (1) a refused key (role=alert), the host signs in (phone, 390×844); the key is in
// no URL, storage or the DOM, the cookie is HttpOnly, a POST without X-CSRF-Token is 403.
// (2) Invite a visitor: the claim link's QR decodes to the link shown, a wallet claims it,
// the pass is the host's and is listed under Upcoming. (3) Walk-ins from a gate device: each
// appears on the page live (the delay is printed as `delay: walk-in to host page NNN ms`) and
// is announced in the polite live region; Approve sends `approved` to the gate (a resend
// answers the same, replayed), Deny sends `denied`; both are listed under Past. (4) The web
// gate, paired by its link: the Walk-in form finds the host by flat, asks, shows the countdown;
// the gate page is closed, the host approves meanwhile, and the reopened gate resends the
// journaled request and shows the green verdict naming the host; a second request is denied
// live (red). (5) A request nobody answers becomes `expired` at the gate and leaves the host
// page; approving it then is 409 approval_timeout. (6) The page at tablet size, sign-out.
// Exits 0 when every step passed, 1 with a message otherwise.

import { randomUUID } from 'node:crypto';
import {
  PHONE, STEP_TIMEOUT_MS, adminApi, axe, claimLink, createGate, decodeFrom, env, expectAlert, fail, fakeCameraInit, gateSocket, launchChromium, main, ok, shoot, until, watchErrors,
} from './lib.mjs';

const TABLET = { viewport: { width: 1280, height: 800 } };
const TOTAL_TIMEOUT_MS = 180_000;
const LIVE_DEADLINE_MS = 3000; // a request reaches the host page well within this

await main(
  'host',
  async () => {
    const base = env('TESSERA_URL').replace(/\/$/, '');
    const adminKey = env('TESSERA_ADMIN_KEY');
    const timeoutS = Number(env('TESSERA_APPROVAL_TIMEOUT_S'));
    if (!(timeoutS >= 15 && timeoutS <= 60)) fail(`TESSERA_APPROVAL_TIMEOUT_S must be the server's approval timeout, 15–60 s, for the expiry step (got ${process.env.TESSERA_APPROVAL_TIMEOUT_S})`);
    const admin = adminApi(base, adminKey);
    const asHost = (key) => async (method, p, body, want = [200, 201]) => {
      const res = await fetch(base + p, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
      const text = await res.text();
      if (!want.includes(res.status)) fail(`host ${method} ${p} answered ${res.status}: ${text}`);
      return text ? JSON.parse(text) : null;
    };

    // ---------------------------------------------------------- set-up
    const host = await admin('POST', '/v1/api-keys', { role: 'host', label: 'R. Iyer, Flat 12B', unit: '12B' }, [201]);
    if (host.role !== 'host' || !host.key_id || !host.api_key || host.unit !== '12B') fail(`odd host key answer ${JSON.stringify(host)}`);
    const other = await admin('POST', '/v1/api-keys', { role: 'host', label: 'M. Okonkwo, Flat 3A', unit: '3A' }, [201]);
    const hostApi = asHost(host.api_key);
    const gateDevice = await createGate(admin, 'North gate');
    const webGate = await createGate(admin, 'Lobby desk');
    const gate = await gateSocket(base, gateDevice.device_token, 'gate device');

    const browser = await launchChromium(['--autoplay-policy=no-user-gesture-required']);
    const pageErrors = [];
    try {
      // ---------------------------------------------------------- (1) sign-in
      const hostCtx = await browser.newContext({ ...PHONE });
      const page = await hostCtx.newPage();
      watchErrors(page, 'host', pageErrors);
      await page.goto(`${base}/host`);
      const keyField = page.getByLabel('Host key');
      await keyField.waitFor({ timeout: STEP_TIMEOUT_MS });
      await shoot(page, 'host-0-sign-in-phone');
      await keyField.fill('not-a-key');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expectAlert(page, /That key was not accepted/, 'a wrong key');
      await keyField.fill(host.api_key);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const nav = page.getByRole('navigation', { name: 'Views' });
      await nav.waitFor({ timeout: STEP_TIMEOUT_MS }).catch(async () => fail(`no host page after signing in: ${(await page.locator('body').innerText()).slice(0, 300)}`));
      if (!(await page.locator('.host-bar').innerText()).includes('R. Iyer, Flat 12B')) fail('the bar does not name the host');
      const leaks = await page.evaluate((key) => {
        const found = [];
        if (location.href.includes(key)) found.push('URL');
        if (document.documentElement.outerHTML.includes(key)) found.push('DOM');
        for (const s of [localStorage, sessionStorage]) for (let i = 0; i < s.length; i++) if (s.getItem(s.key(i)).includes(key)) found.push('storage');
        if (document.cookie.includes(key) || document.cookie.includes('tessera_console')) found.push('readable cookie');
        return found;
      }, host.api_key);
      if (leaks.length) fail(`the host key (or the session) is readable in: ${leaks.join(', ')}`);
      const cookie = (await hostCtx.cookies()).find((c) => c.name === 'tessera_console');
      if (!cookie || !cookie.httpOnly || !cookie.secure || cookie.sameSite !== 'Strict') fail(`the session cookie is not HttpOnly/Secure/Strict: ${JSON.stringify(cookie)}`);
      const forged = await page.evaluate(async () => (await fetch('/v1/passes', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ label: 'x', valid_until: '2099-01-01T00:00:00Z' }) })).status);
      if (forged !== 403) fail(`a POST with the cookie but without X-CSRF-Token answered ${forged}, not 403`);
      await axe(page, 'the host page (phone)');
      ok('a wrong key is an alert; the host signs in; the key is in no URL, storage or the DOM; HttpOnly cookie; no CSRF token → 403');

      // ---------------------------------------------------------- (2) invite a visitor
      await page.getByRole('heading', { name: 'Invite a visitor' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      const from = await page.getByLabel('From').inputValue();
      const untilValue = await page.getByLabel('Until').inputValue();
      if (!from || !untilValue || Date.parse(untilValue) <= Date.parse(from)) fail(`odd default times: ${from} → ${untilValue}`);
      await page.getByRole('button', { name: 'Create invitation' }).click();
      await expectAlert(page, /Enter the visitor’s name/, 'an invitation without a name');
      await page.getByLabel('Visitor name').fill('Grace Hopper');
      await page.getByRole('button', { name: 'Create invitation' }).click();
      await page.getByRole('heading', { name: 'Invitation for Grace Hopper' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      const link = await page.getByLabel('Invitation link').inputValue();
      if (!/\/claim#p=[0-9a-f-]{36}&t=/.test(link)) fail(`the invitation link is not a claim link: ${link}`);
      const qr = page.getByRole('img', { name: 'Invitation QR code for Grace Hopper' });
      const fromQr = await decodeFrom(qr, 'http', 'host-1-invitation-qr', 'the invitation');
      if (fromQr !== link) fail(`the invitation QR says ${fromQr}, the page ${link}`);
      await page.getByRole('button', { name: 'Copy link' }).click();
      await page.getByRole('status').filter({ hasText: /copied|selected/ }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await shoot(page, 'host-1-invitation-phone');
      const guest = await claimLink(base, fromQr);
      const issued = await admin('GET', `/v1/passes/${guest.passId}`);
      if (issued.host_id !== host.key_id || issued.label !== 'Grace Hopper' || issued.state !== 'claimed') fail(`the invited pass is not the host's claimed pass: ${JSON.stringify(issued)}`);
      await hostApi('GET', `/v1/passes/${guest.passId}`);
      await nav.getByRole('link', { name: 'Visits' }).click();
      const upcoming = page.getByRole('list', { name: 'Upcoming visits' }).getByRole('listitem').filter({ hasText: 'Grace Hopper' });
      await upcoming.filter({ hasText: 'On their phone' }).waitFor({ timeout: STEP_TIMEOUT_MS }).catch(async () => fail(`Grace Hopper is not upcoming and on her phone: ${await page.getByRole('list', { name: 'Upcoming visits' }).innerText()}`));
      ok('invited: the claim link QR decodes to the link, a wallet claimed it, the pass is the host’s and listed as upcoming');

      // ---------------------------------------------------------- (3) walk-ins from a gate device
      const waitingList = page.getByRole('list', { name: 'Visitors waiting at the gate' });
      const card = (name) => waitingList.getByRole('listitem').filter({ hasText: name });
      const ask = async (visitor_name, note = null, hostId = host.key_id) => {
        const frame = { request_id: randomUUID(), visitor_name, host_id: hostId, note };
        const answer = await gate.walkIn(frame);
        if (answer.type !== 'walk_in' || answer.state !== 'waiting' || answer.replayed) fail(`the walk-in for ${visitor_name} answered ${JSON.stringify(answer)}`);
        if (!answer.host || answer.host.id !== hostId || Number.isNaN(Date.parse(answer.expires_at))) fail(`the walk-in answer lacks the host or expires_at: ${JSON.stringify(answer)}`);
        return { frame, answer, sentAt: Date.now() };
      };
      // The one nobody answers goes first: it expires while the rest runs (step 5).
      const late = await ask('Larry Late');
      const expiresIn = Date.parse(late.answer.expires_at) - Date.now();
      if (expiresIn < (timeoutS - 5) * 1000 || expiresIn > (timeoutS + 5) * 1000) fail(`expires_at is ${expiresIn} ms away, not the ${timeoutS} s approval timeout`);
      await card('Larry Late').waitFor({ timeout: STEP_TIMEOUT_MS });

      const sam = await ask('Sam Okafor', 'Parcel from the pharmacy');
      await card('Sam Okafor').waitFor({ timeout: LIVE_DEADLINE_MS }).catch(() => fail(`Sam Okafor's request was not on the host page within ${LIVE_DEADLINE_MS} ms`));
      console.log(`delay: walk-in to host page ${Date.now() - sam.sentAt} ms`);
      const samCard = card('Sam Okafor');
      const samText = await samCard.innerText();
      if (!/North gate/.test(samText) || !/Parcel from the pharmacy/.test(samText) || !/\d:\d\d left/.test(samText)) fail(`the request card lacks the gate, the note or the countdown: ${samText}`);
      await until('the live region to announce Sam Okafor', async () => /Sam Okafor is waiting at North gate/.test(await page.locator('[aria-live="polite"]').innerText()));
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, 'host-2-walk-ins-phone');
      await samCard.getByRole('button', { name: 'Approve' }).click();
      const approved = await gate.walkInState(sam.frame.request_id, 'approved');
      if (!approved.host || approved.host.label !== 'R. Iyer, Flat 12B' || !approved.decided_at || approved.reason !== null) fail(`the approval reached the gate as ${JSON.stringify(approved)}`);
      await samCard.waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
      const again = await gate.walkIn(sam.frame);
      if (again.state !== 'approved' || again.replayed !== true) fail(`the resent request answered ${JSON.stringify(again)}, not the stored approval`);
      const reused = await gate.walkIn({ ...sam.frame, note: 'something else' });
      if (reused.type !== 'error' || reused.code !== 'request_id_reused' || reused.request_id !== sam.frame.request_id) fail(`the same request_id with other content answered ${JSON.stringify(reused)}`);
      ok('a gate’s walk-in appears live on the host page and is announced; Approve reaches the gate as approved; a resend is replayed');

      const dee = await ask('Dee Nied');
      await card('Dee Nied').getByRole('button', { name: 'Deny' }).click();
      const denied = await gate.walkInState(dee.frame.request_id, 'denied');
      if (denied.reason !== 'host_denied') fail(`the denial reached the gate as ${JSON.stringify(denied)}`);
      await card('Dee Nied').waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
      // Another host's visitor is not on this page.
      const elsewhere = await ask('Oscar Other', null, other.key_id);
      await page.waitForTimeout(1000);
      if (await card('Oscar Other').count()) fail('another host’s walk-in is on this host’s page');
      const past = page.getByRole('list', { name: 'Past visits' });
      await until('Sam Okafor and Dee Nied under Past visits', async () => {
        const text = await past.innerText();
        return /Sam Okafor[\s\S]*Let in/.test(text) && /Dee Nied[\s\S]*Turned away/.test(text);
      });
      await shoot(page, 'host-3-visits-phone');
      ok('Deny reaches the gate as denied (host_denied); both are past visits; another host’s request stays off this page');

      // ---------------------------------------------------------- (4) the web gate's walk-in form
      const pairing = await admin('POST', `/v1/gates/${webGate.gate_id}/pairing`, null, [201]);
      const gateCtx = await browser.newContext({ ...TABLET });
      await gateCtx.addInitScript(fakeCameraInit, { fps: 10 });
      let tablet = await gateCtx.newPage();
      watchErrors(tablet, 'web gate', pageErrors);
      await tablet.goto(pairing.pairing_url);
      await tablet.getByText('ONLINE', { exact: true }).waitFor({ timeout: STEP_TIMEOUT_MS });
      const askOnTablet = async (name, flat, note) => {
        await tablet.getByRole('button', { name: 'Walk-in', exact: true }).click();
        const dialog = tablet.getByRole('dialog', { name: 'Walk-in visitor' });
        await dialog.waitFor({ timeout: STEP_TIMEOUT_MS });
        await dialog.getByLabel('Visitor name').fill(name);
        await dialog.getByLabel('Host (name or flat)').fill(flat);
        await dialog
          .getByRole('status')
          .filter({ hasText: `matching “${flat}”` })
          .waitFor({ timeout: STEP_TIMEOUT_MS })
          .catch(async () => fail(`the web gate's host search for "${flat}" found nothing: ${await dialog.locator('#walkin-host-status').innerText()}`));
        const hosts = dialog.getByRole('list', { name: 'Hosts found' });
        const choice = hosts.locator(`button[data-host-id="${host.key_id}"]`);
        await choice.click({ timeout: STEP_TIMEOUT_MS });
        if (!/R\. Iyer, Flat 12B/.test(await choice.innerText())) fail(`the host option reads ${await choice.innerText()}`);
        if ((await choice.getAttribute('aria-pressed')) !== 'true') fail('the chosen host is not marked pressed');
        if (await hosts.getByRole('button', { name: /Okonkwo/ }).count()) fail(`the host search for "${flat}" also found M. Okonkwo`);
        if (note) await dialog.getByLabel('Note for the host (optional)').fill(note);
        return dialog;
      };
      const dialog = await askOnTablet('Priya Raman', '12b', 'Brought the keys');
      await shoot(tablet, 'gate-walk-in-form-tablet');
      await dialog.getByRole('button', { name: 'Ask the host' }).click();
      const onTablet = (name) => tablet.getByRole('list', { name: 'Walk-in requests' }).getByRole('listitem').filter({ hasText: name });
      const priyaOnTablet = onTablet('Priya Raman');
      await until('Priya Raman waiting with a countdown on the gate', async () => /Waiting for the host to answer · \d:\d\d left/.test(await priyaOnTablet.innerText()));
      await card('Priya Raman').waitFor({ timeout: LIVE_DEADLINE_MS });
      if (!/Lobby desk/.test(await card('Priya Raman').innerText())) fail('the host page does not say at which gate Priya waits');
      await shoot(tablet, 'gate-walk-in-waiting-tablet');
      // The gate goes away; the host answers meanwhile; the gate comes back and learns it.
      await tablet.close();
      await card('Priya Raman').getByRole('button', { name: 'Approve' }).click();
      await card('Priya Raman').waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
      tablet = await gateCtx.newPage();
      watchErrors(tablet, 'web gate', pageErrors);
      await tablet.goto(`${base}/gate`);
      const verdict = tablet.locator('.verdict');
      await verdict.filter({ hasText: 'APPROVED' }).waitFor({ timeout: STEP_TIMEOUT_MS }).catch(async () => fail(`the reopened gate shows no approval: ${(await tablet.locator('body').innerText()).slice(0, 400)}`));
      const verdictText = await verdict.innerText();
      if (!verdictText.includes('Approved by R. Iyer, Flat 12B') || !verdictText.includes('Priya Raman') || /ADMITTED/.test(verdictText)) fail(`the approval verdict says ${JSON.stringify(verdictText)}`);
      if (!(await verdict.evaluate((el) => el.classList.contains('green')))) fail('the approval verdict is not green');
      await shoot(tablet, 'gate-walk-in-approved-tablet');
      const approvedPriya = (await admin('GET', '/v1/walk-ins?state=approved')).walk_ins.filter((w) => w.visitor_name === 'Priya Raman' && w.gate_id === webGate.gate_id);
      if (approvedPriya.length !== 1 || approvedPriya[0].gate_label !== 'Lobby desk') fail(`Priya Raman's approvals: ${JSON.stringify(approvedPriya)}`);
      await verdict.click();
      await until('the approved card on the gate', async () => (await onTablet('Priya Raman').getAttribute('data-state')) === 'approved');
      ok('web gate: the Walk-in form finds the host by flat and asks; closed meanwhile, the reopened gate resent the request and shows APPROVED naming the host');

      const tomDialog = await askOnTablet('Tom Jones', 'Iyer', null);
      await tomDialog.getByRole('button', { name: 'Ask the host' }).click();
      await card('Tom Jones').getByRole('button', { name: 'Deny' }).click({ timeout: STEP_TIMEOUT_MS });
      await verdict.filter({ hasText: 'DENIED \u2014 the host said no (host_denied)' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      if (!(await verdict.evaluate((el) => el.classList.contains('red')))) fail('the denial verdict is not red');
      await shoot(tablet, 'gate-walk-in-denied-tablet');
      ok('web gate: a request denied live shows the red verdict');

      // ---------------------------------------------------------- (5) nobody answers
      const expired = await gate.walkInState(late.frame.request_id, 'expired', timeoutS * 1000 + 20_000);
      if (expired.reason !== 'approval_timeout') fail(`the unanswered request closed as ${JSON.stringify(expired)}`);
      await card('Larry Late').waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
      const lateBody = await hostApi('POST', `/v1/walk-ins/${late.answer.walk_in_id}/approve`, {}, [409]);
      if (lateBody?.error?.code !== 'approval_timeout') fail(`approving after the timeout answered ${JSON.stringify(lateBody)}`);
      await hostApi('POST', `/v1/walk-ins/${elsewhere.answer.walk_in_id}/deny`, {}, [403, 404]);
      ok(`an unanswered request expired at the gate (approval_timeout) after ${timeoutS} s and left the host page; approving it then is 409`);

      // ---------------------------------------------------------- (6) tablet size, sign-out
      await ask('Lena Fischer', 'For the plumbing');
      await ask('Marco Rossi');
      await page.setViewportSize(TABLET.viewport);
      await nav.getByRole('link', { name: 'Invite' }).click();
      await card('Marco Rossi').waitFor({ timeout: STEP_TIMEOUT_MS });
      await page.evaluate(() => window.scrollTo(0, 0));
      const wide = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      if (!wide) fail('the host page scrolls sideways at 1280×800');
      await shoot(page, 'host-4-tablet');
      await page.setViewportSize(PHONE.viewport);
      if (!(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))) fail('the host page scrolls sideways at 390×844');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByLabel('Host key').waitFor({ timeout: STEP_TIMEOUT_MS });
      ok('the page at 1280×800 and 390×844 without sideways scrolling; signed out');

      const serious = pageErrors.filter((e) => !/Failed to load resource|WebSocket connection to|status of 4\d\d/.test(e));
      if (serious.length) fail(`the pages logged errors: ${serious.join(' | ')}`);
    } finally {
      await gate.close();
      await browser.close();
    }
  },
  TOTAL_TIMEOUT_MS,
);

// End-to-end test of messages that reach people (issue 31), in headless Chromium, against a
// running tessera-server whose SMTP relay is the real SMTP server this script starts
// (test/mail/smtp.mjs: `smtp-server`, MIME parsed by `mailparser`, QR read by `jsqr`), with
// a loopback Web Push service (test/push/service.mjs, decrypting with `http_ece`).
//
//   TESSERA_URL=https://127.0.0.1:8443 TESSERA_ADMIN_KEY=<admin key> TESSERA_SMTP_PORT=<port
//   the server's relay is set to> [TESSERA_SCREENSHOTS=/some/dir] [TESSERA_CHROMIUM_SPKI=…] \
//   node test/e2e/messages.e2e.mjs
//
// Steps: (1) a host (phone) invites a visitor by email on the host page; the mail arrives,
// its text link and its QR code are one link, and the visitor's phone claims the pass with it
// in the web wallet. The mail is rendered and photographed. (2) The host's browser holds a
// push subscription (at the loopback service: a headless browser cannot reach its vendor's);
// a gate asks for the host; the service decrypts the push; Chromium's service worker receives
// it (DevTools' deliverPushMessage) and shows the notification with Approve and Deny; its
// Approve action settles the walk-in: the gate sees APPROVED. axe-core on the host page.
// Exits 0 when every step passed, 1 with a message otherwise.

import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import {
  PHONE, STEP_TIMEOUT_MS, adminApi, axe, createGate, env, fail, gateSocket, launchChromium, main, ok, openClaim, shoot, until, watchErrors,
} from './lib.mjs';

const TOTAL_TIMEOUT_MS = 150_000;

/** Starts a helper script (`node <path> [args]`) and collects its JSON lines. */
async function helper(script, args, what) {
  const child = spawn(process.execPath, [script, ...args], { cwd: new URL('../..', import.meta.url).pathname, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = [];
  const rl = createInterface({ input: child.stdout });
  const first = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start`)), 20_000);
    rl.once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line));
    });
  }).catch((e) => fail(e.message));
  rl.on('line', (line) => lines.push(JSON.parse(line)));
  return { child, first, lines, stop: () => child.kill() };
}

await main(
  'messages',
  async () => {
    const base = env('TESSERA_URL').replace(/\/$/, '');
    const admin = adminApi(base, env('TESSERA_ADMIN_KEY'));
    const smtp = await helper('test/mail/smtp.mjs', [env('TESSERA_SMTP_PORT')], 'the SMTP server');
    const push = await helper('test/push/service.mjs', [], 'the push service');
    const browser = await launchChromium();
    const pageErrors = [];
    try {
      const host = await admin('POST', '/v1/api-keys', { role: 'host', label: 'R. Iyer, Flat 12B', unit: '12B', email: 'iyer@example.com' }, [201]);

      // ---------------------------------------------------------- (1) an invitation by mail
      const hostCtx = await browser.newContext({ ...PHONE });
      await hostCtx.grantPermissions(['notifications'], { origin: base });
      const page = await hostCtx.newPage();
      watchErrors(page, 'host', pageErrors);
      await page.goto(`${base}/host`);
      await page.getByLabel('Host key').fill(host.api_key);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Invite a visitor' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await page.getByLabel('Visitor name').fill('Grace Hopper');
      await page.getByLabel('Visitor email (optional)').fill('grace@example');
      await page.getByRole('button', { name: 'Create invitation' }).click();
      const refused = page.getByRole('alert').filter({ hasText: /email address/ });
      await refused.waitFor({ timeout: STEP_TIMEOUT_MS });
      if ((await page.getByLabel('Visitor email (optional)').getAttribute('aria-invalid')) !== 'true') fail('the bad email field is not marked invalid');
      await page.getByLabel('Visitor email (optional)').fill('grace@example.com');
      await page.getByRole('button', { name: 'Create invitation' }).click();
      await page.getByRole('heading', { name: 'Invitation for Grace Hopper' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await page.getByRole('status').filter({ hasText: 'We are emailing the link to grace@example.com.' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await axe(page, 'the host page with an invitation mailed');
      await shoot(page, 'messages-1-invitation-mailed-phone');
      const shown = await page.getByLabel('Invitation link').inputValue();
      const mail = await until('the invitation mail', () => smtp.lines.find((m) => (m.envelope_to || []).includes('grace@example.com')), 30_000);
      const textLink = (mail.text.match(/https?:\/\/\S+\/claim#p=\S+/) || [])[0];
      const qrLink = mail.images[0] && mail.images[0].qr;
      if (!textLink || textLink !== qrLink || textLink !== shown) fail(`the mail's links differ: text ${textLink}, QR ${qrLink}, page ${shown}`);
      if (!/Your pass for /.test(mail.subject)) fail(`odd subject ${mail.subject}`);
      ok('the host invites by email: the mail arrives, its text link and its QR code are the link the page shows');

      // The mail as a phone shows it, for the README.
      const mailCtx = await browser.newContext({ ...PHONE });
      const mailPage = await mailCtx.newPage();
      const png = `data:image/png;base64,${mail.images[0].content_base64}`;
      await mailPage.setContent(mail.html.replace(`cid:${mail.images[0].cid}`, png));
      await shoot(mailPage, 'messages-2-invitation-mail-phone', { fullPage: true });
      await mailCtx.close();

      const walletCtx = await browser.newContext({ ...PHONE });
      const wallet = await walletCtx.newPage();
      watchErrors(wallet, 'wallet', pageErrors);
      const add = await openClaim(wallet, textLink);
      await add.click();
      await wallet.getByRole('img', { name: /Entry code/ }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await walletCtx.close();
      const claimed = (await admin('GET', '/v1/passes?limit=10')).passes.find((p) => p.label === 'Grace Hopper');
      if (!claimed || claimed.state !== 'claimed') fail(`the mailed pass is not claimed: ${JSON.stringify(claimed)}`);
      ok('the visitor claims the pass in the web wallet from the mailed link');

      // ---------------------------------------------------------- (2) a walk-in pushed to the host
      const registrationId = await (async () => {
        const cdp = await hostCtx.newCDPSession(page);
        const found = new Promise((resolve) => {
          cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
            const r = registrations.find((x) => x.scopeURL === `${base}/` && !x.isDeleted);
            if (r) resolve(r.registrationId);
          });
        });
        await cdp.send('ServiceWorker.enable');
        // Pushes go to an activated worker: wait for it (its install precaches the shells).
        await until('the service worker to be activated', () =>
          page.evaluate(async () => {
            const reg = await navigator.serviceWorker.ready;
            return reg.active && reg.active.state === 'activated';
          }));
        const id = await Promise.race([found, new Promise((_, reject) => setTimeout(() => reject(new Error('no service worker registration')), STEP_TIMEOUT_MS))]).catch((e) => fail(e.message));
        return { cdp, id };
      })();
      // The browser's own push service is out of reach here; the loopback one stands in.
      const subscription = await fetch(`${push.first.url}/__subscribe`, { method: 'POST', body: '{}' }).then((r) => r.json());
      const subscribed = await fetch(`${base}/v1/push/subscriptions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${host.api_key}`, 'content-type': 'application/json' },
        body: JSON.stringify(subscription),
      });
      if (subscribed.status !== 201) fail(`subscribing answered ${subscribed.status}: ${await subscribed.text()}`);
      const gateDevice = await createGate(admin, 'North gate');
      const gate = await gateSocket(base, gateDevice.device_token, 'gate device');
      const frame = { request_id: randomUUID(), visitor_name: 'Sam Okafor', host_id: host.key_id, note: 'parcel' };
      const asked = await gate.walkIn(frame);
      if (asked.state !== 'waiting') fail(`the walk-in answered ${JSON.stringify(asked)}`);
      const pushed = await until('the push at the push service', () => push.lines.find((p) => p.payload && p.payload.visitor === 'Sam Okafor'), 30_000);
      if (!pushed.vapid.ok || pushed.status !== 201 || pushed.encoding !== 'aes128gcm') fail(`odd push: ${JSON.stringify(pushed)}`);
      // What the browser would have decrypted is handed to its service worker.
      await registrationId.cdp.send('ServiceWorker.deliverPushMessage', { origin: base, registrationId: registrationId.id, data: JSON.stringify(pushed.payload) });
      // The notifications are read inside the service worker: with DevTools attached (as the
      // test is), a worker woken for a delivered push shows its notification only once
      // DevTools talks to it, so the page's view may lag until then.
      const shownNotifications = async () => {
        const [worker] = hostCtx.serviceWorkers();
        if (!worker) return [];
        return worker.evaluate(async () => (await self.registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, actions: n.actions.map((a) => a.action) })));
      };
      const notes = await until('the notification', async () => {
        const list = await shownNotifications();
        return list.length ? list : null;
      });
      const note = notes[0];
      if (note.title !== 'Sam Okafor is waiting' || !/North gate/.test(note.body) || note.actions.join() !== 'approve,deny') fail(`odd notification ${JSON.stringify(note)}`);
      ok(`the push (VAPID-signed, aes128gcm, decrypted by http_ece) shows "${note.title}: ${note.body}" with Approve and Deny`);

      // The host's mail about the same walk-in: its Approve link opens a page with one button.
      const approvalMail = await until('the approval mail', () => smtp.lines.find((m) => (m.envelope_to || []).includes('iyer@example.com')), 30_000);
      const approveLink = (approvalMail.text.match(/Approve \(let them in\): (\S+)/) || [])[1];
      if (!approveLink) fail(`no Approve link in the host's mail: ${approvalMail.text}`);
      const answerCtx = await browser.newContext({ ...PHONE });
      const answerPage = await answerCtx.newPage();
      await answerPage.goto(approveLink);
      await answerPage.getByRole('button', { name: 'Approve Sam Okafor' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await axe(answerPage, 'the mailed Approve link\'s page (phone)');
      await shoot(answerPage, 'messages-3-answer-page-phone');
      await answerCtx.close();

      // Its Approve action, without the page: the gate sees APPROVED.
      await page.evaluate((tag) => navigator.serviceWorker.ready.then((r) => r.active.postMessage({ type: 'notification-action', tag, action: 'approve' })), note.tag);
      await gate.walkInState(frame.request_id, 'approved');
      const after = await until('the answered notification', async () => {
        const list = (await shownNotifications()).map((n) => n.title);
        return list.includes('Sam Okafor is let in') ? list : null;
      });
      ok(`the notification's Approve settles the walk-in: the gate sees APPROVED; it now says ${JSON.stringify(after)}`);
      const approved = await admin('GET', '/v1/audit?kind=walk_in_approved');
      if (approved.events.length !== 1 || approved.events[0].details.by_key_id !== host.key_id) fail(`the approval is not the host's, once: ${JSON.stringify(approved.events)}`);
      await gate.close();

      // ---------------------------------------------------------- (3) the console's Mail view
      await admin('POST', '/v1/passes', { label: 'Ned Nobody', valid_until: new Date(Date.now() + 86400_000).toISOString().replace(/\.\d+Z$/, 'Z'), email: 'bounce@example.com' }, [201]);
      await until('the bounce to be recorded', async () => {
        const list = await admin('GET', '/v1/messages?state=bounced');
        return list.messages.length ? list : null;
      }, 30_000);
      const consoleCtx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const desk = await consoleCtx.newPage();
      watchErrors(desk, 'console', pageErrors);
      await desk.goto(`${base}/console`);
      await desk.getByLabel('API key').fill(env('TESSERA_ADMIN_KEY'));
      await desk.getByRole('button', { name: 'Sign in' }).click();
      await desk.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Mail' }).click();
      const row = desk.getByRole('table', { name: 'Messages' }).getByRole('row').filter({ hasText: 'bounce@example.com' });
      await row.waitFor({ timeout: STEP_TIMEOUT_MS });
      if (!/bounced/i.test(await row.innerText()) || !/550/.test(await row.innerText())) fail(`the bounce row lacks its state or reason: ${await row.innerText()}`);
      await axe(desk, 'the console Mail view');
      await shoot(desk, 'messages-3-console-mail-tablet');
      await row.getByRole('button', { name: 'Send again: the claim link for bounce@example.com' }).click();
      await desk.getByLabel('New address for bounce@example.com').fill('ned@example.com');
      await row.getByRole('button', { name: 'Send' }).click();
      await desk.getByRole('status').filter({ hasText: 'Sent again to ned@example.com' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await until('the mail to the corrected address', () => smtp.lines.find((m) => (m.envelope_to || []).includes('ned@example.com')), 30_000);
      const resent = await admin('GET', '/v1/audit?kind=message_queued');
      if (!resent.events.some((e) => e.details.resend && e.details.to === 'ned@example.com')) fail(`the resend is not audited: ${JSON.stringify(resent.events)}`);
      ok('the console lists the bounce with the relay\'s answer; Send again mails the link to a corrected address (audited)');
      // A 4xx is an answer the page handles (the session probe before sign-in is a 401).
      const serious = pageErrors.filter((e) => !/Failed to load resource|status of 4\d\d/.test(e));
      if (serious.length) fail(`page errors: ${serious.join('; ')}`);
    } finally {
      await browser.close();
      smtp.stop();
      push.stop();
    }
  },
  TOTAL_TIMEOUT_MS,
);

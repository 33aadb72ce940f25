// End-to-end test of staff sign-in through the organisation's identity provider (issue 30),
// in headless Chromium (/usr/bin/chromium), against a running tessera-server whose
// organisation is set up with a real `oidc-provider` (test/oidc/provider.mjs, started by the
// Rust harness). Nothing is mocked: people type at the provider's own login form.
//
//   TESSERA_URL=https://127.0.0.1:8443 TESSERA_ADMIN_KEY=<admin key> TESSERA_IDP=<issuer> \
//   TESSERA_IDP_CLIENT_ID=<id> TESSERA_IDP_CLIENT_SECRET=<secret> \
//   [TESSERA_SCREENSHOTS=/some/dir] [TESSERA_CHROMIUM_SPKI=<base64 sha256>] node test/e2e/sso.e2e.mjs
//
// Steps: (0) an admin signs in with her key and sets single sign-on up on the console's
// Sign-in view (the addresses to register at the provider are shown; axe-core), then signs
// out. (1) the console's sign-in page (tablet, 1280×800) offers single sign-on beside the
// key form, with 0 axe-core WCAG 2.1 A/AA violations; a bad email is an alert. (2) An admin
// (group tessera-admins) signs in at the provider and lands in the console, named in its
// bar; the sign-in event in the audit log names her. (3) A person with no mapped group gets
// the refusal page naming the claim, and no session. (4) A host (group residents) signs in to
// /host on a phone (390×844), made just in time, named on the page. (5) The admin's console
// lists the live sessions with their people and ends the host's; her console is live; she
// signs out at the provider (its back-channel logout): the console's session ends, its live
// stream closes, and the console shows the sign-in screen. (6) An auditor signs in
// and signs out from the console: the browser goes on to the provider's sign-out page.
// Exits 0 when every step passed, 1 with a message otherwise.

import {
  PHONE, STEP_TIMEOUT_MS, adminApi, axe, env, expectAlert, fail, launchChromium, main, ok, shoot, until, watchErrors,
} from './lib.mjs';

const TABLET = { viewport: { width: 1280, height: 800 } };
const TOTAL_TIMEOUT_MS = 150_000;

/** From a page showing the SSO form: enter `email`, go to the provider, sign in as `login`. */
async function signInAtProvider(page, email, login, idp) {
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  await page.waitForURL((url) => url.href.startsWith(idp), { timeout: STEP_TIMEOUT_MS });
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
}

await main(
  'sso',
  async () => {
    const base = env('TESSERA_URL').replace(/\/$/, '');
    const idp = env('TESSERA_IDP').replace(/\/$/, '');
    const adminKey = env('TESSERA_ADMIN_KEY');
    const admin = adminApi(base, adminKey);
    const browser = await launchChromium();
    const pageErrors = [];
    try {
      // ---------------------------------------------------------- (0) set-up on the console
      const setUpContext = await browser.newContext({ ...TABLET});
      const setUp = await setUpContext.newPage();
      watchErrors(setUp, 'set-up', pageErrors);
      await setUp.goto(`${base}/console`);
      await setUp.getByLabel('API key').fill(adminKey);
      await setUp.getByRole('button', { name: 'Sign in', exact: true }).click();
      await setUp.getByRole('link', { name: 'Sign-in' }).click();
      await setUp.getByRole('heading', { name: 'Single sign-on' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await setUp.getByLabel('Issuer URL').fill(idp);
      await setUp.getByLabel('Client ID').fill(env('TESSERA_IDP_CLIENT_ID'));
      await setUp.getByLabel('Client secret').fill(env('TESSERA_IDP_CLIENT_SECRET'));
      await setUp.getByLabel('Allowed email domains').fill('example.com');
      await setUp.getByLabel('Admins').fill('tessera-admins');
      await setUp.getByLabel('Auditors').fill('security');
      await setUp.getByLabel('Hosts').fill('residents');
      await setUp.getByRole('button', { name: 'Save' }).click();
      await setUp.getByText('Saved. Register the addresses').waitFor({ timeout: STEP_TIMEOUT_MS });
      const redirect = await setUp.locator('.sso-uris dd').first().innerText();
      if (redirect.trim() !== `${base}/v1/sso/callback`) fail(`the redirect URI shown is ${redirect}`);
      if ((await setUp.getByLabel('Client secret').inputValue()) !== '') fail('the secret stays in the form after saving');
      await axe(setUp, 'the console\'s Sign-in view');
      await setUp.evaluate(() => window.scrollTo(0, 0)); // the bar is sticky: keep it on top
      await shoot(setUp, 'console-sso-settings', { fullPage: true });
      const stored = await admin('GET', '/v1/sso');
      if (stored.role_map.length !== 3 || stored.allowed_domains[0] !== 'example.com' || !stored.key_sign_in) fail(`odd settings stored: ${JSON.stringify(stored)}`);
      await setUp.getByRole('button', { name: 'Sign out' }).click();
      await setUpContext.close();
      ok('an admin sets single sign-on up on the console; the addresses to register are shown');

      // ---------------------------------------------------------- (1) the sign-in page
      const adaContext = await browser.newContext({ ...TABLET});
      const ada = await adaContext.newPage();
      watchErrors(ada, 'ada', pageErrors);
      await ada.goto(`${base}/console`);
      await ada.getByRole('heading', { name: 'Sign in with your organisation' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await axe(ada, 'console sign-in with single sign-on');
      await shoot(ada, 'console-sign-in-sso');
      await ada.setViewportSize(PHONE.viewport);
      await shoot(ada, 'console-sign-in-sso-phone');
      await ada.setViewportSize(TABLET.viewport);
      await ada.getByLabel('Work email').fill('not an email');
      await ada.getByRole('button', { name: 'Continue with single sign-on' }).click();
      await expectAlert(ada, /work email/, 'a bad email');
      ok('the console offers single sign-on and refuses a bad email with an alert');

      // ---------------------------------------------------------- (2) an admin signs in
      await signInAtProvider(ada, 'ada@example.com', 'ada', idp);
      await ada.waitForURL(`${base}/console**`, { timeout: STEP_TIMEOUT_MS });
      const named = ada.locator('#signed-in-person');
      await named.waitFor({ timeout: STEP_TIMEOUT_MS });
      if ((await named.innerText()).trim() !== 'Ada Lovelace') fail(`the console bar names ${await named.innerText()}`);
      await ada.getByRole('tab', { name: /Alarms/ }).first().waitFor({ timeout: STEP_TIMEOUT_MS }).catch(() => {});
      await shoot(ada, 'console-signed-in-sso');
      const events = await admin('GET', '/v1/audit?kind=console_signed_in');
      const hers = events.events.find((e) => e.details.person && e.details.person.subject === 'ada');
      if (!hers || hers.details.person.name !== 'Ada Lovelace' || hers.details.role !== 'admin') fail(`no sign-in event naming Ada: ${JSON.stringify(events.events)}`);
      ok('an admin signs in through the provider, is named in the console bar and in the audit log');
      await ada.goto(`${base}/console#events`);
      await ada.getByText('console signed in — by Ada Lovelace').first().waitFor({ timeout: STEP_TIMEOUT_MS });
      ok('the console\'s events say who: "console signed in — by Ada Lovelace"');

      // ---------------------------------------------------------- (3) an unmapped person
      const ottoContext = await browser.newContext({ ...TABLET});
      const otto = await ottoContext.newPage();
      await otto.goto(`${base}/console`);
      await signInAtProvider(otto, 'otto@example.com', 'otto', idp);
      await otto.waitForURL(`${base}/v1/sso/callback**`, { timeout: STEP_TIMEOUT_MS });
      const refusal = await expectAlert(otto, /groups/, 'the refusal of a person without a mapped role');
      if (!/role/i.test(refusal)) fail(`the refusal does not say why: ${refusal}`);
      const ottoCookies = await ottoContext.cookies(base);
      if (ottoCookies.some((c) => c.name === 'tessera_console')) fail('a refused person got a session cookie');
      await axe(otto, 'the refusal page');
      await shoot(otto, 'sso-refused');
      await otto.setViewportSize(PHONE.viewport);
      await shoot(otto, 'sso-refused-phone');
      await ottoContext.close();
      ok(`a person with no mapped role is refused with a page that says why: "${refusal}"`);

      // ---------------------------------------------------------- (4) a host, just in time
      const hanaContext = await browser.newContext({ ...PHONE});
      const hana = await hanaContext.newPage();
      watchErrors(hana, 'hana', pageErrors);
      await hana.goto(`${base}/host`);
      await hana.getByRole('heading', { name: 'Sign in with your organisation' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await axe(hana, 'host sign-in with single sign-on');
      await shoot(hana, 'host-sign-in-sso');
      await signInAtProvider(hana, 'hana@example.com', 'hana', idp);
      await hana.waitForURL(`${base}/host**`, { timeout: STEP_TIMEOUT_MS });
      await hana.getByText('Hana Ito').first().waitFor({ timeout: STEP_TIMEOUT_MS });
      await shoot(hana, 'host-signed-in-sso');
      const hosts = await admin('GET', '/v1/hosts?q=Hana');
      if (!JSON.stringify(hosts).includes('Hana Ito')) fail(`the host was not made: ${JSON.stringify(hosts)}`);
      await hanaContext.close();
      ok('a host signs in to /host on a phone and is made just in time');

      // ---------------------------------------------------------- (5) sessions, back-channel logout
      await ada.goto(`${base}/console#signin`);
      const hanaRow = ada.getByRole('row').filter({ hasText: 'Hana Ito' });
      await hanaRow.waitFor({ timeout: STEP_TIMEOUT_MS });
      await ada.getByRole('row').filter({ hasText: 'Ada Lovelace' }).first().waitFor({ timeout: STEP_TIMEOUT_MS });
      await shoot(ada.locator('.signin-view .table-wrap'), 'console-sso-sessions');
      await ada.getByRole('button', { name: 'End the session of Hana Ito' }).click();
      await hanaRow.waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
      const left = await admin('GET', '/v1/console/sessions');
      if (left.sessions.some((x) => x.person_name === 'Hana Ito')) fail('the host\'s session outlived the End button');
      ok('the console lists live sessions with their people, and an admin ends one');
      const ended = await admin('GET', '/v1/audit?kind=session_ended');
      const byAda = ended.events.find((e) => e.actor && e.actor.subject === 'ada');
      if (!byAda || byAda.actor.name !== 'Ada Lovelace' || byAda.actor.issuer !== idp) fail(`no session_ended event whose actor is Ada: ${JSON.stringify(ended.events)}`);
      await ada.goto(`${base}/console#events`);
      await ada.getByText('session ended — by Ada Lovelace').first().waitFor({ timeout: STEP_TIMEOUT_MS });
      ok('the audit log records who ended it (actor: issuer, subject, name), and the console says "session ended — by Ada Lovelace"');

      // The console holds a live stream; the person signs out at the provider in another tab.
      const providerTab = await adaContext.newPage();
      await providerTab.goto(`${idp}/session/end`);
      await providerTab.locator('button[name="logout"][value="yes"], button[value="yes"]').first().click();
      await until('the console to show the sign-in screen after the provider\'s logout', async () =>
        (await ada.getByRole('heading', { name: 'Sign in with your organisation' }).count()) > 0, 20_000);
      const after = await fetch(`${base}/v1/console/session`, { headers: { cookie: (await adaContext.cookies(base)).map((c) => `${c.name}=${c.value}`).join('; ') } });
      if (after.status !== 401) fail(`the session still answers ${after.status} after back-channel logout`);
      await shoot(ada, 'console-after-back-channel-logout');
      await adaContext.close();
      ok('back-channel logout ended the live console session: its stream closed and the console shows the sign-in screen');

      // ---------------------------------------------------------- (6) sign-out at both
      const graceContext = await browser.newContext(TABLET);
      const grace = await graceContext.newPage();
      watchErrors(grace, 'grace', pageErrors);
      await grace.goto(`${base}/console`);
      await signInAtProvider(grace, 'grace@example.com', 'grace', idp);
      await grace.locator('#signed-in-person').waitFor({ timeout: STEP_TIMEOUT_MS });
      await grace.getByRole('button', { name: 'Sign out' }).click();
      await grace.waitForURL((url) => url.href.startsWith(`${idp}/session/end`), { timeout: STEP_TIMEOUT_MS });
      await graceContext.close();
      ok('signing out of the console goes on to the provider\'s sign-out');

      const unexpected = pageErrors.filter((e) => !/401|Failed to load resource/.test(e));
      if (unexpected.length) fail(`page errors: ${unexpected.join('; ')}`);
    } finally {
      await browser.close();
    }
  },
  TOTAL_TIMEOUT_MS,
);

// End-to-end test of issue 34, "every page in the visitor's language", against a running
// tessera-server, in headless Chromium (/usr/bin/chromium, never a downloaded browser): one
// browser, a context per language and page.
//
//   TESSERA_URL=https://127.0.0.1:8443 TESSERA_ADMIN_KEY=<admin key> \
//   [TESSERA_SCREENSHOTS=/some/dir] [TESSERA_CHROMIUM_SPKI=<base64 sha256>] node test/e2e/i18n.e2e.mjs
//
// For each of en, de, fr, es and ar (the browser context's locale is the language, so
// navigator.languages and Accept-Language name it): (1) the wallet's claim screen (a phone,
// 390×844) of a pass issued without a language; (2) its code screen once the pass is added,
// whose QR decodes from a screenshot to a TSR1: code; (3) the web gate (a tablet, 1280×800)
// of a gate configured in that language, in a browser set to en-US on purpose: a DENIED
// verdict (a stale code typed by the hand scanner) and an ADMITTED one (a wallet in this
// script answers the challenge QR read from a screenshot), each with its icon; (4) the
// console's sign-in screen. Every screen shows the language's own words (the catalogues'
// words, written out below) and, but for English, not the English ones; `<html lang dir>`
// names the language (rtl for Arabic); axe-core finds no WCAG 2.1 A/AA violation; the
// wallet's screens are no wider than the phone (longer words wrap).
// (5) Once: a pass issued in German opens in German in an en-US browser; "Français" chosen
// in the language switcher redraws it in French, and a reload keeps French.
// With TESSERA_SCREENSHOTS, the wallet's code screen in German and in Arabic is saved as
// wallet-de.png and wallet-ar.png (tools/i18n-screens.mjs puts them side by side in the
// README's docs/wallet-languages.png). Exits 0 when every step passed, 1 with a message
// otherwise.

import {
  PHONE, STEP_TIMEOUT_MS, adminApi, axe, createPass, decodeFrom, env, fail, fakeCameraInit, launchChromium, main, nodeWallet, ok, shoot, until, watchErrors,
} from './lib.mjs';

const TABLET = { viewport: { width: 1280, height: 800 } };
// A guard against a hang, not a timer: five languages of three pages take 45 s on a quiet
// machine and twice that on a loaded one, like the other pages' budgets.
const TOTAL_TIMEOUT_MS = 200_000;
const TAGS = ['en', 'de', 'fr', 'es', 'ar'];
/** The shots kept for the README: the wallet's code screen in these languages. */
const DOC_SHOTS = new Set(['de', 'ar']);

// ------------------------------------------------------------------ the words

// What each screen must say, from the catalogues (web/locales/<tag>.ftl and
// web/locales/parts/<page>/<tag>.ftl), written out so that a screen left in English, or in
// the wrong language, fails. French puts a narrow no-break space (U+202F) before ? and ;.
const WORDS = {
  en: {
    visitor: 'Ada Lovelace',
    language: 'Language', // common-language: the switcher's label
    wallet: {
      title: 'Tessera wallet', // wallet-title
      claimTitle: 'Add a pass', // wallet-claim-title
      add: 'Add to wallet', // wallet-claim-add
      scan: 'Scan gate code', // wallet-scan
      entry: 'Entry code for', // wallet-qr-entry, its start
    },
    gate: {
      online: 'ONLINE', // gate-status-online
      ready: 'Ready to scan', // gate-ready-title
      scanner: 'Hand scanner input', // gate-scanner-label
      challenge: 'Gate challenge for the visitor’s wallet', // gate-challenge-qr-label
      admitted: 'ADMITTED', // gate-word-admitted
      denied: 'DENIED', // gate-word-denied
      stale: 'DENIED — old code, a screenshot? (stale_code)', // gate-verdict-denied with reason-stale-code
    },
    console: {
      title: 'Tessera security console', // console-title
      key: 'API key', // console-signin-key
      signIn: 'Sign in', // console-signin-button
    },
  },
  de: {
    visitor: 'Erika Mustermann',
    language: 'Sprache',
    wallet: {
      title: 'Tessera-Wallet',
      claimTitle: 'Ausweis hinzufügen',
      add: 'Zur Wallet hinzufügen',
      scan: 'Code des Einlasses scannen',
      entry: 'Einlasscode für',
    },
    gate: {
      online: 'ONLINE',
      ready: 'Bereit zum Scannen',
      scanner: 'Eingabe Handscanner',
      challenge: 'Prüfcode des Einlasses für die Wallet',
      admitted: 'EINGELASSEN',
      denied: 'ABGEWIESEN',
      stale: 'ABGEWIESEN — alter Code, ein Screenshot? (stale_code)',
    },
    console: {
      title: 'Tessera-Sicherheitskonsole',
      key: 'API-Schlüssel',
      signIn: 'Anmelden',
    },
  },
  fr: {
    visitor: 'Camille Martin',
    language: 'Langue',
    wallet: {
      title: 'Portefeuille Tessera',
      claimTitle: 'Ajouter un pass',
      add: 'Ajouter au portefeuille',
      scan: 'Scanner le code de l’entrée',
      entry: 'Code d’entrée de',
    },
    gate: {
      online: 'EN LIGNE',
      ready: 'Prêt à scanner',
      scanner: 'Saisie du lecteur manuel',
      challenge: 'Code de contrôle de l’entrée pour le portefeuille du visiteur',
      admitted: 'ADMIS',
      denied: 'REFUSÉ',
      stale: 'REFUSÉ — code périmé, une capture d’écran\u202f? (stale_code)',
    },
    console: {
      title: 'Console de sécurité Tessera',
      key: 'Clé d’API',
      signIn: 'Se connecter',
    },
  },
  es: {
    visitor: 'Lucía García',
    language: 'Idioma',
    wallet: {
      title: 'Cartera Tessera',
      claimTitle: 'Añadir un pase',
      add: 'Añadir a la cartera',
      scan: 'Escanear código del control de acceso',
      entry: 'Código de entrada de',
    },
    gate: {
      online: 'EN LÍNEA',
      ready: 'Listo para escanear',
      scanner: 'Entrada del lector de mano',
      challenge: 'Código de control de la entrada para la billetera del visitante',
      admitted: 'ADMITIDO',
      denied: 'DENEGADO',
      stale: 'DENEGADO — código antiguo, ¿una captura de pantalla? (stale_code)',
    },
    console: {
      title: 'Consola de seguridad de Tessera',
      key: 'Clave de API',
      signIn: 'Iniciar sesión',
    },
  },
  ar: {
    visitor: 'ليلى حداد',
    language: 'اللغة',
    wallet: {
      title: 'محفظة Tessera',
      claimTitle: 'إضافة تصريح',
      add: 'إضافة إلى المحفظة',
      scan: 'مسح رمز البوابة',
      entry: 'رمز دخول',
    },
    gate: {
      online: 'متصل',
      ready: 'جاهز للمسح',
      scanner: 'إدخال الماسح اليدوي',
      challenge: 'رمز تحقق البوابة لمحفظة الزائر',
      admitted: 'مسموح بالدخول',
      denied: 'مرفوض',
      stale: 'مرفوض — رمز قديم، لقطة شاشة؟ (stale_code)',
    },
    console: {
      title: 'وحدة تحكم الأمان في Tessera',
      key: 'مفتاح API',
      signIn: 'تسجيل الدخول',
    },
  },
};
const EN = WORDS.en;
// English a translated screen must not show (texts, not accessible names: those are checked
// through the roles that carry them).
const ENGLISH = {
  claim: [EN.wallet.claimTitle, EN.wallet.add, 'You have been sent a visitor pass', 'Valid until'],
  code: [EN.wallet.scan, 'Paste a gate challenge', 'New code in', 'Transfer this pass'],
  gate: [EN.gate.ready, EN.gate.scanner, 'Tap to continue', 'Walk-ins'],
  verdict: [EN.gate.admitted, EN.gate.denied, 'old code, a screenshot?', 'Tap to continue'],
  console: [EN.console.title, EN.console.key, 'Sign in', 'An admin or auditor key'],
};

// ------------------------------------------------------------------ helpers

/** Text as compared: without the isolation marks right-to-left text puts around placeables, white space collapsed. */
const norm = (s) => String(s ?? '').replace(/[\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim();

const screenText = async (page) => norm(await page.locator('body').innerText());

/** Waits for `locator` to be visible, or fails naming `what` and quoting the screen. */
async function see(page, locator, what) {
  await locator.first().waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS }).catch(async () => {
    fail(`${what} never appeared; the screen says: ${(await screenText(page).catch(() => '?')).slice(0, 400)}`);
  });
}

/** `<html lang dir>` names `tag` (rtl for Arabic, ltr otherwise). */
async function assertLanguage(page, tag, what) {
  const got = await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
  const dir = tag === 'ar' ? 'rtl' : 'ltr';
  if (got.lang !== tag || got.dir !== dir) fail(`${what}: <html lang="${got.lang}" dir="${got.dir}">, expected lang="${tag}" dir="${dir}"`);
}

/** None of the English `phrases` is on a screen in `tag` (nothing to check in English). */
async function assertNoEnglish(page, tag, phrases, what) {
  if (tag === 'en') return;
  const text = await screenText(page);
  const found = phrases.filter((p) => text.includes(norm(p)));
  if (found.length) fail(`${what} (${tag}) still shows English: ${found.map((p) => `"${p}"`).join(', ')}; the screen says: ${text.slice(0, 400)}`);
}

/** The page is no wider than the phone (longer words must wrap, not push the page sideways). */
async function assertNoSidewaysScroll(page, what) {
  const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement.scrollWidth, width: document.documentElement.clientWidth }));
  const vp = page.viewportSize();
  if (scrollWidth > vp.width + 1 || width > vp.width + 1) fail(`${what} is ${Math.max(scrollWidth, width)} px wide on a ${vp.width} px phone: it scrolls sideways`);
}

/** A screenshot kept under TESSERA_SCREENSHOTS (none taken without it). */
const keep = (target, name) => (process.env.TESSERA_SCREENSHOTS ? shoot(target, name) : null);

// Runs in the gate page before its scripts: while `window.__holdVerdict` is true, the
// verdict's full screen (`.verdict`) is not hidden, as it is after 3 s, so that axe-core
// checks the verdict itself however long it takes.
function holdVerdictInit() {
  const hidden = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'hidden');
  window.__holdVerdict = false;
  Object.defineProperty(HTMLElement.prototype, 'hidden', {
    configurable: true,
    enumerable: hidden.enumerable,
    get: hidden.get,
    set(value) {
      if (value && window.__holdVerdict && this.classList && this.classList.contains('verdict')) return;
      hidden.set.call(this, value);
    },
  });
}

// ------------------------------------------------------------------ (1, 2) the wallet

async function walletSteps(browser, admin, tag, errors) {
  const w = WORDS[tag].wallet;
  const pass = await createPass(admin, WORDS[tag].visitor); // no language: the browser's decides
  const ctx = await browser.newContext({ ...PHONE, locale: tag });
  try {
    const page = await ctx.newPage();
    watchErrors(page, `wallet (${tag})`, errors);
    await page.goto(pass.claim_url);
    const add = page.getByRole('button', { name: w.add, exact: true });
    await see(page, add, `[${tag}] the claim screen's "${w.add}" button`);
    await until(`[${tag}] the "${w.add}" button to be enabled`, () => add.isEnabled());
    await see(page, page.getByRole('heading', { name: w.claimTitle, exact: true }), `[${tag}] the claim screen's heading "${w.claimTitle}"`);
    await assertLanguage(page, tag, `[${tag}] the claim screen`);
    const title = await page.title();
    if (title !== w.title) fail(`[${tag}] the wallet's title is "${title}", expected "${w.title}"`);
    await assertNoEnglish(page, tag, ENGLISH.claim, 'the claim screen');
    await assertNoSidewaysScroll(page, `[${tag}] the claim screen`);
    await keep(page, `i18n-wallet-claim-${tag}`);
    await axe(page, `[${tag}] the wallet's claim screen`);
    ok(`[${tag}] the claim screen says "${w.claimTitle}" and "${w.add}", <html lang="${tag}">`);

    await add.click();
    const qr = page.getByRole('img', { name: w.entry }); // "Entry code for <name>; it changes every …"
    await see(page, qr, `[${tag}] the code QR named "${w.entry} …"`);
    await see(page, page.getByRole('button', { name: w.scan, exact: true }), `[${tag}] the code screen's "${w.scan}" button`);
    await assertLanguage(page, tag, `[${tag}] the code screen`);
    await assertNoEnglish(page, tag, ENGLISH.code, 'the code screen');
    await assertNoSidewaysScroll(page, `[${tag}] the code screen`);
    if (tag !== 'en' && (await page.getByRole('img', { name: EN.wallet.entry }).count())) fail(`[${tag}] the code QR is named in English`);
    const code = await decodeFrom(page, 'TSR1:', DOC_SHOTS.has(tag) ? `wallet-${tag}` : null, `[${tag}] the wallet's code screen`);
    await axe(page, `[${tag}] the wallet's code screen`);
    ok(`[${tag}] the code screen says "${w.scan}"; its QR decodes to ${code.slice(0, 12)}…`);
  } finally {
    await ctx.close();
  }
}

// ------------------------------------------------------------------ (3) the gate

/** A gate configured in `tag` (`POST /v1/gates` with `language`), its pairing link, and two wallets in this script. */
async function gateSetup(base, admin, tag) {
  const device = await admin('POST', '/v1/gates', { label: `Gate ${tag}`, site: 'e2e', language: tag });
  if (device.language != null && device.language !== tag) fail(`[${tag}] POST /v1/gates with language "${tag}" answered language ${JSON.stringify(device.language)}`);
  const pairing = await admin('POST', `/v1/gates/${device.gate_id}/pairing`, null, [201]);
  const [visitor, stale] = await Promise.all([nodeWallet(base, admin, WORDS[tag].visitor), nodeWallet(base, admin, `${WORDS[tag].visitor} 2`)]);
  return { pairing, visitor, stale };
}

async function gateSteps(browser, admin, tag, setup, errors) {
  const g = WORDS[tag].gate;
  const { pairing, visitor, stale } = await setup;
  // The guard's browser is English; the gate is configured in `tag`: the gate's language wins.
  const ctx = await browser.newContext({ ...TABLET, locale: 'en-US' });
  try {
    await ctx.addInitScript(fakeCameraInit, { fps: 5 });
    await ctx.addInitScript(holdVerdictInit);
    const page = await ctx.newPage();
    watchErrors(page, `gate (${tag})`, errors);
    await page.goto(pairing.pairing_url);
    await see(page, page.getByText(g.online, { exact: true }), `[${tag}] the gate's status "${g.online}"`);
    await see(page, page.getByRole('heading', { name: g.ready, exact: true }), `[${tag}] the gate's "${g.ready}"`);
    const browserLanguage = await page.evaluate(() => navigator.languages[0]);
    if (!/^en\b/.test(browserLanguage)) fail(`[${tag}] the gate's browser says ${browserLanguage}, not en-US`);
    await assertLanguage(page, tag, `[${tag}] the gate in an en-US browser`);
    await assertNoEnglish(page, tag, ENGLISH.gate, 'the gate');
    const scanner = page.getByLabel(g.scanner, { exact: true });
    await see(page, scanner, `[${tag}] the gate's "${g.scanner}" field`);

    /** Types `text` into the hand scanner field; returns the verdict's words once it shows, its icon drawn. */
    const verdictFor = async (text, what) => {
      await page.evaluate(() => {
        window.__holdVerdict = true;
      });
      await scanner.fill(text);
      await scanner.press('Enter');
      const shown = page.locator('.verdict:not([hidden])');
      await see(page, shown.locator('.verdict-headline'), `[${tag}] the verdict for ${what}`);
      const words = norm(await shown.locator('.verdict-headline').textContent());
      const icon = shown.locator('svg');
      const box = (await icon.count()) ? await icon.first().boundingBox() : null;
      if (!box || box.width < 16 || box.height < 16) fail(`[${tag}] the verdict for ${what} ("${words}") has no icon beside its word: ${JSON.stringify(box)}`);
      await assertLanguage(page, tag, `[${tag}] the verdict for ${what}`);
      await assertNoEnglish(page, tag, ENGLISH.verdict, `the verdict for ${what}`);
      return words;
    };
    const dismiss = async () => {
      await page.evaluate(() => {
        window.__holdVerdict = false;
      });
      // The guard taps the verdict away, if its own seconds have not taken it already (the
      // checks above may take longer on a loaded machine), as rollcall.e2e.mjs does.
      await page.evaluate(() => {
        const verdict = document.querySelector('.verdict');
        if (verdict && !verdict.hidden) verdict.click();
      });
      await page.locator('.verdict').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
    };

    // DENIED: a genuine code from three steps ago.
    const denied = await verdictFor(await stale.code(-45), 'a stale code');
    if (denied !== norm(g.stale)) fail(`[${tag}] a stale code shows "${denied}", expected "${g.stale}"`);
    await keep(page, `i18n-gate-denied-${tag}`);
    await axe(page, `[${tag}] the gate's DENIED verdict`);
    await dismiss();
    ok(`[${tag}] a stale code: "${denied}", with its icon`);

    // ADMITTED: the visitor's code, the challenge read from a screenshot, the answer typed.
    await scanner.fill(await visitor.code());
    await scanner.press('Enter');
    const qr = page.getByRole('img', { name: g.challenge, exact: true });
    await see(page, qr, `[${tag}] the challenge QR named "${g.challenge}"`);
    const challenge = await decodeFrom(qr, 'TSR1C:', null, `[${tag}] the gate's challenge`);
    const admitted = await verdictFor(await visitor.answer(challenge), "the visitor's answer");
    if (admitted !== norm(g.admitted)) fail(`[${tag}] the visitor's answer shows "${admitted}", expected "${g.admitted}"`);
    await keep(page, `i18n-gate-admitted-${tag}`);
    await axe(page, `[${tag}] the gate's ADMITTED verdict`);
    await dismiss();
    const after = await admin('GET', `/v1/passes/${visitor.passId}`);
    if (after.uses !== 1) fail(`[${tag}] uses is ${after.uses} after one admission, expected 1`);
    ok(`[${tag}] a gate configured in ${tag}, in an en-US browser: "${admitted}", with its icon (uses == 1)`);
  } finally {
    await ctx.close();
  }
}

// ------------------------------------------------------------------ (4) the console

async function consoleSteps(browser, base, tag, errors) {
  const c = WORDS[tag].console;
  const ctx = await browser.newContext({ ...TABLET, locale: tag });
  try {
    const page = await ctx.newPage();
    watchErrors(page, `console (${tag})`, errors);
    await page.goto(`${base}/console`);
    await see(page, page.getByLabel(c.key, { exact: true }), `[${tag}] the console's "${c.key}" field`);
    await see(page, page.getByRole('button', { name: c.signIn, exact: true }), `[${tag}] the console's "${c.signIn}" button`);
    await see(page, page.getByRole('heading', { name: c.title, exact: true }), `[${tag}] the console's heading "${c.title}"`);
    await assertLanguage(page, tag, `[${tag}] the console's sign-in`);
    await assertNoEnglish(page, tag, ENGLISH.console, "the console's sign-in");
    await keep(page, `i18n-console-${tag}`);
    await axe(page, `[${tag}] the console's sign-in`);
    ok(`[${tag}] the console's sign-in says "${c.key}" and "${c.signIn}"`);
  } finally {
    await ctx.close();
  }
}

// ------------------------------------------------------------------ (5) which language wins

async function precedence(browser, admin, errors) {
  const de = WORDS.de;
  const fr = WORDS.fr;
  const pass = await createPass(admin, de.visitor, { language: 'de' });
  const ctx = await browser.newContext({ ...PHONE, locale: 'en-US' });
  try {
    const page = await ctx.newPage();
    watchErrors(page, 'wallet (de pass, en-US browser)', errors);
    await page.goto(pass.claim_url);
    // Drawn in the browser's English first, then again in German once the preview names it.
    await see(page, page.getByRole('button', { name: de.wallet.add, exact: true }), `a pass issued in German, in an en-US browser: "${de.wallet.add}"`);
    await assertLanguage(page, 'de', 'a pass issued in German, in an en-US browser');
    await assertNoEnglish(page, 'de', ENGLISH.claim, 'a pass issued in German, in an en-US browser,');
    ok('a pass issued with language "de" opens in German in an en-US browser');

    const select = page.getByRole('combobox', { name: de.language, exact: true });
    await see(page, select, `the language switcher labelled "${de.language}"`);
    if ((await select.getAttribute('id')) !== 'language-select') fail('the switcher labelled "Sprache" is not #language-select');
    await page.locator('#language-select').selectOption({ label: 'Français' });
    await see(page, page.getByRole('button', { name: fr.wallet.add, exact: true }), `after choosing Français: "${fr.wallet.add}"`);
    await assertLanguage(page, 'fr', 'after choosing Français');
    if ((await screenText(page)).includes(de.wallet.add)) fail(`after choosing Français the screen still says "${de.wallet.add}"`);
    await page.reload();
    await see(page, page.getByRole('button', { name: fr.wallet.add, exact: true }), `after choosing Français and reloading: "${fr.wallet.add}"`);
    await assertLanguage(page, 'fr', 'after choosing Français and reloading');
    if ((await screenText(page)).includes(de.wallet.add)) fail(`after the reload the screen says "${de.wallet.add}" again`);
    const chosen = await page.locator('#language-select').inputValue();
    if (chosen !== 'fr') fail(`after the reload the switcher shows "${chosen}", not fr`);
    ok('the switcher beats the pass\'s language: "Français" redraws the claim in French, and a reload keeps French');
  } finally {
    await ctx.close();
  }
}

// ------------------------------------------------------------------ the test

await main(
  'i18n',
  async () => {
    const base = env('TESSERA_URL').replace(/\/$/, '');
    const admin = adminApi(base, env('TESSERA_ADMIN_KEY'));
    const started = Date.now();
    // The gates, their pairing links and the gates' wallets, made while the browser starts.
    const setups = Object.fromEntries(TAGS.map((tag) => [tag, gateSetup(base, admin, tag)]));
    for (const setup of Object.values(setups)) setup.catch(() => {}); // awaited (and failing) in its step
    const browser = await launchChromium(['--autoplay-policy=no-user-gesture-required']); // the gate's camera video and beep, as in gate.e2e.mjs
    const pageErrors = [];
    try {
      // One language after another (the pages are CPU-bound: side by side is no faster on a
      // small machine, and the log reads in order).
      for (const tag of TAGS) {
        await walletSteps(browser, admin, tag, pageErrors);
        await gateSteps(browser, admin, tag, setups[tag], pageErrors);
        await consoleSteps(browser, base, tag, pageErrors);
      }
      await precedence(browser, admin, pageErrors);
      const serious = pageErrors.filter((e) => !/Failed to load resource|WebSocket connection to|status of 40[149]/.test(e));
      if (serious.length) fail(`the pages logged errors: ${serious.join(' | ')}`);
      console.log(`time: ${((Date.now() - started) / 1000).toFixed(1)} s for ${TAGS.length} languages`);
    } finally {
      await browser.close();
    }
  },
  TOTAL_TIMEOUT_MS,
);

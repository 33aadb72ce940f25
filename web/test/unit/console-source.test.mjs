// Rules of issue 15 that are about the console's source itself: the API key is posted once
// and never stored; role="alert" carries errors only; no inline script or style. And of
// issue 34: every word is a catalogue message (English exactly as the end-to-end tests read
// it), a server's error message is never shown, dates and numbers go through i18n.js.
import './i18n-setup.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { has, t } from '../../src/i18n.js';

const dir = new URL('../../src/console/', import.meta.url);
const read = (sub) => readdirSync(new URL(sub, dir)).filter((f) => f.endsWith('.js')).map((f) => [`${sub}${f}`, readFileSync(new URL(`${sub}${f}`, dir), 'utf8')]);
const sources = [...read(''), ...read('views/')];
// The console's page code: the shell (app.js), what its views share (state.js, parts.js) and
// the views (views/*.js); model.js and feed.js are pure.
const page = sources.filter(([f]) => !['model.js', 'feed.js'].includes(f));
assert.ok(page.length > 10, `${page.length} page modules`);
const app = page.map(([, text]) => text).join('\n');
const html = readFileSync(new URL('../../src/console.html', import.meta.url), 'utf8');
const ui = readFileSync(new URL('../../src/ui.js', import.meta.url), 'utf8');

test('nothing in the console touches Web Storage, IndexedDB or document.cookie', () => {
  for (const [name, text] of sources) {
    for (const forbidden of ['localStorage', 'sessionStorage', 'indexedDB', 'document.cookie', 'caches.']) {
      assert.ok(!text.includes(forbidden), `${name} uses ${forbidden}`);
    }
  }
});

test('the key is read once, cleared from the field, and sent only in the sign-in body', () => {
  assert.equal((app.match(/api_key/g) || []).length, 1, 'api_key appears once (the POST body)');
  assert.match(app, /api\('POST', '\/v1\/console\/session', \{ api_key: key \}\)/);
  assert.match(app, /const key = input\.value\.trim\(\);\s*input\.value = '';/);
  assert.ok(!/[?&]api_key=|location\.(hash|search)\s*=.*key/.test(app));
});

test('role="alert" is made in one place, for errors', () => {
  const alerts = [...app.matchAll(/role: 'alert'/g)];
  assert.equal(alerts.length, 1);
  assert.match(app, /const errorBox = \(text\) => h\('p', \{ role: 'alert'/);
});

test('state-changing calls carry the CSRF token', () => {
  // Every call goes through the console scheme's one JSON call (ui.js), which adds it.
  assert.match(app, /const api = sessionApi\(\{ getSession: \(\) => session,/);
  assert.match(ui, /if \(method !== 'GET' && session\) headers\['x-csrf-token'\] = session\.csrf_token;/);
  assert.match(ui, /credentials: 'same-origin'/);
});

test('the page has no inline script or style and names only its own assets', () => {
  assert.ok(!/<script>|<style|style=/.test(html));
  assert.ok(!/https?:\/\//.test(html));
  assert.match(html, /src="\{\{console\.js\}\}"/);
});

test('every console-* message the console names is in the English catalogue', () => {
  // Ids passed as values (a tab's label, what a failed call tried) as well as t('…').
  const classes = new Set([...app.matchAll(/class: '([^']*)'/g)].flatMap((m) => m[1].split(' ')));
  const ids = [...new Set([...app.matchAll(/'(console-[a-z0-9-]+)'/g)].map((m) => m[1]))].filter((id) => !classes.has(id));
  assert.ok(ids.length > 300, `${ids.length} ids`);
  const missing = ids.filter((id) => !has(id));
  for (const id of ['console-alarm-already-acknowledged', 'console-alarm-already-resolved']) if (!has(`${id}-by`)) missing.push(`${id}-by`);
  assert.deepEqual(missing, []);
});

test('a server’s error message is never shown, and dates and numbers go through i18n.js', () => {
  assert.ok(!/\.message\b/.test(app), 'the page reads an error message');
  assert.match(app, /errorText\(res\.code\)/);
  for (const forbidden of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString', 'Intl.']) assert.ok(!app.includes(forbidden), `the page uses ${forbidden}`);
  assert.match(app, /startLanguage\('console', \{\}\)/);
  assert.match(app, /mountSwitcher\('console'\)/);
  assert.match(app, /setTimeZone\(s\.time_zone\)/);
});

test('the English words the end-to-end tests read are exactly these', () => {
  const exact = {
    'console-feed-live': [{}, 'LIVE'],
    'console-feed-connecting': [{}, 'CONNECTING'],
    'console-feed-reconnecting': [{}, 'RECONNECTING'],
    'console-gate-online': [{}, 'ONLINE'],
    'console-gate-offline': [{}, 'OFFLINE'],
    'console-views': [{}, 'Views'],
    'console-signin-key': [{}, 'API key'],
    'console-signin-button': [{}, 'Sign in'],
    'console-sign-out': [{}, 'Sign out'],
    'console-role': [{ role: 'auditor' }, 'auditor'],
    'console-tab-messages': [{}, 'Mail'],
    'console-tab-signin': [{}, 'Sign-in'],
    'console-alarm-heading': [{ id: '12345' }, 'Alarm 12345'],
    'console-alarm-already-acknowledged-by': [{ name: 'Grace Hopper' }, 'This alarm was already acknowledged by Grace Hopper.'],
    'console-timeline-of': [{ pass: 'Barbara Liskov' }, 'Timeline of Barbara Liskov'],
    'console-denials-title': [{}, 'Denials by reason'],
    'console-tile-admissions': [{}, 'Admissions'],
    'console-gate-last-seen-sentence': [{ ago: '3 min ago', time: '16:04:05' }, 'Last seen 3 min ago (16:04:05).'],
    'console-admissions-heading': [{ count: 1 }, 'Admissions (1)'],
    'console-gate-created': [{ label: 'Console gate' }, 'Gate “Console gate” created'],
    'console-claim-qr': [{}, 'Claim link QR code'],
    'console-pair-qr': [{}, 'Pairing link QR code'],
    'console-gate-revoke-confirm': [{}, 'Yes, revoke this gate'],
    'console-pass-revoke-confirm': [{}, 'Yes, revoke this pass'],
    'console-pass-state': [{ state: 'revoked' }, 'revoked'],
    'console-watch-form': [{}, 'Add to the watchlist'],
    'console-watch-add': [{}, 'Add to watchlist'],
    'console-watch-remove-label': [{ who: 'eve@example.com' }, 'Remove eve@example.com from the watchlist'],
    'console-watch-never': [{}, 'Never'],
    'console-rc-start-form': [{}, 'Start a roll call'],
    'console-rc-scope-site': [{ site: 'e2e' }, 'Site e2e'],
    'console-rc-title': [{ scope: 'Site e2e' }, 'Roll call: Site e2e'],
    'console-rc-people': [{}, 'People on the roll call'],
    'console-rc-mark-safe-label': [{ name: 'Dee Walker' }, 'Mark safe: Dee Walker'],
    'console-rc-marked-by-hand': [{ who: 'North lawn' }, 'North lawn (by hand)'],
    'console-rc-marked-by-scan': [{ who: 'Car park' }, 'Car park (scan)'],
    'console-rc-end-confirm': [{}, 'Yes, end it and file the report'],
    'console-sso-saved': [{}, 'Saved. Register the addresses below at your identity provider.'],
    'console-session-end-label': [{ who: 'Hana Ito' }, 'End the session of Hana Ito'],
    'console-message-send-again-label': [{ to: 'bounce@example.com' }, 'Send again: the claim link for bounce@example.com'],
    'console-message-new-address': [{ to: 'bounce@example.com' }, 'New address for bounce@example.com'],
    'console-message-sent-again': [{ to: 'ned@example.com' }, 'Sent again to ned@example.com; the earlier link no longer works.'],
  };
  for (const [id, [args, english]] of Object.entries(exact)) assert.equal(t(id, args), english, id);
});

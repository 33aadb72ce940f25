// Rules of the host page that are about its source (the console's sign-in scheme): the key
// is posted once and never stored; role="alert" carries errors only; the CSRF token goes on
// every state-changing call; no inline script or style.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';

const dir = new URL('../../src/host/', import.meta.url);
const sources = readdirSync(dir).filter((f) => f.endsWith('.js')).map((f) => [f, readFileSync(new URL(f, dir), 'utf8')]);
const app = readFileSync(new URL('app.js', dir), 'utf8');
const html = readFileSync(new URL('../../src/host.html', import.meta.url), 'utf8');
const ui = readFileSync(new URL('../../src/ui.js', import.meta.url), 'utf8');

test('nothing in the host page touches Web Storage, IndexedDB or document.cookie', () => {
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
});

test('role="alert" is made in one place, for errors; arrivals go to a polite live region', () => {
  assert.equal([...app.matchAll(/role: 'alert'/g)].length, 1);
  assert.match(app, /const errorBox = \(text\) => h\('p', \{ role: 'alert'/);
  assert.match(app, /'aria-live': 'polite'/);
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
  assert.match(html, /src="\{\{host\.js\}\}"/);
});

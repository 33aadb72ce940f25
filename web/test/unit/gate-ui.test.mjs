// The web gate's words (and the deny reasons' and "ago" words it shares with the console) and its camera de-duplication.
import './i18n-setup.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { deniedText, verdictView } from '../../src/gate/words.js';
import { REASON_WORDS, ago } from '../../src/words.js';
import { Dedupe, HOLD_MS } from '../../src/gate/dedupe.js';
import { setTimeZone } from '../../src/i18n.js';

// The rows of the "Denial reasons" table only: other tables (the walk-in states) name other things.
const protocolDoc = readFileSync(new URL('../../../docs/protocol.md', import.meta.url), 'utf8');
const denialSection = (protocolDoc.split('\nDenial reasons:\n')[1] || '').split('\n## ')[0];
const documented = [...denialSection.matchAll(/^\| `([a-z_]+)` \| /gm)].map((m) => m[1]);

test('every TSR1 deny reason of docs/protocol.md has plain words, and nothing else does', () => {
  assert.ok(documented.length >= 16, `found ${documented}`);
  assert.deepEqual([...documented].sort(), Object.keys(REASON_WORDS).sort());
});

test('the DENIED text names the words and the code', () => {
  assert.equal(deniedText('stale_code'), 'DENIED \u2014 old code, a screenshot? (stale_code)');
  assert.equal(deniedText('something_new'), 'DENIED \u2014 refused by the server (something_new)');
  assert.equal(deniedText('<b>'), 'DENIED \u2014 refused by the server (unknown)');
});

test('only the two admitting verdicts contain ADMITTED, never NOT ADMITTED', () => {
  const pass = { id: 'x', label: 'Ada' };
  assert.equal(verdictView({ outcome: 'admitted', pass }).headline, 'ADMITTED');
  assert.equal(verdictView({ outcome: 'admitted', pass }).tone, 'green');
  const amber = verdictView({ outcome: 'already_admitted', pass, first_admitted_at: '2025-11-29T18:39:00Z', first_gate_label: 'North gate B' }, Date.parse('2025-11-29T18:41:00Z'));
  assert.equal(amber.headline, 'ALREADY ADMITTED');
  assert.equal(amber.tone, 'amber');
  assert.match(amber.details.join(' '), /\(2 min ago\) at North gate B/);
  for (const reason of [...Object.keys(REASON_WORDS), 'unknown'].filter((r) => r !== 'see_staff')) {
    const v = verdictView({ outcome: 'denied', reason, pass, age_s: 47, ahead_s: 30 });
    assert.equal(v.tone, 'red');
    const all = [v.headline, ...v.details].join(' ');
    assert.ok(v.headline.startsWith('DENIED \u2014 '), v.headline);
    assert.doesNotMatch(all, /admitted/i, all);
  }
  assert.match(verdictView({ outcome: 'denied', reason: 'stale_code', age_s: 47 }).details.join(), /47 s old/);
});

test('a hold for staff is neutral: amber PLEASE WAIT, never DENIED, never why', () => {
  const v = verdictView({ outcome: 'denied', reason: 'see_staff', pass: { id: 'x', label: 'Eve' } });
  assert.equal(v.tone, 'amber');
  assert.equal(v.headline, 'PLEASE WAIT');
  const all = [v.headline, ...v.details].join(' ');
  assert.match(all, /Staff are on their way/);
  assert.doesNotMatch(all, /denied|admitted|watch|list|see_staff/i, all);
});

test('"ago" reads like a guard would say it', () => {
  // A day is the venue's day (UTC here, whatever the test machine's zone).
  setTimeZone('UTC');
  const t = Date.parse('2025-11-29T18:00:00Z');
  assert.equal(ago(t + 2000, t), 'just now');
  assert.equal(ago(t + 42_000, t), '42 s ago');
  assert.equal(ago(t + 130_000, t), '2 min ago');
  assert.equal(ago(t + 3_900_000, t), '1 h 5 min ago');
  assert.equal(ago(t + 3 * 86_400_000, t), 'on 2025-11-29');
  setTimeZone('Asia/Tokyo');
  assert.equal(ago(t + 3 * 86_400_000, t), 'on 2025-11-30', 'the day in the venue’s zone');
  setTimeZone(undefined);
});

test('a code in view is passed on once, however many frames show it', () => {
  const d = new Dedupe();
  const code = 'TSR1:AGJPHJC3NR6Y5H5AWHBNHZHVAY:117629440:80238672';
  assert.equal(d.accept(code, 0), true);
  for (let t = 50; t < 60_000; t += 50) assert.equal(d.accept(code, t), false, `frame at ${t}`);
  assert.equal(d.accept('TSR1:AGJPHJC3NR6Y5H5AWHBNHZHVAY:117629441:56120682', 100), true, 'the next code is new');
});

test('the same code again within its step is held back; after the step and out of view it passes', () => {
  const d = new Dedupe();
  const code = 'TSR1:X';
  assert.equal(d.accept(code, 0), true);
  assert.equal(d.accept(code, 10_000), false, 'back in view after 7 s out of view, same step');
  assert.equal(d.accept(code, 14_500), false, 'still in the step');
  assert.equal(d.accept(code, HOLD_MS + 1000), false, 'past the step but seen 1.5 s ago: still in view');
  assert.equal(d.accept(code, HOLD_MS + 4000), true, 'gone for 3 s and past the step');
  d.forget(code);
  assert.equal(d.accept(code, HOLD_MS + 4100), true, 'forget lets it through');
});

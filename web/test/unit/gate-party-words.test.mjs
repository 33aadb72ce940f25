// What the guard reads for a party (words.js `partyView`), the strip's lines, the hold on a
// pass just let in (dedupe.js `PassHold`), and which of a wallet's passes go together
// (parties.js).
import './i18n-setup.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { partyView, stripLine, verdictView } from '../../src/gate/words.js';
import { PassHold, codePasses, pendingPasses } from '../../src/gate/dedupe.js';
import { partyGroups, partyOf } from '../../src/wallet/parties.js';

const member = (label, outcome, reason = null, extra = {}) => ({
  scan_id: `s-${label}`,
  pass_id: `p-${label}`,
  label,
  ended: 'result',
  verdict: { emit: 'verdict', outcome, reason, replayed: false, pass: { id: `p-${label}`, label }, muster: false, ...extra },
});

test('a party where everyone may go in is green ADMITTED, naming each person', () => {
  const v = partyView({ party_id: 'x', members: [member('Ada', 'admitted'), member('Bea', 'admitted')] });
  assert.equal(v.tone, 'green');
  assert.equal(v.headline, 'ADMITTED');
  assert.deepEqual(v.details, ['All 2 may go in']);
  assert.deepEqual(v.people.map((p) => [p.name, p.headline]), [['Ada', 'ADMITTED'], ['Bea', 'ADMITTED']]);
});

test('a split party names who may go in and why the others may not', () => {
  const v = partyView({
    party_id: 'x',
    members: [member('Ada', 'admitted'), member('Bea', 'denied', 'revoked'), member('Cal', 'admitted'), { scan_id: 's4', pass_id: 'p4', label: null, ended: 'unanswered', verdict: null }],
  });
  assert.equal(v.tone, 'amber');
  assert.equal(v.headline, 'LET 2 OF 4 IN');
  assert.doesNotMatch(v.headline, /ADMITTED/);
  assert.deepEqual(
    v.people.map((p) => [p.name, p.tone, p.headline]),
    [
      ['Ada', 'green', 'ADMITTED'],
      ['Bea', 'red', 'DENIED \u2014 pass cancelled by the issuer (revoked)'],
      ['Cal', 'green', 'ADMITTED'],
      ['Person 4 of 4', 'red', 'NO ANSWER \u2014 the phone did not answer for this pass in time'],
    ],
  );
  assert.deepEqual(v.people[1].strip, { tone: 'red', icon: 'cross', word: 'DENIED', name: 'Bea', why: 'pass cancelled by the issuer (revoked)' });
  // Only an admitting line says ADMITTED.
  for (const p of v.people) if (p.tone !== 'green') assert.doesNotMatch(p.headline, /ADMITTED/, p.headline);
});

test('nobody may go in: red DENIED; all came before: amber ALREADY ADMITTED; a hold holds everyone', () => {
  const none = partyView({ party_id: 'x', members: [member('Ada', 'denied', 'stale_code'), member('Bea', 'denied', 'bad_code')] });
  assert.equal(none.tone, 'red');
  assert.equal(none.headline, 'DENIED');
  assert.deepEqual(none.details, ['Nobody in this party of 2 may go in']);
  const again = partyView({ party_id: 'x', members: [member('Ada', 'already_admitted'), member('Bea', 'already_admitted')] });
  assert.equal(again.tone, 'amber');
  assert.equal(again.headline, 'ALREADY ADMITTED');
  const hold = partyView({ party_id: 'x', members: [member('Ada', 'admitted'), member('Bea', 'denied', 'see_staff')] });
  assert.equal(hold.headline, 'PLEASE WAIT');
  assert.equal(hold.people[1].headline, 'PLEASE WAIT');
  assert.doesNotMatch(hold.people.map((p) => p.headline).join(' '), /see_staff|watch/i);
});

test('the strip line of a single verdict: the word, the name, the reason for a refusal', () => {
  const v = { outcome: 'denied', reason: 'stale_code', pass: { id: 'p', label: 'Sam' }, age_s: 47 };
  assert.deepEqual(stripLine(v, verdictView(v)), { tone: 'red', icon: 'cross', word: 'DENIED', name: 'Sam', why: 'old code, a screenshot? (stale_code)' });
  const ok = { outcome: 'admitted', pass: null };
  assert.deepEqual(stripLine(ok, verdictView(ok)), { tone: 'green', icon: 'check', word: 'ADMITTED', name: 'Visitor', why: '' });
});

test('a pass just let in is held for the camera; a party only when all its passes are', () => {
  const held = new PassHold({ holdMs: 1000 });
  const A = 'AGJPHJC3NR6Y5H5AWHBNHZHVAY';
  const B = 'AEAQEAYEAUDAOCAJBIFQYDIOB4';
  const a = '0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f506';
  assert.deepEqual(codePasses(`TSR1:${A}:1:12345678`), [a]);
  assert.deepEqual(codePasses(`TSR1P:1:${A}:12345678:${B}:12345678`).length, 2);
  assert.deepEqual(codePasses('TSR1R:x'), []);
  assert.deepEqual(codePasses(`TSR1P:1:${A}:12345678`), [], 'not a party code');
  held.hold(a.toUpperCase(), 0);
  assert.equal(held.holds(codePasses(`TSR1:${A}:1:12345678`), 500), true);
  assert.equal(held.holds(codePasses(`TSR1P:1:${A}:12345678:${B}:12345678`), 500), false, 'one member is new');
  assert.equal(held.holds([], 500), false);
  assert.equal(held.holds(codePasses(`TSR1:${A}:1:12345678`), 1000), false, 'the hold ends');
});

test('a wallet groups the passes usable now by site and step, two or more, with 8-digit codes', () => {
  const now = Date.parse('2025-11-29T18:40:00Z');
  const pass = (id, extra = {}) => ({ passId: id, label: id, site: 'north', periodS: 15, digits: 8, codeKey: {}, responseKey: {}, validFrom: '2025-11-29T00:00:00Z', validUntil: '2025-11-30T00:00:00Z', ...extra });
  const passes = [
    pass('a'),
    pass('b'),
    pass('c', { site: 'south' }),
    pass('d', { validUntil: '2025-11-29T18:00:00Z' }), // expired
    pass('e', { digits: 6 }),
    pass('f'),
    pass('g', { site: 'south' }),
    pass('h', { site: null }),
  ];
  assert.deepEqual(partyGroups(passes, now).map((g) => g.map((p) => p.passId)), [['a', 'b', 'f'], ['c', 'g']]);
  assert.deepEqual(partyOf(passes[6], passes, now).map((p) => p.passId), ['c', 'g']);
  assert.equal(partyOf(passes[7], passes, now), null);
  assert.equal(partyOf(passes[3], passes, now), null);
});

test('the passes still in front of the gate: a code on its way, a live challenge, an answer on its way', () => {
  const A = 'AGJPHJC3NR6Y5H5AWHBNHZHVAY';
  const B = 'AEAQEAYEAUDAOCAJBIFQYDIOB4';
  const C = 'AAAAAAAAAAAAAAAAAAAAAAAAAE';
  const now = Date.parse('2025-11-29T18:40:10Z');
  const challenge = (expires) => ({ nonce: 'n', wallet_challenge: 'w', expires_at: expires, pass: { id: 'x', label: null } });
  const scans = [
    { scan_id: '1', code: `TSR1:${A}:1:12345678`, scanned_at: '2025-11-29T18:40:01Z', challenge: null, response: null },
    { scan_id: '2', code: `TSR1:${B}:1:12345678`, challenge: challenge('2025-11-29T18:40:30Z'), response: null },
    { scan_id: '3', code: `TSR1:${C}:1:12345678`, challenge: challenge('2025-11-29T18:40:05Z'), response: null },
  ];
  const ids = [...pendingPasses(scans, now)];
  assert.equal(ids.length, 2, 'an expired challenge no longer holds its pass');
  assert.ok(ids.includes(codePasses(`TSR1:${A}:2:12345678`)[0]) && ids.includes(codePasses(`TSR1:${B}:2:12345678`)[0]));
  scans[2].response = 'TSR1R:…';
  assert.equal(pendingPasses(scans, now).size, 3, 'an answer on its way holds its pass');
  assert.equal(pendingPasses(scans, now + 15_000).size, 2, 'a code queued a step ago (offline) no longer holds its pass');
});

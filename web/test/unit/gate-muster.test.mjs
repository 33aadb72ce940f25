// A roll call on the web gate: muster scans ride the same state machine under the
// `muster_*` frames, their verdicts say SAFE (never ADMITTED) and count in no shift
// counter, and a marshal's marks by hand are journaled before they are sent and forgotten
// only once the server answered for them.
import './i18n-setup.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GateCore, MemoryJournal } from '../../src/gate/core.js';
import { counterFor } from '../../src/gate/journal.js';
import { MusterMarks, markAnswer, musterPeople } from '../../src/gate/muster.js';
import { personKey, personRef } from '../../src/people.js';
import { verdictView } from '../../src/gate/words.js';

const CODE = 'TSR1:AGJPHJC3NR6Y5H5AWHBNHZHVAY:117629440:80238672';
const PASS = '0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f506';
const RESPONSE = 'TSR1R:AGJPHJC3NR6Y5H5AWHBNHZHVAY:HCEE5S6MNMNKJOEAQBSQT5FJ7Y';

test('a muster scan is the TSR1 exchange under muster_scan and muster_response', async () => {
  const journal = new MemoryJournal();
  const { core } = await GateCore.open(journal, { newId: () => 's1' });
  await core.onConnected({ gate_id: 'g1', server_time: new Date(0).toISOString() }, 0);
  const scanned = await core.onLine(CODE, 'scanner', 10, { muster: true });
  assert.deepEqual(scanned.find((a) => a.send).send, { type: 'muster_scan', scan_id: 's1', code: CODE });
  await core.onServer({ type: 'challenge', scan_id: 's1', nonce: 'N', wallet_challenge: 'TSR1C:X:N', expires_at: new Date(30_000).toISOString(), pass: { id: PASS, label: 'Ada' } }, 20);
  const answered = await core.onLine(RESPONSE, 'scanner', 30);
  assert.deepEqual(answered.find((a) => a.send).send, { type: 'muster_response', scan_id: 's1', nonce: 'N', response: RESPONSE });
  // A reload resends the muster frames, not admission ones: the journal keeps the mode.
  const { core: again } = await GateCore.open(journal);
  const resent = await again.onConnected({ gate_id: 'g1', server_time: new Date(0).toISOString() }, 40);
  assert.equal(resent.find((a) => a.send).send.type, 'muster_response');
  const [verdict] = await again.onServer({ type: 'muster_result', scan_id: 's1', nonce: 'N', outcome: 'safe', reason: null, replayed: false, pass: { id: PASS, label: 'Ada' }, marked_by: 'Car park' }, 50);
  assert.equal(verdict.muster, true);
  assert.equal(again.pending, 0);
  // An admission scan is still a plain scan.
  const { core: plain } = await GateCore.open(new MemoryJournal(), { newId: () => 's2' });
  await plain.onConnected({ gate_id: 'g1', server_time: new Date(0).toISOString() }, 0);
  assert.equal((await plain.onLine(CODE, 'scanner', 10)).find((a) => a.send).send.type, 'scan');
});

test('muster verdicts say SAFE or NOT MARKED, never ADMITTED, and count in no shift counter', () => {
  const base = { muster: true, pass: { id: PASS, label: 'Ada' }, replayed: false };
  const cases = [
    [{ ...base, outcome: 'safe' }, 'green', /^SAFE$/],
    [{ ...base, outcome: 'already_safe', marked_by: 'North lawn', marked_at: new Date(0).toISOString() }, 'amber', /^ALREADY SAFE$/],
    [{ ...base, outcome: 'denied', reason: 'bad_response' }, 'red', /^NOT MARKED — wrong answer.*\(bad_response\)$/],
    [{ ...base, outcome: 'denied', reason: 'not_on_roll_call' }, 'red', /not on the roll call list/],
    [{ ...base, outcome: 'denied', reason: 'no_roll_call' }, 'red', /no roll call in progress/],
  ];
  for (const [v, tone, headline] of cases) {
    const view = verdictView(v, 60_000);
    assert.equal(view.tone, tone, JSON.stringify(v));
    assert.match(view.headline, headline);
    assert.doesNotMatch([view.headline, ...view.details].join(' '), /ADMITTED/);
  }
  assert.match(verdictView(cases[1][0], 60_000).details.join(' '), /by North lawn/);
  assert.equal(counterFor({ type: 'muster_result', outcome: 'safe' }), null);
  assert.equal(counterFor({ type: 'result', outcome: 'admitted' }), 'admitted');
});

test('marks by hand are durable before they are sent, once per person, until the server answers', async () => {
  const saved = [];
  const journal = { doc: null, load() { return this.doc; }, save(doc) { this.doc = structuredClone(doc); saved.push(doc.marks.length); } };
  let n = 0;
  const marks = await MusterMarks.open(journal, 'g1', { newId: () => `m${++n}` });
  const ada = { pass_id: 'p1', label: 'Ada' };
  const first = await marks.add('rc', ada, 0);
  const twice = await marks.add('rc', ada, 5);
  assert.equal(twice.mark_id, first.mark_id, 'ticking twice makes one mark');
  assert.deepEqual(saved, [1]);
  // A reload (same gate) keeps it; another gate identity drops it.
  assert.equal((await MusterMarks.open(journal, 'g1')).pending.length, 1);
  assert.equal((await MusterMarks.open(journal, 'g2')).pending.length, 0);
  await marks.settled(first.mark_id);
  assert.equal(marks.pending.length, 0);
  assert.equal(journal.doc.marks.length, 0);
  const answers = [[{ ok: true, status: 201 }, 'done'], [{ ok: true, status: 200 }, 'done'], [{ ok: false, status: 409 }, 'refused'], [{ ok: false, network: true }, 'retry'], [{ ok: false, status: 503 }, 'retry'], [{ ok: false, status: 401 }, 'retry']];
  for (const [res, expected] of answers) assert.equal(markAnswer(res), expected, JSON.stringify(res));
});

test('the marshal sees the unaccounted first, with this tablet’s unsent marks as safe', () => {
  const rollCall = {
    id: 'rc',
    people: [
      { pass_id: 'p1', label: 'Zoe', safe: false, last_seen: 'Lab' },
      { pass_id: 'p2', label: 'Ada', safe: true, last_seen: 'Lab', marked_by: 'North lawn' },
      { pass_id: 'p3', label: 'Bob', safe: false, last_seen: 'Gate A' },
    ],
  };
  const view = musterPeople(rollCall, [{ roll_call_id: 'rc', pass_id: 'p3', mark_id: 'm1' }, { roll_call_id: 'other', pass_id: 'p1', mark_id: 'm2' }]);
  assert.deepEqual(view.people.map((p) => [p.label, p.state]), [['Zoe', 'missing'], ['Bob', 'pending'], ['Ada', 'safe']]);
  assert.deepEqual([view.inside, view.safe, view.unaccounted], [3, 2, 1]);
});

test('a walk-in (no pass) is marked under its walk_in_id, apart from a pass with the same id', async () => {
  const journal = new MemoryJournal();
  let n = 0;
  const marks = await MusterMarks.open(journal, 'g1', { newId: () => `m${++n}` });
  const sam = { kind: 'walk_in', walk_in_id: 'x1', label: 'Sam' };
  const pass = { kind: 'pass', pass_id: 'x1', label: 'Pat' };
  const samMark = await marks.add('rc', sam, 0);
  const passMark = await marks.add('rc', pass, 0);
  assert.notEqual(samMark.mark_id, passMark.mark_id, 'the same id of another kind is another person');
  assert.deepEqual(personRef(samMark), { walk_in_id: 'x1' });
  assert.deepEqual(personRef(passMark), { pass_id: 'x1' });
  assert.equal((await marks.add('rc', sam, 9)).mark_id, samMark.mark_id);
  const view = musterPeople({ id: 'rc', people: [{ kind: 'walk_in', walk_in_id: 'x1', label: 'Sam', safe: false, last_seen: 'Desk' }, { kind: 'pass', pass_id: 'x2', label: 'Ada', safe: false, last_seen: 'Desk' }] }, [samMark]);
  assert.deepEqual(view.people.map((p) => [p.label, p.kind, p.state, personKey(p)]), [['Ada', 'pass', 'missing', 'pass:x2'], ['Sam', 'walk_in', 'pending', 'walk_in:x1']]);
});

// The web gate's walk-in requests (src/gate/walkins.js): journaled before a frame leaves,
// resent identically on reconnect and after a reload until seen closed, errors by request_id.
import './i18n-setup.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryWalkInJournal, WalkIns, walkInFrame, walkInProblem } from '../../src/gate/walkins.js';
import { walkInLine, walkInVerdict } from '../../src/gate/words.js';

const HOST = { id: '11111111-1111-4111-8111-111111111111', label: 'R. Iyer, Flat 12B', unit: '12B' };
const GATE = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const T0 = Date.parse('2026-12-01T18:00:00Z');
const ids = () => {
  let n = 0;
  return () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
};
const sends = (actions) => actions.filter((a) => a.send).map((a) => a.send);
const reply = (frame, state, extra = {}) => ({
  type: 'walk_in', request_id: frame.request_id, walk_in_id: 'w-1', state, reason: null, visitor_name: frame.visitor_name, note: frame.note,
  host: { id: HOST.id, label: HOST.label, unit: HOST.unit }, expires_at: new Date(T0 + 300_000).toISOString(), decided_at: null, replayed: false, ...extra,
});

async function started(journal = new MemoryWalkInJournal()) {
  const { walkIns, actions } = await WalkIns.open(journal, { newId: ids(), random: () => 0.5 });
  return { walkIns, actions, journal };
}

test('the form is checked: a name, a host, an optional short note', () => {
  assert.equal(walkInProblem({ visitor_name: ' ', host: HOST }).field, 'name');
  assert.equal(walkInProblem({ visitor_name: 'x'.repeat(201), host: HOST }).field, 'name');
  assert.equal(walkInProblem({ visitor_name: 'Sa\u0007m', host: HOST }).field, 'name');
  assert.equal(walkInProblem({ visitor_name: 'Sam', host: null }).field, 'host');
  assert.equal(walkInProblem({ visitor_name: 'Sam', host: HOST, note: 'x'.repeat(501) }).field, 'note');
  assert.equal(walkInProblem({ visitor_name: 'Sam', host: HOST, note: '' }), null);
  assert.equal(walkInProblem({ visitor_name: 'Sam', host: HOST, note: 'parcel' }), null);
});

test('a request is journaled before its frame leaves; offline it waits for the connection', async () => {
  const { walkIns, journal } = await started();
  const offline = await walkIns.create({ visitor_name: ' Sam Okafor ', host: HOST, note: '  ' }, T0);
  assert.deepEqual(sends(offline), [], 'nothing is sent offline');
  assert.equal(offline[0].queued, true);
  assert.equal(journal.doc.requests.length, 1);
  const r = journal.doc.requests[0];
  assert.deepEqual(walkInFrame(r), { type: 'walk_in', request_id: r.request_id, visitor_name: 'Sam Okafor', host_id: HOST.id, note: null });
  const online = await walkIns.onConnected(GATE, T0 + 1000);
  assert.deepEqual(sends(online), [walkInFrame(r)]);
  assert.equal(journal.doc.gate_id, GATE);
});

test('every resend is the same frame: reconnects, timeouts and a reload', async () => {
  const { walkIns, journal } = await started();
  await walkIns.onConnected(GATE, T0);
  const [frame] = sends(await walkIns.create({ visitor_name: 'Sam Okafor', host: HOST, note: 'parcel' }, T0));
  assert.equal(frame.note, 'parcel');
  // No answer in time: sent again.
  assert.deepEqual(sends(await walkIns.onTick(T0 + 1000)), []);
  assert.deepEqual(sends(await walkIns.onTick(T0 + 4000)), [frame]);
  // Waiting: the host was asked; no more resends until the link drops.
  await walkIns.onServer(reply(frame, 'waiting'), T0 + 4100);
  assert.equal(journal.doc.requests[0].state, 'waiting');
  assert.deepEqual(sends(await walkIns.onTick(T0 + 60_000)), []);
  await walkIns.onDisconnected();
  assert.deepEqual(sends(await walkIns.onConnected(GATE, T0 + 61_000)), [frame]);
  // A reload: a new machine from the same journal sends the same frame.
  const again = await started(journal);
  assert.deepEqual(again.actions.map((a) => [a.emit, a.request.state, a.closed]), [['walk_in', 'waiting', false]]);
  assert.deepEqual(sends(await again.walkIns.onConnected(GATE, T0 + 62_000)), [frame]);
});

test('a request still waiting after its expiry is asked about again', async () => {
  const { walkIns } = await started();
  await walkIns.onConnected(GATE, T0);
  const [frame] = sends(await walkIns.create({ visitor_name: 'Sam', host: HOST }, T0));
  await walkIns.onServer(reply(frame, 'waiting'), T0 + 100);
  assert.deepEqual(sends(await walkIns.onTick(T0 + 301_000)), [], 'within the grace');
  assert.deepEqual(sends(await walkIns.onTick(T0 + 304_000)), [frame]);
  assert.deepEqual(sends(await walkIns.onTick(T0 + 305_000)), [], 'not again at once');
});

test('a closed request is a verdict once, counted when shown, and survives a reload until then', async () => {
  const { walkIns, journal } = await started();
  await walkIns.onConnected(GATE, T0);
  const [frame] = sends(await walkIns.create({ visitor_name: 'Sam Okafor', host: HOST }, T0));
  await walkIns.onServer(reply(frame, 'waiting'), T0 + 100);
  const closed = await walkIns.onServer(reply(frame, 'approved', { decided_at: new Date(T0 + 20_000).toISOString() }), T0 + 20_000);
  assert.equal(closed.length, 1);
  assert.equal(closed[0].closed, true);
  assert.equal(closed[0].request.state, 'approved');
  // A late duplicate (a resend's answer) changes nothing.
  assert.deepEqual(await walkIns.onServer(reply(frame, 'approved', { replayed: true }), T0 + 21_000), []);
  // Closed requests are not resent.
  await walkIns.onDisconnected();
  assert.deepEqual(sends(await walkIns.onConnected(GATE, T0 + 22_000)), []);
  // Reloaded before it was on screen: shown again.
  const again = await started(journal);
  assert.deepEqual(again.actions.map((a) => a.closed), [true]);
  await again.walkIns.shown(frame.request_id);
  await again.walkIns.shown(frame.request_id);
  assert.deepEqual(journal.shown, [{ outcome: 'admitted' }], 'counted once');
  const third = await started(journal);
  assert.deepEqual(third.actions.map((a) => a.closed), [false], 'on the list, not a verdict again');
  // Dropped from the list a while after it was seen.
  assert.deepEqual(await third.walkIns.onTick(T0 + 20_000 + 11 * 60_000), [{ emit: 'walk_in_removed', request_id: frame.request_id }]);
  assert.equal(journal.doc.requests.length, 0);
});

test('what reached the server while the gate was away is learned from the resend', async () => {
  const { walkIns, journal } = await started();
  await walkIns.onConnected(GATE, T0);
  const [frame] = sends(await walkIns.create({ visitor_name: 'Sam', host: HOST }, T0));
  await walkIns.onServer(reply(frame, 'waiting'), T0 + 100);
  await walkIns.onDisconnected();
  const back = await walkIns.onConnected(GATE, T0 + 30_000);
  assert.deepEqual(sends(back), [frame]);
  const learned = await walkIns.onServer(reply(frame, 'denied', { reason: 'host_denied', replayed: true }), T0 + 30_100);
  assert.equal(learned[0].closed, true);
  assert.equal(learned[0].request.reason, 'host_denied');
  assert.equal(journal.doc.requests[0].state, 'denied');
});

test('errors carry the request_id: retryable ones are resent after a backoff, others fail the request', async () => {
  const { walkIns, journal } = await started();
  await walkIns.onConnected(GATE, T0);
  const [a] = sends(await walkIns.create({ visitor_name: 'A', host: HOST }, T0));
  const [b] = sends(await walkIns.create({ visitor_name: 'B', host: HOST }, T0));
  const busy = await walkIns.onServer({ type: 'error', scan_id: null, request_id: a.request_id, code: 'storage_unavailable', message: 'busy', retryable: true }, T0 + 10);
  assert.equal(busy[0].emit, 'walk_in_error');
  assert.equal(busy[0].retryable, true);
  assert.ok(busy[0].retry_in_ms >= 250 && busy[0].retry_in_ms <= 500);
  assert.deepEqual(sends(await walkIns.onTick(T0 + 10 + busy[0].retry_in_ms)), [a]);
  const reused = await walkIns.onServer({ type: 'error', scan_id: null, request_id: b.request_id, code: 'request_id_reused', message: 'other content', retryable: false }, T0 + 20);
  assert.equal(reused[0].request.state, 'failed');
  assert.deepEqual(journal.doc.requests[1].error, { code: 'request_id_reused', message: 'other content' });
  assert.deepEqual(sends(await walkIns.onConnected(GATE, T0 + 30)), [a], 'a failed request is not resent');
  // An error for another request id, or without one, is not the walk-ins' business.
  assert.deepEqual(await walkIns.onServer({ type: 'error', scan_id: null, request_id: 'nope', code: 'x', retryable: false }, T0), []);
  assert.deepEqual(await walkIns.onServer({ type: 'error', scan_id: null, code: 'x', retryable: true }, T0), []);
  // The guard dismisses the failed one; an open one cannot be dismissed.
  assert.deepEqual(await walkIns.dismiss(a.request_id), []);
  assert.deepEqual(await walkIns.dismiss(b.request_id), [{ emit: 'walk_in_removed', request_id: b.request_id }]);
  assert.deepEqual(journal.shown, [], 'a failed request counts nothing');
});

test('the words: green only for an approval naming the host, never ADMITTED', () => {
  const base = { visitor_name: 'Sam Okafor', host: HOST };
  const ok = walkInVerdict({ ...base, state: 'approved' });
  assert.equal(ok.tone, 'green');
  assert.equal(ok.headline, 'APPROVED');
  assert.ok(ok.details.includes('Approved by R. Iyer, Flat 12B'));
  const no = walkInVerdict({ ...base, state: 'denied', reason: 'host_denied' });
  assert.equal(no.tone, 'red');
  assert.equal(no.headline, 'DENIED \u2014 the host said no (host_denied)');
  const late = walkInVerdict({ ...base, state: 'expired', reason: 'approval_timeout' });
  assert.equal(late.tone, 'red');
  assert.match(late.headline, /^NO ANSWER \u2014 .*\(approval_timeout\)$/);
  for (const v of [ok, no, late]) assert.doesNotMatch([v.headline, ...v.details].join(' '), /ADMITTED/i);
  const waiting = { ...base, state: 'waiting', expires_at: new Date(T0 + 272_500).toISOString() };
  assert.equal(walkInLine(waiting, T0), 'Waiting for the host to answer · 4:33 left');
  assert.equal(walkInLine({ ...waiting, expires_at: new Date(T0 - 1).toISOString() }, T0), 'Waiting for the host to answer · time is up, checking…');
  assert.match(walkInLine({ ...base, state: 'sending' }, T0, false), /^Offline/);
  assert.equal(walkInLine({ ...base, state: 'approved' }, T0), 'Approved by R. Iyer, Flat 12B');
});

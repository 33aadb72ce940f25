// The host page's pure rules (src/host/model.js): the invitation's defaults and checks,
// upcoming and past visits, the countdown, arrivals, and the live set's reconnection.
import './i18n-setup.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  WalkInFeed, arrivalText, countdown, decisionProblem, defaultWindow, fromLocalInput, inviteBody, inviteProblem, isUpcoming, newArrivals, parseWalkIns, passStatus, toLocalInput, visits,
} from '../../src/host/model.js';

const at = (y, mo, d, h, mi) => new Date(y, mo - 1, d, h, mi).getTime();

test('the default window runs from now to the end of today, or of tomorrow late in the day', () => {
  const morning = at(2026, 12, 1, 9, 30) + 42_000;
  assert.deepEqual(defaultWindow(morning), { from: at(2026, 12, 1, 9, 30), until: at(2026, 12, 1, 23, 59) });
  const evening = at(2026, 12, 1, 21, 5);
  assert.deepEqual(defaultWindow(evening), { from: evening, until: at(2026, 12, 2, 23, 59) });
  // The last day of a month rolls over.
  assert.equal(defaultWindow(at(2026, 12, 31, 22, 0)).until, at(2027, 1, 1, 23, 59));
});

test('datetime-local values round-trip in local time', () => {
  const ms = at(2026, 3, 7, 8, 5);
  assert.equal(toLocalInput(ms), '2026-03-07T08:05');
  assert.equal(fromLocalInput('2026-03-07T08:05'), ms);
  assert.ok(Number.isNaN(fromLocalInput('')));
  assert.ok(Number.isNaN(fromLocalInput('tomorrow')));
  assert.ok(Number.isNaN(fromLocalInput('2026-03-07T08:05Z')), 'a zone is not a local value');
});

test('an invitation is checked before it is sent', () => {
  const now = at(2026, 12, 1, 12, 0);
  const ok = { label: ' Sam Okafor ', from: now, until: now + 3600_000 };
  assert.equal(inviteProblem(ok, now), null);
  assert.equal(inviteProblem({ ...ok, label: '  ' }, now).field, 'label');
  assert.equal(inviteProblem({ ...ok, label: 'x'.repeat(201) }, now).field, 'label');
  assert.equal(inviteProblem({ ...ok, label: 'x'.repeat(200) }, now), null);
  assert.equal(inviteProblem({ ...ok, label: 'Sam\u0007' }, now).field, 'label');
  assert.equal(inviteProblem({ ...ok, from: NaN }, now).field, 'from');
  assert.equal(inviteProblem({ ...ok, until: NaN }, now).field, 'until');
  assert.equal(inviteProblem({ ...ok, until: now }, now).field, 'until');
  assert.equal(inviteProblem({ label: 'A', from: now - 7200_000, until: now - 3600_000 }, now).field, 'until');
  assert.deepEqual(inviteBody({ label: ' Sam ', from: Date.parse('2026-12-01T12:00:00.500Z'), until: Date.parse('2026-12-01T23:59:00Z') }), {
    label: 'Sam',
    valid_from: '2026-12-01T12:00:00Z',
    valid_until: '2026-12-01T23:59:00Z',
  });
  // The visitor's email is optional; when given it must be an address the server takes.
  for (const email of ['', '  ', 'sam@example.com', ' Sam.O+visit@mail.example.org ']) {
    assert.equal(inviteProblem({ ...ok, email }, now), null, email);
  }
  for (const email of ['sam', 'sam@', 'sam@localhost', 'sam@example.com\r\nBcc: x@example.com', 'sam lee@example.com', '"sam"@example.com']) {
    assert.equal(inviteProblem({ ...ok, email }, now).field, 'email', email);
  }
  assert.equal(inviteBody({ ...ok, email: ' sam@example.com ' }).email, 'sam@example.com');
  assert.equal('email' in inviteBody({ ...ok, email: ' ' }), false);
});

const pass = (o) => ({ pass_id: o.id || 'p', label: o.label || 'Ada', state: 'issued', valid_from: '2026-12-01T10:00:00Z', valid_until: '2026-12-01T22:00:00Z', uses: 0, max_uses: 1, claimed_at: null, ...o });
const walkIn = (o) => ({ walk_in_id: o.id, request_id: 'r', gate_id: 'g', gate_label: 'North gate', visitor_name: o.name || 'Sam', note: null, host: { id: 'h', label: 'R. Iyer', unit: '12B' }, reason: null, created_at: '2026-12-01T12:00:00Z', expires_at: '2026-12-01T12:05:00Z', decided_at: null, ...o });

test('upcoming passes are the ones not used, revoked or expired', () => {
  const now = Date.parse('2026-12-01T12:00:00Z');
  assert.equal(isUpcoming(pass({}), now), true);
  assert.equal(isUpcoming(pass({ state: 'claimed' }), now), true);
  for (const state of ['used', 'revoked', 'expired']) assert.equal(isUpcoming(pass({ state }), now), false, state);
  assert.equal(isUpcoming(pass({ state: 'claimed', valid_until: '2026-12-01T11:00:00Z' }), now), false, 'past valid_until before the server says expired');
});

test('each pass state has words for the host', () => {
  const now = Date.parse('2026-12-01T12:00:00Z');
  assert.equal(passStatus(pass({}), now).text, 'Link not opened yet');
  assert.equal(passStatus(pass({ state: 'claimed', claimed_at: 'x' }), now).text, 'On their phone');
  assert.equal(passStatus(pass({ state: 'used', uses: 1 }), now).text, 'Arrived');
  assert.equal(passStatus(pass({ state: 'claimed', uses: 1, max_uses: 3 }), now).text, 'Arrived, 2 more entries');
  assert.equal(passStatus(pass({ state: 'revoked' }), now).text, 'Cancelled');
  assert.equal(passStatus(pass({ state: 'expired' }), now).text, 'Link never opened');
  assert.equal(passStatus(pass({ state: 'expired', claimed_at: 'x' }), now).text, 'Did not come');
  assert.equal(passStatus(pass({ state: 'expired', claimed_at: 'x', uses: 1, max_uses: 2 }), now).text, 'Arrived');
});

test('visits: upcoming soonest first; past passes and closed walk-ins newest first', () => {
  const now = Date.parse('2026-12-01T12:00:00Z');
  const v = visits(
    [
      pass({ id: 'later', label: 'Later', valid_from: '2026-12-02T10:00:00Z', valid_until: '2026-12-02T20:00:00Z' }),
      pass({ id: 'soon', label: 'Soon' }),
      pass({ id: 'used', label: 'Used', state: 'used', uses: 1, valid_until: '2026-12-01T20:00:00Z' }),
      pass({ id: 'old', label: 'Old', state: 'expired', valid_until: '2026-11-30T20:00:00Z' }),
    ],
    [
      walkIn({ id: 'w1', name: 'Walked in', state: 'approved', decided_at: '2026-12-01T11:30:00Z' }),
      walkIn({ id: 'w1', name: 'Walked in', state: 'approved', decided_at: '2026-12-01T11:30:00Z' }),
      walkIn({ id: 'w2', name: 'Waiting', state: 'waiting' }),
      walkIn({ id: 'w3', name: 'Timed out', state: 'expired', decided_at: '2026-12-01T09:00:00Z' }),
    ],
    now,
  );
  assert.deepEqual(v.upcoming.map((r) => r.id), ['soon', 'later']);
  assert.deepEqual(v.past.map((r) => r.id), ['used', 'w1', 'w3', 'old']);
  assert.equal(v.past[1].status, 'Let in');
  assert.equal(v.past[1].gate, 'North gate');
  assert.equal(v.past[2].status, 'No answer in time');
});

test('the countdown to a walk-in’s expiry', () => {
  assert.deepEqual(countdown(300_000, 0), { left: 300, text: '5:00' });
  assert.deepEqual(countdown(300_000, 1), { left: 300, text: '5:00' });
  assert.deepEqual(countdown(300_000, 241_000), { left: 59, text: '0:59' });
  assert.deepEqual(countdown(300_000, 400_000), { left: 0, text: '0:00' });
});

test('arrivals are the requests not seen before, oldest first, announced in words', () => {
  const set = [walkIn({ id: 'b', created_at: '2026-12-01T12:01:00Z', name: 'B' }), walkIn({ id: 'a', name: 'A', note: 'parcel' }), walkIn({ id: 'c', name: 'C' })];
  assert.deepEqual(newArrivals(new Set(['c']), set).map((w) => w.walk_in_id), ['a', 'b']);
  assert.equal(arrivalText(set[1]), 'A is waiting at North gate and asks for you. Note: parcel. Approve or deny.');
  assert.equal(arrivalText({ ...set[0], gate_label: null }), 'B is waiting at the gate and asks for you. Approve or deny.');
});

test('a refused decision says why', () => {
  assert.match(decisionProblem({ status: 409, code: 'approval_timeout' }, 'approve'), /Too late/);
  assert.match(decisionProblem({ status: 409, code: 'already_decided' }, 'deny'), /already answered/);
  assert.match(decisionProblem({ network: true }, 'deny'), /reach the server/);
  assert.match(decisionProblem({ status: 500, code: null }, 'approve'), /HTTP 500/);
});

test('stream data that is not a walk-in set is ignored', () => {
  assert.equal(parseWalkIns('nope'), null);
  assert.equal(parseWalkIns('{"walk_ins":3}'), null);
  assert.deepEqual(parseWalkIns('{"walk_ins":[{"walk_in_id":"a","visitor_name":"A"},{"x":1}]}'), [{ walk_in_id: 'a', visitor_name: 'A' }]);
});

// ------------------------------------------------------------------ the live set

class FakeSource {
  static all = [];
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.listeners = {};
    this.closed = false;
    FakeSource.all.push(this);
  }
  addEventListener(type, fn) {
    (this.listeners[type] ||= []).push(fn);
  }
  emit(type, data) {
    for (const fn of this.listeners[type] || []) fn({ data });
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

function harness(session = 'signed-in') {
  FakeSource.all = [];
  const sets = [];
  const states = [];
  const pending = [];
  let signedOut = 0;
  const feed = new WalkInFeed({
    EventSourceImpl: FakeSource,
    onSet: (s) => sets.push(s),
    onState: (s) => states.push(s),
    checkSession: async () => session,
    onSignedOut: () => signedOut++,
    timers: { set: (fn, ms) => pending.push({ fn, ms }) && pending.length, clear: () => {} },
    random: () => 0.5,
  });
  return { feed, sets, states, pending, signedOut: () => signedOut };
}

test('the live set: each event replaces the set; a closed source is reopened after a backoff', async () => {
  const t = harness();
  t.feed.start();
  const first = FakeSource.all[0];
  assert.equal(first.url, '/v1/walk-ins/stream');
  first.emit('open');
  first.emit('walk_ins', JSON.stringify({ walk_ins: [walkIn({ id: 'a', state: 'waiting' })] }));
  first.emit('walk_ins', JSON.stringify({ walk_ins: [] }));
  assert.deepEqual(t.sets.map((s) => s.length), [1, 0]);
  assert.deepEqual(t.states, ['connecting', 'live']);
  // The browser retries by itself while the source is not CLOSED.
  first.readyState = 0;
  first.emit('error');
  assert.equal(FakeSource.all.length, 1);
  first.readyState = 2;
  first.emit('error');
  await new Promise((r) => setImmediate(r));
  assert.equal(t.pending.length, 1);
  assert.ok(t.pending[0].ms >= 250 && t.pending[0].ms <= 500, `${t.pending[0].ms}`);
  t.pending[0].fn();
  assert.equal(FakeSource.all.length, 2);
  // Events of the old source are ignored.
  first.emit('walk_ins', JSON.stringify({ walk_ins: [walkIn({ id: 'z' })] }));
  assert.equal(t.sets.length, 2);
  t.feed.stop();
  assert.ok(FakeSource.all[1].closed);
});

test('the live set: a lost session signs out instead of reconnecting', async () => {
  const t = harness('signed-out');
  t.feed.start();
  FakeSource.all[0].readyState = 2;
  FakeSource.all[0].emit('error');
  await new Promise((r) => setImmediate(r));
  assert.equal(t.signedOut(), 1);
  assert.equal(t.pending.length, 0);
});

test('the invitation carries the visitor’s language when one is chosen', () => {
  const ok = { label: 'Sam', from: Date.parse('2026-12-01T12:00:00Z'), until: Date.parse('2026-12-01T23:59:00Z') };
  assert.equal(inviteBody({ ...ok, language: 'de' }).language, 'de');
  assert.equal('language' in inviteBody({ ...ok, language: '' }), false);
  assert.equal('language' in inviteBody(ok), false);
  // The server takes a language without an email: the link is sent by hand, the wallet speaks German.
  assert.deepEqual(Object.keys(inviteBody({ ...ok, language: 'ar' })).sort(), ['label', 'language', 'valid_from', 'valid_until']);
});

test('the words follow the page’s language, with plurals', async () => {
  const { use } = await import('../../src/i18n.js');
  const now = Date.parse('2026-12-01T12:00:00Z');
  try {
    use('de');
    assert.equal(passStatus(pass({ state: 'claimed', uses: 1, max_uses: 2 }), now).text, 'Angekommen, noch 1 Eintritt');
    assert.equal(passStatus(pass({ state: 'claimed', uses: 1, max_uses: 3 }), now).text, 'Angekommen, noch 2 Eintritte');
    assert.equal(arrivalText(walkIn({ id: 'a', name: 'Sam', gate_label: null })), 'Sam wartet am Einlass und fragt nach Ihnen. Genehmigen oder ablehnen.');
    assert.match(decisionProblem({ status: 500, code: null }, 'approve'), /genehmigt werden \(HTTP 500\)/);
    use('ar');
    // Right-to-left: the visitor's name is isolated, so a Latin name stays whole in Arabic text.
    assert.ok(arrivalText(walkIn({ id: 'a', name: 'Sam', gate_label: 'North gate' })).includes('\u2068Sam\u2069'));
    assert.equal(inviteProblem({ label: 'x'.repeat(201), from: now, until: now + 1 }, now).field, 'label');
  } finally {
    use('en');
  }
  assert.equal(passStatus(pass({ state: 'claimed', uses: 1, max_uses: 2 }), now).text, 'Arrived, 1 more entry');
});

// The console's live feed (src/console/feed.js) with a fake EventSource and fake timers:
// where a new source starts, what a dropped or closed stream does, and a lost session.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Feed } from '../../src/console/feed.js';

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
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen && this.onopen();
  }
  emit(ev) {
    for (const fn of this.listeners.audit || []) fn({ data: JSON.stringify(ev), lastEventId: String(ev.id) });
  }
  /** The browser retries by itself (CONNECTING) or gives up (CLOSED). */
  fail(closed) {
    this.readyState = closed ? 2 : 0;
    this.onerror && this.onerror();
  }
}

function setup(session = 'signed-in') {
  FakeSource.all = [];
  const events = [];
  const states = [];
  const timers = [];
  let signedOut = 0;
  const feed = new Feed({
    EventSourceImpl: FakeSource,
    onEvent: (e) => events.push(e.id),
    onState: (s) => states.push(s),
    checkSession: async () => session,
    onSignedOut: () => signedOut++,
    backlog: 200,
    timers: { set: (fn, ms) => (timers.push({ fn, ms }), timers.length), clear: () => {} },
  });
  return { feed, events, states, timers, signedOut: () => signedOut };
}

const tick = () => new Promise((r) => setImmediate(r));

test('the first source asks for the backlog; events pass through in order and the last id is kept', () => {
  const { feed, events, states } = setup();
  feed.start();
  assert.equal(FakeSource.all[0].url, '/v1/audit/stream?backlog=200');
  FakeSource.all[0].open();
  FakeSource.all[0].emit({ id: 7, kind: 'scan' });
  FakeSource.all[0].emit({ id: 9, kind: 'scan' });
  FakeSource.all[0].emit({ id: 8, kind: 'scan' });
  assert.deepEqual(events, [7, 9, 8]);
  assert.equal(feed.lastId, 9);
  assert.deepEqual(states, ['connecting', 'live']);
});

test('a dropped stream is left to the browser (Last-Event-ID); no second source', () => {
  const { feed, states, timers } = setup();
  feed.start();
  const s = FakeSource.all[0];
  s.open();
  s.emit({ id: 3 });
  s.fail(false);
  assert.equal(FakeSource.all.length, 1);
  assert.equal(timers.length, 0);
  assert.equal(states.at(-1), 'reconnecting');
  s.open();
  assert.equal(states.at(-1), 'live');
});

test('a closed stream (503 while restarting) is made again after the last id seen, with backoff', async () => {
  const { feed, timers, events } = setup();
  feed.start();
  const first = FakeSource.all[0];
  first.open();
  first.emit({ id: 41 });
  first.fail(true);
  await tick();
  assert.equal(timers.length, 1);
  assert.ok(timers[0].ms >= 250 && timers[0].ms <= 500, `first backoff ${timers[0].ms}`);
  timers[0].fn();
  assert.equal(FakeSource.all[1].url, '/v1/audit/stream?after=41');
  // Still down: the backoff grows, capped at 5 s.
  for (let i = 0; i < 8; i++) {
    FakeSource.all.at(-1).fail(true);
    await tick();
    timers.at(-1).fn();
  }
  assert.ok(timers.at(-1).ms <= 5000 && timers.at(-1).ms >= 2500, `capped backoff ${timers.at(-1).ms}`);
  const last = FakeSource.all.at(-1);
  assert.equal(last.url, '/v1/audit/stream?after=41');
  last.open();
  last.emit({ id: 42 });
  // A late event of an abandoned source is ignored.
  first.emit({ id: 99 });
  assert.deepEqual(events, [41, 42]);
  assert.equal(feed.failures, 0);
});

test('a closed stream with the session gone signs out and stops', async () => {
  const { feed, timers, signedOut } = setup('signed-out');
  feed.start();
  FakeSource.all[0].fail(true);
  await tick();
  assert.equal(signedOut(), 1);
  assert.equal(timers.length, 0);
  assert.equal(FakeSource.all.length, 1);
});

test('stop closes the source and nothing reopens it', async () => {
  const { feed, timers } = setup();
  feed.start();
  const s = FakeSource.all[0];
  feed.stop();
  assert.equal(s.closed, true);
  s.fail(true);
  await tick();
  assert.equal(timers.length, 0);
});

test('a filtered feed keeps its filter on every source it makes', async () => {
  FakeSource.all = [];
  const timers = [];
  const feed = new Feed({
    EventSourceImpl: FakeSource,
    onEvent: () => {},
    checkSession: async () => 'signed-in',
    onSignedOut: () => {},
    filter: 'severity=high',
    backlog: 1000,
    timers: { set: (fn, ms) => (timers.push({ fn, ms }), timers.length), clear: () => {} },
  });
  feed.start();
  assert.equal(FakeSource.all[0].url, '/v1/audit/stream?severity=high&backlog=1000');
  FakeSource.all[0].emit({ id: 12 });
  FakeSource.all[0].fail(true);
  await tick();
  timers[0].fn();
  assert.equal(FakeSource.all[1].url, '/v1/audit/stream?severity=high&after=12');
});


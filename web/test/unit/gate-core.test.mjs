// The web gate's state machine (src/gate/core.js) against the table of cases that
// gate-client/tests/core_table.rs runs the native GateCore on: the same events in must give
// the same normalised actions out, so the two gates cannot drift apart.
import './i18n-setup.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { GateCore, JournalGateMismatch, MemoryJournal, delayFor, responsePass } from '../../src/gate/core.js';

const table = JSON.parse(readFileSync(new URL('../gate-core-cases.json', import.meta.url), 'utf8'));
const start = Date.parse(table.start);

/** A core action in the table's vocabulary, or null for informational events. */
function normalise(a) {
  if (a.reconnect) return { reconnect: true };
  if (a.send) {
    const m = a.send;
    return m.type === 'scan'
      ? { send: 'scan', scan_id: m.scan_id, code: m.code }
      : { send: 'response', scan_id: m.scan_id, nonce: m.nonce, response: m.response };
  }
  switch (a.emit) {
    case 'connected':
      return { status: 'online' };
    case 'offline':
      return { status: 'offline' };
    case 'scan':
      return a.queued ? { queued: 'scan', scan_id: a.scan_id } : null;
    case 'response_accepted':
      return a.queued ? { queued: 'response', scan_id: a.scan_id } : null;
    case 'duplicate':
      return { show: 'duplicate', scan_id: a.scan_id };
    case 'challenge':
      return { show: 'challenge', scan_id: a.scan_id, wallet_challenge: a.wallet_challenge };
    case 'verdict':
      return { show: 'verdict', scan_id: a.scan_id, outcome: a.outcome, reason: a.reason, replayed: a.replayed };
    case 'error':
      return { show: 'error', scan_id: a.scan_id, code: a.code, retryable: a.retryable };
    case 'unanswered':
      return { show: 'unanswered', scan_id: a.scan_id };
    case 'abandoned':
      return { show: 'abandoned', scan_id: a.scan_id };
    case 'rejected':
      return { show: 'rejected' };
    case 'started':
    case 'resend':
      return null;
    default:
      throw new Error(`unknown action ${JSON.stringify(a)}`);
  }
}

function matches(expected, actual, bindings) {
  if (typeof expected === 'string' && expected.startsWith('$') && typeof actual === 'string') {
    if (bindings.has(expected)) return bindings.get(expected) === actual;
    if ([...bindings.values()].includes(actual)) return false;
    bindings.set(expected, actual);
    return true;
  }
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && expected.length === actual.length && expected.every((e, i) => matches(e, actual[i], bindings));
  }
  if (expected && typeof expected === 'object') {
    if (!actual || typeof actual !== 'object' || Array.isArray(actual)) return false;
    const keys = Object.keys(expected);
    return keys.length === Object.keys(actual).length && keys.every((k) => k in actual && matches(expected[k], actual[k], bindings));
  }
  return expected === actual;
}

function substitute(value, bindings) {
  if (typeof value === 'string' && value.startsWith('$')) {
    if (!bindings.has(value)) throw new Error(`${value} is used before an action bound it`);
    return bindings.get(value);
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, bindings));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, bindings)]));
  return value;
}

async function step(run, event, now) {
  const [[kind, raw]] = Object.entries(event);
  const body = substitute(raw, run.bindings);
  switch (kind) {
    case 'open': {
      const { core, actions } = await GateCore.open(run.journal);
      run.core = core;
      return actions;
    }
    case 'connected':
      return run.core.onConnected({ type: 'welcome', gate_id: body.gate_id, site: null, server_time: new Date(now).toISOString(), protocol: 1 }, now);
    case 'disconnected':
      return run.core.onDisconnected(body.reason, body.retry_in_ms);
    case 'line':
      return run.core.onLine(body, 'scanner', now);
    case 'server':
      return run.core.onServer(JSON.parse(JSON.stringify(body)), now);
    case 'tick':
      return run.core.onTick(now);
    case 'verdict_shown':
      await run.core.verdictShown(body);
      return [];
    default:
      throw new Error(`unknown event ${kind}`);
  }
}

test('the shared table has the cases the issue names', () => {
  assert.ok(table.cases.length >= 8);
  const names = table.cases.map((c) => c.name).join('\n');
  for (const want of [/new scan/, /reconnect/, /lost/, /reload/, /same code again while its challenge is pending/, /no open scan/, /shown/]) {
    assert.match(names, want);
  }
});

for (const c of table.cases) {
  test(`table: ${c.name}`, async () => {
    const run = { journal: new MemoryJournal(), core: null, bindings: new Map() };
    for (const [i, s] of c.steps.entries()) {
      const where = `step ${i} ${JSON.stringify(s.event).slice(0, 120)}`;
      let actions;
      try {
        actions = await step(run, s.event, start + s.at);
      } catch (e) {
        if (s.expect_error && e instanceof JournalGateMismatch && s.expect_error === 'gate_mismatch') actions = null;
        else throw new Error(`${where}: ${e.stack}`);
      }
      if (s.expect_error) {
        assert.equal(actions, null, `${where}: expected error ${s.expect_error}`);
      } else {
        const got = actions.map(normalise).filter(Boolean);
        assert.ok(matches(s.expect, got, run.bindings), `${where}\n  expected ${JSON.stringify(s.expect)}\n  got      ${JSON.stringify(got)}`);
      }
      if (s.pending !== undefined) assert.equal(run.core.pending, s.pending, `${where}: pending`);
      if (s.unshown !== undefined) assert.equal(run.core.unshownVerdicts, s.unshown, `${where}: unshown verdicts`);
    }
  });
}

test('the journal is written before a frame goes out, and a failed write sends nothing', async () => {
  const journal = new MemoryJournal();
  const { core } = await GateCore.open(journal);
  await core.onConnected({ gate_id: '5f0c6c1e-7a1b-4c2d-8e3f-000000000001', server_time: new Date().toISOString() }, 0);
  journal.save = () => Promise.reject(new Error('quota'));
  await assert.rejects(core.onLine('TSR1:AGJPHJC3NR6Y5H5AWHBNHZHVAY:117629440:80238672', 'scanner', 10), /quota/);
  assert.equal(core.pending, 0);
});

test('calls are serialised: concurrent scans of one code mint one scan', async () => {
  const journal = new MemoryJournal();
  const save = journal.save.bind(journal);
  journal.save = (doc, extra) => new Promise((r) => setTimeout(() => r(save(doc, extra)), 5));
  const { core } = await GateCore.open(journal);
  const code = 'TSR1:AGJPHJC3NR6Y5H5AWHBNHZHVAY:117629440:80238672';
  const [a, b] = await Promise.all([core.onLine(code, 'camera-is-not-a-source', 0), core.onLine(code, 'scanner', 0), core.onLine(code, 'scanner', 0)].slice(1));
  assert.equal(a[0].emit, 'scan');
  assert.equal(b[0].emit, 'duplicate');
  assert.equal(core.pending, 1);
});

test('verdictShown hands the shown result to the journal (for the shift counters)', async () => {
  const journal = new MemoryJournal();
  const { core } = await GateCore.open(journal);
  await core.onConnected({ gate_id: '5f0c6c1e-7a1b-4c2d-8e3f-000000000001', server_time: new Date().toISOString() }, 0);
  const [, send] = await core.onLine('TSR1:AGJPHJC3NR6Y5H5AWHBNHZHVAY:117629440:80238672', 'scanner', 0);
  await core.onServer({ type: 'result', scan_id: send.send.scan_id, nonce: null, outcome: 'denied', reason: 'bad_code', replayed: false, pass: null }, 1);
  await core.verdictShown(send.send.scan_id);
  await core.verdictShown(send.send.scan_id);
  assert.equal(journal.shown.length, 1);
  assert.equal(journal.shown[0].reason, 'bad_code');
});

test('responsePass parses like the protocol crate', () => {
  assert.equal(responsePass('TSR1R:AGJPHJC3NR6Y5H5AWHBNHZHVAY:HCEE5S6MNMNKJOEAQBSQT5FJ7Y'), '0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f506');
  for (const bad of ['TSR1R:AGJPHJC3NR6Y5H5AWHBNHZHVAY', 'TSR1R:AGJPHJC3NR6Y5H5AWHBNHZHVAZ:HCEE5S6MNMNKJOEAQBSQT5FJ7Y', 'TSR1R:agjphjc3nr6y5h5awhbnhzhvay:HCEE5S6MNMNKJOEAQBSQT5FJ7Y', 'TSR1R:AGJPHJC3NR6Y5H5AWHBNHZHVAY:HCEE5S6MNMNKJOEAQBSQT5FJ7Y:X']) {
    assert.equal(responsePass(bad), null, bad);
  }
});

test('backoff delays stay within [d/2, d] and the cap', () => {
  for (let f = 0; f < 30; f++) {
    const d = Math.min(5000, 250 * 2 ** f);
    for (const r of [0, 0.5, 0.999999]) {
      const v = delayFor(250, 5000, f, () => r);
      assert.ok(v >= Math.floor(d / 2) && v <= d, `${f} ${r} ${v}`);
    }
  }
});

// The console's pure decisions (src/console/model.js): alarms, filters and export URLs,
// labels, the event log held in memory, gate presence.
import './i18n-setup.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import {
  ALARM_KINDS, ALARM_REASONS, EventLog, KNOWN_KINDS, actorName, alarmName, applyPresence, describe, exportUrl, filterProblem, filterQuery, gateLabel, isoToLocal, localToIso,
  passLabel,
} from '../../src/console/model.js';

const G1 = '0190c3e1-7b2a-7c3d-8e4f-0123456789ab';
const G2 = '0190c3e1-7b2a-7c3d-8e4f-0123456789ac';
const P1 = '0190c3e1-7b2a-7c3d-8e4f-00000000000a';
const ev = (id, kind, details = {}, more = {}) => ({ id, at: '2026-12-01T16:00:00.000Z', kind, severity: 'info', org_id: 'o', gate_id: G1, pass_id: P1, details, ...more });

test('alarms are exactly the six docs/console.md names', () => {
  assert.deepEqual([...ALARM_REASONS, ...ALARM_KINDS].sort(), ['auth_failure', 'challenge_burned', 'claim_conflict', 'code_replayed', 'foreign_nonce', 'watchlist_hit']);
  assert.equal(alarmName(ev(9, 'watchlist_hit', { matched_by: 'email' }, { severity: 'high' })), 'watchlist_hit');
  assert.equal(alarmName(ev(9, 'watchlist_hit', { matched_by: 'name' }, { severity: 'warning' })), null, 'a possible match is no alarm');
  assert.equal(alarmName(ev(1, 'response', { reason: 'foreign_nonce', challenge_gate_id: G2 })), 'foreign_nonce');
  assert.equal(alarmName(ev(2, 'scan', { reason: 'code_replayed' })), 'code_replayed');
  assert.equal(alarmName(ev(3, 'response', { reason: 'challenge_burned' })), 'challenge_burned');
  assert.equal(alarmName(ev(4, 'claim_conflict', { reason: 'already_claimed' })), 'claim_conflict');
  assert.equal(alarmName(ev(5, 'auth_failure', { count: 3 }, { gate_id: null, pass_id: null })), 'auth_failure');
  // Not alarms: ordinary denials, admissions, presence, a reason on another kind.
  for (const e of [
    ev(6, 'scan', { reason: 'stale_code' }),
    ev(7, 'response', { outcome: 'admitted' }),
    ev(8, 'response', { reason: 'bad_response' }),
    ev(9, 'gate_connected'),
    ev(10, 'challenge_unanswered', { reason: 'foreign_nonce' }),
    ev(11, 'response'),
    ev(12, 'response', null),
  ]) {
    assert.equal(alarmName(e), null, JSON.stringify(e));
  }
  assert.equal(alarmName(null), null);
});

test('filters become a query in a fixed order, empty ones left out', () => {
  assert.equal(filterQuery({}), '');
  assert.equal(filterQuery({ until: '2026-12-01T17:00:00.000Z', kind: ' response ', severity: '', gate_id: G1 }), `kind=response&gate_id=${G1}&until=2026-12-01T17%3A00%3A00.000Z`);
  assert.equal(filterQuery({ pass_id: P1 }, { limit: 1000, cursor: null }), `pass_id=${P1}&limit=1000`);
  assert.equal(filterQuery({ kind: 'scan', bogus: 'x' }), 'kind=scan');
});

test('the export URL carries exactly the filters of the view', () => {
  assert.equal(exportUrl({}, 'csv'), '/v1/audit/export?format=csv');
  assert.equal(exportUrl({ severity: 'high', gate_id: G1, since: '2026-12-01T16:00:00.000Z' }, 'jsonl'), `/v1/audit/export?format=jsonl&severity=high&gate_id=${G1}&since=2026-12-01T16%3A00%3A00.000Z`);
  assert.throws(() => exportUrl({}, 'xlsx'));
});

test('local wall times round-trip through RFC 3339 UTC', () => {
  assert.equal(localToIso(''), '');
  assert.equal(localToIso('not a time'), '');
  const iso = localToIso('2026-12-01T16:05:07');
  assert.match(iso, /^\d{4}-\d\d-\d\dT\d\d:\d\d:07\.000Z$/);
  assert.equal(Date.parse(iso), new Date(2026, 11, 1, 16, 5, 7).getTime());
  assert.equal(isoToLocal(iso), '2026-12-01T16:05:07');
  assert.equal(isoToLocal('nope'), '');
});

test('filter problems are found before anything is sent', () => {
  assert.equal(filterProblem({ kind: 'scan' }), null);
  assert.match(filterProblem({ gate_id: 'North' }), /gate must be an id/);
  assert.match(filterProblem({ pass_id: 'x' }), /pass must be an id/);
  assert.match(filterProblem({ since: '2026-12-01T17:00:00Z', until: '2026-12-01T16:00:00Z' }), /before/);
  assert.equal(filterProblem({ gate_id: G1.toUpperCase() }), null);
});

test('labels come from the event, then from what the console knows, then a short id', () => {
  const gates = new Map([[G1, { id: G1, label: 'North gate A' }]]);
  assert.equal(gateLabel(G1, gates, 'From event'), 'From event');
  assert.equal(gateLabel(G1, gates, null), 'North gate A');
  assert.equal(gateLabel(G2, gates, null), 'gate 0190c3e1…');
  assert.equal(gateLabel(null, gates, null), null);
  assert.equal(passLabel(P1, new Map([[P1, 'Ada']]), null), 'Ada');
  assert.equal(passLabel(P1, new Map(), null), 'pass 0190c3e1…');
});

test('events read as words that keep the TSR1 names', () => {
  assert.equal(describe(ev(1, 'response', { reason: 'foreign_nonce', outcome: 'denied' })), "answer denied: foreign_nonce — answer belongs to another gate's scan");
  assert.equal(describe(ev(2, 'scan', { reason: 'stale_code', age_s: 45 })), 'scan denied: stale_code — old code, a screenshot?');
  assert.equal(describe(ev(3, 'response', { outcome: 'already_admitted', replayed: true })), 'already admitted (resent)');
  // Issue 35: an admission decided by an on-site node, shipped later, says so.
  assert.equal(describe(ev(3, 'response', { outcome: 'admitted', on_site: { node_id: 'n1' } })), 'admitted (on site)');
  assert.equal(describe(ev(3, 'response', { outcome: 'admitted' })), 'admitted');
  assert.equal(describe(ev(4, 'auth_failure', { count: 3, sample_reason: 'unknown_key' })), 'auth_failure × 3 (unknown_key)');
  assert.equal(describe(ev(4, 'auth_failure', { count: 1, surface: 'console', sample_reason: 'csrf' })), 'auth_failure × 1 on console (csrf)');
  assert.equal(describe(ev(5, 'gate_disconnected')), 'gate disconnected');
});

test('every event an on-site node shipped says so, and the node kinds read as words (issue 50)', async () => {
  const { use } = await import('../../src/i18n.js');
  const { NODE_FAULTS, kindLabel, nodeFaultReasons, nodeLabel, originNode } = await import('../../src/console/model.js');
  const N1 = '0190c3e1-7b2a-7c3d-8e4f-0000000000n1'.replace('n1', 'f1');
  const nodes = new Map([[N1, 'North stand PC']]);
  const shipped = ev(6, 'response', { outcome: 'admitted', on_site: { node_id: N1 } }, { origin_node_id: N1 });
  assert.equal(originNode(shipped), N1);
  assert.equal(originNode(ev(6, 'response')), null);
  assert.equal(describe(shipped, null, nodes), 'admitted (on site) — from node North stand PC');
  // A node the console has no name for: its id's first characters.
  assert.equal(describe(shipped, null, new Map()), 'admitted (on site) — from node 0190c3e1…');
  assert.equal(describe(shipped), 'admitted (on site) — from node 0190c3e1…');
  assert.equal(nodeLabel(null, nodes), null);
  // Who acted comes first, the node that shipped it last.
  const keys = new Map([['k-1', 'Ada Lovelace']]);
  assert.equal(describe(ev(7, 'gate_connected', { by_key_id: 'k-1' }, { origin_node_id: N1 }), keys, nodes), 'gate connected — by Ada Lovelace — from node North stand PC');
  // The central server's own events carry no mark.
  assert.equal(describe(ev(8, 'response', { outcome: 'admitted' }), null, nodes), 'admitted');

  for (const kind of ['site_node_revoked', 'site_node_token_rotated', 'site_node_resumed', 'site_node_fault']) {
    assert.ok(KNOWN_KINDS.includes(kind), kind);
    assert.notEqual(kindLabel(kind), kind.replace(/_/g, ' '), `${kind} has words`);
  }
  const about = (kind, details) => describe(ev(9, kind, details, { gate_id: null, pass_id: null }), keys, nodes);
  assert.equal(about('site_node_revoked', { node_id: N1, by_key_id: 'k-1' }), 'node North stand PC revoked: its token no longer works — by Ada Lovelace');
  assert.equal(about('site_node_token_rotated', { node_id: N1 }), 'new token for node North stand PC: the old one no longer works');
  assert.equal(about('site_node_resumed', { node_id: N1 }), 'node North stand PC may take its site’s lease again');
  assert.equal(about('site_node_revoked', {}), 'node unknown revoked: its token no longer works');
  const fault = { node_id: N1, refused: 3, reasons: { foreign_kind: 1, outside_lease: 2 } };
  assert.equal(
    about('site_node_fault', fault),
    'node North stand PC shipped 3 items this server refused: 2 × a time outside its leases (outside_lease) and 1 × a kind no node makes (foreign_kind)',
  );
  assert.equal(about('site_node_fault', { node_id: N1, refused: 1, reasons: { made_up: 1 } }), 'node North stand PC shipped 1 item this server refused: 1 × made up (made_up)');
  assert.equal(about('site_node_fault', { node_id: N1, refused: 1 }), 'node North stand PC shipped 1 item this server refused');
  assert.equal(nodeFaultReasons({ reasons: { foreign_gate: 0 } }), '');
  // Exactly the reasons the server names (`enum NodeFault` in server/crates/domain/src, snake_case on the wire).
  const domain = new URL('../../../server/crates/domain/src/', import.meta.url);
  const rs = readdirSync(domain).filter((f) => f.endsWith('.rs')).map((f) => readFileSync(new URL(f, domain), 'utf8')).find((text) => text.includes('pub enum NodeFault {'));
  assert.ok(rs, 'the domain crate declares enum NodeFault');
  const start = rs.indexOf('pub enum NodeFault {');
  const variants = [...rs.slice(start, rs.indexOf('}', start)).matchAll(/^\s+([A-Z]\w+),$/gm)].map((m) => m[1].replace(/(?<!^)([A-Z])/g, '_$1').toLowerCase());
  assert.deepEqual([...variants].sort(), [...NODE_FAULTS].sort());
  try {
    for (const [lang, marker] of [['de', /vom Server North stand PC$/], ['fr', /du serveur North stand PC$/], ['es', /del servidor North stand PC$/], ['ar', /North stand PC/]]) {
      use(lang);
      assert.match(describe(shipped, null, nodes), marker, lang);
      assert.ok(!/from node/.test(describe(shipped, null, nodes)), lang);
      assert.ok(!/outside_lease \(/.test(about('site_node_fault', fault)) && /outside_lease/.test(about('site_node_fault', fault)), lang);
    }
  } finally {
    use('en');
  }
});

test('the event log keeps one copy per id, the richer one, and the newest within its cap', () => {
  const log = new EventLog(3);
  assert.equal(log.add(ev(5, 'scan')), true);
  assert.equal(log.add(ev(5, 'scan', {}, { gate_label: 'North' })), false);
  assert.equal(log.byId.get(5).gate_label, 'North');
  assert.equal(log.add({ id: 'x' }), false);
  log.add(ev(6, 'scan'));
  log.add(ev(4, 'scan'));
  assert.equal(log.lastId, 6);
  assert.deepEqual(log.newest().map((e) => e.id), [6, 5, 4]);
  log.add(ev(7, 'scan'));
  assert.deepEqual(log.newest().map((e) => e.id), [7, 6, 4]);
  assert.deepEqual(log.newest((e) => e.id % 2 === 0).map((e) => e.id), [6, 4]);
});

test('pinned events (the alarms) are never dropped for the cap', () => {
  const log = new EventLog(2, (e) => alarmName(e) !== null);
  log.add(ev(1, 'response', { reason: 'foreign_nonce' }));
  for (let id = 2; id <= 6; id++) log.add(ev(id, 'scan'));
  assert.deepEqual(log.newest().map((e) => e.id), [6, 5, 1]);
});

test('presence events turn a gate on and off', () => {
  const gate = { id: G1, label: 'North', online: false, sockets: 0, last_seen: null };
  const on = applyPresence(gate, ev(1, 'gate_connected', {}, { at: '2026-12-01T16:01:00.000Z' }));
  assert.deepEqual([on.online, on.sockets, on.last_seen], [true, 1, '2026-12-01T16:01:00.000Z']);
  const twice = applyPresence(on, ev(2, 'gate_connected'));
  assert.equal(applyPresence(twice, ev(3, 'gate_disconnected')).online, true);
  const off = applyPresence(on, ev(3, 'gate_disconnected', {}, { at: '2026-12-01T16:02:00.000Z' }));
  assert.deepEqual([off.online, off.sockets, off.last_seen], [false, 0, '2026-12-01T16:02:00.000Z']);
  assert.equal(applyPresence(gate, ev(4, 'gate_connected', {}, { gate_id: G2 })), gate);
});

test('the kind filter offers every kind the server writes (server/crates/domain/src/events.rs)', () => {
  const rs = readFileSync(new URL('../../../server/crates/domain/src/events.rs', import.meta.url), 'utf8');
  // The one table the kinds are declared in: `Variant(DetailsType) = "stored_name",`.
  const start = rs.indexOf('\nkinds! {');
  const block = rs.slice(start, rs.indexOf('\n}\n', start));
  const kinds = [...block.matchAll(/^\s+\w+\(\w+\) = "([a-z_]+)",$/gm)].map((m) => m[1]);
  assert.ok(kinds.length >= 18, `found ${kinds}`);
  assert.deepEqual([...KNOWN_KINDS].sort(), [...kinds].sort());
});


test('events name who did them: the person who acted, else the one the details name, else the label of the key', () => {
  const keys = new Map([['k-1', 'Ada Lovelace'], ['k-2', 'deploy script']]);
  const ada = { issuer: 'https://idp.example', subject: 'ada', name: 'Ada Lovelace' };
  const grace = { ...ada, subject: 'grace', name: 'Grace Hopper' };
  const at = (details, actor = null) => ({ details, actor });
  assert.equal(actorName(at({ by_key_id: 'k-2' }, grace), keys), 'Grace Hopper');
  assert.equal(actorName(at({ by_key_id: 'k-1', role: 'admin', person: ada }), null), 'Ada Lovelace');
  assert.equal(actorName(at({ by_key_id: 'k-9', by_person: grace }), keys), 'Grace Hopper');
  assert.equal(actorName(at({ by_key_id: 'k-2' }), keys), 'deploy script');
  assert.equal(actorName(at({ by_key_id: 'k-3' }), keys), null);
  assert.equal(actorName(at({ by_key_id: 'k-1' }), null), null);
  assert.equal(actorName(at({ person: { name: '' } }), keys), null);
  assert.equal(actorName(at(null), keys), null);
  assert.equal(actorName(null, keys), null);
  assert.equal(describe(ev(5, 'console_signed_in', { by_key_id: 'k-1', role: 'admin', person: ada })), 'console signed in — by Ada Lovelace');
  assert.equal(describe(ev(6, 'pass_revoked', { by_key_id: 'k-2' }), keys), 'pass revoked — by deploy script');
  assert.equal(describe({ ...ev(8, 'zone_created', { by_key_id: 'k-2', zone_id: 'z', name: 'Lobby' }), actor: grace }, keys), 'zone created — by Grace Hopper');
  assert.equal(describe(ev(9, 'message_bounced', { to: 'x@example.com', error: '550 no such mailbox' })), 'mail bounced at x@example.com (550 no such mailbox)');
  assert.equal(describe(ev(10, 'message_queued', { to: 'x@example.com', resend: true, by_key_id: 'k-2' }), keys), 'claim link sent again for x@example.com — by deploy script');
  assert.equal(describe(ev(7, 'sso_sign_in_failed', { reason: 'no_role', detail: 'no role' })), 'single sign-on refused: no_role (no role)');
});

test('alarms handled: state words, filters and the order the view lists them in', async () => {
  const { alarmState, alarmStateText, alarmShown, orderAlarms, sentence } = await import('../../src/console/model.js');
  assert.equal(alarmState(undefined), 'open');
  assert.equal(alarmState({ state: 'acknowledged' }), 'acknowledged');
  assert.equal(alarmState({ state: 'weird' }), 'open');
  assert.equal(alarmStateText(undefined), 'Open');
  assert.equal(alarmStateText({ state: 'acknowledged', acknowledged_by: 'Grace Hopper' }), 'Acknowledged by Grace Hopper');
  assert.equal(alarmStateText({ state: 'resolved', outcome: 'false_alarm', resolved_by: 'Linus' }), 'Resolved (false alarm) by Linus');
  const table = [
    ['open', 'active', true], ['acknowledged', 'active', true], ['resolved', 'active', false],
    ['open', 'open', true], ['acknowledged', 'open', false], ['resolved', 'resolved', true],
    ['open', 'resolved', false], ['resolved', 'all', true], ['resolved', 'nonsense', false],
  ];
  for (const [state, filter, shown] of table) assert.equal(alarmShown(state, filter), shown, `${state} under ${filter}`);
  const states = new Map([[1, { state: 'resolved' }], [2, { state: 'acknowledged' }], [4, { state: 'resolved' }]]);
  const ordered = orderAlarms([1, 2, 3, 4, 5].map((id) => ({ id })), (id) => states.get(id)).map((e) => e.id);
  assert.deepEqual(ordered, [5, 3, 2, 4, 1]);
  assert.equal(sentence('this alarm was already acknowledged by Grace Hopper'), 'This alarm was already acknowledged by Grace Hopper.');
});

test('the words follow the page’s language; the TSR1 names do not', async () => {
  const { use, setTimeZone } = await import('../../src/i18n.js');
  const { ALARM_FILTERS, ALARM_OUTCOMES, alarmFilters, alarmStateText, clock, kindLabel, severityLabel } = await import('../../src/console/model.js');
  assert.deepEqual(ALARM_FILTERS.map(([v, w]) => `${v}=${w}`), ['active=Open and acknowledged', 'open=Open', 'acknowledged=Acknowledged', 'resolved=Resolved', 'all=All']);
  assert.deepEqual(ALARM_OUTCOMES.map(([, w]) => w), ['Confirmed', 'False alarm', 'Duplicate', 'No action']);
  assert.equal(kindLabel('gate_disconnected'), 'gate disconnected');
  assert.equal(kindLabel('some_future_kind'), 'some future kind');
  assert.equal(severityLabel('high'), 'high');
  assert.equal(alarmStateText({ state: 'resolved', outcome: 'weird' }), 'Resolved (no outcome) by someone');
  assert.equal(alarmStateText({ state: 'acknowledged' }), 'Acknowledged by someone');
  try {
    setTimeZone('UTC');
    const now = Date.parse('2026-12-01T18:00:00Z');
    assert.equal(clock('2026-12-01T16:04:05Z', now), '16:04:05');
    assert.equal(clock('2026-11-30T16:04:05Z', now), '2026-11-30 16:04:05');
    assert.equal(clock('nope', now), '—');
    use('de');
    assert.equal(clock('2026-11-30T16:04:05Z', now), '30.11.2026 16:04:05');
    // A list made at import speaks the language chosen later.
    assert.equal(ALARM_FILTERS[1][1], 'Offen');
    assert.deepEqual(alarmFilters()[0], ['active', 'Offen und quittiert']);
    assert.equal(alarmStateText({ state: 'resolved', outcome: 'false_alarm', resolved_by: 'Linus' }), 'Abgeschlossen (Fehlalarm) von Linus');
    assert.equal(describe(ev(1, 'auth_failure', { count: 3, surface: 'console', sample_reason: 'csrf' })), 'auth_failure × 3 über console (csrf)');
    assert.match(describe(ev(2, 'scan', { reason: 'stale_code' })), /^Scan abgelehnt: stale_code — /);
    // Venue time: the same instant is another day in Tokyo.
    use('en');
    setTimeZone('Asia/Tokyo');
    assert.equal(clock('2026-12-01T16:04:05Z', Date.parse('2026-12-01T10:00:00Z')), '2026-12-02 01:04:05');
  } finally {
    use('en');
    setTimeZone(undefined);
  }
});

test('on-site nodes: each row in words, with its lease, last call, lag and shipped time (issue 35)', async () => {
  const { use, setTimeZone } = await import('../../src/i18n.js');
  const { NODE_STATES, nodeRow, nodeStateHelp, nodeStateText, nodesSummary, relativeTime } = await import('../../src/console/model.js');
  // Exactly the states GET /v1/nodes answers (server/crates/edges/src/http/sites.rs).
  const rs = readFileSync(new URL('../../../server/crates/edges/src/http/sites.rs', import.meta.url), 'utf8');
  const start = rs.indexOf('let state = match &lease {');
  assert.ok(start > 0, 'node_view decides the state in one match');
  const body = rs.slice(start, rs.indexOf('};', start));
  const served = [...body.matchAll(/=> "([a-z]+)",/g)].map((m) => m[1]);
  assert.deepEqual([...served].sort(), [...NODE_STATES].sort());
  assert.deepEqual(NODE_STATES.map(nodeStateText), ['Holding', 'Starting', 'Overdue', 'Reclaimed', 'Idle', 'Revoked']);
  for (const s of NODE_STATES) assert.match(nodeStateHelp(s), /lease/, s);
  assert.equal(nodeStateText('lapsed'), 'lapsed', 'a state this page does not know reads as it is');
  assert.equal(nodeStateHelp('lapsed'), '');

  const now = Date.parse('2026-12-01T16:00:00Z');
  assert.equal(relativeTime('2026-12-01T16:04:30Z', now), 'in 4 minutes');
  assert.equal(relativeTime('2026-12-01T15:59:48Z', now), '12 seconds ago');
  assert.equal(relativeTime('2026-12-01T16:00:00Z', now), 'now');
  assert.equal(relativeTime('2026-12-01T13:00:00Z', now), '3 hours ago');
  assert.equal(relativeTime('2026-12-04T16:00:00Z', now), 'in 3 days');
  assert.equal(relativeTime('nope', now), '');

  const idle = { node_id: 'n-1', site: 'stadium', label: 'North stand PC', state: 'idle', down_seq: 0 };
  const holding = {
    node_id: 'n-2', site: 'arena', label: 'South stand PC', state: 'holding', down_seq: 12,
    lease: { lease_id: 'l-1', granted_at: '2026-12-01T15:50:00Z', valid_from: '2026-12-01T15:50:30Z', expires_at: '2026-12-01T16:05:00Z' },
    last_seen_at: '2026-12-01T15:59:59Z', shipped_through: '2026-12-01T15:59:58Z', up_lag_s: 0.4321,
  };
  try {
    setTimeZone('UTC');
    assert.deepEqual(nodeRow(idle, now), {
      id: 'n-1', label: 'North stand PC', site: 'stadium', state: 'idle', stateText: 'Idle', stateHelp: nodeStateHelp('idle'),
      revoked: false, blocked: false, leaseId: null, leaseEnds: 'No lease', lastSeen: 'Never', lag: '—', shipped: 'Nothing yet',
    });
    // Issue 50: revoked for good, or reclaimed and waiting for an admin's "Allow lease again".
    const revoked = nodeRow({ ...holding, state: 'revoked', revoked_at: '2026-12-01T15:58:00Z' }, now);
    assert.deepEqual([revoked.stateText, revoked.revoked, revoked.blocked, revoked.leaseId, revoked.leaseEnds], ['Revoked', true, false, null, 'Revoked 15:58:00 (2 minutes ago)']);
    const reclaimed = nodeRow({ ...idle, state: 'reclaimed', lease_blocked_at: '2026-12-01T15:59:00Z' }, now);
    assert.deepEqual([reclaimed.stateText, reclaimed.revoked, reclaimed.blocked, reclaimed.leaseId, reclaimed.leaseEnds], ['Reclaimed', false, true, null, 'Reclaimed 15:59:00 (1 minute ago): waits for an admin']);
    assert.equal(nodeRow({ ...idle, state: 'reclaimed' }, now).leaseEnds, 'Reclaimed: waits for an admin');
    assert.equal(nodeRow({ ...idle, state: 'revoked' }, now).leaseEnds, 'Revoked');
    // A revoked node's lease_blocked_at (reclaimed, then revoked) offers no "Allow lease again".
    assert.equal(nodeRow({ ...idle, state: 'revoked', lease_blocked_at: '2026-12-01T15:59:00Z' }, now).blocked, false);
    const row = nodeRow(holding, now);
    assert.equal(row.stateText, 'Holding');
    assert.equal(row.leaseId, 'l-1');
    assert.equal(row.leaseEnds, '16:05:00 (in 5 minutes)');
    assert.equal(row.lastSeen, '15:59:59 (1 second ago)');
    assert.equal(row.lag, '0.4 s');
    assert.equal(row.shipped, '15:59:58');
    assert.equal(nodeRow({ ...holding, state: 'overdue', up_lag_s: 125 }, Date.parse('2026-12-01T16:07:00Z')).leaseEnds, '16:05:00 (2 minutes ago)');
    assert.equal(nodeRow({ ...holding, up_lag_s: 125 }, now).lag, '125 s');
    assert.equal(nodeRow(null, now).leaseEnds, 'No lease');
    assert.equal(nodesSummary([idle, holding, { ...holding, state: 'overdue' }]), '3 nodes: 1 holding a lease, 1 overdue.');
    assert.equal(nodesSummary([idle]), '1 node: 0 holding a lease, 0 overdue.');
    // In the page's language, the relative times too.
    use('de');
    assert.equal(nodeRow(holding, now).leaseEnds, '16:05:00 (in 5 Minuten)');
    assert.equal(nodeRow(holding, now).lag, '0,4 s');
    assert.equal(nodeRow(idle, now).stateText, 'Ruht');
    assert.equal(nodeStateText('revoked'), 'Widerrufen');
    assert.equal(nodeStateText('reclaimed'), 'Zurückgeholt');
    use('ar');
    assert.match(nodeRow(holding, now).stateText, /التفويض/);
    assert.notEqual(relativeTime('2026-12-01T16:04:30Z', now), 'in 4 minutes');
  } finally {
    use('en');
    setTimeZone(undefined);
  }
});

// The web gate's state machine with parties (src/gate/core.js): a TSR1P code split into one
// journaled scan per member, the one TSR1Q challenge once every member has its challenge or
// its result, a TSR1S answer split into each member's own response frame, each member's
// result on its own, the party's verdict once the last member is settled, and a reload in
// the middle. Every frame that leaves is a single TSR1 frame the server already knows.
import './i18n-setup.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GateCore, MemoryJournal } from '../../src/gate/core.js';
import { parsePartyChallenge, partyAnswer, partyCode } from '../../src/tsr1.js';

const GATE = '5f0c6c1e-7a1b-4c2d-8e3f-000000000001';
const PASS = ['AGJPHJC3NR6Y5H5AWHBNHZHVAY', 'AEAQEAYEAUDAOCAJBIFQYDIOB4', 'AAAAAAAAAAAAAAAAAAAAAAAAAE'];
const ID = ['0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f506', '01010203-0405-0607-0809-0a0b0c0d0e0f', '00000000-0000-0000-0000-000000000001'];
const NONCE = ['UCQKBIFRWGY3DQWCYLBNHU6T2PSOJZHE6X27L5IGAYDAMFYXC4LQ', 'AAAQEAYEAUDAOCAJBIFQYDIOB4IBCEQTCQKRMFYYDENBWHA5DYPQ', 'AEBAGBAFAYDQQCIKBMGA2DQPCAIREEYUCULBOGAZDINRYHI6D4QA'];
const MAC = ['HCEE5S6MNMNKJOEAQBSQT5FJ7Y', 'PLEHRPSSUNISEUL33GMHW6PR3U', 'AAAAAAAAAAAAAAAAAAAAAAAAAA'];
const NAMES = ['Ada', 'Bea', 'Cal'];
const code = (i, t = 117629440) => `TSR1:${PASS[i]}:${t}:1234567${i}`;
const party = (n = 3) => partyCode(Array.from({ length: n }, (_, i) => code(i)));
const sends = (actions, type) => actions.filter((a) => a.send && a.send.type === type).map((a) => a.send);
const emits = (actions, kind) => actions.filter((a) => a.emit === kind);

async function online(journal = new MemoryJournal()) {
  let n = 0;
  const { core } = await GateCore.open(journal, { newId: () => `id-${++n}` });
  await core.onConnected({ gate_id: GATE, server_time: new Date(0).toISOString() }, 0);
  return core;
}

function challenge(scanId, i, expires = '2025-11-29T18:40:30Z') {
  return { type: 'challenge', scan_id: scanId, nonce: NONCE[i], wallet_challenge: `TSR1C:${PASS[i]}:${NONCE[i]}`, expires_at: expires, pass: { id: ID[i], label: NAMES[i] } };
}

function result(scanId, i, outcome, reason = null, nonce = NONCE[i]) {
  return { type: 'result', scan_id: scanId, nonce, outcome, reason, replayed: false, pass: { id: ID[i], label: NAMES[i] } };
}

test('a party code becomes one journaled scan per member, each sent as its own scan frame', async () => {
  const journal = new MemoryJournal();
  const core = await online(journal);
  const actions = await core.onLine(party(), 'scanner', 10);
  const frames = sends(actions, 'scan');
  assert.deepEqual(frames.map((f) => f.code), [code(0), code(1), code(2)]);
  assert.equal(new Set(frames.map((f) => f.scan_id)).size, 3, 'each member its own scan_id');
  assert.equal(core.pending, 3);
  assert.equal(journal.doc.scans.length, 3, 'journaled before the frames left');
  assert.equal(new Set(journal.doc.scans.map((s) => s.party)).size, 1, 'marked as one party');
  assert.deepEqual(emits(actions, 'scan').map((a) => a.party_id), Array(3).fill(journal.doc.parties[0].party_id));
  // The same party code again (the camera, a bounce) mints nothing.
  assert.equal((await core.onLine(party(), 'scanner', 20))[0].emit, 'duplicate');
  // Nor does one of its members' codes alone.
  assert.equal((await core.onLine(code(1), 'scanner', 20))[0].emit, 'duplicate');
  assert.equal(core.pending, 3);
});

test('the party challenge waits for every member, then bundles the challenged ones in order', async () => {
  const core = await online();
  const ids = sends(await core.onLine(party(), 'scanner', 10), 'scan').map((f) => f.scan_id);
  // Member 2 first: nothing to show yet (the others wait for the server's word).
  let a = await core.onServer(challenge(ids[2], 2, '2025-11-29T18:40:31Z'), 20);
  assert.equal(emits(a, 'party_challenge').length, 0);
  assert.deepEqual(core.prompts(), []);
  // Member 1 is refused at its scan (revoked): its verdict waits for the party's.
  a = await core.onServer({ type: 'result', scan_id: ids[1], nonce: null, outcome: 'denied', reason: 'revoked', replayed: false, pass: { id: ID[1], label: NAMES[1] } }, 30);
  assert.equal(emits(a, 'verdict')[0].party_id !== undefined, true);
  assert.equal(emits(a, 'party_challenge').length, 0);
  assert.equal(emits(a, 'party_verdict').length, 0);
  // Member 0: the party's challenge names members 0 and 2, in the party's order.
  a = await core.onServer(challenge(ids[0], 0, '2025-11-29T18:40:30Z'), 40);
  const [pc] = emits(a, 'party_challenge');
  assert.equal(pc.wallet_challenge, `TSR1Q:${PASS[0]}:${NONCE[0]}:${PASS[2]}:${NONCE[2]}`);
  assert.equal(pc.expires_at, '2025-11-29T18:40:30Z', "the earliest member's expiry");
  assert.deepEqual(pc.passes.map((p) => p.label), ['Ada', 'Cal']);
  assert.deepEqual(parsePartyChallenge(pc.wallet_challenge).members.map((m) => m.passId), [ID[0], ID[2]]);
  const prompts = core.prompts();
  assert.equal(prompts.length, 1);
  assert.equal(prompts[0].kind, 'party');
  assert.equal(prompts[0].wallet_challenge, pc.wallet_challenge);
  assert.deepEqual(prompts[0].scan_ids, [ids[0], ids[2]]);
});

test('a party answer sends each member its own response frame; each result is its own; one party verdict', async () => {
  const journal = new MemoryJournal();
  const core = await online(journal);
  const ids = sends(await core.onLine(party(), 'scanner', 10), 'scan').map((f) => f.scan_id);
  for (const i of [0, 1, 2]) await core.onServer(challenge(ids[i], i), 20 + i);
  const answer = partyAnswer([0, 1, 2].map((i) => `TSR1R:${PASS[i]}:${MAC[i]}`));
  const a = await core.onLine(answer, 'scanner', 100);
  const frames = sends(a, 'response');
  assert.deepEqual(frames, [0, 1, 2].map((i) => ({ type: 'response', scan_id: ids[i], nonce: NONCE[i], response: `TSR1R:${PASS[i]}:${MAC[i]}` })));
  assert.deepEqual(core.prompts(), [], 'nothing left to answer');
  // The same answer still in view: nothing more is sent.
  assert.deepEqual(await core.onLine(answer, 'scanner', 110), []);
  // Results, one by one: the party's verdict only when the last is in.
  let r = await core.onServer(result(ids[0], 0, 'admitted'), 120);
  assert.equal(emits(r, 'party_verdict').length, 0);
  r = await core.onServer(result(ids[1], 1, 'denied', 'revoked'), 121);
  assert.equal(emits(r, 'party_verdict').length, 0);
  r = await core.onServer(result(ids[2], 2, 'already_admitted'), 122);
  const [pv] = emits(r, 'party_verdict');
  assert.deepEqual(pv.members.map((m) => [m.label, m.verdict.outcome, m.verdict.reason]), [['Ada', 'admitted', null], ['Bea', 'denied', 'revoked'], ['Cal', 'already_admitted', null]]);
  assert.equal(core.pending, 0);
  assert.equal(core.unshownVerdicts, 3, 'the results wait until the party verdict is shown');
  await core.partyShown(pv.party_id);
  assert.equal(core.unshownVerdicts, 0);
  assert.deepEqual(core.parties, []);
  assert.deepEqual(journal.shown.map((x) => x.outcome), ['admitted', 'denied', 'already_admitted'], 'each counted on its own');
});

test('a member answered wrongly keeps its challenge open: the next party challenge names only it', async () => {
  const core = await online();
  const ids = sends(await core.onLine(party(2), 'scanner', 10), 'scan').map((f) => f.scan_id);
  for (const i of [0, 1]) await core.onServer(challenge(ids[i], i), 20);
  await core.onLine(partyAnswer([`TSR1R:${PASS[0]}:${MAC[0]}`, `TSR1R:${PASS[1]}:${MAC[1]}`]), 'scanner', 30);
  await core.onServer(result(ids[0], 0, 'admitted'), 40);
  await core.onServer(result(ids[1], 1, 'denied', 'bad_response'), 41);
  const [p] = core.prompts();
  assert.equal(p.wallet_challenge, `TSR1Q:${PASS[1]}:${NONCE[1]}`);
  // A single TSR1R for the member works too.
  const a = await core.onLine(`TSR1R:${PASS[1]}:${MAC[2]}`, 'scanner', 50);
  assert.deepEqual(sends(a, 'response').map((f) => f.scan_id), [ids[1]]);
});

test('an answer leaving a member out: that member closes unanswered, the party verdict says so', async () => {
  const core = await online();
  const ids = sends(await core.onLine(party(2), 'scanner', 10), 'scan').map((f) => f.scan_id);
  for (const i of [0, 1]) await core.onServer(challenge(ids[i], i, new Date(1000).toISOString()), 20);
  await core.onLine(`TSR1S:${PASS[0]}:${MAC[0]}`, 'scanner', 30);
  await core.onServer(result(ids[0], 0, 'admitted'), 40);
  const [p] = core.prompts();
  assert.equal(p.wallet_challenge, `TSR1Q:${PASS[1]}:${NONCE[1]}`, 'the member left out is still asked');
  const t = await core.onTick(1000 + 5001);
  assert.equal(emits(t, 'unanswered')[0].party_id, p.party_id);
  const [pv] = emits(t, 'party_verdict');
  assert.deepEqual(pv.members.map((m) => [m.label, m.ended, m.verdict && m.verdict.outcome]), [['Ada', 'result', 'admitted'], ['Bea', 'unanswered', null]]);
});

test('a reload in the middle: the party, its members and its challenge come back from the journal; resent identically', async () => {
  const journal = new MemoryJournal();
  const core = await online(journal);
  const first = sends(await core.onLine(party(), 'scanner', 10), 'scan');
  const ids = first.map((f) => f.scan_id);
  for (const i of [0, 1, 2]) await core.onServer(challenge(ids[i], i), 20);
  const answer = `TSR1S:${PASS[0]}:${MAC[0]}:${PASS[1]}:${MAC[1]}:${PASS[2]}:${MAC[2]}`;
  const sent = sends(await core.onLine(answer, 'scanner', 30), 'response');
  await core.onServer(result(ids[0], 0, 'admitted'), 40);
  // The page reloads.
  const { core: again, actions: opened } = await GateCore.open(journal);
  assert.equal(emits(opened, 'verdict').length, 0, "a party member's result waits for its party");
  const resent = sends(await again.onConnected({ gate_id: GATE, server_time: new Date(0).toISOString() }, 50), 'response');
  assert.deepEqual(resent, sent.slice(1), 'the unanswered members resent byte for byte');
  await again.onServer(result(ids[1], 1, 'admitted'), 60);
  const r = await again.onServer(result(ids[2], 2, 'admitted'), 61);
  const [pv] = emits(r, 'party_verdict');
  assert.deepEqual(pv.members.map((m) => m.verdict.outcome), ['admitted', 'admitted', 'admitted']);
  // Reloaded again before it was shown: the party's verdict is shown again.
  const { actions: reopened } = await GateCore.open(journal);
  assert.equal(emits(reopened, 'party_verdict').length, 1);
  assert.equal(emits(reopened, 'verdict').length, 0);
});

test('bad party values are rejected, and a challenge is not a code', async () => {
  const core = await online();
  for (const text of [`TSR1P:1:${PASS[0]}:12345670`, `TSR1P:1:${PASS[0]}:12345670:${PASS[0]}:12345670`, 'TSR1S:', `TSR1Q:${PASS[0]}:${NONCE[0]}`]) {
    const a = await core.onLine(text, 'scanner', 10);
    assert.deepEqual(a.map((x) => x.emit), ['rejected'], text);
  }
  assert.equal(core.pending, 0);
  // A party answer with no open challenge.
  assert.deepEqual((await core.onLine(`TSR1S:${PASS[0]}:${MAC[0]}`, 'scanner', 10)).map((x) => x.emit), ['rejected']);
});

test('a single scan is unchanged: no party fields, prompts() shows its own challenge', async () => {
  const core = await online();
  const [, send] = await core.onLine(code(0), 'scanner', 10);
  const a = await core.onServer(challenge(send.send.scan_id, 0), 20);
  assert.equal(a.length, 1);
  assert.equal(a[0].party_id, undefined);
  assert.deepEqual(core.prompts().map((p) => [p.kind, p.wallet_challenge]), [['single', `TSR1C:${PASS[0]}:${NONCE[0]}`]]);
});

// Messages that came in together (the app's inbox while the journal was busy) are applied in
// order and made durable in one write: what they emit is what one call each would emit.
test("a party's challenges and results that arrive together: one journal write each, the same actions", async () => {
  class Counting extends MemoryJournal {
    saves = 0;
    save(doc, extra) {
      this.saves += 1;
      return super.save(doc, extra);
    }
  }
  const strip = (actions) => JSON.parse(JSON.stringify(actions));
  const one = new Counting();
  const apart = await online(one);
  const together = new Counting();
  const batched = await online(together);
  const idsApart = sends(await apart.onLine(party(), 'scanner', 10), 'scan').map((f) => f.scan_id);
  const ids = sends(await batched.onLine(party(), 'scanner', 10), 'scan').map((f) => f.scan_id);
  assert.deepEqual(ids, idsApart);
  const before = [one.saves, together.saves];

  const challenges = [0, 1, 2].map((i) => challenge(ids[i], i));
  const each = [];
  for (const c of challenges) each.push(...(await apart.onServer(c, 20)));
  const all = await batched.onServerAll(challenges, 20);
  assert.deepEqual(strip(all), strip(each));
  assert.equal(emits(all, 'party_challenge').length, 1);
  assert.equal(one.saves - before[0], 3);
  assert.equal(together.saves - before[1], 1, 'one durable write for the three challenges');
  assert.deepEqual(together.doc, one.doc);

  const answer = partyAnswer([0, 1, 2].map((i) => `TSR1R:${PASS[i]}:${MAC[i]}`));
  await apart.onLine(answer, 'scanner', 100);
  await batched.onLine(answer, 'scanner', 100);
  const results = [result(ids[0], 0, 'admitted'), result(ids[1], 1, 'denied', 'revoked'), result(ids[2], 2, 'already_admitted')];
  const mid = [one.saves, together.saves];
  const eachResult = [];
  for (const r of results) eachResult.push(...(await apart.onServer(r, 120)));
  const allResults = await batched.onServerAll(results, 120);
  assert.deepEqual(strip(allResults), strip(eachResult));
  assert.equal(emits(allResults, 'party_verdict').length, 1);
  assert.equal(together.saves - mid[1], 1);
  assert.equal(one.saves - mid[0], 3);
  assert.deepEqual(together.doc, one.doc);
});

test('a batch whose one write fails changes nothing: the core is as before its first message', async () => {
  class Failing extends MemoryJournal {
    fail = false;
    save(doc, extra) {
      if (this.fail) throw new Error('disk full');
      return super.save(doc, extra);
    }
  }
  const journal = new Failing();
  const core = await online(journal);
  const ids = sends(await core.onLine(party(), 'scanner', 10), 'scan').map((f) => f.scan_id);
  const kept = JSON.parse(JSON.stringify(journal.doc));
  journal.fail = true;
  await assert.rejects(core.onServerAll([0, 1, 2].map((i) => challenge(ids[i], i)), 20), /disk full/);
  assert.deepEqual(core.prompts(), [], 'no challenge shown that was not journaled');
  assert.deepEqual(core.scans.map((s) => s.challenge), [null, null, null]);
  assert.deepEqual(journal.doc, kept);
  // The scans are still in flight: they time out and are sent again, as after any failed commit.
  journal.fail = false;
  const later = await core.onTick(10 + 2_500);
  assert.equal(sends(later, 'scan').length, 3);
  const again = await core.onServerAll([0, 1, 2].map((i) => challenge(ids[i], i)), 2_520);
  assert.equal(emits(again, 'party_challenge').length, 1);
});

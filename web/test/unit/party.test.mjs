// The party values of tsr1.js (TSR1P code, TSR1Q challenge, TSR1S answer): round trips, the
// strict parsers (the same refusals as the protocol crate's `party.rs`), and the wallet's
// answer for every member it holds a key for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as tsr1 from '../../src/tsr1.js';

const A = 'AGJPHJC3NR6Y5H5AWHBNHZHVAY';
const B = 'AEAQEAYEAUDAOCAJBIFQYDIOB4';
const NONCE = 'AAAQEAYEAUDAOCAJBIFQYDIOB4IBCEQTCQKRMFYYDENBWHA5DYPQ';
const MAC = 'PLEHRPSSUNISEUL33GMHW6PR3U';
const passB32 = (i) => tsr1.base32Encode(tsr1.uuidToBytes(`00000000-0000-0000-0000-${String(i).padStart(12, '0')}`));

/** Every refusal must be a TsrError with `code`. */
function refuses(text, parse, code) {
  assert.throws(() => parse(text), (e) => e instanceof tsr1.TsrError && e.code === code, `${text} → ${code}`);
}

test('party codes parse only when well formed', () => {
  const good = `TSR1P:117629440:${A}:80238672:${B}:12345678`;
  const code = tsr1.parsePartyCode(good);
  assert.equal(code.t, 117629440n);
  assert.deepEqual(code.members.map((m) => m.code), [`TSR1:${A}:117629440:80238672`, `TSR1:${B}:117629440:12345678`]);
  assert.equal(code.members[0].passId, '0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f506');
  assert.equal(tsr1.partyCode(code.members.map((m) => m.code)), good);
  const seven = Array.from({ length: 7 }, (_, i) => `:${passB32(i)}:1234567${i}`).join('');
  const six = Array.from({ length: 6 }, (_, i) => `:${passB32(i)}:1234567${i}`).join('');
  assert.equal(tsr1.parsePartyCode(`TSR1P:1${six}`).members.length, 6);
  const cases = [
    [`TSR1P:1:${A}:80238672`, 'party_size'],
    [`TSR1P:1${seven}`, 'party_size'],
    [`TSR1P:1:${A}:80238672:${A}:12345678`, 'party_repeats'],
    [`TSR1P:1:${A}:80238672:${B}`, 'malformed_party_code'],
    ['TSR1P:1', 'malformed_party_code'],
    ['TSR1P:', 'malformed_party_code'],
    [`TSR1P:01:${A}:80238672:${B}:12345678`, 'malformed_party_code'],
    [`TSR1P:18446744073709551616:${A}:80238672:${B}:12345678`, 'malformed_party_code'],
    [`TSR1P:1:${A}:8023867:${B}:12345678`, 'malformed_party_code'],
    [`TSR1P:1:${A}:802386720:${B}:12345678`, 'malformed_party_code'],
    [`TSR1P:1:${A}:80238672:x:12345678`, 'malformed_party_code'],
    [`TSR1P:1:${A.toLowerCase()}:80238672:${B}:12345678`, 'malformed_party_code'],
    [`TSR1P:1:${A.slice(0, 25)}Z:80238672:${B}:12345678`, 'malformed_party_code'],
    [`TSR1P:1:${A}:80238672:${B}:12345678:`, 'malformed_party_code'],
    [`TSR1:${A}:1:80238672`, 'malformed_party_code'],
    [`tsr1p:1:${A}:80238672:${B}:12345678`, 'malformed_party_code'],
    [` TSR1P:1:${A}:80238672:${B}:12345678`, 'malformed_party_code'],
    [null, 'malformed_party_code'],
  ];
  for (const [text, code] of cases) refuses(text, tsr1.parsePartyCode, code);
  assert.equal(tsr1.parsePartyCode(`TSR1P:18446744073709551615:${A}:80238672:${B}:12345678`).t, 2n ** 64n - 1n);
});

test('a party code is made of 8-digit codes of one step, distinct passes, 2 to 6', () => {
  const code = (pass, t, otp = '12345678') => `TSR1:${pass}:${t}:${otp}`;
  assert.throws(() => tsr1.partyCode([code(A, 5), code(B, 6)]), { code: 'party_steps' });
  assert.throws(() => tsr1.partyCode([code(A, 5)]), { code: 'party_size' });
  assert.throws(() => tsr1.partyCode([code(A, 5), code(A, 5)]), { code: 'party_repeats' });
  assert.throws(() => tsr1.partyCode([code(A, 5), code(B, 5, '123456')]), { code: 'malformed_code' });
  assert.throws(() => tsr1.partyCode(Array.from({ length: 7 }, (_, i) => code(passB32(i), 5))), { code: 'party_size' });
  assert.equal(tsr1.partyCode([code(B, 5), code(A, 5)]), `TSR1P:5:${B}:12345678:${A}:12345678`, 'the order given');
  // Only A-Z 0-9 and ':': QR alphanumeric mode.
  assert.match(tsr1.partyCode([code(B, 5), code(A, 5)]), /^[A-Z0-9:]+$/);
});

test('party challenges round-trip and refuse repeats and bad nonces', () => {
  const text = `TSR1Q:${A}:${NONCE}:${B}:${NONCE}`;
  const parsed = tsr1.parsePartyChallenge(text);
  assert.deepEqual(parsed.members.map((m) => m.challenge), [`TSR1C:${A}:${NONCE}`, `TSR1C:${B}:${NONCE}`]);
  assert.equal(parsed.members[1].nonceB32, NONCE);
  assert.equal(tsr1.partyChallenge(parsed.members.map((m) => m.challenge)), text);
  assert.equal(tsr1.parsePartyChallenge(`TSR1Q:${A}:${NONCE}`).members.length, 1, 'one member is a party challenge too');
  refuses(`TSR1Q:${A}:${NONCE}:${A}:${NONCE}`, tsr1.parsePartyChallenge, 'party_repeats');
  refuses('TSR1Q:', tsr1.parsePartyChallenge, 'malformed_party_challenge');
  refuses('TSR1Q', tsr1.parsePartyChallenge, 'malformed_party_challenge');
  refuses(`TSR1Q:${A}:${NONCE.slice(1)}`, tsr1.parsePartyChallenge, 'malformed_party_challenge');
  refuses(`TSR1Q:${A}:${NONCE}:${B}`, tsr1.parsePartyChallenge, 'malformed_party_challenge');
  refuses(`TSR1Q:${A}:${NONCE.slice(0, -1)}B`, tsr1.parsePartyChallenge, 'malformed_party_challenge');
  refuses(Array.from({ length: 7 }, (_, i) => `:${passB32(i)}:${NONCE}`).join('').replace(/^/, 'TSR1Q'), tsr1.parsePartyChallenge, 'party_size');
  assert.throws(() => tsr1.partyChallenge([]), { code: 'party_size' });
});

test('party answers round-trip; each member is exactly its TSR1R answer', () => {
  const text = `TSR1S:${A}:${MAC}:${B}:${MAC}`;
  const parsed = tsr1.parsePartyAnswer(text);
  assert.equal(parsed.members[0].response, `TSR1R:${A}:${MAC}`);
  assert.equal(tsr1.partyAnswer(parsed.members.map((m) => m.response)), text);
  refuses(`TSR1S:${A}:${MAC}:${B}`, tsr1.parsePartyAnswer, 'malformed_party_answer');
  refuses(`TSR1S:${A}:${MAC.slice(1)}`, tsr1.parsePartyAnswer, 'malformed_party_answer');
  refuses(`TSR1S:${A}:${MAC}:${A}:${MAC}`, tsr1.parsePartyAnswer, 'party_repeats');
  refuses('TSR1S:', tsr1.parsePartyAnswer, 'malformed_party_answer');
  refuses(`TSR1R:${A}:${MAC}`, tsr1.parsePartyAnswer, 'malformed_party_answer');
  assert.deepEqual(tsr1.parseResponse(`TSR1R:${A}:${MAC}`), { passId: '0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f506', macB32: MAC });
  assert.equal(tsr1.parseResponse(`TSR1R:${A}:${MAC}:`), null);
});

test('isParty knows the three prefixes', () => {
  for (const [text, party] of [['TSR1P:1', true], ['TSR1Q:', true], ['TSR1S:x', true], ['TSR1:x', false], ['TSR1C:x', false], ['tsr1p:1', false], [null, false]]) {
    assert.equal(tsr1.isParty(text), party, String(text));
  }
});

test('the parsers never throw anything but a TsrError', () => {
  const alphabet = 'TSR1PQCS:AB2Z7 0x';
  const seeds = [`TSR1P:1:${A}:80238672:${B}:12345678`, `TSR1Q:${A}:${NONCE}`, `TSR1S:${A}:${MAC}`];
  let seed = 1;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let i = 0; i < 3000; i++) {
    let text = seeds[i % 3];
    for (let k = 0; k < 1 + Math.floor(random() * 3); k++) {
      const at = Math.floor(random() * (text.length + 1));
      const op = random();
      if (op < 0.4) text = text.slice(0, at) + text.slice(at + 1);
      else if (op < 0.8) text = text.slice(0, at) + alphabet[Math.floor(random() * alphabet.length)] + text.slice(at + 1);
      else text = text.slice(0, at) + text.slice(at);
    }
    for (const parse of [tsr1.parsePartyCode, tsr1.parsePartyChallenge, tsr1.parsePartyAnswer]) {
      try {
        parse(text);
      } catch (e) {
        assert.ok(e instanceof tsr1.TsrError && typeof e.code === 'string', `${text}: ${e}`);
      }
    }
  }
});

test('the wallet answers every member it holds a key for, in the challenge order', async () => {
  const key = () => crypto.subtle.importKey('raw', crypto.getRandomValues(new Uint8Array(32)), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const ids = [0, 1, 2].map((i) => `00000000-0000-0000-0000-${String(i + 1).padStart(12, '0')}`);
  const keys = new Map([[ids[0], await key()], [ids[2], await key()]]);
  const challenges = ids.map((id) => `TSR1C:${tsr1.passToBase32(id)}:${NONCE}`);
  const party = tsr1.parsePartyChallenge(tsr1.partyChallenge(challenges));
  const { answer, answered } = await tsr1.answerPartyChallenge(keys, party);
  assert.deepEqual(answered, [ids[0], ids[2]]);
  const members = tsr1.parsePartyAnswer(answer).members;
  assert.deepEqual(members.map((m) => m.passId), [ids[0], ids[2]]);
  for (const [i, m] of members.entries()) {
    const id = answered[i];
    assert.equal(m.response, await tsr1.answerChallenge(keys.get(id), id, tsr1.parseChallenge(challenges[ids.indexOf(id)])));
  }
  assert.equal(await tsr1.answerPartyChallenge(new Map(), party), null);
});

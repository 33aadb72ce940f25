// Every value of protocol-vectors.json, reproduced through the wallet's own tsr1.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import * as tsr1 from '../../src/tsr1.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const vectorsPath = path.join(here, '..', 'protocol-vectors.json');
const V = JSON.parse(readFileSync(vectorsPath, 'utf8'));
const hex = tsr1.hexToBytes;
const subtle = globalThis.crypto.subtle;

async function walletKeys({ extractable = false } = {}) {
  const privateKey = await tsr1.importX25519Secret(hex(V.wallet_secret));
  return tsr1.derivePassKeys(
    { privateKey, walletPublicRaw: hex(V.wallet_public), serverPublicRaw: hex(V.server_public), passId: V.pass_id },
    { extractable },
  );
}

test('the copy of protocol-vectors.json matches shared/ when it is there', () => {
  // web/ sits in the repo root; shared/ is beside the repo.
  const shared = path.join(here, '..', '..', '..', '..', 'shared', 'protocol-vectors.json');
  if (!existsSync(shared)) return;
  assert.equal(readFileSync(vectorsPath, 'utf8'), readFileSync(shared, 'utf8'), `${vectorsPath} differs from ${shared}: copy it again`);
});

test('public keys and their base64url', async () => {
  for (const who of ['wallet', 'server']) {
    const key = await tsr1.importX25519Secret(hex(V[`${who}_secret`]), true);
    const jwk = await subtle.exportKey('jwk', key);
    assert.equal(tsr1.bytesToHex(tsr1.b64urlDecode(jwk.x)), V[`${who}_public`]);
    assert.equal(tsr1.b64urlEncode(hex(V[`${who}_public`])), V[`${who}_public_b64url`]);
    assert.equal(tsr1.bytesToHex(tsr1.b64urlDecode(V[`${who}_public_b64url`])), V[`${who}_public`]);
  }
});

test('pass id and nonce in base32', () => {
  assert.equal(tsr1.passToBase32(V.pass_id), V.pass_id_b32);
  assert.equal(tsr1.uuidFromBytes(tsr1.base32Decode(V.pass_id_b32, 16)), V.pass_id);
  assert.equal(tsr1.base32Encode(hex(V.nonce)), V.nonce_b32);
  assert.equal(tsr1.bytesToHex(tsr1.base32Decode(V.nonce_b32, 32)), V.nonce);
});

test('shared secret from both sides', async () => {
  const w = await tsr1.importX25519Secret(hex(V.wallet_secret));
  const s = await tsr1.importX25519Secret(hex(V.server_secret));
  assert.equal(tsr1.bytesToHex(await tsr1.sharedSecret(w, hex(V.server_public))), V.shared_secret);
  assert.equal(tsr1.bytesToHex(await tsr1.sharedSecret(s, hex(V.wallet_public))), V.shared_secret);
});

test('code_key and response_key', async () => {
  const { codeKey, responseKey } = await walletKeys({ extractable: true });
  assert.equal(tsr1.bytesToHex(new Uint8Array(await subtle.exportKey('raw', codeKey))), V.code_key);
  assert.equal(tsr1.bytesToHex(new Uint8Array(await subtle.exportKey('raw', responseKey))), V.response_key);
});

test('the wallet keys are not extractable', async () => {
  const { codeKey, responseKey } = await walletKeys();
  assert.equal(codeKey.extractable, false);
  assert.equal(responseKey.extractable, false);
  await assert.rejects(subtle.exportKey('raw', codeKey));
});

test('rotating codes', async () => {
  const { codeKey } = await walletKeys();
  assert.equal(V.period_s, tsr1.PERIOD_S);
  assert.equal(V.digits, tsr1.DIGITS);
  for (const c of V.rotating_codes) {
    assert.equal(tsr1.counterAt(c.unix_time, V.period_s), c.counter);
    assert.equal(await tsr1.rotatingCode(codeKey, V.pass_id, c.unix_time, V.period_s, V.digits), c.code);
    const parsed = tsr1.parseRotatingCode(c.code);
    assert.equal(parsed.passId, V.pass_id);
    assert.equal(parsed.t, BigInt(c.counter));
  }
});

test('challenge, MAC and wallet response', async () => {
  const { responseKey } = await walletKeys();
  assert.equal(`TSR1C:${V.pass_id_b32}:${V.nonce_b32}`, V.wallet_challenge);
  const ch = tsr1.parseChallenge(V.wallet_challenge);
  assert.equal(ch.passId, V.pass_id);
  assert.equal(tsr1.bytesToHex(ch.nonce), V.nonce);
  assert.equal(tsr1.bytesToHex(await tsr1.responseMac(responseKey, ch.passBytes, ch.nonce)), V.response_mac);
  assert.equal(tsr1.base32Encode(hex(V.response_mac)), V.wallet_response.split(':')[2]);
  assert.equal(await tsr1.answerChallenge(responseKey, V.pass_id, ch), V.wallet_response);
});

test('a low-order server key is refused', async () => {
  const privateKey = await tsr1.importX25519Secret(hex(V.wallet_secret));
  await assert.rejects(
    tsr1.derivePassKeys({
      privateKey,
      walletPublicRaw: hex(V.wallet_public),
      serverPublicRaw: hex(V.low_order_public_key_must_be_rejected),
      passId: V.pass_id,
    }),
    (e) => e.code === 'bad_server_key',
  );
});

// The transfer proof's vector is in docs/protocol.md ("Transfer proof test vector"), from the
// worked example's response_key, pass id and nonce; the values are read from that page so the
// page and the wallet cannot drift apart.
test('transfer proof (TSR1T) of docs/protocol.md', async () => {
  const doc = readFileSync(path.join(here, '..', '..', '..', 'docs', 'protocol.md'), 'utf8');
  const section = doc.split('### Transfer proof test vector')[1];
  assert.ok(section, 'docs/protocol.md has a "Transfer proof test vector" section');
  const mac = /^MAC\s+([0-9a-f]{32})$/m.exec(section);
  const proof = /^proof\s+(TSR1T:[A-Z2-7]{26}:[A-Z2-7]{26})$/m.exec(section);
  assert.ok(mac && proof, 'the section names the MAC and the proof');
  assert.equal(mac[1], '7ac878be52a35122517bd9987b79f1dd');
  assert.equal(proof[1], 'TSR1T:AGJPHJC3NR6Y5H5AWHBNHZHVAY:PLEHRPSSUNISEUL33GMHW6PR3U');

  const { responseKey } = await walletKeys();
  const passBytes = tsr1.uuidToBytes(V.pass_id);
  assert.equal(tsr1.bytesToHex(await tsr1.transferMac(responseKey, passBytes, hex(V.nonce))), mac[1]);
  assert.equal(await tsr1.transferProof(responseKey, V.pass_id, V.nonce_b32), proof[1]);
  // Not the gate answer's MAC: the labels differ.
  assert.notEqual(tsr1.bytesToHex(await tsr1.transferMac(responseKey, passBytes, hex(V.nonce))), V.response_mac);
  await assert.rejects(tsr1.transferProof(responseKey, V.pass_id, V.nonce_b32.slice(1)), (e) => e.code === 'bad_nonce');
  await assert.rejects(tsr1.transferProof(responseKey, V.pass_id, V.nonce_b32.toLowerCase()), (e) => e.code === 'bad_nonce');
});

// The party vectors are in docs/protocol.md ("Party test vectors"), computed by the protocol
// crate (protocol/tests/party_vectors.rs) from the worked example's inputs and a second pass
// B: two fenced blocks, `name  value` lines, the vectors and then the values refused as a
// whole. Every line must come out of tsr1.js too, and every refusal be refused.
function partySection() {
  const doc = readFileSync(path.join(here, '..', '..', '..', 'docs', 'protocol.md'), 'utf8');
  const section = doc.split('### Party test vectors')[1];
  assert.ok(section, 'docs/protocol.md has a "Party test vectors" section');
  const blocks = section.split('```').filter((_, i) => i % 2 === 1).slice(0, 2);
  const lines = (block) =>
    block
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => {
        const at = line.indexOf('  ');
        assert.ok(at > 0, `a vector line is "name  value": ${JSON.stringify(line)}`);
        return [line.slice(0, at).trim(), line.slice(at).trim()];
      });
  return { shown: Object.fromEntries(lines(blocks[0])), refused: lines(blocks[1]) };
}

test('party code, challenge and answer (TSR1P, TSR1Q, TSR1S) of docs/protocol.md', async () => {
  const { shown } = partySection();
  const PASS_B = '0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f507';
  const NONCE_B = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
  const privateKey = await tsr1.importX25519Secret(hex(V.wallet_secret));
  const keysFor = (passId) =>
    tsr1.derivePassKeys({ privateKey, walletPublicRaw: hex(V.wallet_public), serverPublicRaw: hex(V.server_public), passId }, { extractable: true });
  const a = await keysFor(V.pass_id);
  const b = await keysFor(PASS_B);
  const unix = 1764441600;
  const codeA = await tsr1.rotatingCode(a.codeKey, V.pass_id, unix);
  const codeB = await tsr1.rotatingCode(b.codeKey, PASS_B, unix);
  const challengeA = `TSR1C:${tsr1.passToBase32(V.pass_id)}:${V.nonce_b32}`;
  const challengeB = `TSR1C:${tsr1.passToBase32(PASS_B)}:${tsr1.base32Encode(hex(NONCE_B))}`;
  const partyChallenge = tsr1.partyChallenge([challengeA, challengeB]);
  const answer = await tsr1.answerPartyChallenge(new Map([[V.pass_id, a.responseKey], [PASS_B, b.responseKey]]), tsr1.parsePartyChallenge(partyChallenge));
  const raw = async (key) => tsr1.bytesToHex(new Uint8Array(await subtle.exportKey('raw', key)));
  const computed = {
    'pass B': PASS_B,
    'PASS B': tsr1.passToBase32(PASS_B),
    'nonce B': NONCE_B,
    'NONCE B': tsr1.base32Encode(hex(NONCE_B)),
    'code_key B': await raw(b.codeKey),
    'response_key B': await raw(b.responseKey),
    'code A': codeA,
    'code B': codeB,
    'party code': tsr1.partyCode([codeA, codeB]),
    'challenge B': challengeB,
    'party challenge': partyChallenge,
    'MAC B': tsr1.bytesToHex(await tsr1.responseMac(b.responseKey, tsr1.uuidToBytes(PASS_B), hex(NONCE_B))),
    'party answer': answer.answer,
  };
  assert.deepEqual(shown, computed);
  assert.equal(codeA, V.rotating_codes[0].code, "pass A's code is the worked example's");
  // And they parse back to what they bundle.
  assert.deepEqual(tsr1.parsePartyCode(shown['party code']).members.map((m) => m.code), [shown['code A'], shown['code B']]);
  assert.equal(tsr1.parsePartyChallenge(shown['party challenge']).members[1].challenge, shown['challenge B']);
  assert.deepEqual(
    tsr1.parsePartyAnswer(shown['party answer']).members.map((m) => m.response),
    [V.wallet_response, `TSR1R:${shown['PASS B']}:${tsr1.base32Encode(hex(shown['MAC B']))}`],
  );
});

test('the party values docs/protocol.md lists as refused are refused', () => {
  const { refused } = partySection();
  assert.ok(refused.length >= 5, 'the section lists its refusals');
  const want = { 'one member': 'party_size', 'seven members': 'party_size', 'a pass twice': 'party_repeats', 'an answer twice': 'party_repeats' };
  for (const [why, text] of refused) {
    const parse = text.startsWith('TSR1P:') ? tsr1.parsePartyCode : text.startsWith('TSR1Q:') ? tsr1.parsePartyChallenge : tsr1.parsePartyAnswer;
    const code = want[why] || (['no member', 'no step'].includes(why) ? /^malformed_party_/ : null);
    assert.ok(code, `an unknown refusal ${why}`);
    assert.throws(() => parse(text), (e) => e instanceof tsr1.TsrError && (typeof code === 'string' ? e.code === code : code.test(e.code)), `${why}: ${text}`);
  }
});

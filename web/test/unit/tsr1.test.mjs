// Encodings, parsers and the code step, beyond the fixed vectors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as tsr1 from '../../src/tsr1.js';

const V_PASS = '0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f506';
const V_PASS_B32 = 'AGJPHJC3NR6Y5H5AWHBNHZHVAY';
const V_NONCE_B32 = 'UCQKBIFRWGY3DQWCYLBNHU6T2PSOJZHE6X27L5IGAYDAMFYXC4LQ';
const CHALLENGE = `TSR1C:${V_PASS_B32}:${V_NONCE_B32}`;

function randomBytes(n) {
  return globalThis.crypto.getRandomValues(new Uint8Array(n));
}

test('base32 round-trips and matches RFC 4648 test strings', () => {
  const rfc = { '': '', f: 'MY', fo: 'MZXQ', foo: 'MZXW6', foob: 'MZXW6YQ', fooba: 'MZXW6YTB', foobar: 'MZXW6YTBOI' };
  for (const [plain, b32] of Object.entries(rfc)) {
    assert.equal(tsr1.base32Encode(new TextEncoder().encode(plain)), b32);
  }
  for (let i = 0; i < 200; i++) {
    for (const n of [16, 32]) {
      const bytes = randomBytes(n);
      assert.deepEqual(tsr1.base32Decode(tsr1.base32Encode(bytes), n), bytes);
    }
  }
});

test('base32 decoding refuses non-canonical text', () => {
  assert.equal(tsr1.base32Decode(V_PASS_B32.toLowerCase(), 16), null, 'lower case');
  assert.equal(tsr1.base32Decode(V_PASS_B32.slice(0, 25), 16), null, 'short');
  assert.equal(tsr1.base32Decode(V_PASS_B32 + 'A', 16), null, 'long');
  assert.equal(tsr1.base32Decode(V_PASS_B32.slice(0, 25) + 'Z', 16), null, 'trailing bits set');
  assert.equal(tsr1.base32Decode(V_PASS_B32.slice(0, 25) + '1', 16), null, 'not in the alphabet');
  assert.equal(tsr1.base32Decode(V_PASS_B32.slice(0, 24) + '==', 16), null, 'padding');
});

test('base64url round-trips and refuses padding and other alphabets', () => {
  for (let n = 0; n < 40; n++) {
    const bytes = randomBytes(n);
    const text = tsr1.b64urlEncode(bytes);
    assert.equal(text, Buffer.from(bytes).toString('base64url'));
    assert.deepEqual(tsr1.b64urlDecode(text), bytes);
  }
  assert.equal(tsr1.b64urlDecode('AAA='), null);
  assert.equal(tsr1.b64urlDecode('AA+/'), null);
  assert.equal(tsr1.b64urlDecode('A'), null);
  assert.equal(tsr1.b64urlDecode('AB'), null, 'trailing bits set');
});

test('uuid conversions', () => {
  assert.equal(tsr1.uuidFromBytes(tsr1.uuidToBytes(V_PASS)), V_PASS);
  assert.equal(tsr1.uuidFromBytes(tsr1.uuidToBytes(V_PASS.toUpperCase())), V_PASS);
  assert.throws(() => tsr1.uuidToBytes('0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f50'), { code: 'bad_uuid' });
});

test('the code step and the countdown', () => {
  assert.equal(tsr1.counterAt(0), 0);
  assert.equal(tsr1.counterAt(14.999), 0);
  assert.equal(tsr1.counterAt(15), 1);
  assert.equal(tsr1.secondsLeft(1764441600), 15);
  assert.equal(tsr1.secondsLeft(1764441614.5), 1);
  assert.equal(tsr1.secondsLeft(1764441615), 15);
});

test('the rotating code changes each step and only then', async () => {
  const key = await crypto.subtle.importKey('raw', randomBytes(32), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const a = await tsr1.rotatingCode(key, V_PASS, 1764441600);
  const b = await tsr1.rotatingCode(key, V_PASS, 1764441614);
  const c = await tsr1.rotatingCode(key, V_PASS, 1764441615);
  assert.equal(a, b);
  assert.notEqual(a, c);
  assert.match(a, /^TSR1:AGJPHJC3NR6Y5H5AWHBNHZHVAY:117629440:[0-9]{8}$/);
  assert.match(c, /^TSR1:[A-Z2-7]{26}:117629441:[0-9]{8}$/);
  // Only A-Z 0-9 and ':' so the code fits QR alphanumeric mode.
  assert.match(a, /^[A-Z0-9:]+$/);
});

test('HOTP-SHA256 matches RFC 6238 (SHA-256, 8 digits)', async () => {
  // RFC 6238 appendix B: the SHA-256 seed is the 32-byte ASCII "12345678901234567890123456789012".
  const seed = new TextEncoder().encode('12345678901234567890123456789012');
  const key = await crypto.subtle.importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const cases = [
    [59, '46119246'],
    [1111111109, '68084774'],
    [1111111111, '67062674'],
    [1234567890, '91819424'],
    [2000000000, '90698825'],
    [20000000000, '77737706'],
  ];
  for (const [time, otp] of cases) assert.equal(await tsr1.hotp(key, tsr1.counterAt(time, 30), 8), otp, String(time));
});

test('rotating code parser', () => {
  assert.throws(() => tsr1.parseRotatingCode(`TSR1:${V_PASS_B32}:0117629440:80238672`), { code: 'malformed_code' });
  assert.throws(() => tsr1.parseRotatingCode(`TSR1:${V_PASS_B32}:18446744073709551616:80238672`), { code: 'malformed_code' });
  assert.equal(tsr1.parseRotatingCode(`TSR1:${V_PASS_B32}:18446744073709551615:80238672`).t, 2n ** 64n - 1n);
  assert.throws(() => tsr1.parseRotatingCode(`tsr1:${V_PASS_B32}:1:80238672`), { code: 'malformed_code' });
});

test('challenge parser: complete, incomplete and malformed', () => {
  const ok = tsr1.parseChallenge(CHALLENGE);
  assert.equal(ok.passId, V_PASS);
  assert.equal(ok.nonceB32, V_NONCE_B32);
  assert.equal(CHALLENGE.length, tsr1.CHALLENGE_LENGTH);
  for (const cut of [0, 1, 6, 20, 33, 84]) {
    assert.throws(() => tsr1.parseChallenge(CHALLENGE.slice(0, cut)), { code: 'incomplete_challenge' }, `cut ${cut}`);
  }
  for (const bad of [
    CHALLENGE.toLowerCase(),
    CHALLENGE + 'A',
    CHALLENGE.replace('TSR1C', 'TSR1R'),
    CHALLENGE.slice(0, -1) + 'B', // trailing bits set: not canonical
    CHALLENGE.replace(':', ' '),
    ` ${CHALLENGE}`,
    `TSR1:${V_PASS_B32}:1:12345678`,
    null,
  ]) {
    assert.throws(() => tsr1.parseChallenge(bad), { code: 'malformed_challenge' }, String(bad));
  }
  assert.equal(tsr1.isChallengePrefix(''), true);
  assert.equal(tsr1.isChallengePrefix('TSR1C:AG'), true);
  assert.equal(tsr1.isChallengePrefix('TSR1:'), false);
  assert.equal(tsr1.isChallengePrefix('TSR1C:ag'), false);
});

test('parse(format(x)) == x for random challenges', () => {
  for (let i = 0; i < 200; i++) {
    const pass = randomBytes(16);
    const nonce = randomBytes(32);
    const text = `TSR1C:${tsr1.base32Encode(pass)}:${tsr1.base32Encode(nonce)}`;
    const parsed = tsr1.parseChallenge(text);
    assert.deepEqual(parsed.passBytes, pass);
    assert.deepEqual(parsed.nonce, nonce);
  }
});

test('parsers never throw anything but TsrError on random text', () => {
  const alphabet = 'TSR1C:ABZ27019az#&=p-_ ';
  for (let i = 0; i < 2000; i++) {
    const len = Math.floor(Math.random() * 100);
    let s = '';
    for (let j = 0; j < len; j++) s += alphabet[Math.floor(Math.random() * alphabet.length)];
    for (const f of [tsr1.parseChallenge, tsr1.parseRotatingCode, tsr1.parseClaimFragment]) {
      try {
        f(s);
      } catch (e) {
        assert.ok(e instanceof tsr1.TsrError, `${f.name}(${JSON.stringify(s)}) threw ${e}`);
      }
    }
  }
});

test('a challenge for another pass is refused, not answered', async () => {
  const key = await crypto.subtle.importKey('raw', randomBytes(32), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const ch = tsr1.parseChallenge(CHALLENGE);
  await assert.rejects(tsr1.answerChallenge(key, '00000000-0000-4000-8000-000000000000', ch), { code: 'wrong_pass' });
  assert.match(await tsr1.answerChallenge(key, V_PASS.toUpperCase(), ch), /^TSR1R:AGJPHJC3NR6Y5H5AWHBNHZHVAY:[A-Z2-7]{26}$/);
});

test('claim link fragments', () => {
  assert.deepEqual(tsr1.parseClaimFragment(`#p=${V_PASS}&t=abc_-XYZ09`), { passId: V_PASS, token: 'abc_-XYZ09' });
  assert.deepEqual(tsr1.parseClaimFragment(`t=tok&p=${V_PASS.toUpperCase()}`), { passId: V_PASS, token: 'tok' });
  assert.equal(tsr1.parseClaimFragment(''), null);
  assert.equal(tsr1.parseClaimFragment('#pass=x'), null);
  for (const bad of [
    '#t=tok',
    `#p=${V_PASS}`,
    `#p=${V_PASS}&t=`,
    '#p=nope&t=tok',
    `#p=${V_PASS.slice(0, 30)}&t=tok`,
    `#p=${V_PASS}&t=to%20k`,
    `#p=${V_PASS}&t=to+k`,
    `#p=${V_PASS}&t=a&t=b`,
    `#p=${V_PASS}&p=${V_PASS}&t=a`,
    `#p=${V_PASS}&t=${'a'.repeat(513)}`,
  ]) {
    assert.throws(() => tsr1.parseClaimFragment(bad), { code: 'bad_link' }, bad);
  }
});

test('claim answers are checked before use', () => {
  const good = {
    pass_id: V_PASS,
    label: 'Ada',
    site: null,
    server_public_key: 'VxR2nRFr92Q2rnS8eT0sMK0ZA8WaxSc4BcfiaYtBDDY',
    server_kid: 'k1',
    period_s: 15,
    digits: 8,
    algorithm: 'SHA256',
    valid_from: '2025-01-01T00:00:00Z',
    valid_until: '2030-01-01T00:00:00Z',
  };
  const info = tsr1.checkClaimAnswer(good, V_PASS);
  assert.equal(info.serverPublicRaw.length, 32);
  assert.equal(info.site, null);
  assert.equal(tsr1.validityAt(info, Date.parse('2024-12-31T23:59:59Z')), 'not_yet_valid');
  assert.equal(tsr1.validityAt(info, Date.parse('2025-01-01T00:00:00Z')), 'valid');
  assert.equal(tsr1.validityAt(info, Date.parse('2030-01-01T00:00:00Z')), 'expired');
  for (const [field, value] of [
    ['pass_id', '00000000-0000-4000-8000-000000000000'],
    ['server_public_key', 'VxR2nRFr92Q2rnS8eT0sMK0ZA8WaxSc4BcfiaYtBDD'],
    ['algorithm', 'SHA1'],
    ['period_s', 0],
    ['digits', 4],
    ['valid_until', 'soon'],
  ]) {
    assert.throws(() => tsr1.checkClaimAnswer({ ...good, [field]: value }, V_PASS), { code: 'bad_answer' }, field);
  }
});

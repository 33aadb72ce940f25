// TSR1 for the browser wallet (shared/PROTOCOL.md §2–§5, §10): encodings, key derivation, the
// rotating code, the challenge answer and the parsers. Pure: no DOM, no storage, no network,
// so the same file runs in the wallet and in Node's test runner against protocol-vectors.json.
// All cryptography is WebCrypto; every secret stays a non-extractable CryptoKey.

const subtle = globalThis.crypto.subtle;
const enc = new TextEncoder();

/**
 * A protocol failure with a stable `code` the UI maps to words, and for some codes a stable
 * `reason` naming which check failed (a bad claim link's). The `message` is for developers.
 */
export class TsrError extends Error {
  constructor(code, message, reason) {
    super(message);
    this.name = 'TsrError';
    this.code = code;
    if (reason) this.reason = reason;
  }
}

// ---------------------------------------------------------------- encodings (§2)

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, upper case, no padding. */
export function base32Encode(bytes) {
  let out = '';
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += B32[(acc >>> bits) & 31];
    }
    acc &= (1 << bits) - 1;
  }
  if (bits > 0) out += B32[(acc << (5 - bits)) & 31];
  return out;
}

/**
 * Decodes canonical base32 of exactly `byteLength` bytes (§10: upper case, no padding, unused
 * trailing bits zero). Returns null for anything else, so a caller cannot forget the check.
 */
export function base32Decode(text, byteLength) {
  if (typeof text !== 'string' || text.length !== Math.ceil((byteLength * 8) / 5)) return null;
  const out = new Uint8Array(byteLength);
  let acc = 0;
  let bits = 0;
  let i = 0;
  for (const ch of text) {
    const v = B32.indexOf(ch);
    if (v < 0) return null;
    acc = (acc << 5) | v;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      if (i < byteLength) out[i++] = (acc >>> bits) & 0xff;
    }
    acc &= (1 << bits) - 1;
  }
  // Leftover bits must be zero, else two texts would name the same bytes.
  if (acc !== 0) return null;
  return out;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url without padding. */
export function b64urlEncode(bytes) {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += B64[n >>> 18] + B64[(n >>> 12) & 63] + B64[(n >>> 6) & 63] + B64[n & 63];
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i] << 16;
    out += B64[n >>> 18] + B64[(n >>> 12) & 63];
  } else if (rest === 2) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
    out += B64[n >>> 18] + B64[(n >>> 12) & 63] + B64[(n >>> 6) & 63];
  }
  return out;
}

/** Decodes canonical unpadded base64url; null for anything else. */
export function b64urlDecode(text) {
  if (typeof text !== 'string' || text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let acc = 0;
  let bits = 0;
  let i = 0;
  for (const ch of text) {
    const v = B64.indexOf(ch);
    if (v < 0) return null;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[i++] = (acc >>> bits) & 0xff;
    }
    acc &= (1 << bits) - 1;
  }
  if (acc !== 0) return null;
  return out;
}

export function hexToBytes(hex) {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new TsrError('bad_hex', 'not hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesToHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `text` is a hyphenated UUID (any version). */
export function isUuid(text) {
  return typeof text === 'string' && UUID_RE.test(text);
}

/** The 16 bytes of a hyphenated UUID. */
export function uuidToBytes(uuid) {
  if (!isUuid(uuid)) throw new TsrError('bad_uuid', 'not a UUID');
  return hexToBytes(uuid.replace(/-/g, ''));
}

/** The canonical (lower-case, hyphenated) form of 16 bytes. */
export function uuidFromBytes(bytes) {
  const h = bytesToHex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** `PASS` of §2: a pass UUID as 26 base32 characters. */
export function passToBase32(uuid) {
  return base32Encode(uuidToBytes(uuid));
}

function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

// ---------------------------------------------------------------- keys (§3)

/**
 * A fresh X25519 key pair for one pass. The private half is non-extractable (it can only be
 * used, never read, also from IndexedDB); the public half is always exportable.
 */
export async function generateWalletKeyPair() {
  let pair;
  try {
    pair = await subtle.generateKey({ name: 'X25519' }, false, ['deriveBits']);
  } catch (e) {
    throw new TsrError('no_x25519', `this browser cannot make X25519 keys (${e && e.name})`);
  }
  const publicRaw = new Uint8Array(await subtle.exportKey('raw', pair.publicKey));
  return { privateKey: pair.privateKey, publicRaw };
}

const PKCS8_X25519_PREFIX = hexToBytes('302e020100300506032b656e04220420');

/** Imports a raw 32-byte X25519 secret (test vectors only; the wallet never sees one). */
export async function importX25519Secret(raw, extractable = false) {
  if (raw.length !== 32) throw new TsrError('bad_key', 'an X25519 secret is 32 bytes');
  return subtle.importKey('pkcs8', concat(PKCS8_X25519_PREFIX, raw), { name: 'X25519' }, extractable, [
    'deriveBits',
  ]);
}

/** `X25519(w, S)`; refuses a key that is not 32 bytes and an all-zero (low-order) result. */
export async function sharedSecret(privateKey, peerPublicRaw) {
  if (!(peerPublicRaw instanceof Uint8Array) || peerPublicRaw.length !== 32) {
    throw new TsrError('bad_server_key', 'the server key is not a 32-byte X25519 key');
  }
  let bits;
  try {
    const peer = await subtle.importKey('raw', peerPublicRaw, { name: 'X25519' }, true, []);
    bits = new Uint8Array(await subtle.deriveBits({ name: 'X25519', public: peer }, privateKey, 256));
  } catch {
    // WebCrypto implementations themselves refuse some low-order points.
    throw new TsrError('bad_server_key', 'the server key is a low-order X25519 point');
  }
  let any = 0;
  for (const b of bits) any |= b;
  if (any === 0) throw new TsrError('bad_server_key', 'the server key is a low-order X25519 point');
  return bits;
}

/**
 * `code_key` and `response_key` of §3 step 4 as HMAC-SHA256 CryptoKeys. They are
 * non-extractable unless a test asks otherwise; the shared secret lives only in this call.
 */
export async function derivePassKeys({ privateKey, walletPublicRaw, serverPublicRaw, passId }, { extractable = false } = {}) {
  const shared = await sharedSecret(privateKey, serverPublicRaw);
  const ikm = await subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  shared.fill(0);
  const salt = concat(enc.encode('tessera/v1'), uuidToBytes(passId));
  const derive = (label) =>
    subtle.deriveKey(
      { name: 'HKDF', hash: 'SHA-256', salt, info: concat(enc.encode(label), walletPublicRaw, serverPublicRaw) },
      ikm,
      { name: 'HMAC', hash: 'SHA-256', length: 256 },
      extractable,
      ['sign'],
    );
  const [codeKey, responseKey] = await Promise.all([derive('tessera/v1 code'), derive('tessera/v1 response')]);
  return { codeKey, responseKey };
}

// ---------------------------------------------------------------- rotating code (§4)

export const PERIOD_S = 15;
export const DIGITS = 8;

/** `T = floor(unix_seconds / period)`. */
export function counterAt(unixSeconds, periodS = PERIOD_S) {
  return Math.floor(unixSeconds / periodS);
}

/** Seconds until the step after the one `unixSeconds` is in (1..period). */
export function secondsLeft(unixSeconds, periodS = PERIOD_S) {
  return periodS - (Math.floor(unixSeconds) % periodS);
}

/** HOTP-SHA256 (RFC 4226 dynamic truncation) of counter `t`, `digits` long, zero-padded. */
export async function hotp(codeKey, t, digits = DIGITS) {
  const msg = new Uint8Array(8);
  new DataView(msg.buffer).setBigUint64(0, BigInt(t));
  const mac = new Uint8Array(await subtle.sign('HMAC', codeKey, msg));
  const off = mac[mac.length - 1] & 0x0f;
  const bin = ((mac[off] & 0x7f) << 24) | (mac[off + 1] << 16) | (mac[off + 2] << 8) | mac[off + 3];
  return String(bin % 10 ** digits).padStart(digits, '0');
}

/** `TSR1:<PASS>:<T>:<OTP>` at `unixSeconds`. */
export async function rotatingCode(codeKey, passId, unixSeconds, periodS = PERIOD_S, digits = DIGITS) {
  const t = counterAt(unixSeconds, periodS);
  return `TSR1:${passToBase32(passId)}:${t}:${await hotp(codeKey, t, digits)}`;
}

/** Parses a rotating code (§10 rules); used by tests and to ignore the wallet's own code. */
export function parseRotatingCode(text) {
  const m = /^TSR1:([A-Z2-7]{26}):(0|[1-9][0-9]{0,19}):([0-9]{6,10})$/.exec(text);
  const pass = m && base32Decode(m[1], 16);
  if (!pass || BigInt(m[2]) >= 2n ** 64n) throw new TsrError('malformed_code', 'not a TSR1 rotating code');
  return { passId: uuidFromBytes(pass), t: BigInt(m[2]), otp: m[3] };
}

// ---------------------------------------------------------------- challenge and answer (§5)

export const CHALLENGE_LENGTH = 6 + 26 + 1 + 52;
const CHALLENGE_SHAPE = 'TSR1C:' + 'P'.repeat(26) + ':' + 'N'.repeat(52);

/**
 * Parses `TSR1C:<PASS>:<NONCE>`.
 * @throws {TsrError} `incomplete_challenge` for a correct beginning that stops short,
 *   `malformed_challenge` for anything else.
 */
export function parseChallenge(text) {
  if (typeof text !== 'string') throw new TsrError('malformed_challenge', 'not a gate challenge');
  if (text.length < CHALLENGE_LENGTH && isChallengePrefix(text)) {
    throw new TsrError('incomplete_challenge', 'the gate challenge is cut short');
  }
  const m = /^TSR1C:([A-Z2-7]{26}):([A-Z2-7]{52})$/.exec(text);
  const pass = m && base32Decode(m[1], 16);
  const nonce = m && base32Decode(m[2], 32);
  if (!pass || !nonce) throw new TsrError('malformed_challenge', 'not a gate challenge');
  return { passId: uuidFromBytes(pass), passBytes: pass, nonce, nonceB32: m[2] };
}

/** Whether `text` could still become a challenge by typing more (empty counts). */
export function isChallengePrefix(text) {
  if (text.length > CHALLENGE_LENGTH) return false;
  for (let i = 0; i < text.length; i++) {
    const want = CHALLENGE_SHAPE[i];
    const ch = text[i];
    const ok = want === 'P' || want === 'N' ? B32.includes(ch) : ch === want;
    if (!ok) return false;
  }
  return true;
}

/** The MAC of §5: first 16 bytes of HMAC-SHA256(response_key, "TSR1R" ‖ pass_id ‖ nonce). */
export async function responseMac(responseKey, passBytes, nonce) {
  const mac = await subtle.sign('HMAC', responseKey, concat(enc.encode('TSR1R'), passBytes, nonce));
  return new Uint8Array(mac).slice(0, 16);
}

/**
 * The answer `TSR1R:<PASS>:<MAC>` to a parsed challenge, for the pass `passId` only.
 * @throws {TsrError} `wrong_pass` when the challenge names another pass.
 */
export async function answerChallenge(responseKey, passId, challenge) {
  if (challenge.passId !== passId.toLowerCase()) {
    throw new TsrError('wrong_pass', 'this challenge is for another pass');
  }
  const mac = await responseMac(responseKey, challenge.passBytes, challenge.nonce);
  return `TSR1R:${base32Encode(challenge.passBytes)}:${base32Encode(mac)}`;
}

// ---------------------------------------------------------------- transfer proof (Tessera addition)

/**
 * The MAC of a transfer proof: first 16 bytes of HMAC-SHA256(response_key, "TSR1T" ‖ pass_id ‖
 * nonce). Its own label, so a gate answer can never pass for a transfer proof, nor the reverse.
 */
export async function transferMac(responseKey, passBytes, nonce) {
  const mac = await subtle.sign('HMAC', responseKey, concat(enc.encode('TSR1T'), passBytes, nonce));
  return new Uint8Array(mac).slice(0, 16);
}

/**
 * `TSR1T:<PASS>:<MAC>` for `POST /v1/transfers`, from the nonce `POST /v1/transfers/nonce`
 * answered (52 characters of base32).
 * @throws {TsrError} `bad_nonce` when the nonce is not 32 bytes of canonical base32.
 */
export async function transferProof(responseKey, passId, nonceB32) {
  const nonce = base32Decode(nonceB32, 32);
  if (!nonce) throw new TsrError('bad_nonce', 'the transfer nonce is not 52 characters of base32');
  const passBytes = uuidToBytes(passId);
  return `TSR1T:${base32Encode(passBytes)}:${base32Encode(await transferMac(responseKey, passBytes, nonce))}`;
}

// ---------------------------------------------------------------- claim link (§3, §10)

/**
 * Parses the fragment of `<base>/claim#p=<uuid>&t=<token>` (with or without the `#`).
 * Returns null when the fragment holds neither key (not a claim link at all).
 * @throws {TsrError} `bad_link` with a `reason` (and a message) saying what is missing or wrong:
 *   `unreadable`, `repeated`, `no_pass_id`, `pass_id_incomplete`, `no_token`, `token_damaged`.
 */
export function parseClaimFragment(fragment) {
  const text = (fragment || '').replace(/^#/, '');
  let params;
  try {
    params = new URLSearchParams(text);
  } catch {
    throw new TsrError('bad_link', 'the link cannot be read', 'unreadable');
  }
  const ps = params.getAll('p');
  const ts = params.getAll('t');
  if (ps.length === 0 && ts.length === 0) return null;
  if (ps.length > 1 || ts.length > 1) throw new TsrError('bad_link', 'the link repeats p= or t=', 'repeated');
  if (ps.length === 0) throw new TsrError('bad_link', 'the link has no pass id (p=)', 'no_pass_id');
  if (!isUuid(ps[0])) throw new TsrError('bad_link', 'the pass id in the link is not complete', 'pass_id_incomplete');
  if (ts.length === 0 || ts[0] === '') throw new TsrError('bad_link', 'the link has no claim token (t=)', 'no_token');
  if (ts[0].length > 512 || !/^[A-Za-z0-9_-]+$/.test(ts[0])) {
    throw new TsrError('bad_link', 'the claim token in the link is damaged', 'token_damaged');
  }
  return { passId: ps[0].toLowerCase(), token: ts[0] };
}

/** Checks the `POST /v1/claims` answer and returns it normalised, or throws `bad_answer`. */
export function checkClaimAnswer(answer, passId) {
  const bad = (what) => {
    throw new TsrError('bad_answer', `the server's answer is not usable (${what})`);
  };
  if (!answer || typeof answer !== 'object') bad('not an object');
  if (typeof answer.pass_id !== 'string' || answer.pass_id.toLowerCase() !== passId) bad('pass_id');
  const serverPublicRaw = b64urlDecode(answer.server_public_key);
  if (!serverPublicRaw || serverPublicRaw.length !== 32) bad('server_public_key');
  if (answer.algorithm !== 'SHA256') bad('algorithm');
  const periodS = answer.period_s;
  const digits = answer.digits;
  if (!Number.isInteger(periodS) || periodS < 1 || periodS > 3600) bad('period_s');
  if (!Number.isInteger(digits) || digits < 6 || digits > 10) bad('digits');
  const validFrom = Date.parse(answer.valid_from);
  const validUntil = Date.parse(answer.valid_until);
  if (Number.isNaN(validFrom) || Number.isNaN(validUntil)) bad('validity');
  return {
    passId,
    label: typeof answer.label === 'string' ? answer.label : '',
    site: typeof answer.site === 'string' ? answer.site : null,
    serverKid: String(answer.server_kid ?? ''),
    serverPublicRaw,
    periodS,
    digits,
    validFrom: new Date(validFrom).toISOString(),
    validUntil: new Date(validUntil).toISOString(),
  };
}

/** `valid`, `not_yet_valid` or `expired` at `nowMs` for `[validFrom, validUntil)`. */
export function validityAt(pass, nowMs) {
  if (nowMs >= Date.parse(pass.validUntil)) return 'expired';
  if (nowMs < Date.parse(pass.validFrom)) return 'not_yet_valid';
  return 'valid';
}

// ---------------------------------------------------------------- a party on one phone (Tessera addition)
//
// One code for several passes, one challenge for the members the server challenged, one
// answer for them all (docs/protocol.md, "Parties"). Each is a bundle of TSR1's own per-pass
// values and nothing else, so a gate splits it into the ordinary `scan` and `response`
// frames, one per member, and every per-pass rule holds as for one pass:
//   TSR1P:<T>:<PASS>:<OTP>[:<PASS>:<OTP>]…     member i's code      TSR1:<PASS_i>:<T>:<OTP_i>
//   TSR1Q:<PASS>:<NONCE>[:<PASS>:<NONCE>]…     member i's challenge TSR1C:<PASS_i>:<NONCE_i>
//   TSR1S:<PASS>:<MAC>[:<PASS>:<MAC>]…         member i's answer    TSR1R:<PASS_i>:<MAC_i>
// A party code holds 2 to PARTY_MAX passes, a challenge or an answer 1 to PARTY_MAX; no pass
// twice. The parsers are as strict as the protocol crate's (exact field counts, canonical
// encodings) and throw nothing but a TsrError.

/** The most passes one party code, challenge or answer holds. */
export const PARTY_MAX = 6;

/** Whether `text` is any of the three party values (by its prefix alone). */
export function isParty(text) {
  return typeof text === 'string' && /^TSR1[PQS]:/.test(text);
}

const COUNTER_RE = /^(?:0|[1-9][0-9]{0,19})$/;
const OTP_RE = /^[0-9]{8}$/;

/**
 * The fields after `prefix` in pairs after `lead` leading fields, as the protocol crate
 * splits them: too few or an odd number is `malformed`, more pairs than PARTY_MAX
 * `party_size` (checked before any field is looked at).
 */
function partyFields(text, prefix, lead, malformed) {
  if (typeof text !== 'string' || !text.startsWith(prefix)) throw new TsrError(malformed, `not a ${prefix} value`);
  const fields = text.slice(prefix.length).split(':');
  if (fields.length < lead + 2 || (fields.length - lead) % 2 !== 0) throw new TsrError(malformed, `a ${prefix} value has pairs of fields`);
  if (fields.length - lead > 2 * PARTY_MAX) throw new TsrError('party_size', `a party holds at most ${PARTY_MAX} passes`);
  return fields;
}

/** Refuses a party of fewer than `min` or more than PARTY_MAX members, or a pass twice. */
function checkMembers(passIds, min) {
  if (passIds.length < min || passIds.length > PARTY_MAX) {
    throw new TsrError('party_size', `a party holds ${min} to ${PARTY_MAX} passes`);
  }
  if (new Set(passIds).size !== passIds.length) throw new TsrError('party_repeats', 'a party names a pass twice');
}

function pairs(fields) {
  const out = [];
  for (let i = 0; i < fields.length; i += 2) out.push([fields[i], fields[i + 1]]);
  return out;
}

/**
 * Parses `TSR1P:<T>:<PASS>:<OTP>…`: `{ t, members: [{ passId, passB32, otp, code }] }`, each
 * member's `code` its own `TSR1:` code, in the party's order.
 * @throws {TsrError} `malformed_party_code`, `party_size` or `party_repeats`.
 */
export function parsePartyCode(text) {
  const bad = () => new TsrError('malformed_party_code', 'not a TSR1P party code');
  const fields = partyFields(text, 'TSR1P:', 1, 'malformed_party_code');
  const tText = fields[0];
  if (!COUNTER_RE.test(tText) || BigInt(tText) >= 2n ** 64n) throw bad();
  const members = pairs(fields.slice(1)).map(([passB32, otp]) => {
    const pass = base32Decode(passB32, 16);
    if (!pass || !OTP_RE.test(otp)) throw bad();
    return { passId: uuidFromBytes(pass), passB32, otp, code: `TSR1:${passB32}:${tText}:${otp}` };
  });
  checkMembers(members.map((m) => m.passId), 2);
  return { t: BigInt(tText), members };
}

/**
 * `TSR1P:…` from the members' own `TSR1:` codes (8-digit), in the order given.
 * @throws {TsrError} `malformed_code`, `party_size`, `party_repeats`, or `party_steps` for
 *   codes of different steps.
 */
export function partyCode(codes) {
  const parsed = codes.map((code) => {
    const c = parseRotatingCode(code);
    if (!OTP_RE.test(c.otp)) throw new TsrError('malformed_code', 'a party member code has an 8-digit OTP');
    return c;
  });
  checkMembers(parsed.map((c) => c.passId), 2);
  if (parsed.some((c) => c.t !== parsed[0].t)) throw new TsrError('party_steps', "a party's codes must all be of one time step");
  return `TSR1P:${parsed[0].t}` + parsed.map((c) => `:${passToBase32(c.passId)}:${c.otp}`).join('');
}

/**
 * Parses `TSR1Q:<PASS>:<NONCE>…`: `{ members: [{ passId, passBytes, nonce, nonceB32, challenge }] }`,
 * each member as parseChallenge gives it plus its own `TSR1C:` text.
 * @throws {TsrError} `malformed_party_challenge`, `party_size` or `party_repeats`.
 */
export function parsePartyChallenge(text) {
  const fields = partyFields(text, 'TSR1Q:', 0, 'malformed_party_challenge');
  const members = pairs(fields).map(([passB32, nonceB32]) => {
    const challenge = `TSR1C:${passB32}:${nonceB32}`;
    try {
      return { ...parseChallenge(challenge), challenge };
    } catch {
      throw new TsrError('malformed_party_challenge', 'not a TSR1Q party challenge');
    }
  });
  checkMembers(members.map((m) => m.passId), 1);
  return { members };
}

/**
 * `TSR1Q:…` from the members' own `TSR1C:` challenges, in the order given.
 * @throws {TsrError} `malformed_challenge`, `party_size` or `party_repeats`.
 */
export function partyChallenge(challenges) {
  const parsed = challenges.map((c) => parseChallenge(c));
  checkMembers(parsed.map((c) => c.passId), 1);
  return 'TSR1Q' + parsed.map((c) => `:${base32Encode(c.passBytes)}:${c.nonceB32}`).join('');
}

/** Parses `TSR1R:<PASS>:<MAC>` (canonical base32, 16 bytes each): `{ passId, macB32 }`, or null. */
export function parseResponse(text) {
  const m = typeof text === 'string' && /^TSR1R:([A-Z2-7]{26}):([A-Z2-7]{26})$/.exec(text);
  const pass = m && base32Decode(m[1], 16);
  if (!pass || !base32Decode(m[2], 16)) return null;
  return { passId: uuidFromBytes(pass), macB32: m[2] };
}

/**
 * Parses `TSR1S:<PASS>:<MAC>…`: `{ members: [{ passId, response }] }`, each member's
 * `response` exactly its own `TSR1R:<PASS>:<MAC>`.
 * @throws {TsrError} `malformed_party_answer`, `party_size` or `party_repeats`.
 */
export function parsePartyAnswer(text) {
  const fields = partyFields(text, 'TSR1S:', 0, 'malformed_party_answer');
  const members = pairs(fields).map(([passB32, macB32]) => {
    const response = `TSR1R:${passB32}:${macB32}`;
    const parsed = parseResponse(response);
    if (!parsed) throw new TsrError('malformed_party_answer', 'not a TSR1S party answer');
    return { passId: parsed.passId, response };
  });
  checkMembers(members.map((m) => m.passId), 1);
  return { members };
}

/**
 * `TSR1S:…` from the members' own `TSR1R:` answers, in the order given.
 * @throws {TsrError} `malformed_answer`, `party_size` or `party_repeats`.
 */
export function partyAnswer(responses) {
  const parsed = responses.map((r) => {
    const p = parseResponse(r);
    if (!p) throw new TsrError('malformed_answer', 'not a TSR1R answer');
    return { ...p, passB32: r.split(':')[1] };
  });
  checkMembers(parsed.map((p) => p.passId), 1);
  return 'TSR1S' + parsed.map((p) => `:${p.passB32}:${p.macB32}`).join('');
}

/**
 * The wallet's answer to a parsed party challenge: every member it holds a response key for
 * (`keys`: pass id → response key), in the challenge's order, others skipped. A single
 * answered member is still a `TSR1S:` (the gate matches it to that member's challenge).
 * Returns `{ answer, answered: [passId…] }`, or null when it holds none of them.
 */
export async function answerPartyChallenge(keys, party) {
  const responses = [];
  const answered = [];
  for (const member of party.members) {
    const key = keys.get(member.passId);
    if (!key) continue;
    responses.push(await answerChallenge(key, member.passId, member));
    answered.push(member.passId);
  }
  return responses.length ? { answer: partyAnswer(responses), answered } : null;
}

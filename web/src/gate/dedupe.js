// The camera reports the code in view on every frame, and a keyboard scanner may bounce. This
// filter in front of the state machine passes a text on once: the same text is held back
// while it stays in view, and for at least one code step (15 s) after it was passed on, so a
// code (or a screenshot of one) held in front of the camera never mints a second scan. The
// state machine itself still refuses a second scan of a code whose scan is pending, as the
// native gate does; this only keeps a finished code from starting over.

import { parsePartyCode, parseRotatingCode } from '../tsr1.js';

export const HOLD_MS = 15_000; // one TSR1 code step
export const GONE_MS = 2000; // out of view this long counts as gone

export class Dedupe {
  constructor({ holdMs = HOLD_MS, goneMs = GONE_MS } = {}) {
    this.holdMs = holdMs;
    this.goneMs = goneMs;
    this.seen = new Map(); // text -> { passedAt, lastSeen }
  }

  /** True when `text` seen at `now` should go to the state machine. */
  accept(text, now) {
    this.#prune(now);
    const entry = this.seen.get(text);
    if (entry) {
      entry.lastSeen = now;
      return false;
    }
    this.seen.set(text, { passedAt: now, lastSeen: now });
    return true;
  }

  /** Lets `text` through again at once (e.g. the wallet should retry a wrong answer). */
  forget(text) {
    this.seen.delete(text);
  }

  #prune(now) {
    for (const [text, e] of this.seen) {
      if (now - e.passedAt >= this.holdMs && now - e.lastSeen >= this.goneMs) this.seen.delete(text);
    }
  }
}

// ---------------------------------------------------------------- a phone still held up


/** After a pass's verdict, its next codes are not a new visitor for this long. */
export const PASS_HOLD_MS = 20_000;

/** The passes a code (`TSR1:`) or a party code (`TSR1P:`) names; [] for anything else. */
export function codePasses(text) {
  try {
    if (text.startsWith('TSR1:')) return [parseRotatingCode(text).passId];
    if (text.startsWith('TSR1P:')) return parsePartyCode(text).members.map((m) => m.passId);
  } catch {
    // not a code: nothing held
  }
  return [];
}

/**
 * Face to face, a visitor let in may still hold the phone up as they walk through, and the
 * wallet shows its code again once the gate has read the answer: a new 15-second step would
 * be read as a new scan and end in ALREADY ADMITTED. So the camera's codes of a pass just
 * let in (or already let in) are held back for PASS_HOLD_MS; a code typed by the hand
 * scanner always counts, and a refused pass is never held (the visitor may try again).
 */
export class PassHold {
  constructor({ holdMs = PASS_HOLD_MS } = {}) {
    this.holdMs = holdMs;
    this.until = new Map(); // pass id -> ms
  }

  hold(passId, now) {
    this.until.set(String(passId).toLowerCase(), now + this.holdMs);
  }

  /** True when every one of `passIds` (at least one) is held at `now`. */
  holds(passIds, now) {
    for (const [id, until] of this.until) if (until <= now) this.until.delete(id);
    return passIds.length > 0 && passIds.every((id) => this.until.has(id));
  }
}

/**
 * The passes (ids) whose visitor is still in front of the gate as far as `scans` (the state
 * machine's pending scans) tell at `nowMs`: a code on its way (sent less than a code step
 * ago), a challenge not yet expired, or an answer on its way. Face to face, the phone held up shows its next code when its
 * 15-second step ends, perhaps before it has read the gate's challenge: that code is the
 * same visitor, not a second scan (which would leave two challenges for one pass, and the
 * answer to one matched to the other). So the camera's codes of these passes are held back.
 */
export function pendingPasses(scans, nowMs) {
  const out = new Set();
  for (const s of scans) {
    // A code still on its way counts for one code step: one queued while the gate was
    // offline may be stale by the time it goes, and the visitor's next code must then count.
    const open = s.challenge
      ? s.response !== null || Date.parse(s.challenge.expires_at) > nowMs
      : nowMs - Date.parse(s.scanned_at) < HOLD_MS;
    if (!open) continue;
    for (const id of codePasses(s.code)) out.add(id);
  }
  return out;
}

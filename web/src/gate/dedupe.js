// The camera reports the code in view on every frame, and a keyboard scanner may bounce. This
// filter in front of the state machine passes a text on once: the same text is held back
// while it stays in view, and for at least one code step (15 s) after it was passed on, so a
// code (or a screenshot of one) held in front of the camera never mints a second scan. The
// state machine itself still refuses a second scan of a code whose scan is pending, as the
// native gate does; this only keeps a finished code from starting over.

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

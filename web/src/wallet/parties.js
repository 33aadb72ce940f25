// Which of a wallet's passes can go through the gate together now, as one party (issue 52;
// docs/protocol.md, "Parties"). Pure, so the unit tests check it.

import { PARTY_MAX, validityAt } from '../tsr1.js';

/**
 * The passes that can go through together at `nowMs`, as parties: passes valid then, with
 * 8-digit codes (a party code's) and their keys, grouped by site and code step. This wallet
 * is one server's (the page's origin), and the claim answer names no organisation, so the
 * site and the step, which a gate checks, stand for "the same event". Groups of two or more,
 * in claim order; a group may be longer than PARTY_MAX (the party screen then ticks the
 * first PARTY_MAX).
 */
export function partyGroups(passes, nowMs = Date.now()) {
  const groups = new Map();
  for (const p of passes) {
    if (validityAt(p, nowMs) !== 'valid' || p.digits !== 8 || !p.codeKey || !p.responseKey) continue;
    const key = `${p.site ?? ''}\u0000${p.periodS}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(p);
  }
  return [...groups.values()].filter((g) => g.length >= 2);
}

/** The party `pass` can go through with at `nowMs` (itself included), or null. */
export function partyOf(pass, passes, nowMs = Date.now()) {
  return partyGroups(passes, nowMs).find((g) => g.some((p) => p.passId === pass.passId)) || null;
}

export { PARTY_MAX };

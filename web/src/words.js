// Words the gate and the security console both say: every TSR1 deny reason in plain words,
// and how long ago something happened (`reason-*` and `gate-ago-*` messages, i18n.js; `t()`
// only at call time, so the page picks the language first). Pure, so Node tests them.

import { t, venueTimeZone } from './i18n.js';

/** Plain words for every TSR1 deny reason (docs/protocol.md, "Denial reasons"), by code. */
export const REASON_WORDS = Object.freeze({
  malformed_code: () => t('reason-malformed-code'),
  unknown_pass: () => t('reason-unknown-pass'),
  not_claimed: () => t('reason-not-claimed'),
  bad_code: () => t('reason-bad-code'),
  stale_code: () => t('reason-stale-code'),
  future_code: () => t('reason-future-code'),
  revoked: () => t('reason-revoked'),
  expired: () => t('reason-expired'),
  not_yet_valid: () => t('reason-not-yet-valid'),
  wrong_site: () => t('reason-wrong-site'),
  code_replayed: () => t('reason-code-replayed'),
  challenge_expired: () => t('reason-challenge-expired'),
  bad_response: () => t('reason-bad-response'),
  challenge_burned: () => t('reason-challenge-burned'),
  foreign_nonce: () => t('reason-foreign-nonce'),
  unknown_nonce: () => t('reason-unknown-nonce'),
  not_inside: () => t('reason-not-inside'),
  zone_not_allowed: () => t('reason-zone-not-allowed'),
  already_inside: () => t('reason-already-inside'),
  reentry_not_allowed: () => t('reason-reentry-not-allowed'),
  entry_limit: () => t('reason-entry-limit'),
  see_staff: () => t('reason-see-staff'),
  no_roll_call: () => t('reason-no-roll-call'),
  not_on_roll_call: () => t('reason-not-on-roll-call'),
  site_delegated: () => t('reason-site-delegated'),
});

/** The plain words for `reason` (an unknown future reason still reads as a denial). */
export function reasonWords(reason) {
  return Object.hasOwn(REASON_WORDS, reason) ? REASON_WORDS[reason]() : t('reason-other');
}

/** A day as YYYY-MM-DD in the venue's zone (the device's when none is known). */
function isoDay(ms) {
  const zone = venueTimeZone();
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(ms));
  const part = (type) => (parts.find((p) => p.type === type) || {}).value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** "12 s ago", "3 min ago", "2 h 5 min ago", or a date. */
export function ago(nowMs, thenMs) {
  const s = Math.floor((nowMs - thenMs) / 1000);
  if (!Number.isFinite(s)) return t('gate-ago-earlier');
  if (s < 5) return t('gate-ago-now');
  if (s < 60) return t('gate-ago-seconds', { seconds: s });
  if (s < 3600) return t('gate-ago-minutes', { minutes: Math.floor(s / 60) });
  if (s < 86_400) return t('gate-ago-hours', { hours: Math.floor(s / 3600), minutes: Math.floor((s % 3600) / 60) });
  return t('gate-ago-date', { date: isoDay(thenMs) });
}

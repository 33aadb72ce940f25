// What the guard reads: verdict headlines and TSR1 deny reasons in plain words. Pure, so the
// unit tests check every reason and the rule that only the two admitting verdicts contain
// the word "ADMITTED" (never "NOT ADMITTED").

/** Plain words for every TSR1 deny reason (docs/protocol.md, "Denial reasons"). */
export const REASON_WORDS = Object.freeze({
  malformed_code: 'not a Tessera code',
  unknown_pass: 'unknown pass',
  not_claimed: 'pass not added to a wallet yet',
  bad_code: 'wrong code, forged or from another phone',
  stale_code: 'old code, a screenshot?',
  future_code: "code from the future, the phone's clock is wrong",
  revoked: 'pass cancelled by the issuer',
  expired: 'pass has expired',
  not_yet_valid: 'pass not valid yet',
  wrong_site: 'pass is for another site',
  code_replayed: 'code already used at another gate, a copy?',
  challenge_expired: 'the phone answered too late, scan again',
  bad_response: 'wrong answer, not the pass holder\u2019s phone? Let them try again',
  challenge_burned: 'too many wrong answers, scan again',
  foreign_nonce: "answer belongs to another gate's scan",
  unknown_nonce: 'unknown challenge, scan again',
  not_inside: 'not inside this zone, nothing to leave',
  zone_not_allowed: 'pass is not valid for this zone',
  already_inside: 'already inside this zone',
  reentry_not_allowed: 'no re-entry after leaving this zone',
  entry_limit: 'no entries left today for this zone',
  see_staff: 'please wait: staff are on their way',
  no_roll_call: 'no roll call in progress for this gate',
  not_on_roll_call: 'not on the roll call list (not recorded inside)',
});

/** The plain words for `reason` (an unknown future reason still reads as a denial). */
export function reasonWords(reason) {
  return Object.hasOwn(REASON_WORDS, reason) ? REASON_WORDS[reason] : 'refused by the server';
}

/** "DENIED — old code, a screenshot? (stale_code)" */
export function deniedText(reason) {
  const code = typeof reason === 'string' && /^[a-z_]{1,40}$/.test(reason) ? reason : 'unknown';
  return `DENIED \u2014 ${reasonWords(reason)} (${code})`;
}

/** "12 s ago", "3 min ago", "2 h 5 min ago", or a date. */
export function ago(nowMs, thenMs) {
  const s = Math.floor((nowMs - thenMs) / 1000);
  if (!Number.isFinite(s)) return 'earlier';
  if (s < 5) return 'just now';
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min ago`;
  return `on ${new Date(thenMs).toISOString().slice(0, 10)}`;
}

function clockTime(ms) {
  const d = new Date(ms);
  const pad = (n) => String(n).padStart(2, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * The full-screen verdict for a `verdict` action: `tone` (green | amber | red), the headline,
 * and detail lines. `now` is the local time in ms.
 */
export function verdictView(v, now = Date.now()) {
  const who = v.pass && v.pass.label ? v.pass.label : null;
  const details = [];
  if (who) details.push(who);
  if (v.muster) return musterView(v, details, now);
  if (v.outcome === 'admitted') {
    if (v.replayed) details.push('Confirmed again after a lost answer');
    return { tone: 'green', headline: 'ADMITTED', details };
  }
  if (v.outcome === 'already_admitted') {
    const at = v.first_admitted_at ? Date.parse(v.first_admitted_at) : NaN;
    const where = v.first_gate_is_this_gate
      ? 'at this gate'
      : v.first_gate_label
        ? `at ${v.first_gate_label}`
        : 'at another gate';
    const when = Number.isFinite(at) ? `${clockTime(at)} (${ago(now, at)})` : 'earlier';
    details.push(`First entry ${when} ${where}`);
    details.push('Same phone as the first entry: let them through only if they left and came back');
    return { tone: 'amber', headline: 'ALREADY ADMITTED', details };
  }
  // A neutral hold (a watchlist match, never named): not "DENIED", so the visitor reading
  // the tablet learns nothing; the guard keeps them here until staff arrive.
  if (v.reason === 'see_staff') {
    return { tone: 'amber', headline: 'PLEASE WAIT', details: details.concat(['Staff are on their way. Keep the visitor here; do not let them through.']) };
  }
  const extra = [];
  if (v.reason === 'stale_code' && Number.isFinite(v.age_s)) extra.push(`The code is ${v.age_s} s old. Ask for the live wallet.`);
  if (v.reason === 'future_code' && Number.isFinite(v.ahead_s)) extra.push(`The code is ${v.ahead_s} s ahead. The phone's clock needs fixing.`);
  return { tone: 'red', headline: deniedText(v.reason), details: details.concat(extra) };
}

/** A roll call's muster verdict: SAFE, ALREADY SAFE, or NOT MARKED with the reason. */
function musterView(v, details, now) {
  if (v.outcome === 'safe') {
    if (v.replayed) details.push('Confirmed again after a lost answer');
    return { tone: 'green', headline: 'SAFE', details: details.concat(['Marked safe at this assembly point']) };
  }
  if (v.outcome === 'already_safe') {
    const at = v.marked_at ? Date.parse(v.marked_at) : NaN;
    const when = Number.isFinite(at) ? ` at ${clockTime(at)} (${ago(now, at)})` : '';
    return { tone: 'amber', headline: 'ALREADY SAFE', details: details.concat([`Marked safe${when}${v.marked_by ? ` by ${v.marked_by}` : ''}`]) };
  }
  const code = typeof v.reason === 'string' && /^[a-z_]{1,40}$/.test(v.reason) ? v.reason : 'unknown';
  return { tone: 'red', headline: `NOT MARKED \u2014 ${reasonWords(v.reason)} (${code})`, details };
}

/** Who the host is, in words: "R. Iyer, Flat 12B" (the label; the unit when there is no label). */
export function hostName(host) {
  if (!host) return 'the host';
  if (host.label) return host.label;
  return host.unit ? `Flat ${host.unit}` : 'the host';
}

/**
 * The full-screen verdict for a closed walk-in request: green "APPROVED" naming the host,
 * red "DENIED — the host said no (host_denied)" or "NO ANSWER — … (approval_timeout)". Only
 * an approval is green, and no walk-in text contains "ADMITTED".
 */
export function walkInVerdict(r) {
  const host = hostName(r.host);
  if (r.state === 'approved') return { tone: 'green', headline: 'APPROVED', details: [`Approved by ${host}`, `${r.visitor_name}: let them in`] };
  if (r.state === 'denied') return { tone: 'red', headline: 'DENIED \u2014 the host said no (host_denied)', details: [r.visitor_name, `Refused by ${host}. Do not let them in.`] };
  return {
    tone: 'red',
    headline: 'NO ANSWER \u2014 the host did not answer in time (approval_timeout)',
    details: [r.visitor_name, `${host} did not answer. Do not let them in; ask again or call the host.`],
  };
}

/** The one line a walk-in card shows for its state. */
export function walkInLine(r, nowMs, online = true) {
  const host = hostName(r.host);
  if (r.state === 'sending') return online ? 'Asking the host…' : 'Offline: sent when the connection is back. Do not let them in yet.';
  if (r.state === 'waiting') {
    const left = r.expires_at ? Math.max(0, Math.ceil((Date.parse(r.expires_at) - nowMs) / 1000)) : null;
    const clock = left === null ? '' : left > 0 ? ` · ${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')} left` : ' · time is up, checking…';
    return `Waiting for the host to answer${clock}`;
  }
  if (r.state === 'approved') return `Approved by ${host}`;
  if (r.state === 'denied') return `Denied by ${host}`;
  if (r.state === 'expired') return `No answer from ${host} in time`;
  if (r.state === 'failed') return `Not sent: the server refused it (${r.error ? r.error.code : 'error'})${r.error && r.error.message ? `: ${r.error.message}` : ''}`;
  return r.state;
}

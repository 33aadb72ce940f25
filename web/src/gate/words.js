// What the guard reads: verdict headlines, walk-ins and parties in plain words, in the gate's
// language (i18n.js; `t()` only at call time, so the page picks the language first). The
// deny reasons' own words are ../words.js, shared with the console. Pure, so the unit tests
// check every verdict and the rule that only the two admitting verdicts contain the word
// "ADMITTED" (never "NOT ADMITTED").

import { errorText, formatDuration, formatNumber, formatTime, has, t } from '../i18n.js';
import { ago, reasonWords } from '../words.js';

/** The code as shown in parentheses: a reason code, or "unknown" for anything odd. */
function shownCode(reason) {
  return typeof reason === 'string' && /^[a-z_]{1,40}$/.test(reason) ? reason : 'unknown';
}

/** "DENIED — old code, a screenshot? (stale_code)" */
export function deniedText(reason) {
  return t('gate-verdict-denied', { reason: reasonWords(reason), code: shownCode(reason) });
}

/** A count of seconds (or people) as shown: the language's digits, no grouping ("1234 s"). */
export function plainNumber(n) {
  return formatNumber(n, { useGrouping: false });
}

/** A time of day with seconds (24 h), in the venue's zone. */
function clockTime(ms) {
  return formatTime(ms, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
}

/**
 * The full-screen verdict for a `verdict` action: `tone` (green | amber | red), `icon`
 * (check | repeat | wait | cross: never colour alone), the headline, `word` (the headline's
 * big word, which it starts with) and detail lines. `now` is the local time in ms.
 */
export function verdictView(v, now = Date.now()) {
  const who = v.pass && v.pass.label ? v.pass.label : null;
  const details = [];
  if (who) details.push(who);
  if (v.muster) return musterView(v, details, now);
  if (v.outcome === 'admitted') {
    if (v.replayed) details.push(t('gate-replayed'));
    const word = t('gate-word-admitted');
    return { tone: 'green', icon: 'check', word, headline: word, details };
  }
  if (v.outcome === 'already_admitted') {
    const at = v.first_admitted_at ? Date.parse(v.first_admitted_at) : NaN;
    const where = v.first_gate_is_this_gate ? 'this' : v.first_gate_label ? 'named' : 'another';
    const args = { where, gate: v.first_gate_label || '' };
    details.push(Number.isFinite(at) ? t('gate-first-entry', { ...args, time: clockTime(at), ago: ago(now, at) }) : t('gate-first-entry-earlier', args));
    details.push(t('gate-same-phone'));
    const word = t('gate-word-already-admitted');
    return { tone: 'amber', icon: 'repeat', word, headline: word, details };
  }
  // A neutral hold (a watchlist match, never named): not "DENIED", so the visitor reading
  // the tablet learns nothing; the guard keeps them here until staff arrive.
  if (v.reason === 'see_staff') {
    const word = t('gate-word-please-wait');
    return { tone: 'amber', icon: 'wait', word, headline: word, details: details.concat([t('gate-hold-detail')]) };
  }
  const extra = [];
  if (v.reason === 'stale_code' && Number.isFinite(v.age_s)) extra.push(t('gate-stale-detail', { seconds: plainNumber(v.age_s) }));
  if (v.reason === 'future_code' && Number.isFinite(v.ahead_s)) extra.push(t('gate-future-detail', { seconds: plainNumber(v.ahead_s) }));
  return { tone: 'red', icon: 'cross', word: t('gate-word-denied'), headline: deniedText(v.reason), details: details.concat(extra) };
}

/** A roll call's muster verdict: SAFE, ALREADY SAFE, or NOT MARKED with the reason. */
function musterView(v, details, now) {
  if (v.outcome === 'safe') {
    if (v.replayed) details.push(t('gate-replayed'));
    const word = t('gate-word-safe');
    return { tone: 'green', icon: 'check', word, headline: word, details: details.concat([t('gate-safe-detail')]) };
  }
  if (v.outcome === 'already_safe') {
    const at = v.marked_at ? Date.parse(v.marked_at) : NaN;
    const by = v.marked_by || '';
    const line = Number.isFinite(at)
      ? by
        ? t('gate-marked-safe-at-by', { time: clockTime(at), ago: ago(now, at), by })
        : t('gate-marked-safe-at', { time: clockTime(at), ago: ago(now, at) })
      : by
        ? t('gate-marked-safe-by', { by })
        : t('gate-marked-safe');
    const word = t('gate-word-already-safe');
    return { tone: 'amber', icon: 'repeat', word, headline: word, details: details.concat([line]) };
  }
  return {
    tone: 'red',
    icon: 'cross',
    word: t('gate-word-not-marked'),
    headline: t('gate-verdict-not-marked', { reason: reasonWords(v.reason), code: shownCode(v.reason) }),
    details,
  };
}

/** Who the host is, in words: "R. Iyer, Flat 12B" (the label; the unit when there is no label). */
export function hostName(host) {
  if (!host) return t('gate-host-unknown');
  if (host.label) return host.label;
  return host.unit ? t('gate-host-flat', { unit: host.unit }) : t('gate-host-unknown');
}

/** What a roll call covers, in words: "Site North", "Zone Lab", "All sites". */
export function scopeWords(rc) {
  const scope = typeof rc.scope === 'string' ? rc.scope : '';
  if (rc.site) return t('gate-scope-site', { site: rc.site });
  if (rc.zone_id && scope.startsWith('Zone ')) return t('gate-scope-zone', { zone: scope.slice('Zone '.length) });
  if (!rc.zone_id && scope === 'All sites') return t('gate-scope-all');
  return scope;
}

/**
 * The full-screen verdict for a closed walk-in request: green "APPROVED" naming the host,
 * red "DENIED — the host said no (host_denied)" or "NO ANSWER — … (approval_timeout)". Only
 * an approval is green, and no walk-in text contains "ADMITTED".
 */
export function walkInVerdict(r) {
  const host = hostName(r.host);
  const name = r.visitor_name;
  if (r.state === 'approved') {
    const word = t('gate-word-approved');
    return { tone: 'green', icon: 'check', word, headline: word, details: [t('gate-walkin-approved-by', { host }), t('gate-walkin-let-in', { name })] };
  }
  if (r.state === 'denied') {
    return {
      tone: 'red',
      icon: 'cross',
      word: t('gate-word-denied'),
      headline: t('gate-walkin-verdict-denied', { code: 'host_denied' }),
      details: [name, t('gate-walkin-refused-by', { host })],
    };
  }
  return {
    tone: 'red',
    icon: 'cross',
    word: t('gate-word-no-answer'),
    headline: t('gate-walkin-verdict-no-answer', { code: 'approval_timeout' }),
    details: [name, t('gate-walkin-no-answer-detail', { host })],
  };
}

/**
 * What a server's error `code` means, in words (i18n.js `errorText`), when the catalogue
 * knows the code; else null (the caller then names the code alone). Never the server's own
 * sentence.
 */
export function knownError(code) {
  return has(`error-${String(code || 'unknown').replace(/_/g, '-')}`) ? errorText(code) : null;
}

/** The one line a walk-in card shows for its state. */
export function walkInLine(r, nowMs, online = true) {
  const host = hostName(r.host);
  if (r.state === 'sending') return online ? t('gate-line-asking') : t('gate-line-offline');
  if (r.state === 'waiting') {
    const left = r.expires_at ? Math.max(0, Math.ceil((Date.parse(r.expires_at) - nowMs) / 1000)) : null;
    if (left === null) return t('gate-line-waiting');
    return left > 0 ? t('gate-line-waiting-left', { left: formatDuration(left) }) : t('gate-line-waiting-up');
  }
  if (r.state === 'approved') return t('gate-walkin-approved-by', { host });
  if (r.state === 'denied') return t('gate-line-denied', { host });
  if (r.state === 'expired') return t('gate-line-expired', { host });
  if (r.state === 'failed') {
    const code = r.error && r.error.code ? r.error.code : 'error';
    const reason = knownError(code);
    return reason ? t('gate-line-failed-reason', { code, reason }) : t('gate-line-failed', { code });
  }
  return r.state;
}

/** One line of the strip of last verdicts: `{ tone, icon, word, name, why }`. */
export function stripLine(v, view = verdictView(v)) {
  const name = v.pass && v.pass.label ? v.pass.label : t('gate-strip-unnamed');
  let why = '';
  if (view.tone === 'red') why = t('gate-strip-why', { reason: reasonWords(v.reason), code: shownCode(v.reason) });
  else if (v.outcome === 'already_admitted') why = view.details[view.details.length - 2] || '';
  return { tone: view.tone, icon: view.icon, word: view.word, name, why };
}

/**
 * A party's verdict (a `party_verdict` action, `now` the local time in ms): the headline
 * over the whole party, then each person in the party's order with their own outcome and
 * reason. Green ADMITTED when everyone may go in, red DENIED when nobody may, amber "LET 2
 * OF 3 IN" otherwise (the list says who); a neutral PLEASE WAIT holds the whole party when
 * any pass asks for staff. Only an admitting line or headline says "ADMITTED".
 */
export function partyView(p, now = Date.now()) {
  const count = p.members.length;
  const people = p.members.map((m, i) => {
    const name = m.label || t('gate-party-person', { n: i + 1, count });
    let view;
    if (m.verdict) {
      view = verdictView(m.verdict, now);
      // The name is the line's own first column, not a detail.
      view = { ...view, details: view.details.filter((d) => d !== name && d !== m.label) };
    } else if (m.ended === 'unanswered') {
      const word = t('gate-word-no-answer');
      view = { tone: 'red', icon: 'cross', word, headline: t('gate-party-unanswered'), details: [] };
    } else {
      const word = t('gate-word-not-checked');
      view = { tone: 'red', icon: 'cross', word, headline: t('gate-party-not-checked'), details: [] };
    }
    const why = view.tone === 'red' && m.verdict ? t('gate-strip-why', { reason: reasonWords(m.verdict.reason), code: shownCode(m.verdict.reason) }) : view.tone === 'red' ? view.headline.slice(view.word.length).replace(/^\s*—\s*/, '') : m.verdict && m.verdict.outcome === 'already_admitted' ? view.details[0] || '' : '';
    return { ...view, name, strip: { tone: view.tone, icon: view.icon, word: view.word, name, why } };
  });
  const outcome = (m) => (m.verdict ? m.verdict.outcome : null);
  const admitted = p.members.filter((m) => outcome(m) === 'admitted').length;
  const holds = p.members.some((m) => m.verdict && m.verdict.reason === 'see_staff');
  let head;
  if (holds) {
    const word = t('gate-word-please-wait');
    head = { tone: 'amber', icon: 'wait', word, headline: word, details: [t('gate-hold-detail')] };
  } else if (admitted === count) {
    const word = t('gate-word-admitted');
    head = { tone: 'green', icon: 'check', word, headline: word, details: [t('gate-party-all', { count })] };
  } else if (admitted === 0 && p.members.every((m) => outcome(m) === 'already_admitted')) {
    const word = t('gate-word-already-admitted');
    head = { tone: 'amber', icon: 'repeat', word, headline: word, details: [t('gate-party-all-already', { count })] };
  } else if (admitted === 0) {
    const word = t('gate-word-denied');
    head = { tone: 'red', icon: 'cross', word, headline: word, details: [t('gate-party-none', { count })] };
  } else {
    const word = t('gate-party-some', { admitted, count });
    head = { tone: 'amber', icon: 'wait', word, headline: word, details: [t('gate-party-some-detail')] };
  }
  return { ...head, people };
}

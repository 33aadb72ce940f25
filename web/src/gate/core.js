// The web gate's pending-scan state machine: a line-by-line port of `tessera-gate`'s
// `GateCore` (gate-client/src/core.rs), free of DOM, sockets, IndexedDB and clocks, so Node
// runs it against the same table of cases as the Rust one (test/gate-core-cases.json).
//
// Every input (a scanned text, a server message, a connection change, the passing of time) is
// a method call with the current time in milliseconds, and what the gate must do comes back
// as a list of actions:
//   { send: <gate message> }        send this frame on the WebSocket
//   { emit: <kind>, ...fields }     show this (kinds below)
//   { reconnect: true }             the connection looks dead: drop it and reconnect
// The journal (an injected `{ load(), save(doc) }`, both may be async) is written *before*
// any message leaves, so nothing is sent that a reload could forget, and every resend is
// derived from the journal entry: the same scan_id, the same nonce, the same response.
//
// A scan moves through: scanned (send `scan`) → challenged (wait for the wallet) → answered
// (send `response`) → removed when its `result` arrives; the result then waits in the
// journal's `verdicts` until the UI says it was shown (`verdictShown`).
//
// A party (several passes on one phone, a Tessera addition: docs/protocol.md, "Parties") is
// split here: its `TSR1P:` code becomes one journaled scan per member, each sent as TSR1's
// own `scan` frame under its own scan_id; once every member has its challenge or its result
// the members still to answer make one `TSR1Q:` challenge (`party_challenge`, and
// `prompts()` for the screen); a `TSR1S:` answer becomes each member's own `response`
// frame. The server sees single scans, so every per-pass rule holds. A party's results
// wait in the journal until the last member is settled, then come out together as one
// `party_verdict`, and leave the journal together once shown (`partyShown`).
//
// A `rejected` action's `message` is in the gate's language (i18n.js, at call time).

import { t } from '../i18n.js';
import { base32Decode, parsePartyAnswer, parsePartyCode, partyChallenge, uuidFromBytes } from '../tsr1.js';

/** Longest accepted input line, in UTF-8 bytes (as the native gate). */
export const MAX_INPUT_LINE = 1024;

/** Verdicts the journal keeps at most while they wait to be shown. */
export const MAX_UNSHOWN_VERDICTS = 64;

/** The native gate's `CoreConfig::default()`, in milliseconds. */
export const DEFAULT_CONFIG = Object.freeze({
  requestTimeoutMs: 2000,
  retryBaseMs: 250,
  retryCapMs: 10_000,
  timeoutsBeforeReconnect: 3,
  scanTtlMs: 60_000,
  challengeGraceMs: 5000,
});

/** The journal names another gate device than the server: its pending work is not ours. */
export class JournalGateMismatch extends Error {
  constructor(journal, server) {
    super(`the journal's pending scans belong to gate ${journal}, the server says this is gate ${server}`);
    this.name = 'JournalGateMismatch';
    this.journal = journal;
    this.server = server;
  }
}

/** Equal-jitter backoff: uniform in [d/2, d], d = min(cap, base·2^failures) (backoff.rs). */
export function delayFor(baseMs, capMs, failures, random = Math.random) {
  const full = Math.min(capMs, baseMs * 2 ** Math.min(failures, 20));
  const half = Math.floor(full / 2);
  const spread = full - half;
  return half + Math.floor(random() * (spread + 1));
}

/** `TSR1R:<PASS>:<MAC>` as the protocol crate parses it; the pass UUID, or null. */
export function responsePass(text) {
  if (!text.startsWith('TSR1R:')) return null;
  const parts = text.slice(6).split(':');
  if (parts.length !== 2) return null;
  const pass = base32Decode(parts[0], 16);
  if (!pass || !base32Decode(parts[1], 16)) return null;
  return uuidFromBytes(pass);
}

const emptyDoc = () => ({ gate_id: null, scans: [], verdicts: [], parties: [] });
const clone = (doc) => structuredClone(doc);
const TRIM = /^[\s\u0085\uFEFF]+|[\s\u0085\uFEFF]+$/g;
const utf8Length = (s) => new TextEncoder().encode(s).length;
const parseTime = (iso) => Date.parse(iso);

/** The `result` event the UI shows, as `GateEvent::from_result`. */
export function verdictEvent(result, thisGate) {
  return {
    emit: 'verdict',
    scan_id: result.scan_id,
    outcome: result.outcome,
    reason: result.reason ?? null,
    replayed: Boolean(result.replayed),
    pass: result.pass ?? null,
    first_admitted_at: result.first_admitted_at ?? null,
    first_gate_id: result.first_gate_id ?? null,
    first_gate_label: result.first_gate_label ?? null,
    first_gate_is_this_gate: Boolean(thisGate) && result.first_gate_id === thisGate,
    same_wallet: Boolean(result.same_wallet),
    age_s: result.age_s ?? null,
    ahead_s: result.ahead_s ?? null,
    // A roll call's muster scan (Tessera addition): "safe", "already_safe" or "denied".
    muster: result.type === 'muster_result',
    marked_at: result.marked_at ?? null,
    marked_by: result.marked_by ?? null,
  };
}

/** A party member's verdict event: the result's, marked with its party. */
function memberVerdict(result, thisGate, partyId) {
  return { ...verdictEvent(result, thisGate), party_id: partyId };
}

export class GateCore {
  #journal;
  #doc;
  #flights = new Map(); // scan_id -> { sentAt, sends, retryAt }
  #online = false;
  #config;
  #timeoutsInARow = 0;
  #random;
  #newId;
  #queue = Promise.resolve();
  #staging = false; // inside onServerAll: a commit changes the document, the batch saves it

  constructor(journal, doc, config, random, newId) {
    this.#journal = journal;
    this.#doc = doc;
    this.#config = config;
    this.#random = random;
    this.#newId = newId;
  }

  /**
   * Loads the journal; pending scans are resent on `onConnected`. Returns the core and its
   * first actions (unshown verdicts are shown again).
   */
  static async open(journal, { config = {}, random = Math.random, newId = () => crypto.randomUUID() } = {}) {
    const loaded = await journal.load();
    const doc = { ...emptyDoc(), ...(loaded || {}) };
    const core = new GateCore(journal, doc, { ...DEFAULT_CONFIG, ...config }, random, newId);
    const actions = [{ emit: 'started', pending: doc.scans.length }];
    // A party's results come out together, once the party is settled.
    for (const v of doc.verdicts) if (!v.party) actions.push(verdictEvent(v.result, doc.gate_id));
    for (const p of doc.parties) if (p.done) actions.push(partyVerdict(doc, p));
    return { core, actions };
  }

  // One call at a time: each reads the document, awaits the journal, then adopts it.
  #serial(fn) {
    const run = this.#queue.then(fn);
    this.#queue = run.catch(() => {});
    return run;
  }

  async #commit(doc) {
    // Within `onServerAll`, the batch's one write makes it durable.
    if (!this.#staging) await this.#journal.save(doc);
    this.#doc = doc;
  }

  get pending() {
    return this.#doc.scans.length;
  }

  get unshownVerdicts() {
    return this.#doc.verdicts.length;
  }

  /** The pending scans (copies), oldest first. */
  get scans() {
    return clone(this.#doc.scans);
  }

  get online() {
    return this.#online;
  }

  get gateId() {
    return this.#doc.gate_id;
  }

  /** Challenges waiting for a wallet's answer, oldest first (a party's members each). */
  openChallenges() {
    return this.#doc.scans
      .filter((s) => s.response === null && s.challenge)
      .map((s) => ({ scan_id: s.scan_id, ...clone(s.challenge) }));
  }

  /**
   * What the wallets in front of the gate must answer, oldest first: a single scan's own
   * challenge (`kind: 'single'`, `pass`), or a party's one `TSR1Q:` challenge (`kind:
   * 'party'`, `passes`) once none of its members still waits for the server's word on its
   * code. Each has `key` (what it shows), `wallet_challenge`, `expires_at` and `scan_ids`.
   */
  prompts() {
    const out = [];
    const seen = new Set();
    for (const s of this.#doc.scans) {
      if (!s.party) {
        if (s.response === null && s.challenge) {
          out.push({ kind: 'single', key: s.challenge.wallet_challenge, scan_ids: [s.scan_id], ...clone(s.challenge) });
        }
      } else if (!seen.has(s.party)) {
        seen.add(s.party);
        const prompt = partyPrompt(this.#doc, s.party);
        if (prompt) out.push(prompt);
      }
    }
    return out;
  }

  /** The parties (copies) whose members are still pending or whose verdict is not shown yet. */
  get parties() {
    return clone(this.#doc.parties);
  }

  /** The guard was shown party `partyId`'s verdict: it and its results leave the journal. */
  partyShown(partyId) {
    return this.#serial(async () => {
      const party = this.#doc.parties.find((p) => p.party_id === partyId);
      if (!party || !party.done) return;
      const doc = clone(this.#doc);
      const shown = doc.verdicts.filter((v) => v.party === partyId).map((v) => v.result);
      doc.verdicts = doc.verdicts.filter((v) => v.party !== partyId);
      doc.parties = doc.parties.filter((p) => p.party_id !== partyId);
      await this.#journal.save(doc, { shown });
      this.#doc = doc;
    });
  }

  /** The guard was shown the result of `scanId`: it may leave the journal now. */
  verdictShown(scanId) {
    return this.#serial(async () => {
      const index = this.#doc.verdicts.findIndex((v) => v.scan_id === scanId);
      if (index < 0) return;
      const doc = clone(this.#doc);
      const [shown] = doc.verdicts.splice(index, 1);
      await this.#journal.save(doc, { shown: shown.result });
      this.#doc = doc;
    });
  }

  #indexOf(scanId) {
    return this.#doc.scans.findIndex((s) => s.scan_id === scanId);
  }

  static #messageFor(scan) {
    // A muster scan (roll call) is the same exchange under the `muster_*` frame types.
    const prefix = scan.muster ? 'muster_' : '';
    if (!scan.challenge) return { type: `${prefix}scan`, scan_id: scan.scan_id, code: scan.code };
    if (scan.response !== null) {
      return { type: `${prefix}response`, scan_id: scan.scan_id, nonce: scan.challenge.nonce, response: scan.response };
    }
    return null;
  }

  #send(scanId, now, actions) {
    if (!this.#online) return;
    const i = this.#indexOf(scanId);
    const message = i >= 0 ? GateCore.#messageFor(this.#doc.scans[i]) : null;
    if (!message) {
      this.#flights.delete(scanId);
      return;
    }
    const sends = this.#flights.get(scanId)?.sends ?? 0;
    this.#flights.set(scanId, { sentAt: now, sends: sends + 1, retryAt: null });
    actions.push({ send: message });
  }

  /** The connection is up and the server sent `welcome`: resend everything pending. */
  onConnected(welcome, now) {
    return this.#serial(async () => {
      const journal = this.#doc.gate_id;
      if (journal && journal !== welcome.gate_id && this.#doc.scans.length) {
        throw new JournalGateMismatch(journal, welcome.gate_id);
      }
      if (this.#doc.gate_id !== welcome.gate_id) {
        await this.#commit({ ...clone(this.#doc), gate_id: welcome.gate_id });
      }
      this.#online = true;
      this.#timeoutsInARow = 0;
      this.#flights.clear();
      const serverTime = parseTime(welcome.server_time);
      const actions = [
        {
          emit: 'connected',
          gate_id: welcome.gate_id,
          site: welcome.site ?? null,
          clock_skew_s: Number.isFinite(serverTime) ? Math.trunc((serverTime - now) / 1000) : 0,
        },
      ];
      for (const { scan_id } of this.#doc.scans) {
        const before = actions.length;
        this.#send(scan_id, now, actions);
        if (actions.length > before) actions.splice(before, 0, { emit: 'resend', scan_id, reason: 'reconnect', attempt: 0 });
      }
      return actions;
    });
  }

  /** The connection is gone; nothing is admitted until `onConnected`. */
  onDisconnected(reason, retryInMs) {
    return this.#serial(async () => {
      this.#online = false;
      this.#flights.clear();
      return [{ emit: 'offline', reason: String(reason), retry_in_ms: retryInMs }];
    });
  }

  /**
   * A text from the camera or a keyboard scanner (`source` 'scanner'), or a tap ('tap').
   * With `muster`, a rotating code starts a roll call's muster scan instead of an admission.
   */
  onLine(line, source, now, { muster = false } = {}) {
    return this.#serial(async () => {
      const text = String(line).replace(TRIM, '');
      const reject = (message) => [{ emit: 'rejected', message }];
      if (!text) return [];
      if (utf8Length(text) > MAX_INPUT_LINE) return reject(t('gate-rejected-too-long'));
      if (text.startsWith('TSR1R:')) return this.#onResponse(text, source, now);
      if (text.startsWith('TSR1S:')) return this.#onPartyAnswer(text, source, now);
      if (text.startsWith('TSR1C:') || text.startsWith('TSR1Q:')) return reject(t('gate-rejected-challenge'));
      if (text.startsWith('TSR1:') && source === 'scanner') return this.#onScan(text, now, muster);
      if (text.startsWith('TSR1P:') && source === 'scanner') return this.#onPartyScan(text, now, muster);
      return reject(t('gate-rejected-not-tessera'));
    });
  }

  async #onScan(code, now, muster) {
    const open = this.#doc.scans.find((s) => s.code === code);
    if (open) return [{ emit: 'duplicate', scan_id: open.scan_id }];
    const scanId = this.#newId();
    const doc = clone(this.#doc);
    const scan = { scan_id: scanId, code, scanned_at: new Date(now).toISOString(), challenge: null, response: null };
    if (muster) scan.muster = true;
    doc.scans.push(scan);
    await this.#commit(doc);
    const actions = [{ emit: 'scan', scan_id: scanId, queued: !this.#online }];
    this.#send(scanId, now, actions);
    return actions;
  }

  /** A party's code: one scan per member, journaled together, each sent as its own `scan`. */
  async #onPartyScan(text, now, muster) {
    let party;
    try {
      party = parsePartyCode(text);
    } catch {
      return [{ emit: 'rejected', message: t('gate-rejected-party-unreadable') }];
    }
    const open = this.#doc.scans.find((s) => party.members.some((m) => m.code === s.code));
    if (open) return [{ emit: 'duplicate', scan_id: open.scan_id }];
    const partyId = this.#newId();
    const doc = clone(this.#doc);
    const members = party.members.map((m) => {
      const scan = { scan_id: this.#newId(), code: m.code, scanned_at: new Date(now).toISOString(), challenge: null, response: null, party: partyId };
      if (muster) scan.muster = true;
      doc.scans.push(scan);
      return { scan_id: scan.scan_id, pass: m.passId, label: null, ended: null };
    });
    doc.parties.push({ party_id: partyId, members, done: false });
    await this.#commit(doc);
    const actions = [];
    for (const m of members) {
      actions.push({ emit: 'scan', scan_id: m.scan_id, queued: !this.#online, party_id: partyId });
      this.#send(m.scan_id, now, actions);
    }
    return actions;
  }

  /** A party's answer: each member's own `TSR1R:` goes to its open challenge, in one commit. */
  async #onPartyAnswer(text, source, now) {
    let answer;
    try {
      answer = parsePartyAnswer(text);
    } catch {
      return [{ emit: 'rejected', message: t('gate-rejected-party-unreadable') }];
    }
    const doc = clone(this.#doc);
    const matched = [];
    let repeated = 0;
    for (const m of answer.members) {
      const index = openChallengeOf(doc.scans, m.passId);
      if (index < 0) {
        if (doc.scans.some((s) => s.response === m.response)) repeated++;
        continue;
      }
      doc.scans[index].response = m.response;
      matched.push(doc.scans[index].scan_id);
    }
    if (!matched.length) return repeated ? [] : [{ emit: 'rejected', message: t('gate-rejected-no-challenge') }];
    await this.#commit(doc);
    const actions = [];
    for (const scanId of matched) {
      actions.push({ emit: 'response_accepted', scan_id: scanId, source, queued: !this.#online });
      this.#send(scanId, now, actions);
    }
    return actions;
  }

  async #onResponse(text, source, now) {
    const pass = responsePass(text);
    if (!pass) return [{ emit: 'rejected', message: t('gate-rejected-unreadable') }];
    const scans = this.#doc.scans;
    let index = -1;
    for (let i = scans.length - 1; i >= 0; i--) {
      const s = scans[i];
      if (s.response === null && s.challenge && String(s.challenge.pass.id).toLowerCase() === pass) {
        index = i;
        break;
      }
    }
    if (index < 0) {
      // The same answer twice (camera frames, scanner bounce): already on its way.
      if (scans.some((s) => s.response === text)) return [];
      return [{ emit: 'rejected', message: t('gate-rejected-no-challenge') }];
    }
    const scanId = scans[index].scan_id;
    const doc = clone(this.#doc);
    doc.scans[index].response = text;
    await this.#commit(doc);
    const actions = [{ emit: 'response_accepted', scan_id: scanId, source, queued: !this.#online }];
    this.#send(scanId, now, actions);
    return actions;
  }

  /** A message (parsed JSON) from the server. */
  onServer(message, now) {
    return this.onServerAll([message], now);
  }

  /**
   * Messages (parsed JSON) from the server that arrived together, in order, in one durable
   * write: a party's members' challenges come back together, and so do their results, and
   * one `strict` IndexedDB commit each held up the party's challenge and its verdict on the
   * gate's screen. Each message's changes are made as `onServer` would make them, one after
   * another; nothing is emitted before the one write is durable, and if it fails the core is
   * left as it was before the first message (the error is the caller's, as a failed commit's).
   */
  onServerAll(messages, now) {
    return this.#serial(async () => {
      const doc = this.#doc;
      const flights = new Map([...this.#flights].map(([id, f]) => [id, { ...f }]));
      const timeouts = this.#timeoutsInARow;
      const actions = [];
      this.#staging = true;
      try {
        for (const message of messages) actions.push(...(await this.#onServerMessage(message, now)));
        if (this.#doc !== doc) await this.#journal.save(this.#doc);
      } catch (e) {
        this.#doc = doc;
        this.#flights = flights;
        this.#timeoutsInARow = timeouts;
        throw e;
      } finally {
        this.#staging = false;
      }
      return actions;
    });
  }

  #onServerMessage(message, now) {
    this.#timeoutsInARow = 0;
    switch (message && message.type) {
      case 'challenge':
        return this.#onChallenge(message);
      case 'result':
      case 'muster_result':
        return this.#onResult(message);
      case 'error':
        return this.#onError(message, now);
      default:
        return []; // welcome (handled by the caller) and anything unknown
    }
  }

  async #onChallenge(c) {
    const index = this.#indexOf(c.scan_id);
    if (index < 0) return [];
    const scan = this.#doc.scans[index];
    if (scan.challenge) {
      // A duplicate answer to a resent scan; the journaled one stands.
      if (scan.response === null) this.#flights.delete(c.scan_id);
      return [];
    }
    const doc = clone(this.#doc);
    const challenge = { nonce: c.nonce, wallet_challenge: c.wallet_challenge, expires_at: c.expires_at, pass: { id: c.pass.id, label: c.pass.label } };
    doc.scans[index].challenge = challenge;
    const partyId = scan.party;
    const member = partyId ? partyMember(doc, partyId, c.scan_id) : null;
    if (member && c.pass.label) member.label = c.pass.label;
    await this.#commit(doc);
    this.#flights.delete(c.scan_id);
    const actions = [{ emit: 'challenge', scan_id: c.scan_id, ...clone(challenge), ...(partyId ? { party_id: partyId } : {}) }];
    const prompt = partyId ? partyPrompt(this.#doc, partyId) : null;
    if (prompt) actions.push({ emit: 'party_challenge', party_id: partyId, wallet_challenge: prompt.wallet_challenge, expires_at: prompt.expires_at, passes: prompt.passes });
    return actions;
  }

  async #onResult(r) {
    const index = this.#indexOf(r.scan_id);
    if (index < 0) return [];
    const scan = this.#doc.scans[index];
    if (scan.challenge && r.nonce && scan.response !== null && scan.challenge.nonce !== r.nonce) {
      return []; // not the answer to what we sent; keep waiting for ours
    }
    const doc = clone(this.#doc);
    const partyId = scan.party;
    const actions = [];
    if (r.reason === 'bad_response') {
      // TSR1 gives the wallet three tries: the challenge stays open for the next answer.
      doc.scans[index].response = null;
    } else {
      doc.scans.splice(index, 1);
      if (doc.verdicts.length >= MAX_UNSHOWN_VERDICTS) doc.verdicts.shift();
      doc.verdicts.push(partyId ? { scan_id: r.scan_id, result: clone(r), party: partyId } : { scan_id: r.scan_id, result: clone(r) });
      const member = partyId ? partyMember(doc, partyId, r.scan_id) : null;
      if (member) member.ended = 'result';
    }
    const settled = settleParties(doc);
    await this.#commit(doc);
    this.#flights.delete(r.scan_id);
    actions.push(partyId ? memberVerdict(r, this.#doc.gate_id, partyId) : verdictEvent(r, this.#doc.gate_id));
    if (partyId && !scan.challenge) {
      // A member refused at its scan: the others' challenge may be complete now.
      const prompt = partyPrompt(this.#doc, partyId);
      if (prompt) actions.push({ emit: 'party_challenge', party_id: partyId, wallet_challenge: prompt.wallet_challenge, expires_at: prompt.expires_at, passes: prompt.passes });
    }
    for (const p of settled) actions.push(partyVerdict(this.#doc, p));
    return actions;
  }

  async #onError(e, now) {
    const code = typeof e.code === 'string' ? e.code : 'error';
    const message = [...String(e.message ?? '')].filter((ch) => !/\p{Cc}/u.test(ch)).slice(0, 200).join('');
    const retryable = Boolean(e.retryable);
    const scanId = e.scan_id ?? null;
    const event = (retryIn) => ({ emit: 'error', scan_id: scanId, code, message, retryable, retry_in_ms: retryIn });
    let targets;
    if (scanId !== null && this.#indexOf(scanId) >= 0) targets = [scanId];
    else if (scanId !== null) return [event(null)];
    else if (retryable) targets = [...this.#flights.keys()];
    else return [event(null)];
    if (retryable) {
      let longest = null;
      for (const id of targets) {
        let flight = this.#flights.get(id);
        if (!flight) {
          flight = { sentAt: now, sends: 1, retryAt: null };
          this.#flights.set(id, flight);
        }
        const delay = delayFor(this.#config.retryBaseMs, this.#config.retryCapMs, Math.max(0, flight.sends - 1), this.#random);
        flight.retryAt = now + delay;
        longest = longest === null ? delay : Math.max(longest, delay);
      }
      return [event(longest)];
    }
    // Not retryable: resending the same frame cannot help.
    const doc = clone(this.#doc);
    for (const id of targets) {
      const i = doc.scans.findIndex((s) => s.scan_id === id);
      if (i >= 0) {
        if (doc.scans[i].response !== null) doc.scans[i].response = null; // let the wallet answer again
        else {
          const [gone] = doc.scans.splice(i, 1);
          const member = gone.party ? partyMember(doc, gone.party, id) : null;
          if (member) member.ended = 'refused';
        }
      }
      this.#flights.delete(id);
    }
    const settled = settleParties(doc);
    await this.#commit(doc);
    return [event(null), ...settled.map((p) => partyVerdict(this.#doc, p))];
  }

  /** Time passed: resend what timed out or is due after an error; close dead scans. */
  onTick(now) {
    return this.#serial(async () => {
      const actions = [];
      const cfg = this.#config;
      if (this.#online) {
        const due = [];
        let timedOut = false;
        for (const [id, f] of this.#flights) {
          if (f.retryAt !== null) {
            if (now >= f.retryAt) due.push([id, 'retryable_error', f.sends]);
          } else if (now - f.sentAt >= cfg.requestTimeoutMs) {
            timedOut = true;
            due.push([id, 'timeout', f.sends]);
          }
        }
        if (timedOut) {
          this.#timeoutsInARow += 1;
          if (this.#timeoutsInARow >= cfg.timeoutsBeforeReconnect) {
            this.#timeoutsInARow = 0;
            return [{ reconnect: true }];
          }
        }
        due.sort((a, b) => this.#indexOf(a[0]) - this.#indexOf(b[0]));
        for (const [scanId, reason, attempt] of due) {
          actions.push({ emit: 'resend', scan_id: scanId, reason, attempt });
          this.#send(scanId, now, actions);
        }
      }
      // Close scans that can no longer lead anywhere. Answered scans are never dropped: the
      // server may have admitted under that nonce, and only a result tells.
      const doc = clone(this.#doc);
      const kept = [];
      for (const s of doc.scans) {
        let dead = false;
        if (s.challenge && s.response === null) dead = now > parseTime(s.challenge.expires_at) + cfg.challengeGraceMs;
        else if (!s.challenge && s.response === null) dead = now > parseTime(s.scanned_at) + cfg.scanTtlMs;
        if (dead) {
          const party = s.party ? { party_id: s.party } : {};
          actions.push(s.challenge ? { emit: 'unanswered', scan_id: s.scan_id, pass: s.challenge.pass, ...party } : { emit: 'abandoned', scan_id: s.scan_id, ...party });
          const member = s.party ? partyMember(doc, s.party, s.scan_id) : null;
          if (member) member.ended = s.challenge ? 'unanswered' : 'abandoned';
          this.#flights.delete(s.scan_id);
        } else kept.push(s);
      }
      if (kept.length !== doc.scans.length) {
        doc.scans = kept;
        const settled = settleParties(doc);
        await this.#commit(doc);
        for (const p of settled) actions.push(partyVerdict(this.#doc, p));
      }
      return actions;
    });
  }
}

// ---------------------------------------------------------------- parties

/** The newest scan whose challenge for pass `passId` waits for an answer, or -1. */
function openChallengeOf(scans, passId) {
  for (let i = scans.length - 1; i >= 0; i--) {
    const s = scans[i];
    if (s.response === null && s.challenge && String(s.challenge.pass.id).toLowerCase() === passId) return i;
  }
  return -1;
}

function partyMember(doc, partyId, scanId) {
  const party = doc.parties.find((p) => p.party_id === partyId);
  return party ? party.members.find((m) => m.scan_id === scanId) || null : null;
}

/**
 * Party `partyId`'s one challenge, once none of its members still waits for the server's
 * word on its code: the members still to answer, in the party's order, with the earliest
 * expiry. Null while a member waits, or when none is left to answer.
 */
function partyPrompt(doc, partyId) {
  const members = doc.scans.filter((s) => s.party === partyId);
  if (!members.length || members.some((s) => !s.challenge)) return null;
  const open = members.filter((s) => s.response === null);
  if (!open.length) return null;
  const walletChallenge = partyChallenge(open.map((s) => s.challenge.wallet_challenge));
  const expires = open.map((s) => s.challenge.expires_at).sort((a, b) => Date.parse(a) - Date.parse(b))[0];
  return {
    kind: 'party',
    key: walletChallenge,
    party_id: partyId,
    wallet_challenge: walletChallenge,
    expires_at: expires,
    passes: open.map((s) => clone(s.challenge.pass)),
    scan_ids: open.map((s) => s.scan_id),
  };
}

/** Marks done (in `doc`) the parties none of whose members is pending any more; returns them. */
function settleParties(doc) {
  const pending = new Set(doc.scans.map((s) => s.scan_id));
  const settled = [];
  for (const p of doc.parties) {
    if (!p.done && p.members.every((m) => !pending.has(m.scan_id))) {
      p.done = true;
      settled.push(p);
    }
  }
  return settled;
}

/**
 * A settled party's verdict: each member in the party's order with its pass, its label (the
 * result's, else its challenge's) and its own verdict, or how it ended without one
 * (`unanswered`, `abandoned`, `refused`).
 */
function partyVerdict(doc, party) {
  const members = party.members.map((m) => {
    const v = doc.verdicts.find((x) => x.scan_id === m.scan_id);
    const verdict = v ? memberVerdict(v.result, doc.gate_id, party.party_id) : null;
    const label = (verdict && verdict.pass && verdict.pass.label) || m.label || null;
    return { scan_id: m.scan_id, pass_id: m.pass, label, verdict, ended: verdict ? 'result' : m.ended || 'unanswered' };
  });
  return { emit: 'party_verdict', party_id: party.party_id, members };
}

/** A journal in memory (tests, and the page when IndexedDB will not open). */
export class MemoryJournal {
  constructor(doc = null) {
    this.doc = doc ? clone(doc) : null;
    this.shown = [];
  }
  load() {
    return this.doc ? clone(this.doc) : null;
  }
  save(doc, extra) {
    this.doc = clone(doc);
    if (extra && extra.shown) this.shown.push(...[extra.shown].flat());
  }
}

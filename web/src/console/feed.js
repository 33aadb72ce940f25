// The live feed: `EventSource('/v1/audit/stream')` on the page's own origin (the browser
// sends the session cookie itself). The browser reconnects by itself after a dropped stream
// and sends `Last-Event-ID`; when it gives up (the server answered 503 or 401 while it
// restarted, so the source is CLOSED) the feed makes a new source with `?after=<last id
// seen>` after a short backoff, or reports a lost session. Only the id is kept, in memory.
//
// Pure of the DOM: the EventSource constructor, the session check and the timers are
// injected, so test/unit/console-feed.test.mjs drives it with fakes.

const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 5000;
const CLOSED = 2;

export class Feed {
  /**
   * @param {object} o
   * @param {Function} o.EventSourceImpl  the EventSource constructor
   * @param {(ev: object) => void} o.onEvent  each audit event, parsed
   * @param {(state: 'connecting'|'live'|'reconnecting') => void} [o.onState]
   * @param {() => Promise<'signed-in'|'signed-out'|'unknown'>} o.checkSession  asked when the source closed
   * @param {() => void} o.onSignedOut
   * @param {number} [o.backlog]  events to start with when no id was seen yet
   * @param {string} [o.path]
   * @param {string} [o.filter]  the stream's filters as a query (`severity=high`), kept on every reconnection
   * @param {{ set: Function, clear: Function }} [o.timers]
   */
  constructor({ EventSourceImpl, onEvent, onState = () => {}, checkSession, onSignedOut, backlog = 500, path = '/v1/audit/stream', filter = '', timers }) {
    this.EventSourceImpl = EventSourceImpl;
    this.filter = filter;
    this.onEvent = onEvent;
    this.onState = onState;
    this.checkSession = checkSession;
    this.onSignedOut = onSignedOut;
    this.backlog = backlog;
    this.path = path;
    this.timers = timers || { set: (fn, ms) => setTimeout(fn, ms), clear: (t) => clearTimeout(t) };
    this.lastId = null;
    this.source = null;
    this.timer = null;
    this.failures = 0;
    this.stopped = true;
    this.state = null;
  }

  /** The URL a new source opens: after the last id seen, else the backlog. */
  url() {
    const from = this.lastId === null ? `backlog=${this.backlog}` : `after=${this.lastId}`;
    return `${this.path}?${this.filter ? `${this.filter}&` : ''}${from}`;
  }

  start() {
    this.stopped = false;
    this.open();
  }

  stop() {
    this.stopped = true;
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    if (this.source) this.source.close();
    this.source = null;
  }

  setState(state) {
    if (state === this.state) return;
    this.state = state;
    this.onState(state);
  }

  open() {
    if (this.stopped) return;
    this.setState(this.failures === 0 && this.lastId === null ? 'connecting' : 'reconnecting');
    const source = new this.EventSourceImpl(this.url());
    this.source = source;
    source.onopen = () => {
      if (source !== this.source) return;
      this.failures = 0;
      this.setState('live');
    };
    source.addEventListener('audit', (e) => {
      if (source !== this.source) return;
      let ev;
      try {
        ev = JSON.parse(e.data);
      } catch {
        return;
      }
      const id = Number.isSafeInteger(ev && ev.id) ? ev.id : Number(e.lastEventId);
      if (Number.isSafeInteger(id) && (this.lastId === null || id > this.lastId)) this.lastId = id;
      this.onEvent(ev);
    });
    source.onerror = () => {
      if (source !== this.source) return;
      if (source.readyState !== CLOSED) {
        // The browser retries by itself, with Last-Event-ID.
        this.setState('reconnecting');
        return;
      }
      source.close();
      this.source = null;
      this.setState('reconnecting');
      this.retry();
    };
  }

  async retry() {
    if (this.stopped) return;
    this.failures += 1;
    const verdict = await this.checkSession().catch(() => 'unknown');
    if (this.stopped) return;
    if (verdict === 'signed-out') {
      this.stop();
      this.onSignedOut();
      return;
    }
    const cap = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(this.failures - 1, 8));
    const delay = cap / 2 + Math.random() * (cap / 2);
    this.timer = this.timers.set(() => {
      this.timer = null;
      this.open();
    }, delay);
  }
}

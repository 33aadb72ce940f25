// The lane rig (issue 52): a phone running the web wallet and a tablet running the web gate,
// two headless Chromium pages face to face. Each page's camera (camera.mjs's getUserMedia
// stand-in) shows what that camera would see of the other page's screen: the rig takes the
// other page's frames as it paints them (CDP screencast), and draws them through the camera
// model into the camera. A modelled visitor holds the phone up, turns it and taps only when
// the screens ask for it, at human speeds (HUMAN); the rig counts each action and times each
// admission from the moment the phone is held up to the verdict on the gate's screen.
//
// Used by the benchmark (run.mjs, bench/lane.sh) and, small, by the suite
// (web/test/e2e/lane.e2e.mjs).

import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminApi, createGate, createPass, fail, launchChromium, until } from '../e2e/lib.mjs';
import { CAMERAS, OPTICS, PHONE, SHOT_SCALE, TABLET, aimAt, frameSize, holdAt, laneCameraInit, tabletMm, viewOf, wanderAt } from './camera.mjs';

/**
 * How long a person takes, in ms. The rig waits this long before each action; the issue's
 * targets concern the face-to-face lane, where none is needed, so these only price today's
 * flow, and are on the short side (a visitor who knows what to do) so as not to flatter the
 * new one.
 *
 * - `react`: see something change on a screen and know what to do next: a choice reaction
 *   to a short instruction, 0.4–0.8 s (Hick–Hyman for a few choices; reading "Visitor: scan
 *   this with your wallet" takes longer the first time).
 * - `tap`: move the thumb to a large labelled button and tap it: Fitts's law for a 48 px target
 *   across a phone screen is 0.3–0.5 s, plus finding the label (KLM's K 0.2 s).
 * - `turn`: turn the phone round in the hand and hold it still again towards the target:
 *   a wrist rotation is 0.3–0.4 s, steadying the camera on a target another 0.4–0.6 s.
 * - `prompt`: the browser's camera prompt, read and answered ("Allow"), first time only:
 *   KLM's mental act (1.35 s) plus a point and a tap.
 * - `walk`: from one visitor's verdict to the next visitor's phone held up: the admitted
 *   visitor lowers the phone and passes the turnstile while the next steps up and lifts
 *   theirs (a turnstile's arm turns in about 1 s; stepping through and the next step up
 *   about 2 s).
 * - `patience`: face to face, how long a visitor holding the phone up watches a challenge on
 *   the gate's screen before doing what it says (today's steps). Nothing is done within it
 *   when the lane works.
 */
export const HUMAN = {
  react: 600,
  tap: 700,
  turn: 900,
  prompt: 2000,
  walk: 3000,
  patience: 4000,
};

/** The visitor's habits: 'three-step' does what the gate's screen says at once; 'face-to-face' holds the phone up and waits. */
export const MODES = ['three-step', 'face-to-face'];

// No service worker: the lane is online, and pages served from another revision (`pages`)
// must not be replaced by a worker's cache.
const PHONE_CONTEXT = { viewport: PHONE.css, deviceScaleFactor: 3, isMobile: true, hasTouch: true, serviceWorkers: 'block' };
const TABLET_CONTEXT = { viewport: TABLET.css, deviceScaleFactor: 1, serviceWorkers: 'block' };
const ADMISSION_TIMEOUT_MS = 45_000; // per code held up (a party on today's wallet holds up one per pass)
const POLL_MS = 40;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Is the element wholly inside the page's viewport? */
async function onScreen(page, locator) {
  const box = await locator.boundingBox({ timeout: 1000 }).catch(() => null);
  const vp = page.viewportSize();
  return Boolean(box) && box.y >= 0 && box.x >= 0 && box.y + box.height <= vp.height + 0.5 && box.x + box.width <= vp.width + 0.5;
}

// ------------------------------------------------------------------ in the gate's page

// An init script for the tablet: the gate's WebSocket frames (what it read and when, what the
// server answered) and the moment a verdict is painted (an element whose class names a
// verdict, carrying the scan's id, shown), reported to the rig through `__laneHost`.
function gateProbe() {
  const host = (msg) => {
    if (typeof window.__laneHost === 'function') window.__laneHost(msg).catch(() => {});
  };
  const Native = window.WebSocket;
  class Probed extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        try {
          const m = JSON.parse(e.data);
          if (['challenge', 'result', 'error'].includes(m.type) && m.scan_id) {
            // Marks for a trace of the page (run.mjs's LANE_TRACE): the hop from here to the paint.
            if (m.type === 'challenge') console.timeStamp('lane:challenge-in');
            host({ kind: 'ws-in', t: Date.now(), msg: { type: m.type, scan_id: m.scan_id, outcome: m.outcome, reason: m.reason, code: m.code, pass_id: m.pass && m.pass.id, label: m.pass && m.pass.label } });
          }
        } catch {
          // not JSON
        }
      });
    }
    send(data) {
      super.send(data);
      try {
        const m = JSON.parse(data);
        if (m.type === 'scan' || m.type === 'response') host({ kind: 'ws-out', t: Date.now(), msg: { type: m.type, scan_id: m.scan_id, code: m.code } });
      } catch {
        // not JSON
      }
    }
  }
  window.WebSocket = Probed;

  const painted = new Set();
  const challenges = new WeakSet();
  let queued = false;
  const look = () => {
    queued = false;
    const t = Date.now();
    // The challenge's QR code in the frame that follows its insertion (the wallet's hop
    // starts there, docs/performance.md).
    for (const el of document.querySelectorAll('svg[aria-label^="Gate challenge"]')) {
      if (challenges.has(el)) continue;
      challenges.add(el);
      console.timeStamp('lane:challenge-painted');
      host({ kind: 'challenge-painted', t });
    }
    for (const el of document.querySelectorAll('[data-scan-id], [data-party-id]')) {
      const cls = typeof el.className === 'string' ? el.className : '';
      if (!/verdict/.test(cls) || el.hidden || el.closest('[hidden]')) continue;
      const id = el.dataset.partyId ? `party:${el.dataset.partyId}` : el.dataset.scanId;
      if (painted.has(id)) continue;
      painted.add(id);
      const head = el.querySelector('.verdict-headline');
      const text = (node) => ((node && node.textContent) || '').replace(/\s+/g, ' ').trim();
      host({ kind: 'verdict', t, scan_id: el.dataset.partyId ? null : id, party_id: el.dataset.partyId || null, headline: text(head), text: text(el) });
    }
  };
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(look); // the mutation is painted in the frame that follows
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden', 'class', 'data-scan-id'] });
}

// An init script for the phone: the moment the wallet shows an answer (a QR code named
// "Answer…"), reported to the rig; and, to split the wallet's hop, the moments its camera
// reader took its last frames (a `getImageData` on a canvas narrower than a camera's
// picture: the reader's own) when it signs a gate's challenge (an HMAC over "TSR1R…").
function walletProbe() {
  let shown = null;
  let queued = false;
  const grabs = [];
  const getImageData = CanvasRenderingContext2D.prototype.getImageData;
  CanvasRenderingContext2D.prototype.getImageData = function probedGetImageData(...args) {
    const w = this.canvas ? this.canvas.width : 0;
    if (w > 1 && w < 1000) {
      grabs.push(Date.now());
      if (grabs.length > 8) grabs.shift();
    }
    return getImageData.apply(this, args);
  };
  const sign = SubtleCrypto.prototype.sign;
  SubtleCrypto.prototype.sign = function probedSign(...args) {
    try {
      const data = args[2];
      const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      // "TSR1R": a gate challenge's answer (the rotating code signs a counter).
      if (bytes.length > 5 && String.fromCharCode(...bytes.subarray(0, 5)) === 'TSR1R' && typeof window.__laneHost === 'function') {
        window.__laneHost({ kind: 'wallet-sign', t: Date.now(), grabs: grabs.slice(-3) }).catch(() => {});
      }
    } catch {
      // not a buffer: not ours to time
    }
    return sign.apply(this, args);
  };
  const look = () => {
    queued = false;
    const qr = document.querySelector('svg[aria-label^="Answer"]');
    if (qr && qr !== shown && typeof window.__laneHost === 'function') window.__laneHost({ kind: 'answer-shown', t: Date.now() }).catch(() => {});
    shown = qr;
  };
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(look);
  }).observe(document, { subtree: true, childList: true });
}

// ------------------------------------------------------------------ the pages of another revision

const TYPES = { html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', svg: 'image/svg+xml', png: 'image/png', json: 'application/json', webmanifest: 'application/manifest+json' };

/**
 * The web apps as built at git revision `rev` (its committed `web/dist/`), by the path the
 * server serves each at (as `server/crates/edges/src/http/web.rs` maps them).
 */
function pagesAt(rev) {
  const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: path.dirname(fileURLToPath(import.meta.url)) }).toString().trim();
  const files = execFileSync('git', ['ls-tree', '-r', '--name-only', rev, 'web/dist'], { cwd: root }).toString().split('\n').filter(Boolean);
  if (!files.length) fail(`git revision ${rev} has no web/dist`);
  const pages = new Map();
  for (const f of files) pages.set(f.slice('web/dist/'.length), execFileSync('git', ['show', `${rev}:${f}`], { cwd: root, maxBuffer: 64 << 20 }));
  const page = { '/': 'index.html', '/claim': 'index.html', '/wallet': 'index.html', '/gate': 'gate.html', '/console': 'console.html', '/host': 'host.html' };
  return (pathname) => {
    const file = page[pathname] || pathname.slice(1);
    const body = pages.get(file);
    return body ? { body, contentType: TYPES[file.split('.').pop()] || 'application/octet-stream' } : null;
  };
}

/** Serves `pages`' files instead of the server's own to every page of `ctx`; the API stays the server's. */
async function servePages(ctx, base, pages) {
  const origin = new URL(base).origin;
  await ctx.route('**/*', (route) => {
    const url = new URL(route.request().url());
    const file = url.origin === origin && route.request().method() === 'GET' && !url.pathname.startsWith('/v1/') ? pages(url.pathname) : null;
    if (!file) return route.continue();
    return route.fulfill({ status: 200, body: file.body, contentType: file.contentType, headers: { 'cache-control': 'no-cache', 'referrer-policy': 'no-referrer' } });
  });
}

// ------------------------------------------------------------------ a page as a picture

/** A page's frames as it paints them (CDP screencast, JPEG, at `scale` of its CSS size); the newest is kept. */
class Screen {
  constructor(page, css, scale) {
    this.page = page;
    this.css = css;
    this.scale = scale;
    this.latest = null; // { data (base64 JPEG), at (ms, when painted), n }
    this.n = 0;
    this.waiters = [];
  }

  /** Resolves at the next frame. */
  next() {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async start() {
    this.cdp = await this.page.context().newCDPSession(this.page);
    this.cdp.on('Page.screencastFrame', (f) => {
      this.cdp.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => {});
      const now = Date.now();
      const at = f.metadata && f.metadata.timestamp ? Math.round(f.metadata.timestamp * 1000) : now;
      this.latest = { data: f.data, at: Math.min(at, now), n: ++this.n };
      for (const w of this.waiters.splice(0)) w();
    });
    await this.cdp.send('Page.startScreencast', { format: 'jpeg', quality: 90, maxWidth: Math.round(this.css.width * this.scale), maxHeight: Math.round(this.css.height * this.scale), everyNthFrame: 1 });
  }

  async stop() {
    if (!this.cdp) return;
    await this.cdp.send('Page.stopScreencast').catch(() => {});
    await this.cdp.detach().catch(() => {});
    this.cdp = null;
  }
}

// ------------------------------------------------------------------ a camera fed from the other screen

/**
 * Feeds one open camera of one page while it is open: a new frame of the screen it sees as
 * soon as it arrives (at most `2 × fps` a second), else the last one again, the hand moved,
 * `fps` times a second.
 */
class Feed {
  constructor(rig, device, page, facing) {
    Object.assign(this, { rig, device, page, facing, live: true, seed: 1 + Math.random() });
  }

  async run() {
    const period = 1000 / this.rig.feedFps;
    let lastKey = null;
    let lastN = -1;
    while (this.live && !this.rig.closed && !this.page.isClosed()) {
      const started = Date.now();
      const scene = this.rig.sceneFor(this.device, this.facing);
      try {
        if (scene.kind === 'screen') {
          const shot = scene.screen.latest;
          if (shot) {
            const view = viewOf(scene.viewer, { wander: wanderAt(started, this.seed), ...this.rig.placement(), distanceMm: this.rig.distanceMm });
            const spec = { kind: 'screen', transform: view.transform, css: view.css, bezelCss: view.bezelCss, cornerCss: view.cornerCss, blurPx: scene.blurPx, capturedAt: shot.at };
            await this.page.evaluate(([f, s, jpeg]) => window.__laneCamera && window.__laneCamera.scene(f, s, jpeg), [this.facing, spec, shot.data]);
            if (shot.n !== lastN) {
              this.rig.noteDelay(Date.now() - shot.at, this.device);
              if (this.device === 'phone' && this.rig.measuring) this.rig.fedPhone.push({ at: shot.at, fed: Date.now() });
            }
            lastN = shot.n;
          }
        } else if (scene.key !== lastKey) {
          const view = scene.viewer ? viewOf(scene.viewer, { ...this.rig.placement(), distanceMm: this.rig.distanceMm }) : null;
          const spec = view
            ? { kind: scene.kind, transform: view.transform, css: view.css, bezelCss: view.bezelCss, cornerCss: view.cornerCss, backColour: PHONE.backColour, blurPx: scene.blurPx }
            : { kind: 'room', tone: scene.tone, blurPx: scene.blurPx };
          await this.page.evaluate(([f, s]) => window.__laneCamera && window.__laneCamera.scene(f, s, null), [this.facing, spec]);
        }
        lastKey = scene.key;
      } catch (e) {
        if (this.page.isClosed()) break;
        // A page navigating (the wallet's claim links) has no camera for a moment: the next
        // picture goes to the new document.
        if (/Execution context was destroyed|navigat/i.test(e.message)) continue;
        this.rig.feedErrors.push(`${this.device} ${this.facing}: ${e.message.split('\n')[0]}`);
      }
      // The next picture: a new frame of the screen in view when one comes, not sooner than
      // half a period after this one began; else the same frame again a period after it.
      await sleep(Math.max(0, started + period / 2 - Date.now()));
      const screen = scene.kind === 'screen' ? scene.screen : null;
      if (!screen || !screen.latest || screen.latest.n === lastN) {
        await Promise.race([sleep(Math.max(0, started + period - Date.now())), screen ? screen.next() : new Promise(() => {}), this.rig.moved()]);
      }
    }
  }
}

// ------------------------------------------------------------------ the rig

export class LaneRig {
  /**
   * `base`: the server; `adminKey`; options: `human` (HUMAN's fields to change), `feedFps`
   * (pictures a second per camera, 10), `tabletCameras` (['user']: the gate tablet's camera
   * is the one facing the visitor; ['user', 'environment'] gives it a rear camera too),
   * `distanceMm`, `pages` (a git revision: the wallet and the gate as built there, served
   * by the rig in place of the server's own; the API is still the server's), `log` (a
   * function for progress lines), `keepDir` (where a failed admission leaves both screens
   * and the cameras' pictures).
   */
  constructor({ base, adminKey, human = {}, feedFps = 10, tabletCameras = ['user'], distanceMm = 250, pages = null, keepDir = null, log = () => {} }) {
    Object.assign(this, { base: base.replace(/\/$/, ''), admin: adminApi(base.replace(/\/$/, ''), adminKey), human: { ...HUMAN, ...human }, feedFps, tabletCameras, distanceMm, keepDir, log });
    this.pages = pages ? pagesAt(pages) : null;
    this.pagesRev = pages;
    this.closed = false;
    this.orientation = 'lowered'; // of the phone at the lane: lowered | facing | away | turning
    this.phone = null; // the visitor at the lane: { context, page, screen, permission, … }
    this.feeds = new Map(); // `${device}:${id}` -> Feed
    this.feedErrors = [];
    // ms from a screen's paint to its picture in the other page's camera, by the camera's device
    this.delaysInto = { phone: [], tablet: [] };
    this.challengePaints = []; // when the gate's page painted each challenge's QR code
    this.fedPhone = []; // the tablet's pictures in the phone's camera: { at (painted), fed (in the camera) }
    this.measuring = false;
    this.results = []; // the gate's result frames: { t, scan_id, pass_id, outcome, reason, label }
    this.scans = []; // the gate's scan and response frames: { t, type, scan_id, code }
    this.challenges = []; // { t, scan_id }
    this.paints = new Map(); // scan_id -> { t, headline, text }
    this.partyPaints = []; // { t, headline, text }: a party's verdict, naming each person
    this.opened = []; // every camera a page opened: { device, facing, asked, t }
    this.refusals = [];
    this.current = null; // the admission being timed (its record)
    this.pageErrors = [];
  }

  // ---------------------------------------------------------------- start and stop

  async start() {
    this.gate = await createGate(this.admin, 'Lane 1');
    const pairing = await this.admin('POST', `/v1/gates/${this.gate.gate_id}/pairing`, null, [201]);
    // Pages the rig serves itself (`pages`) have no address of their own, and Chromium's
    // local network access checks would then keep them from the server's WebSocket.
    this.browser = await launchChromium(['--autoplay-policy=no-user-gesture-required', ...(this.pages ? ['--disable-features=LocalNetworkAccessChecks'] : [])]);
    const ctx = await this.browser.newContext(TABLET_CONTEXT);
    await this.instrument(ctx, 'tablet', { user: frameSize('tablet', 'front'), ...(this.tabletCameras.includes('environment') ? { environment: frameSize('tablet', 'front') } : {}) }, 'user');
    await ctx.addInitScript(gateProbe);
    this.tablet = { context: ctx, permission: 'granted' };
    this.tablet.page = await ctx.newPage();
    this.watch(this.tablet.page, 'gate');
    await this.tablet.page.goto(this.here(pairing.pairing_url));
    await this.tablet.page.getByText('ONLINE', { exact: true }).waitFor({ timeout: 20_000 }).catch(async () => fail(`the lane's gate never showed ONLINE: ${(await this.tablet.page.locator('body').innerText()).slice(0, 300)}`));
    await until('the gate to open a camera', () => this.opened.some((o) => o.device === 'tablet'), 15_000);
    this.tablet.screen = new Screen(this.tablet.page, TABLET.css, SHOT_SCALE.tablet);
    await this.tablet.screen.start();
    this.log(`lane: gate "${this.gate.label || 'Lane 1'}" paired, ONLINE, camera ${this.opened.filter((o) => o.device === 'tablet').map((o) => `${o.facing} (asked ${o.asked})`).join(', ')}`);
  }

  async close() {
    this.closed = true;
    for (const f of this.feeds.values()) f.live = false;
    if (this.browser) await this.browser.close().catch(() => {});
  }

  watch(page, who) {
    page.on('pageerror', (e) => this.pageErrors.push(`${who}: ${e}`));
    page.on('console', (m) => {
      if (m.type() === 'error') this.pageErrors.push(`${who}: ${m.text()}`);
    });
  }

  /** The camera stand-in and the rig's binding in every page of `ctx`. */
  async instrument(ctx, device, cameras, defaultFacing) {
    if (this.pages) await servePages(ctx, this.base, this.pages);
    await ctx.exposeBinding('__laneHost', (source, msg) => this.onHost(device, source.page, msg));
    await ctx.addInitScript(laneCameraInit, { device, cameras, fps: CAMERAS.fps, optics: OPTICS, defaultFacing, redrawFps: 0 });
  }

  /** What the pages tell the rig (camera stand-in and gate probe). */
  async onHost(device, page, msg) {
    const who = device === 'tablet' ? this.tablet : this.phoneOf(page);
    switch (msg.kind) {
      case 'state':
        return who ? who.permission : 'prompt';
      case 'ask':
        return this.ask(device, who, msg);
      case 'refused':
        this.refusals.push({ device, asked: msg.asked, why: msg.why, t: Date.now() });
        return null;
      case 'open': {
        this.opened.push({ device, facing: msg.facing, asked: msg.asked, t: Date.now() });
        const feed = new Feed(this, device, page, msg.facing);
        this.feeds.set(`${device}:${msg.id}`, feed);
        feed.run();
        return null;
      }
      case 'close': {
        const feed = this.feeds.get(`${device}:${msg.id}`);
        if (feed) feed.live = false;
        this.feeds.delete(`${device}:${msg.id}`);
        return null;
      }
      case 'ws-out':
        this.scans.push({ t: msg.t, ...msg.msg });
        // The first answer the gate read: what both front cameras saw at that moment.
        if (msg.msg.type === 'response' && this.current && this.current.keepFrames && !this.current.frames) {
          this.current.frames = 'pending';
          this.frames(['user']).then((f) => {
            if (this.current) this.current.frames = f;
          });
        }
        return null;
      case 'ws-in': {
        const m = msg.msg;
        // The gate's screen with its challenge (a party's once its last member's came), as
        // the phone's camera gets it.
        if (m.type === 'challenge' && this.current && this.current.keepFrames && this.current.screens.challenge === undefined) this.keepScreen('challenge', this.tablet.screen, 600);
        if (m.type === 'challenge') {
          this.challenges.push({ t: msg.t, scan_id: m.scan_id, pass_id: m.pass_id });
        } else {
          // An error for a scan names no pass: its challenge did.
          const c = m.pass_id ? null : this.challenges.find((x) => x.scan_id === m.scan_id);
          this.results.push({ t: msg.t, ...m, pass_id: m.pass_id || (c && c.pass_id), outcome: m.outcome || `error ${m.code}` });
        }
        return null;
      }
      case 'answer-shown':
        if (who) (who.answers || (who.answers = [])).push(msg.t);
        if (who && who === this.phone && this.current && this.current.keepFrames && !this.current.screens.answer) this.keepScreen('answer', who.screen);
        return null;
      case 'challenge-painted':
        this.challengePaints.push(msg.t);
        return null;
      case 'wallet-sign':
        if (who) (who.signs || (who.signs = [])).push({ t: msg.t, grabs: msg.grabs });
        return null;
      case 'verdict':
        // A pass's verdict is painted alone (its scan's id) or in its party's (the party's id).
        if (msg.party_id) this.partyPaints.push({ t: msg.t, headline: msg.headline, text: msg.text });
        else if (!this.paints.has(msg.scan_id)) this.paints.set(msg.scan_id, { t: msg.t, headline: msg.headline, text: msg.text });
        return null;
      default:
        return null;
    }
  }

  phoneOf(page) {
    return this.phones ? this.phones.find((p) => p.page === page || p.context === page.context()) : null;
  }

  /**
   * The browser's camera permission, as the rig models it: granted once, for the origin,
   * per phone. Asked before the lane (at the claim, the code screen) it costs the visitor a
   * tap there; asked at the lane, a prompt read and answered there (HUMAN.prompt).
   */
  async ask(device, who, msg) {
    if (device === 'tablet') return 'granted';
    if (!who) return 'denied';
    if (who.permission === 'granted' || who.permission === 'denied') return who.permission;
    if (who.atLane && this.current) {
      await sleep(this.human.prompt);
      this.current.actions.push({ kind: 'tap', what: 'allow the camera (browser prompt)', at: Date.now() - this.current.t0 });
    } else {
      who.before.push(`allow the camera (browser prompt, ${msg.facing} camera)`);
    }
    who.permission = who.denyCamera ? 'denied' : 'granted';
    return who.permission;
  }

  // ---------------------------------------------------------------- what each camera sees

  /**
   * The scene of a camera now, by the phone's orientation: held up facing the tablet, the
   * phone's front camera sees the tablet's screen and the tablet's the phone's; turned
   * round, the phone's rear camera sees the tablet and the tablet the phone's back; lowered
   * or turning, no screen is in view.
   */
  sceneFor(device, facing) {
    const o = this.orientation;
    const phone = this.phone;
    if (device === 'tablet') {
      if (facing !== 'user' || !phone) return { kind: 'room', key: 'room', tone: 'hall', blurPx: CAMERAS.front.blurPx };
      if (o === 'facing') return { kind: 'screen', screen: phone.screen, viewer: 'tablet-front', blurPx: CAMERAS.front.blurPx, key: 'phone' };
      if (o === 'away') return { kind: 'back', viewer: 'tablet-front', blurPx: CAMERAS.front.blurPx, key: 'back' };
      return { kind: 'room', key: 'room', tone: 'hall', blurPx: CAMERAS.front.blurPx };
    }
    if (facing === 'user' && o === 'facing') return { kind: 'screen', screen: this.tablet.screen, viewer: 'phone-front', blurPx: CAMERAS.front.blurPx, key: 'tablet' };
    if (facing === 'environment' && o === 'away') return { kind: 'screen', screen: this.tablet.screen, viewer: 'phone-rear', blurPx: CAMERAS.rear.blurPx, key: 'tablet' };
    // The front camera of a phone turned towards the visitor sees the visitor.
    return { kind: 'room', key: `room-${facing}-${o}`, tone: facing === 'user' && o === 'away' ? 'face' : 'hall', blurPx: CAMERAS.front.blurPx };
  }

  /** Where the phone at the lane is: `{ hold }` held up blind, `{ aim }` turned round and aimed. */
  placement() {
    const phone = this.phone;
    if (!phone) return {};
    return this.orientation === 'away' && phone.aim ? { aim: phone.aim } : { hold: phone.hold };
  }

  /** Resolves when the phone's orientation or the visitor at the lane next changes. */
  moved() {
    return new Promise((resolve) => (this.movers || (this.movers = [])).push(resolve));
  }

  /** The phone at the lane is now held `to` (lowered, facing, away, turning). */
  hold(to) {
    this.orientation = to;
    for (const w of (this.movers || []).splice(0)) w();
  }

  /** Keeps, for the admission being timed, the first frame `screen` paints from `ms` on, as `rec.screens[name]` (base64 JPEG). */
  keepScreen(name, screen, ms = 300) {
    const rec = this.current;
    rec.screens[name] = 'pending';
    const after = Date.now() + ms;
    const take = () => {
      if (screen.latest && screen.latest.at >= after) rec.screens[name] = screen.latest.data;
      else if (Date.now() < after + 3000) setTimeout(take, 50);
      else rec.screens[name] = screen.latest ? screen.latest.data : null;
    };
    setTimeout(take, ms);
  }

  noteDelay(ms, device) {
    if (this.measuring) this.delaysInto[device].push(ms);
  }

  /** Every picture delay, whichever camera it fed. */
  get delays() {
    return [...this.delaysInto.phone, ...this.delaysInto.tablet];
  }

  /**
   * The picture the tablet's front camera and the phone's camera `phoneFacing` show now (or
   * last showed, when closed since): `{ phone, tablet }`, PNG buffers.
   */
  async frames([phoneFacing]) {
    const grab = async (page, facing) => {
      const url = await page.evaluate((f) => (window.__laneCamera ? window.__laneCamera.frame(f) : null), facing).catch(() => null);
      return url ? Buffer.from(url.split(',')[1], 'base64') : null;
    };
    const [phone, tablet] = await Promise.all([this.phone ? grab(this.phone.page, phoneFacing) : null, grab(this.tablet.page, 'user')]);
    return { phone, tablet, phoneFacing };
  }

  // ---------------------------------------------------------------- visitors

  /** Passes for `labels` (one visitor, or a party sharing one phone), made now. */
  async issue(labels) {
    const passes = [];
    for (const label of labels) passes.push({ ...(await createPass(this.admin, label)), label });
    return passes;
  }

  /** A link the server made (claim, pairing), on the origin the rig was given (the server names its own address). */
  here(link) {
    const u = new URL(link);
    const b = new URL(this.base);
    u.protocol = b.protocol;
    u.host = b.host;
    return u.toString();
  }

  /**
   * A visitor's phone with `passes` added in the web wallet (as at home, before the lane):
   * a fresh browser profile, each claim link opened and "Add to wallet" tapped. Returns the
   * phone, with `before` listing what the visitor did before reaching the lane.
   */
  async phoneWith(passes, { denyCamera = false } = {}) {
    const context = await this.browser.newContext(PHONE_CONTEXT);
    this.visitorCount = (this.visitorCount || 0) + 1;
    const phone = { context, passes, permission: 'prompt', denyCamera, atLane: false, before: [], number: this.visitorCount, hold: holdAt(this.visitorCount), aim: null };
    this.phones = (this.phones || []).concat(phone);
    await this.instrument(context, 'phone', { user: frameSize('phone', 'front'), environment: frameSize('phone', 'rear') }, 'user');
    await context.addInitScript(walletProbe);
    phone.page = await context.newPage();
    this.watch(phone.page, `wallet (${passes.map((p) => p.label).join(', ')})`);
    const page = phone.page;
    for (const pass of passes) {
      await page.goto(this.here(pass.claim_url));
      const add = page.getByRole('button', { name: /Add/ });
      await add.waitFor({ timeout: 15_000 });
      await until('the Add button to be enabled', () => add.isEnabled(), 15_000);
      await add.tap();
      phone.before.push(`tap Add to wallet (${pass.label})`);
      await page.getByRole('img', { name: /Entry code|party/i }).first().waitFor({ timeout: 15_000 }).catch(async () => fail(`after Add to wallet the phone shows no code: ${(await page.locator('body').innerText()).replace(/\s+/g, ' ').slice(0, 300)}`));
    }
    phone.rounds = await this.rounds(phone);
    phone.screen = new Screen(page, PHONE.css, SHOT_SCALE.phone);
    await phone.screen.start();
    // The gate's camera can see the phone only once the rig has a picture of its screen.
    await until("the phone's first screencast frame", () => phone.screen.latest, 10_000, POLL_MS);
    return phone;
  }

  /**
   * How the phone will show its passes at the lane: one code for all of them (a party code)
   * when the wallet offers one, else one pass after another, the first opened before the
   * lane. A wallet that asks for the camera with a button before the lane is answered here.
   */
  async rounds(phone) {
    const { page, passes } = phone;
    const before = async (locator, what) => {
      await locator.tap();
      phone.before.push(what);
    };
    const ask = page.getByRole('button', { name: /Turn on the camera/ });
    if (await ask.isVisible().catch(() => false)) await before(ask, 'tap Turn on the camera for the gate');
    if (passes.length === 1) return [passes];
    const offer = page.getByRole('link', { name: /One code for all/ });
    if (await offer.count()) {
      await before(offer.first(), `tap One code for all ${passes.length} passes`);
      await page.getByRole('img', { name: new RegExp(`^Entry code for .*${passes[0].label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*,`) }).waitFor({ timeout: 15_000 });
      return [passes];
    }
    // Today's wallet: one pass at a time; the visitor opens the first one from the list.
    await this.openPass(phone, passes[0], before);
    return passes.map((p) => [p]);
  }

  /** From the pass on show to `pass`: "All passes", then its line in the list; `tap(locator, what)` taps. */
  async openPass(phone, pass, tap) {
    const { page } = phone;
    await tap(page.getByRole('link', { name: /All passes/ }), 'tap All passes');
    const label = pass.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await tap(page.getByRole('link', { name: new RegExp(`^${label}(?!\\d)`) }), `tap ${pass.label} in the list`);
    await page.getByRole('img', { name: new RegExp(`Entry code for ${label}(?!\\d)`) }).waitFor({ timeout: 15_000 });
  }

  /**
   * One admission at the lane, timed: the visitor holds the phone up and does what `mode`
   * and the screens say (see MODES, HUMAN) until the gate has a verdict for each pass.
   * Returns `{ who, mode, ms, actions, before, verdicts, steps }`; `ms` runs from the phone held
   * up to the last pass's verdict painted on the gate.
   */
  async admit(phone, { mode, keepFrames = false }) {
    if (!MODES.includes(mode)) fail(`unknown mode ${mode}`);
    const h = this.human;
    this.phone = phone;
    phone.atLane = true;
    const passIds = phone.passes.map((p) => p.pass_id);
    const rec = { who: phone.passes.map((p) => p.label).join(', '), mode, passes: passIds, actions: [], before: phone.before, t0: 0, keepFrames, screens: {} };
    // The phone's screen as held up: its code, as the gate's camera gets it.
    if (keepFrames && phone.screen.latest) rec.screens.code = phone.screen.latest.data;
    this.current = rec;
    const act = (kind, what) => rec.actions.push({ kind, what, at: Date.now() - rec.t0 });
    const turn = async (to) => {
      this.hold('turning');
      // Turned round, the visitor sees the rear camera's picture and aims it at the gate's
      // code (the turn's time includes steadying it there).
      const code = this.tablet.page.getByRole('img', { name: /challenge/i }).first();
      const [box] = await Promise.all([to === 'away' ? code.count().then((n) => (n ? code.boundingBox({ timeout: 500 }) : null)).catch(() => null) : null, sleep(h.turn)]);
      phone.aim = to === 'away' ? aimAt(box ? tabletMm(box.x + box.width / 2, box.y + box.height / 2) : tabletMm(TABLET.css.width * 0.7, TABLET.css.height / 2), phone.number) : null;
      this.hold(to);
      act('turn', to === 'away' ? 'turn the phone round (screen to the visitor)' : 'turn the phone round (screen to the gate)');
    };
    const tap = async (locator, what) => {
      await sleep(h.tap);
      await locator.tap();
      act('tap', what);
    };
    const verdictOf = (id) => this.results.find((r) => r.pass_id === id && r.t >= rec.t0);
    const settled = (group) => group.every((p) => verdictOf(p.pass_id));
    const paintOf = (r) => this.paints.get(r.scan_id) || this.partyPaints.find((p) => p.t >= r.t && Boolean(r.label) && p.text.includes(r.label));
    let roundStart = 0;
    const deadline = async () => {
      if (Date.now() - roundStart <= ADMISSION_TIMEOUT_MS) return;
      const label = (id) => (phone.passes.find((p) => p.pass_id === id) || { label: id || '?' }).label;
      const since = (list) =>
        list
          .filter((x) => x.t >= rec.t0)
          .map((x) => `${x.type || 'challenge'}${x.pass_id ? ` ${label(x.pass_id)}` : ''}${x.code ? ` ${x.code.slice(0, 12)}…` : ''} ${x.outcome || ''} [${(x.scan_id || '').slice(0, 4)}] @${((x.t - rec.t0) / 1000).toFixed(2)}s`)
          .join(', ');
      const kept = await this.keep(`${mode}-${rec.who}`.replace(/[^A-Za-z0-9-]+/g, '-'));
      fail(
        `${rec.who} (${mode}): no verdict within ${ADMISSION_TIMEOUT_MS / 1000} s of holding the phone up${roundStart > rec.t0 ? ' again' : ''}; actions so far: ${rec.actions.map((a) => a.what).join('; ') || 'none'}; ` +
          `the gate sent: ${since(this.scans) || 'nothing'}; it got: ${since(this.challenges)} ${since(this.results)}; cameras open: ${this.opened.map((o) => `${o.device} ${o.facing}`).join(', ')}${kept ? `; screens and camera pictures in ${kept}` : ''}`,
      );
    };
    const gateShowsChallenge = () => this.tablet.page.getByRole('img', { name: /challenge/i }).isVisible().catch(() => false);
    const phoneShowsAnswer = () => phone.page.getByRole('img', { name: /^Answer/i }).isVisible().catch(() => false);

    this.measuring = true;
    rec.t0 = Date.now();
    this.hold('facing'); // held up
    for (const [i, group] of phone.rounds.entries()) {
      if (i > 0) {
        // Today's wallet, the next pass of a party: look at the phone, open the next pass,
        // hold it up again.
        if (this.orientation === 'facing') await turn('away');
        await sleep(h.react);
        await this.openPass(phone, group[0], tap);
        await turn('facing');
      }
      roundStart = Date.now();
      let challengeSince = null;
      let tries = 0;
      while (!settled(group)) {
        await deadline();
        if (!(await gateShowsChallenge())) {
          challengeSince = null;
          await sleep(POLL_MS);
          continue;
        }
        challengeSince = challengeSince || Date.now();
        // A visitor who has shown an answer waits for the gate before trying again.
        const wait = mode === 'three-step' && tries === 0 ? h.react : Math.max(h.patience, h.react);
        if (Date.now() - challengeSince < wait) {
          await sleep(POLL_MS);
          continue;
        }
        // Do what the gate's screen says: "Visitor: scan this with your wallet".
        tries += 1;
        await turn('away');
        if (settled(group)) break;
        await tap(phone.page.getByRole('button', { name: /Scan gate code/ }), 'tap Scan gate code');
        while (!settled(group) && !(await phoneShowsAnswer())) {
          await deadline();
          await sleep(POLL_MS);
        }
        // What the rear camera saw as the wallet read the challenge.
        if (rec.keepFrames && !rec.rearFrame) rec.rearFrame = (await this.frames(['environment'])).phone;
        if (!settled(group)) {
          await sleep(h.react);
          // The answer must be on the screen before it is shown to the gate.
          const answer = phone.page.getByRole('img', { name: /^Answer/i }).first();
          if (!(await onScreen(phone.page, answer))) {
            await sleep(h.tap);
            await answer.scrollIntoViewIfNeeded().catch(() => {});
            act('scroll', 'scroll the answer into view');
          }
          await turn('facing');
        }
        challengeSince = null;
      }
    }
    // The last verdict on the gate's screen (painted), else its result frame's arrival.
    await until('the verdicts to be painted', () => passIds.every((id) => paintOf(verdictOf(id))), 3000, POLL_MS).catch(() => {});
    this.measuring = false;
    this.hold('lowered');
    phone.atLane = false;
    if (rec.frames === 'pending') await until('the frames to be grabbed', () => rec.frames !== 'pending', 5000, POLL_MS);
    if (Object.values(rec.screens).includes('pending')) await until('the screens to be kept', () => !Object.values(rec.screens).includes('pending'), 5000, POLL_MS);
    this.current = null;
    rec.verdicts = passIds.map((id) => {
      const r = verdictOf(id);
      const paint = paintOf(r);
      const firstScan = this.scans.find((s) => s.type === 'scan' && s.t >= rec.t0 && s.scan_id === r.scan_id);
      const challenge = this.challenges.find((c) => c.scan_id === r.scan_id && c.t >= rec.t0);
      const response = this.scans.find((s) => s.type === 'response' && s.scan_id === r.scan_id && s.t >= rec.t0);
      const shown = (phone.answers || []).find((t) => challenge && t >= challenge.t);
      // The wallet's hop, split: the challenge painted on the gate, that picture in the
      // phone's camera, the frame the wallet read it from, the answer signed.
      const painted = challenge ? this.challengePaints.find((t) => t >= challenge.t) : undefined;
      const fed = painted !== undefined ? this.fedPhone.find((f) => f.at >= painted) : undefined;
      const signed = fed ? (phone.signs || []).find((x) => x.t >= fed.fed) : undefined;
      const grab = signed ? signed.grabs.filter((t) => t <= signed.t).pop() : undefined;
      return {
        pass_id: id,
        label: r.label,
        outcome: r.outcome,
        reason: r.reason || null,
        headline: paint ? paint.headline : null,
        text: paint ? paint.text : null,
        ms: (paint ? paint.t : r.t) - rec.t0,
        painted: Boolean(paint),
        steps: {
          code_read: firstScan ? firstScan.t - rec.t0 : null,
          challenge: challenge ? challenge.t - rec.t0 : null,
          challenge_painted: painted !== undefined ? painted - rec.t0 : null,
          challenge_in_phone_camera: fed ? fed.fed - rec.t0 : null,
          wallet_frame_read: grab !== undefined ? grab - rec.t0 : null,
          wallet_signed: signed ? signed.t - rec.t0 : null,
          answer_shown: shown ? shown - rec.t0 : null,
          answer_read: response ? response.t - rec.t0 : null,
          result: r.t - rec.t0,
        },
      };
    });
    rec.ms = Math.max(...rec.verdicts.map((v) => v.ms));
    return rec;
  }

  /**
   * Saves both screens and every camera's picture as PNGs under `keepDir/<name>-*.png` (when
   * the rig was given one); returns the directory, or null.
   */
  async keep(name) {
    if (!this.keepDir) return null;
    mkdirSync(this.keepDir, { recursive: true });
    const put = (what, png) => png && writeFileSync(path.join(this.keepDir, `${name}-${what}.png`), png);
    put('tablet-screen', await this.tablet.page.screenshot().catch(() => null));
    if (this.phone) put('phone-screen', await this.phone.page.screenshot({ scale: 'css' }).catch(() => null));
    for (const facing of ['user', 'environment']) {
      const f = await this.frames([facing]);
      put(`phone-${facing}-camera`, f.phone);
      if (facing === 'user') put('tablet-camera', f.tablet);
    }
    return this.keepDir;
  }

  /** Closes a visitor's phone once it has gone through. */
  async dismiss(phone) {
    if (this.phone === phone) this.phone = null;
    await phone.screen.stop();
    await phone.context.close();
    this.phones = this.phones.filter((p) => p !== phone);
  }

  /** The pass's use count on the server. */
  async uses(passId) {
    const p = await this.admin('GET', `/v1/passes/${passId}`);
    return p.uses;
  }
}

// ------------------------------------------------------------------ figures

/** The q-quantile (nearest rank) of numbers. */
export function quantile(values, q) {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] : NaN;
}

/** Taps, turns and scrolls at the lane (after holding up) of an admission record. */
export function counts(rec) {
  const n = (kind) => rec.actions.filter((a) => a.kind === kind).length;
  return { taps: n('tap'), turns: n('turn'), scrolls: n('scroll') };
}

// The lane rig's benchmark driver (issue 52; bench/lane.sh runs it): for each visitor habit
// (rig.mjs MODES), visitors with one pass, then parties sharing one phone, back to back at one
// gate, each held up HUMAN.walk after the previous verdict. Prints per-admission lines, then a
// table (actions after holding up, held-up → verdict p50/p95/max, the lane's rate) and writes
// everything as JSON.
//
//   TESSERA_URL=http://127.0.0.1:8080 TESSERA_ADMIN_KEY=<admin key> \
//   node test/lane/run.mjs [--modes three-step,face-to-face] [--persons 50] [--parties 20]
//                          [--party-size 4] [--walk-ms 3000] [--feed-fps 10]
//                          [--tablet-cameras user|user,environment] [--distance-mm 250]
//                          [--pages-three-step REV] [--pages-face-to-face REV]
//                          [--json out.json] [--frames DIR] [--legibility] [--screens FILE]
//
// --pages-<mode> REV runs that habit against the wallet and gate as committed at git
// revision REV (its web/dist, served by the rig; the API is the server's): today's three
// steps can be measured again after the pages changed.
// --frames DIR saves, from the first admission of each mode, what the cameras saw as the gate
// read the answer: lane-<mode>-tablet-front.png and lane-<mode>-phone-<camera>.png, and says
// whether each still decodes (jsQR, at full size and at the size the page's scanner reads).
// --legibility takes the screens of the first admission of each habit and scenario (the
// phone's code, the gate's challenge, the phone's answer) through the camera that reads each,
// at 20, 25, 30 and 40 cm over 12 hand positions, and prints which share of pictures the
// reading page's scanner decodes (legibility.mjs); --screens FILE also keeps those screens
// (FILE-<mode>.json) for legibility.mjs to be run on again.

import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { HUMAN, LaneRig, MODES, counts, quantile } from './rig.mjs';
import { CAMERAS, LANE, OPTICS, PHONE, TABLET, pxPerMm, viewOf } from './camera.mjs';
import { legibility, legibilityTable } from './legibility.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const base = process.env.TESSERA_URL;
const adminKey = process.env.TESSERA_ADMIN_KEY;
if (!base || !adminKey) {
  console.error('TESSERA_URL and TESSERA_ADMIN_KEY must be set');
  process.exit(2);
}
const modes = opt('modes', MODES.join(',')).split(',');
const persons = Number(opt('persons', 50));
const parties = Number(opt('parties', 20));
const partySize = Number(opt('party-size', 4));
const walk = Number(opt('walk-ms', HUMAN.walk));
const feedFps = Number(opt('feed-fps', 10));
const tabletCameras = opt('tablet-cameras', 'user').split(',');
const distanceMm = Number(opt('distance-mm', LANE.distanceMm));
const jsonOut = opt('json', null);
const framesDir = opt('frames', null);
const screensOut = opt('screens', null);
const wantLegibility = args.includes('--legibility') || Boolean(screensOut);
const pagesOf = (mode) => opt(`pages-${mode}`, null);
const log = (line) => console.log(line);

/** The text of the QR code in a PNG, or null; at full size and scaled so its long side is `maxSide`. */
function decode(png, maxSide) {
  const img = PNG.sync.read(png);
  const full = jsQR(new Uint8ClampedArray(img.data), img.width, img.height, { inversionAttempts: 'attemptBoth' });
  const k = Math.min(1, maxSide / Math.max(img.width, img.height));
  const w = Math.round(img.width * k);
  const h = Math.round(img.height * k);
  const small = new Uint8ClampedArray(w * h * 4);
  // Box-averaged downscale, as a canvas drawImage with smoothing roughly does.
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const x0 = Math.floor(x / k);
      const y0 = Math.floor(y / k);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) / k));
      const y1 = Math.max(y0 + 1, Math.floor((y + 1) / k));
      let r = 0;
      let n = 0;
      for (let yy = y0; yy < y1; yy++) {
        for (let xx = x0; xx < x1; xx++) {
          r += img.data[(yy * img.width + xx) * 4];
          n++;
        }
      }
      const o = (y * w + x) * 4;
      small[o] = small[o + 1] = small[o + 2] = r / n;
      small[o + 3] = 255;
    }
  }
  const scaled = jsQR(small, w, h, { inversionAttempts: 'attemptBoth' });
  return { full: full ? full.data : null, scaled: scaled ? scaled.data : null, size: `${img.width}×${img.height}`, scaledSize: `${w}×${h}` };
}

const short = (text) => (text ? `${text.slice(0, 12)}…` : 'nothing');

function saveFrames(mode, rec) {
  if (!framesDir) return;
  mkdirSync(framesDir, { recursive: true });
  const out = [];
  const put = (name, png, maxSide) => {
    if (!png) return;
    const file = path.join(framesDir, `lane-${mode}-${name}.png`);
    writeFileSync(file, png);
    const d = decode(png, maxSide);
    out.push(`${file} (${d.size}): decodes ${short(d.full)}; at ${d.scaledSize} ${short(d.scaled)}`);
  };
  // The wallet's scanner reads at most 800 px on the long side, the gate's 720.
  if (rec.frames && rec.frames !== 'pending') {
    put('tablet-front', rec.frames.tablet, 720);
    put('phone-front', rec.frames.phone, 800);
  }
  put('phone-rear', rec.rearFrame, 800);
  for (const line of out) log(`frames: ${line}`);
}

const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;

function describe(rec) {
  const c = counts(rec);
  const steps = rec.verdicts.map((v) => `${v.label}: ${v.outcome}${v.headline ? ` "${v.headline}"` : ''} at ${fmt(v.ms)} (code read ${fmt(v.steps.code_read ?? NaN)}, challenge ${fmt(v.steps.challenge ?? NaN)}, answer shown ${fmt(v.steps.answer_shown ?? NaN)}, answer read ${fmt(v.steps.answer_read ?? NaN)})`);
  return `${rec.mode} | ${rec.who} | ${fmt(rec.ms)} | ${c.taps} taps, ${c.turns} turns${c.scrolls ? `, ${c.scrolls} scrolls` : ''}${rec.actions.length ? ` (${rec.actions.map((a) => `${a.what} @${fmt(a.at)}`).join('; ')})` : ''} | ${steps.join('; ')}`;
}

/** Visitors (each a list of labels sharing a phone) back to back through the lane. */
async function lane(rig, mode, groups, tag) {
  const records = [];
  const passes = [];
  for (const labels of groups) passes.push(await rig.issue(labels));
  let last = null; // when the previous verdict was painted
  let next = rig.phoneWith(passes[0]);
  const started = Date.now();
  let firstHeld = null;
  for (let i = 0; i < passes.length; i++) {
    const phone = await next;
    if (last !== null) await new Promise((r) => setTimeout(r, Math.max(0, last + walk - Date.now())));
    let rec;
    try {
      rec = await rig.admit(phone, { mode, keepFrames: i === 0 });
    } catch (e) {
      // A visitor the lane could not admit (rig.mjs gives up 45 s after a code is held up):
      // counted as such, and the lane goes on with the next.
      const held = rig.current ? rig.current.t0 : Date.now();
      rec = { who: phone.passes.map((p) => p.label).join(', '), mode, passes: phone.passes.map((p) => p.pass_id), actions: rig.current ? rig.current.actions : [], before: phone.before, t0: held, ms: Date.now() - held, failed: e.message, verdicts: [] };
      rig.current = null;
      rig.measuring = false;
      phone.atLane = false;
      rig.hold('lowered');
      log(`${tag} ${i + 1}/${passes.length}: FAILED: ${e.message.slice(0, 600)}`);
    }
    firstHeld = firstHeld ?? rec.t0;
    last = rec.t0 + rec.ms;
    records.push(rec);
    if (!rec.failed) log(`${tag} ${i + 1}/${passes.length}: ${describe(rec)}`);
    for (const v of rec.verdicts) if (v.outcome !== 'admitted') log(`  NOT ADMITTED: ${v.label}: ${v.outcome} ${v.reason || ''}`);
    if (i === 0) saveFrames(mode, rec);
    // The screens of today's pages only: the baseline's are history.
    if (i === 0 && wantLegibility && mode === 'face-to-face') screensToRead.push(...toRead(rec, tag));
    const done = rig.dismiss(phone);
    next = i + 1 < passes.length ? done.then(() => rig.phoneWith(passes[i + 1])) : null;
    await done;
  }
  const ms = records.map((r) => r.ms);
  const size = groups[0].length;
  const meanSlot = ms.reduce((a, b) => a + b, 0) / ms.length + walk;
  const c = records.map(counts);
  return {
    mode,
    scenario: tag,
    party_size: size,
    visitors: records.length,
    admitted: records.every((r) => !r.failed && r.verdicts.every((v) => v.outcome === 'admitted')),
    failed: records.filter((r) => r.failed).length,
    not_admitted: records.filter((r) => !r.failed && r.verdicts.some((v) => v.outcome !== 'admitted')).length,
    p50_ms: quantile(ms, 0.5),
    p95_ms: quantile(ms, 0.95),
    max_ms: Math.max(...ms),
    min_ms: Math.min(...ms),
    taps: { min: Math.min(...c.map((x) => x.taps)), max: Math.max(...c.map((x) => x.taps)) },
    turns: { min: Math.min(...c.map((x) => x.turns)), max: Math.max(...c.map((x) => x.turns)) },
    scrolls: { min: Math.min(...c.map((x) => x.scrolls)), max: Math.max(...c.map((x) => x.scrolls)) },
    before: records[0].before,
    walk_ms: walk,
    // The lane's rate: one slot per admission (held up → verdict, then the walk), people per minute.
    people_per_min: (60_000 / meanSlot) * size,
    elapsed_s: (Date.now() - started) / 1000,
    held_to_last_verdict_s: (last - firstHeld) / 1000,
    records: records.map(({ frames, rearFrame, ...r }) => r),
  };
}

const screensToRead = [];
const legible = {};

/** The first admission's screens, each with the camera that reads it (legibility.mjs). */
function toRead(rec, tag) {
  const s = rec.screens || {};
  const who = tag === 'party' ? `party of ${rec.passes.length}` : 'one person';
  return [
    s.code && { name: `wallet code, ${who}`, jpeg: s.code, cssWidth: PHONE.css.width, viewer: 'tablet-front' },
    s.challenge && { name: `gate challenge, ${who}`, jpeg: s.challenge, cssWidth: TABLET.css.width, viewer: 'phone-front' },
    s.challenge && { name: `gate challenge, ${who}`, jpeg: s.challenge, cssWidth: TABLET.css.width, viewer: 'phone-rear' },
    s.answer && { name: `wallet answer, ${who}`, jpeg: s.answer, cssWidth: PHONE.css.width, viewer: 'tablet-front' },
  ].filter(Boolean);
}

const results = [];
const delays = {};
const load = {};
for (const mode of modes) {
  load[mode] = { before: os.loadavg()[0] };
  const rig = new LaneRig({ base, adminKey, feedFps, tabletCameras, distanceMm, pages: pagesOf(mode), keepDir: framesDir && path.join(framesDir, 'failed'), log });
  if (pagesOf(mode)) log(`${mode}: the pages of ${pagesOf(mode)}`);
  try {
    await rig.start();
    // LANE_TRACE=<file.json>: a Chromium trace of both pages (devtools timeline, V8) while the
    // people go through, for web/test/lane/trace-summary.mjs.
    const trace = process.env.LANE_TRACE;
    if (trace) await rig.browser.startTracing(undefined, { path: trace, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'toplevel'] });
    if (persons > 0) results.push(await lane(rig, mode, Array.from({ length: persons }, (_, i) => [`Visitor ${i + 1}`]), 'person'));
    if (trace) await rig.browser.stopTracing();
    if (parties > 0) {
      const names = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay'];
      results.push(await lane(rig, mode, Array.from({ length: parties }, (_, i) => Array.from({ length: partySize }, (_, j) => `${names[j % names.length]} ${i + 1}`)), 'party'));
    }
    load[mode].after = os.loadavg()[0];
    if (screensOut) writeFileSync(screensOut.replace(/(\.json)?$/, `-${mode}.json`), JSON.stringify(screensToRead));
    if (screensToRead.length) {
      legible[mode] = await legibility(rig.browser, screensToRead.splice(0));
      log(`\nlegibility (${mode}): share of pictures the reading page's scanner decodes (camera px per module at full resolution)\n${legibilityTable(legible[mode])}\n`);
    }
    const d = rig.delays;
    const into = (xs) => ({ frames: xs.length, p50_ms: quantile(xs, 0.5), p95_ms: quantile(xs, 0.95) });
    delays[mode] = { ...into(d), into_phone: into(rig.delaysInto.phone), into_tablet: into(rig.delaysInto.tablet) };
    if (rig.feedErrors.length) log(`feed errors (${rig.feedErrors.length}): ${[...new Set(rig.feedErrors)].slice(0, 5).join(' | ')}`);
    const serious = rig.pageErrors.filter((e) => !/Failed to load resource|status of 40[149]/.test(e));
    if (serious.length) log(`page errors (${serious.length}): ${[...new Set(serious)].slice(0, 5).join(' | ')}`);
  } finally {
    await rig.close();
  }
}

const front = viewOf('phone-front');
const tabletView = viewOf('tablet-front');
const parameters = {
  human: { ...HUMAN, walk },
  feed_fps: feedFps,
  tablet_cameras: tabletCameras,
  distance_mm: distanceMm,
  cameras: CAMERAS,
  optics: OPTICS,
  lane: LANE,
  phone_front_px_per_tablet_css_px: front.cameraPxPerCssPx,
  tablet_front_px_per_phone_css_px: tabletView.cameraPxPerCssPx,
  front_px_per_mm: pxPerMm('front', distanceMm),
  picture_delay: delays,
  legibility: legible,
  // The 1-minute load average before and after each habit's run (2 cores): how much else ran.
  load,
  cores: os.cpus().length,
};

console.log('\n| mode | who | n | actions after holding up | held up → verdict p50 | p95 | max | lane, people/min (walk ' + (walk / 1000).toFixed(1) + ' s) |');
console.log('|---|---|---:|---|---:|---:|---:|---:|');
for (const r of results) {
  const range = (x) => (x.min === x.max ? `${x.min}` : `${x.min}–${x.max}`);
  console.log(`| ${r.mode} | ${r.scenario === 'party' ? `party of ${r.party_size}` : 'one person'} | ${r.visitors}${r.failed ? ` (${r.failed} not through in 45 s)` : ''}${r.not_admitted ? ` (${r.not_admitted} refused)` : ''} | ${range(r.taps)} taps, ${range(r.turns)} turns${r.scrolls.max ? `, ${range(r.scrolls)} scrolls` : ''} | ${fmt(r.p50_ms)} | ${fmt(r.p95_ms)} | ${fmt(r.max_ms)} | ${r.people_per_min.toFixed(1)} |`);
}
for (const [mode, d] of Object.entries(delays)) {
  console.log(`picture delay (${mode}): a screen's change to the other page's camera, p50 ${d.p50_ms} ms, p95 ${d.p95_ms} ms over ${d.frames} new pictures; load average ${load[mode].before.toFixed(1)} before, ${load[mode].after.toFixed(1)} after, ${os.cpus().length} cores`);
  console.log(`  into the phone's cameras p50 ${d.into_phone.p50_ms} ms, p95 ${d.into_phone.p95_ms} ms (${d.into_phone.frames}); into the tablet's p50 ${d.into_tablet.p50_ms} ms, p95 ${d.into_tablet.p95_ms} ms (${d.into_tablet.frames})`);
}
// Each step of an admission, p50 over every verdict: from the step before to this one (ms).
const STEP_NAMES = [
  ['code_read', 'held up → the gate read the code'],
  ['challenge', '→ the challenge reached the gate'],
  ['challenge_painted', '→ the gate painted it'],
  ['challenge_in_phone_camera', "→ that picture in the phone's camera"],
  ['wallet_frame_read', '→ the frame the wallet read it from'],
  ['wallet_signed', '→ the wallet signed its answer'],
  ['answer_shown', '→ the phone shows its answer'],
  ['answer_read', '→ the gate read the answer'],
  ['result', '→ the verdict reached the gate'],
];
const stepRows = results.filter((r) => r.mode === 'face-to-face');
if (stepRows.length) {
  console.log(`\n| step (p50 of each, ms) | ${stepRows.map((r) => (r.scenario === 'party' ? `party of ${r.party_size}` : 'one person')).join(' | ')} |`);
  console.log(`|---|${stepRows.map(() => '---:').join('|')}|`);
  for (const [i, [key, name]] of STEP_NAMES.entries()) {
    const cells = stepRows.map((r) => {
      const xs = r.records.flatMap((rec) => rec.verdicts).map((v) => {
        const at = v.steps[key];
        const before = i === 0 ? 0 : v.steps[STEP_NAMES[i - 1][0]];
        return at == null || before == null ? null : at - before;
      }).filter((x) => x != null);
      return xs.length ? `${quantile(xs, 0.5)}` : '–';
    });
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
}
console.log(`cameras: phone front ${front.cameraPxPerCssPx.toFixed(3)} camera px per tablet CSS px, tablet front ${tabletView.cameraPxPerCssPx.toFixed(3)} per phone CSS px at ${distanceMm} mm`);
if (jsonOut) {
  mkdirSync(path.dirname(jsonOut), { recursive: true });
  writeFileSync(jsonOut, JSON.stringify({ parameters, results }, null, 2));
  console.log(`json: ${jsonOut}`);
}
const bad = results.filter((r) => !r.admitted);
if (bad.length) {
  console.error(`FAIL: not every visitor was admitted (${bad.map((r) => `${r.mode} ${r.scenario}`).join(', ')})`);
  process.exit(1);
}

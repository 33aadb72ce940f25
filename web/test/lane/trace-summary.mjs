// What the gate's page did between a challenge's WebSocket message and the paint of its QR
// code, from a Chromium trace the lane rig took (`LANE_TRACE=<file> bench/lane.sh`, run.mjs):
// the gate probe marks both moments (`console.timeStamp`), and this sums the page's main
// thread's work between each pair by kind (a task's own events: script by function, style,
// layout, paint, garbage collection) and the time the thread was idle.
//
//   node web/test/lane/trace-summary.mjs <trace.json>

import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node web/test/lane/trace-summary.mjs <trace.json>');
  process.exit(2);
}
const raw = JSON.parse(readFileSync(file, 'utf8'));
const events = Array.isArray(raw) ? raw : raw.traceEvents;

const marks = events.filter((e) => e.name === 'TimeStamp' && e.args && e.args.data && /^lane:/.test(e.args.data.message || ''));
const windows = [];
for (const start of marks.filter((m) => m.args.data.message === 'lane:challenge-in')) {
  const end = marks.find((m) => m.pid === start.pid && m.args.data.message === 'lane:challenge-painted' && m.ts >= start.ts);
  if (end && end.ts - start.ts < 5e6) windows.push({ pid: start.pid, tid: start.tid, from: start.ts, to: end.ts });
}
if (!windows.length) {
  console.error(`${file}: no challenge → paint pair of marks (was the trace taken with the rig's gate probe?)`);
  process.exit(1);
}

// The kinds the timeline names, for a task's own events.
const KIND = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  TimerFire: 'script (timer)',
  FireAnimationFrame: 'script (animation frame)',
  EventDispatch: 'script (event)',
  RunMicrotasks: 'script (microtasks)',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  PaintImage: 'paint',
  RasterTask: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  Commit: 'paint',
  MinorGC: 'garbage collection',
  MajorGC: 'garbage collection',
  'V8.GC_SCAVENGER': 'garbage collection',
  'BlinkGC.AtomicPhase': 'garbage collection',
};

const byKind = new Map();
const byFunction = new Map();
let span = 0;
let busy = 0;
for (const w of windows) {
  span += w.to - w.from;
  const inThread = events.filter((e) => e.pid === w.pid && e.tid === w.tid && e.ph === 'X' && e.ts < w.to && e.ts + (e.dur || 0) > w.from);
  const clip = (e) => Math.max(0, Math.min(e.ts + (e.dur || 0), w.to) - Math.max(e.ts, w.from));
  // Busy: the union of the thread's tasks (a task's own nested task events count once).
  let reached = w.from;
  for (const task of inThread.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask').sort((a, b) => a.ts - b.ts)) {
    const from = Math.max(task.ts, reached);
    const to = Math.min(task.ts + (task.dur || 0), w.to);
    if (to > from) busy += to - from;
    reached = Math.max(reached, to);
  }
  // Each kind once per instant: the outermost event of a kind (a FunctionCall inside a
  // TimerFire counts once, as the timer's).
  const seen = inThread.filter((e) => KIND[e.name]).sort((a, b) => a.ts - b.ts || (b.dur || 0) - (a.dur || 0));
  const open = [];
  for (const e of seen) {
    while (open.length && open[open.length - 1].ts + (open[open.length - 1].dur || 0) <= e.ts) open.pop();
    const kind = KIND[e.name];
    const group = (k) => (k.startsWith('script') ? 'script' : k);
    const nested = open.some((o) => group(KIND[o.name]) === group(kind));
    open.push(e);
    if (nested) continue;
    byKind.set(kind, (byKind.get(kind) || 0) + clip(e));
    if (kind.startsWith('script')) {
      const d = e.args && e.args.data ? e.args.data : {};
      const name = d.functionName || d.type || d.url || e.name;
      const where = d.url ? d.url.replace(/^.*\//, '') : '';
      const key = `${name}${where ? ` (${where}${d.lineNumber ? `:${d.lineNumber}` : ''})` : ''}`;
      byFunction.set(key, (byFunction.get(key) || 0) + clip(e));
    }
  }
}

const ms = (us) => (us / 1000 / windows.length).toFixed(1);
console.log(`${windows.length} challenges: ${ms(span)} ms from the message to the paint (mean); the gate page's main thread busy ${ms(busy)} ms of it`);
console.log('\n| kind | ms per challenge (mean) |\n|---|---:|');
for (const [kind, us] of [...byKind].sort((a, b) => b[1] - a[1])) console.log(`| ${kind} | ${ms(us)} |`);
console.log('\n| script, by function | ms per challenge (mean) |\n|---|---:|');
for (const [key, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`| ${key} | ${ms(us)} |`);

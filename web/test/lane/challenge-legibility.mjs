// How a party's challenge should be drawn (issue 52): the same 4-member `TSR1Q:` drawn at
// several error correction levels and quiet zones, each on a tablet screen as the web gate
// shows it (480 CSS px at 1280×800, black on white), then taken through the phone's front
// camera at 20–40 cm over many hand positions (legibility.mjs). Its figures are in
// docs/performance.md, "The lane rig". No server: the QR matrix is the pages' own (qr.js).
//
//   cd web && node test/lane/challenge-legibility.mjs [--frames 48] [--variants L6,M6,L4]
//
// A variant is a level (L, M, Q, H) and a quiet zone in modules. The camera model adds
// random sensor noise, so two runs differ by several points at 48 pictures a distance.

import { chromium } from 'playwright-core';
import { qrMatrix } from '../../src/qr.js';
import { legibility, legibilityTable } from './legibility.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const frames = Number(opt('frames', 48));
const variants = opt('variants', 'M6,L6,L4,M4')
  .split(',')
  .map((v) => ({ ecc: v[0], quiet: Number(v.slice(1)) }));

// docs/protocol.md's party test vector, four members: 325 characters.
const CHALLENGE =
  'TSR1Q:AGJPHJC3NR6Y5H5AWHBNHZHVAY:UCQKBIFRWGY3DQWCYLBNHU6T2PSOJZHE6X27L5IGAYDAMFYXC4LQ:' +
  'AGJPHJC3NR6Y5H5AWHBNHZHVA4:AAAQEAYEAUDAOCAJBIFQYDIOB4IBCEQTCQKRMFYYDENBWHA5DYPQ:' +
  'AGJPHJC3NR6Y5H5AWHBNHZHVBA:UCQKBIFRWGY3DQWCYLBNHU6T2PSOJZHE6X27L5IGAYDAMFYXC4LQ:' +
  'AGJPHJC3NR6Y5H5AWHBNHZHVBE:AAAQEAYEAUDAOCAJBIFQYDIOB4IBCEQTCQKRMFYYDENBWHA5DYPQ';

/** The challenge as an SVG string, drawn as qr.js's qrSvg draws it. */
function svg(ecc, quiet) {
  const m = qrMatrix(CHALLENGE, ecc);
  const size = m.length + 2 * quiet;
  let d = '';
  m.forEach((row, r) => row.forEach((dark, c) => (d += dark ? `M${c + quiet} ${r + quiet}h1v1h-1z` : '')));
  return `<svg viewBox="0 0 ${size} ${size}" width="480" height="480" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const screens = [];
  for (const { ecc, quiet } of variants) {
    // The gate's layout in outline: a header, the list beside, the white stage with the code.
    await page.setContent(
      `<body style="margin:0;background:#f3f4f6;font:16px sans-serif"><header style="height:70px;background:#1f2937"></header>` +
        `<div style="display:flex;gap:20px;padding:10px"><div style="width:420px;height:600px;background:#e5e7eb"></div>` +
        `<div style="background:#fff;padding:10px;text-align:center"><h1 style="font-size:26px;margin:0 0 8px">Hold your phone up</h1>${svg(ecc, quiet)}</div></div></body>`,
    );
    screens.push({ name: `party challenge at ${ecc}, quiet zone ${quiet}`, png: await page.screenshot(), cssWidth: 1280, viewer: 'phone-front' });
  }
  console.log(legibilityTable(await legibility(browser, screens, { frames })));
} finally {
  await browser.close();
}

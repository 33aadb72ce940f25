// How legible each code is to the camera that must read it, in the lane rig's camera model
// (issue 52): a screen as the lane showed it (a PNG of the page, taken during an admission)
// drawn through the camera at several distances and hand positions, each picture decoded in
// Node with jsQR the way the reading page's scanner (web/src/scanner.js) takes it: the whole
// frame scaled to its `maxSide`, and every other frame the middle at full resolution. Timing
// plays no part, so the load of the machine does not either.

import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { CAMERAS, OPTICS, aimAt, frameSize, holdAt, laneCameraInit, tabletMm, viewOf, wanderAt } from './camera.mjs';

/** What reads what: the viewer's camera and the reading page's scanner (web/src/wallet/face.js and app.js, web/src/gate/app.js). */
export const READERS = {
  'phone-front': { facing: 'user', maxSide: 720, page: 'wallet, face to face (face.js)' },
  'phone-rear': { facing: 'environment', maxSide: 800, page: 'wallet, Scan gate code (app.js)' },
  'tablet-front': { facing: 'user', maxSide: 720, page: 'gate (gate/app.js)' },
};

const grey = (img) => {
  const out = new Uint8ClampedArray(img.width * img.height);
  for (let i = 0; i < out.length; i++) out[i] = img.data[i * 4];
  return out;
};

/** `src` (grey, w×h) sampled bilinearly: the region (x0, y0, sw, sh) drawn into w2×h2, as canvas drawImage does. */
function sample(src, w, h, x0, y0, sw, sh, w2, h2) {
  const out = new Uint8ClampedArray(w2 * h2 * 4);
  const kx = sw / w2;
  const ky = sh / h2;
  for (let y = 0; y < h2; y++) {
    for (let x = 0; x < w2; x++) {
      // Box average over the source pixels this one covers (smoothing on a downscale).
      const fx0 = x0 + x * kx;
      const fy0 = y0 + y * ky;
      const nx = Math.max(1, Math.round(kx));
      const ny = Math.max(1, Math.round(ky));
      let sum = 0;
      for (let j = 0; j < ny; j++) {
        const yy = Math.min(h - 1, Math.floor(fy0 + (j + 0.5) * (ky / ny)));
        for (let i = 0; i < nx; i++) sum += src[yy * w + Math.min(w - 1, Math.floor(fx0 + (i + 0.5) * (kx / nx)))];
      }
      const o = (y * w2 + x) * 4;
      out[o] = out[o + 1] = out[o + 2] = sum / (nx * ny);
      out[o + 3] = 255;
    }
  }
  return out;
}

/** The scanner's two ways of reading one frame: `{ whole, middle }`, each the text or null. */
export function scan(png, maxSide) {
  const img = PNG.sync.read(png);
  const src = grey(img);
  const { width: vw, height: vh } = img;
  const scale = Math.min(1, maxSide / Math.max(vw, vh));
  const w = Math.round(vw * scale);
  const h = Math.round(vh * scale);
  const read = (x0, y0, sw, sh) => {
    const found = jsQR(sample(src, vw, vh, x0, y0, sw, sh, w, h), w, h, { inversionAttempts: 'attemptBoth' });
    return found ? found.data : null;
  };
  const whole = read(0, 0, vw, vh);
  const middle = scale < 1 ? read(Math.round((vw - w) / 2), Math.round((vh - h) / 2), w, h) : whole;
  return { whole, middle };
}

/** The QR code in a PNG screenshot at full size: `{ text, version, modules, modulePx, centre }` (in px of the PNG), or null. */
export function qrIn(png) {
  const img = PNG.sync.read(png);
  const found = jsQR(new Uint8ClampedArray(img.data), img.width, img.height, { inversionAttempts: 'dontInvert' });
  if (!found) return null;
  const n = 17 + 4 * found.version;
  const { topLeftCorner: a, topRightCorner: b, bottomLeftCorner: c, bottomRightCorner: d } = found.location;
  const side = (Math.hypot(b.x - a.x, b.y - a.y) + Math.hypot(c.x - a.x, c.y - a.y)) / 2;
  return { text: found.data, version: found.version, modules: n, modulePx: side / n, centre: { x: (a.x + b.x + c.x + d.x) / 4, y: (a.y + b.y + c.y + d.y) / 4 } };
}

/**
 * Legibility of `screens` (`[{ name, png | jpeg, cssWidth, viewer }]`: a page's screenshot,
 * PNG buffer or base64 JPEG, the page's CSS width, and the camera that reads it), at each of `distancesMm`, over `frames` hand
 * positions (LANE's spread and wander, seeded). Renders in a page of `browser`. Returns rows
 * `{ name, text, version, modules, viewer, page, byDistance: [{ distanceMm, modulePx, whole,
 * middle, either }] }`, the rates as fractions of the frames.
 */
export async function legibility(browser, screens, { distancesMm = [200, 250, 300, 400], frames = 12 } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cameras = { user: frameSize('phone', 'front'), environment: frameSize('phone', 'rear') };
  const rows = [];
  try {
    for (const s of screens) {
      if (!s.png && s.jpeg) {
        // The screencast's JPEG as a PNG, for jsQR in Node.
        const url = await page.evaluate(async (b64) => {
          const text = atob(b64);
          const bytes = new Uint8Array(text.length);
          for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
          const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
          const c = document.createElement('canvas');
          c.width = bitmap.width;
          c.height = bitmap.height;
          c.getContext('2d').drawImage(bitmap, 0, 0);
          return c.toDataURL('image/png');
        }, s.jpeg);
        s.png = Buffer.from(url.split(',')[1], 'base64');
      }
      const qr = qrIn(s.png);
      if (!qr) {
        rows.push({ name: s.name, viewer: s.viewer, error: 'no QR code in the screenshot' });
        continue;
      }
      const device = s.viewer === 'tablet-front' ? 'tablet' : 'phone';
      const kind = s.viewer === 'phone-rear' ? 'rear' : 'front';
      const reader = READERS[s.viewer];
      await page.goto('about:blank');
      await page.evaluate(laneCameraInit, { device, cameras: device === 'tablet' ? { user: frameSize('tablet', 'front') } : cameras, fps: CAMERAS.fps, optics: OPTICS, defaultFacing: 'user', redrawFps: 0 });
      const cssPerPx = s.cssWidth / PNG.sync.read(s.png).width;
      const row = { name: s.name, text: `${qr.text.slice(0, 6)}… (${qr.text.length} characters)`, version: qr.version, modules: qr.modules, viewer: s.viewer, page: reader.page, byDistance: [] };
      for (const distanceMm of distancesMm) {
        let whole = 0;
        let middle = 0;
        let either = 0;
        let modulePx = 0;
        for (let i = 0; i < frames; i++) {
          // Blind, the phone is held where each visitor holds it; turned round, its rear camera
          // is aimed at the code with the preview.
          const place = s.viewer === 'phone-rear' ? { aim: aimAt(tabletMm(qr.centre.x * cssPerPx, qr.centre.y * cssPerPx), i + 1) } : { hold: holdAt(i + 1) };
          const view = viewOf(s.viewer, { distanceMm, ...place, wander: wanderAt(i * 733, 1 + i / frames) });
          modulePx = qr.modulePx * cssPerPx * view.cameraPxPerCssPx;
          const spec = { kind: 'screen', transform: view.transform, css: view.css, bezelCss: view.bezelCss, cornerCss: view.cornerCss, blurPx: CAMERAS[kind].blurPx, type: 'image/png' };
          const url = await page.evaluate(async ([f, sp, data]) => {
            await window.__laneCamera.scene(f, sp, data);
            return window.__laneCamera.frame(f);
          }, [reader.facing, spec, s.png.toString('base64')]);
          const r = scan(Buffer.from(url.split(',')[1], 'base64'), reader.maxSide);
          if (r.whole === qr.text) whole++;
          if (r.middle === qr.text) middle++;
          if (r.whole === qr.text || r.middle === qr.text) either++;
        }
        row.byDistance.push({ distanceMm, modulePx, whole: whole / frames, middle: middle / frames, either: either / frames });
      }
      rows.push(row);
    }
  } finally {
    await context.close();
  }
  return rows;
}

/** The rows as a markdown table. */
export function legibilityTable(rows) {
  const distances = rows.find((r) => r.byDistance) ? rows.find((r) => r.byDistance).byDistance.map((d) => d.distanceMm) : [];
  const head = `| code | QR | read by | ${distances.map((d) => `${d / 10} cm`).join(' | ')} |`;
  const rule = `|---|---|---|${distances.map(() => '---:').join('|')}|`;
  const lines = rows.map((r) => {
    if (r.error) return `| ${r.name} | ${r.error} | ${r.viewer} |${distances.map(() => ' |').join('')}`;
    const cells = r.byDistance.map((d) => `${Math.round(d.either * 100)} % (${d.modulePx.toFixed(1)} px)`);
    return `| ${r.name} | ${r.text}, version ${r.version} (${r.modules} modules) | ${r.viewer.replace('-', ' ')} camera, ${r.page} | ${cells.join(' | ')} |`;
  });
  return [head, rule, ...lines].join('\n');
}

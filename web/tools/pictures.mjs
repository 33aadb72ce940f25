// What the README picture scripts (host-screens.mjs, i18n-screens.mjs) share: reading an
// e2e's screenshots from the directory given on the command line (or TESSERA_SCREENSHOTS),
// checking their size, shrinking them into a canvas and writing it into docs/.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

export { PNG };

/** The gap between pictures on one canvas, in pixels. */
export const GAP = 8;

const docs = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs');

/** The screenshot directory `script` was given; throws its usage without one. */
export function shotsDir(script) {
  const dir = process.argv[2] || process.env.TESSERA_SCREENSHOTS;
  if (!dir) throw new Error(`usage: node tools/${script} <screenshot directory>`);
  return dir;
}

/** Screenshot `name` of `dir`, which must be `w`×`h`. */
export function read(dir, name, w, h) {
  const img = PNG.sync.read(readFileSync(path.join(dir, `${name}.png`)));
  if (img.width !== w || img.height !== h) throw new Error(`${name}: ${img.width}×${img.height}, expected ${w}×${h}`);
  return img;
}

/** Draws `img` shrunk by `k` (a box filter) into `out` at (ox, oy). */
export function paste(out, img, ox, oy, k) {
  const w = Math.floor(img.width / k);
  const h = Math.floor(img.height / k);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = ((oy + y) * out.width + ox + x) * 4;
      for (let c = 0; c < 4; c++) {
        let sum = 0;
        for (let dy = 0; dy < k; dy++) for (let dx = 0; dx < k; dx++) sum += img.data[((k * y + dy) * img.width + k * x + dx) * 4 + c];
        out.data[o + c] = Math.round(sum / (k * k));
      }
    }
  }
  return { w, h };
}

/** Writes `out` as docs/`name`. */
export function write(name, out) {
  mkdirSync(docs, { recursive: true });
  writeFileSync(path.join(docs, name), PNG.sync.write(out));
  console.log(`wrote docs/${name}`);
}

// Makes the README's picture of issue 34 from the i18n e2e's screenshots:
//   docs/wallet-languages.png  the wallet's code screen in German beside the same screen in
//                              Arabic (right to left), at phone size.
// The phone shots (390×844 at 2×) are halved.
//
//   TESSERA_SCREENSHOTS=/tmp/shots npm run e2e:i18n
//   node tools/i18n-screens.mjs /tmp/shots
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

const dir = process.argv[2] || process.env.TESSERA_SCREENSHOTS;
if (!dir) throw new Error('usage: node tools/i18n-screens.mjs <screenshot directory>');
const docs = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs');
const GAP = 8;

const read = (name) => PNG.sync.read(readFileSync(path.join(dir, `${name}.png`)));

/** Draws `img` shrunk by `k` (a box filter) into `out` at (ox, oy). */
function paste(out, img, ox, oy, k) {
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

function write(name, out) {
  mkdirSync(docs, { recursive: true });
  writeFileSync(path.join(docs, name), PNG.sync.write(out));
  console.log(`wrote docs/${name}`);
}

const expect = (img, name, w, h) => {
  if (img.width !== w || img.height !== h) throw new Error(`${name}: ${img.width}×${img.height}, expected ${w}×${h}`);
  return img;
};

// The wallet's code screen in German and in Arabic.
{
  const de = expect(read('wallet-de'), 'wallet-de', 780, 1688);
  const ar = expect(read('wallet-ar'), 'wallet-ar', 780, 1688);
  const out = new PNG({ width: 390 * 2 + GAP, height: 844 });
  out.data.fill(255);
  paste(out, de, 0, 0, 2);
  paste(out, ar, 390 + GAP, 0, 2);
  write('wallet-languages.png', out);
}

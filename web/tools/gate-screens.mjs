// Makes docs/gate-screens.png for the README from the gate e2e's screenshots: challenge,
// ADMITTED, ALREADY ADMITTED and DENIED at tablet size (1280×800), halved, in a 2×2 grid.
//
//   TESSERA_SCREENSHOTS=/tmp/shots npm run e2e:gate && node tools/gate-screens.mjs /tmp/shots
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

const dir = process.argv[2] || process.env.TESSERA_SCREENSHOTS;
if (!dir) throw new Error('usage: node tools/gate-screens.mjs <screenshot directory>');
const names = ['gate-2-challenge', 'gate-3-admitted', 'gate-4-already-admitted', 'gate-6-denied'];
const W = 640;
const H = 400;
const GAP = 8;
const out = new PNG({ width: 2 * W + GAP, height: 2 * H + GAP });
out.data.fill(255);
names.forEach((name, i) => {
  const img = PNG.sync.read(readFileSync(path.join(dir, `${name}.png`)));
  if (img.width !== 2 * W || img.height !== 2 * H) throw new Error(`${name}: ${img.width}×${img.height}, expected 1280×800`);
  const ox = (i % 2) * (W + GAP);
  const oy = Math.floor(i / 2) * (H + GAP);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const o = ((oy + y) * out.width + ox + x) * 4;
      for (let c = 0; c < 4; c++) {
        let sum = 0;
        for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]]) sum += img.data[((2 * y + dy) * img.width + 2 * x + dx) * 4 + c];
        out.data[o + c] = Math.round(sum / 4);
      }
    }
  }
});
const dest = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'gate-screens.png');
mkdirSync(path.dirname(dest), { recursive: true });
writeFileSync(dest, PNG.sync.write(out));
console.log(`wrote ${path.relative(process.cwd(), dest)}`);

// Makes the README's pictures of issue 16 from the host and transfer e2e's screenshots:
//   docs/host-walk-in.png    the host's phone with two requests waiting, beside the web gate
//                            at tablet size waiting for the host and then showing APPROVED;
//   docs/host-tablet.png     the host page at 1280×800;
//   docs/wallet-transfer.png phone A's transfer link beside phone B's claim screen.
// Phone shots (390×844 at 2×) and the host's tablet shot (2×) are halved; the gate's (1×)
// are halved too, to sit beside the phone.
//
//   TESSERA_SCREENSHOTS=/tmp/shots npm run e2e:host && TESSERA_SCREENSHOTS=/tmp/shots npm run e2e:transfer
//   node tools/host-screens.mjs /tmp/shots
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

const dir = process.argv[2] || process.env.TESSERA_SCREENSHOTS;
if (!dir) throw new Error('usage: node tools/host-screens.mjs <screenshot directory>');
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

// The walk-in from both sides.
{
  const phone = expect(read('host-2-walk-ins-phone'), 'host-2-walk-ins-phone', 780, 1688);
  const waiting = expect(read('gate-walk-in-waiting-tablet'), 'gate-walk-in-waiting-tablet', 1280, 800);
  const approved = expect(read('gate-walk-in-approved-tablet'), 'gate-walk-in-approved-tablet', 1280, 800);
  const out = new PNG({ width: 390 + GAP + 640, height: 844 });
  out.data.fill(255);
  paste(out, phone, 0, 0, 2);
  paste(out, waiting, 390 + GAP, 0, 2);
  paste(out, approved, 390 + GAP, 400 + GAP, 2);
  write('host-walk-in.png', out);
}

// The host page at tablet size.
{
  const tablet = expect(read('host-4-tablet'), 'host-4-tablet', 2560, 1600);
  const out = new PNG({ width: 1280, height: 800 });
  paste(out, tablet, 0, 0, 2);
  write('host-tablet.png', out);
}

// Handing a pass on: the sender's link, the recipient's claim.
{
  const link = expect(read('transfer-1-link-phone'), 'transfer-1-link-phone', 780, 1688);
  const claim = expect(read('transfer-2-claim-phone'), 'transfer-2-claim-phone', 780, 1688);
  const out = new PNG({ width: 390 * 2 + GAP, height: 844 });
  out.data.fill(255);
  paste(out, link, 0, 0, 2);
  paste(out, claim, 390 + GAP, 0, 2);
  write('wallet-transfer.png', out);
}

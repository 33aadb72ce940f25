// Draws the app icons (a 3×3 mosaic of tesserae on navy) as PNG and SVG into src/icons/.
// Run once after changing the design (`node tools/make-icons.mjs`); the build only copies
// the committed files, so dist/ does not depend on this machine's zlib.
import { deflateSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const out = new URL('../src/icons/', import.meta.url);
const BG = [0x13, 0x31, 0x5c];
const TILE = [0xff, 0xff, 0xff];
const ACCENT = [0xf4, 0xb4, 0x1a];
const accent = new Set([0, 4, 8]); // the diagonal, like a gate's green path

// In units of a 100×100 canvas; the mosaic stays inside the maskable safe zone (radius 40).
const tiles = [];
for (let r = 0; r < 3; r++) {
  for (let c = 0; c < 3; c++) tiles.push({ x: 26 + c * 17, y: 26 + r * 17, s: 14, i: r * 3 + c });
}

function crc32(buf) {
  let c;
  const table = [];
  for (let n = 0; n < 256; n++) {
    c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  let crc = 0xffffffff;
  for (const b of buf) crc = table[(crc ^ b) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

function png(size) {
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const u = ((x + 0.5) / size) * 100;
      const v = ((y + 0.5) / size) * 100;
      let color = BG;
      for (const t of tiles) {
        if (u >= t.x && u < t.x + t.s && v >= t.y && v < t.y + t.s) color = accent.has(t.i) ? ACCENT : TILE;
      }
      raw.set(color, y * (size * 3 + 1) + 1 + x * 3);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const hex = (c) => '#' + c.map((v) => v.toString(16).padStart(2, '0')).join('');
const svg =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` +
  `<rect width="100" height="100" rx="18" fill="${hex(BG)}"/>` +
  tiles.map((t) => `<rect x="${t.x}" y="${t.y}" width="${t.s}" height="${t.s}" rx="2" fill="${hex(accent.has(t.i) ? ACCENT : TILE)}"/>`).join('') +
  `</svg>\n`;

for (const size of [192, 512]) writeFileSync(new URL(`icon-${size}.png`, out), png(size));
writeFileSync(new URL('icon.svg', out), svg);
console.log('icons written to', fileURLToPath(out));

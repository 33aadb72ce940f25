// The camera reader's polarity: a gate reads dark-on-light codes on most frames and a
// light-on-dark one (a phone with its colours inverted) every third frame; the wallet's
// face-to-face watcher never looks for one; the rear-camera scan reads every frame both ways.
// Real QR codes drawn to pixels, read back with the reader's own jsQR path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import qrcode from 'qrcode-generator';
import { polarityOf, readCode } from '../../src/scanner.js';

const TEXT = 'TSR1:AGJPHJC3NR6Y5H5AWHBNHZHVAY:117629440:80238672';

/** The code as RGBA pixels, `scale` px a module, a 4-module quiet zone; `inverted`: light on dark. */
function picture(text, { inverted = false, scale = 4 } = {}) {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  const side = (n + 8) * scale;
  const data = new Uint8ClampedArray(side * side * 4);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const r = Math.floor(y / scale) - 4;
      const c = Math.floor(x / scale) - 4;
      const dark = r >= 0 && c >= 0 && r < n && c < n && qr.isDark(r, c);
      const v = dark !== inverted ? 20 : 235;
      const i = (y * side + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = v;
      data[i + 3] = 255;
    }
  }
  return { data, width: side, height: side };
}

test('the cadence of polarities', () => {
  const run = (every) => Array.from({ length: 6 }, (_, i) => polarityOf(i + 1, every));
  assert.deepEqual(run(0), Array(6).fill('normal'));
  assert.deepEqual(run(1), Array(6).fill('both'));
  assert.deepEqual(run(3), ['normal', 'normal', 'inverted', 'normal', 'normal', 'inverted']);
});

test('each polarity reads its own codes and not the other', () => {
  const cases = [
    // polarity, inverted picture, expected
    ['normal', false, TEXT],
    ['normal', true, null],
    ['inverted', true, TEXT],
    ['inverted', false, null],
    ['both', false, TEXT],
    ['both', true, TEXT],
  ];
  for (const [polarity, inverted, expected] of cases) {
    assert.equal(readCode(picture(TEXT, { inverted }), polarity), expected, `${polarity} reading a ${inverted ? 'light-on-dark' : 'dark-on-light'} code`);
  }
});

test("a gate's cadence reads an inverted code within three frames, a normal one at once", () => {
  for (const inverted of [false, true]) {
    let frame = 0;
    let read = null;
    while (!read && frame < 3) {
      frame += 1;
      read = readCode(picture(TEXT, { inverted }), polarityOf(frame, 3));
    }
    assert.equal(read, TEXT);
    assert.equal(frame, inverted ? 3 : 1);
  }
});

// The camera reader's polarity: the gate and the wallet's rear-camera scan also read a
// light-on-dark code (a phone with its colours inverted); the wallet's face-to-face watcher,
// which only ever reads the gate's dark-on-light challenge, does not. Real QR codes drawn
// to pixels, read back through the reader's own jsQR path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import qrcode from 'qrcode-generator';
import { readCode } from '../../src/scanner.js';

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

test('each reader reads what it looks for, and the dark-on-light one no inverted code', () => {
  const cases = [
    // looks for light-on-dark too, the picture is light on dark, expected
    [true, false, TEXT],
    [true, true, TEXT],
    [false, false, TEXT],
    [false, true, null],
  ];
  for (const [inverted, light, expected] of cases) {
    assert.equal(readCode(picture(TEXT, { inverted: light }), { inverted }), expected, `inverted: ${inverted} reading a ${light ? 'light-on-dark' : 'dark-on-light'} code`);
  }
});

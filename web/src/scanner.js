// The camera reader: getUserMedia (the rear camera unless `facingMode` says `user`), then
// BarcodeDetector where the platform has one for QR, else jsQR over frames drawn to a canvas.
// It reports every decoded text; the pass screen (or the gate) decides what a text means. The
// wallet's "Scan gate code" stops the camera after two minutes; the wallet's face-to-face
// watcher and the gate pass `{ maxScanMs: Infinity }` and scan for as long as they are shown.

import jsQR from 'jsqr';

const FRAME_MS = 150;
const MAX_SIDE = 800; // jsQR's cost grows with pixels; 800 px still reads a phone-sized code.
const MAX_SCAN_MS = 120_000; // a forgotten camera drains the battery

/**
 * Reads `img` (an ImageData, or `{ data, width, height }`) for a QR code: dark on light
 * only, or with `inverted` also light on dark, what a phone shows with its colours
 * inverted for a visitor who sees better so (jsQR reads such a frame twice). Returns the
 * code's text or null.
 */
export function readCode(img, { inverted }) {
  const found = jsQR(img.data, img.width, img.height, { inversionAttempts: inverted ? 'attemptBoth' : 'dontInvert' });
  return found ? found.data : null;
}

export class Scanner {
  constructor(video, onText, onTimeout, { frameMs = FRAME_MS, maxScanMs = MAX_SCAN_MS, maxSide = MAX_SIDE, facingMode = 'environment', inverted = true } = {}) {
    this.inverted = inverted; // also look for light-on-dark codes (readCode)
    this.facingMode = facingMode;
    this.frameMs = frameMs;
    this.maxScanMs = maxScanMs;
    this.maxSide = maxSide;
    this.video = video;
    this.onText = onText;
    this.onTimeout = onTimeout;
    this.stream = null;
    this.stopped = false;
    this.detector = null;
    this.canvas = null;
    this.zoomed = false;
  }

  /** Opens the camera; rejects with the DOMException getUserMedia gave (e.g. NotAllowedError). */
  async start() {
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      throw new DOMException('no camera API', 'NotSupportedError');
    }
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: { ideal: this.facingMode }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
    if (this.stopped) {
      stream.getTracks().forEach((t) => t.stop());
      return;
    }
    this.stream = stream;
    this.video.muted = true;
    this.video.playsInline = true;
    this.video.srcObject = stream;
    try {
      await this.video.play();
    } catch {
      // Autoplay refusals still deliver frames once the element is visible.
    }
    this.detector = await makeDetector();
    this.startedAt = Date.now();
    this.#loop();
  }

  async #loop() {
    while (!this.stopped) {
      await new Promise((r) => setTimeout(r, this.frameMs));
      if (this.stopped) return;
      if (Date.now() - this.startedAt > this.maxScanMs) {
        this.stop();
        this.onTimeout?.();
        return;
      }
      if (this.video.readyState < 2 || !this.video.videoWidth) continue;
      let text = null;
      try {
        text = await this.#detect();
      } catch {
        text = null;
      }
      if (text && !this.stopped) this.onText(text);
    }
  }

  async #detect() {
    if (this.detector) {
      try {
        const codes = await this.detector.detect(this.video);
        return codes.length ? codes[0].rawValue : null;
      } catch {
        this.detector = null; // fall back to jsQR for good
      }
    }
    const vw = this.video.videoWidth;
    const vh = this.video.videoHeight;
    const scale = Math.min(1, this.maxSide / Math.max(vw, vh));
    // Every other frame, the middle of the picture at full resolution instead of the whole of
    // it scaled down: a code held up face to face fills only part of a 720p frame, and a
    // party's code has small modules. Same pixels per frame either way.
    this.zoomed = scale < 1 && !this.zoomed;
    const sw = this.zoomed ? Math.round(vw * scale) : vw;
    const sh = this.zoomed ? Math.round(vh * scale) : vh;
    const w = Math.round(vw * scale);
    const h = Math.round(vh * scale);
    if (!this.canvas) this.canvas = document.createElement('canvas');
    if (this.canvas.width !== w) this.canvas.width = w;
    if (this.canvas.height !== h) this.canvas.height = h;
    const ctx = this.canvas.getContext('2d', { willReadFrequently: true });
    ctx.drawImage(this.video, Math.round((vw - sw) / 2), Math.round((vh - sh) / 2), sw, sh, 0, 0, w, h);
    const img = ctx.getImageData(0, 0, w, h);
    return readCode(img, { inverted: this.inverted });
  }

  stop() {
    this.stopped = true;
    if (this.stream) this.stream.getTracks().forEach((t) => t.stop());
    this.stream = null;
    this.video.srcObject = null;
  }
}

async function makeDetector() {
  try {
    if (!('BarcodeDetector' in globalThis)) return null;
    const formats = await globalThis.BarcodeDetector.getSupportedFormats();
    if (!formats.includes('qr_code')) return null;
    return new globalThis.BarcodeDetector({ formats: ['qr_code'] });
  } catch {
    return null;
  }
}

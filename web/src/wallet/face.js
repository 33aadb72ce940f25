// Face to face (issue 52): a phone's screen and its front camera face the same way, and so do
// a gate tablet's. While the wallet shows a code it also watches with the front camera for
// the gate's challenge, so the visitor holds the phone up once: the gate reads the code, shows
// its challenge, the wallet reads that and shows its answer in the code's place, the gate
// reads the answer. No tap, no turn.
//
// This file is the camera's side of it: whether the browser lets the wallet use the camera
// (asked once, when a pass is added, never first at the lane), and a front-camera watcher that
// reports every text it reads. What a text means is the code screen's business (app.js).
// Nothing is recorded or sent: frames go from the camera to the QR reader and are dropped.

import { Scanner } from '../scanner.js';

// What this browser said last time the wallet asked (a hint only: the Permissions API, where
// it answers, is the truth). Kept so a browser without `permissions.query({name: 'camera'})`
// (Firefox) can start the camera by itself once the visitor allowed it.
const MEMORY_KEY = 'tessera.wallet.camera';
// Frames read per second: a challenge in view is answered within a tenth of a second of
// being read, and jsQR over a 720-pixel frame stays well inside a phone's budget at 10/s.
const FRAME_MS = 100;
const MAX_SIDE = 720;
// The gate draws its challenge dark on light, always (its QR code carries its own white
// ground): looking for a light-on-dark code as well would double the cost of every frame
// without one, which is most frames (jsQR, where the browser has no BarcodeDetector).
const INVERTED = false;

let grantedHere = false; // a stream was opened in this document: the browser will not ask again
let deniedHere = false; // the visitor refused in this document (some browsers still say `prompt`)

function remember(value) {
  grantedHere = value === 'granted';
  deniedHere = value === 'denied';
  try {
    localStorage.setItem(MEMORY_KEY, value);
  } catch {
    // private mode: the hint is lost, nothing else
  }
}

function remembered() {
  try {
    return localStorage.getItem(MEMORY_KEY);
  } catch {
    return null;
  }
}

/**
 * Whether the wallet may use the camera now, without asking: `granted`, `prompt` (the
 * browser would ask: never done by itself, only from a button), `denied`, or `none` (no
 * camera API at all, e.g. an insecure context).
 */
export async function cameraState() {
  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) return 'none';
  if (grantedHere) return 'granted';
  if (deniedHere) return 'denied';
  try {
    const status = await navigator.permissions.query({ name: 'camera' });
    if (status.state === 'granted' || status.state === 'denied') return status.state;
    return 'prompt';
  } catch {
    // No Permissions API for the camera: go by what the visitor said here before.
    const hint = remembered();
    return hint === 'granted' ? 'granted' : hint === 'denied' ? 'denied' : 'prompt';
  }
}

/**
 * Asks for the front camera (the browser's prompt, if it has one to show) and closes it at
 * once: `granted`, `denied`, `missing` (no camera) or `failed`.
 */
export async function askCamera() {
  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) return 'missing';
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: false, video: { facingMode: { ideal: 'user' } } });
    stream.getTracks().forEach((track) => track.stop());
    remember('granted');
    return 'granted';
  } catch (e) {
    const name = e && e.name;
    if (name === 'NotAllowedError' || name === 'SecurityError') {
      remember('denied');
      return 'denied';
    }
    return name === 'NotFoundError' || name === 'OverconstrainedError' ? 'missing' : 'failed';
  }
}

/**
 * The front camera watching for the gate's challenge: `start()` opens it into `video` and
 * reports every QR text to `onText`; `stop()` closes it (the code screen stops it whenever it
 * is hidden or left: a camera left on drains the battery). `start()` resolves with `on`,
 * `denied`, `missing`, `failed`, or `stopped` when `stop()` came first.
 */
export class FaceWatch {
  constructor(video, onText) {
    this.video = video;
    this.onText = onText;
    this.scanner = null;
  }

  get on() {
    return this.scanner !== null;
  }

  async start() {
    if (this.scanner) return 'on';
    const scanner = new Scanner(this.video, (text) => {
      if (this.scanner === scanner) this.onText(text);
    }, null, { frameMs: FRAME_MS, maxScanMs: Infinity, maxSide: MAX_SIDE, facingMode: 'user', inverted: INVERTED });
    this.scanner = scanner;
    try {
      await scanner.start();
    } catch (e) {
      if (this.scanner === scanner) this.scanner = null;
      scanner.stop();
      const name = e && e.name;
      if (name === 'NotAllowedError' || name === 'SecurityError') {
        remember('denied');
        return 'denied';
      }
      return name === 'NotFoundError' || name === 'OverconstrainedError' ? 'missing' : 'failed';
    }
    if (this.scanner !== scanner) return 'stopped'; // stopped while it opened
    remember('granted');
    return 'on';
  }

  stop() {
    if (this.scanner) this.scanner.stop();
    this.scanner = null;
  }
}

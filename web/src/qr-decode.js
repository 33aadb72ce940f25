// Decodes one camera frame's QR code off the page's thread: in a dedicated worker
// (qr-worker.js, whose built name the page's <meta name="tessera-qr-worker"> gives), else,
// where a worker cannot be started (no Worker, a policy that refuses it, a worker that
// failed), on the page's thread as before. The answer is the same either way: jsQR's.

import jsQR from 'jsqr';

let worker = null;
let broken = false; // the worker failed once: every later frame is read here
let nextId = 0;
const waiting = new Map(); // id -> { resolve, reject }

function workerUrl() {
  const meta = typeof document === 'undefined' ? null : document.querySelector('meta[name="tessera-qr-worker"]');
  return meta ? meta.content : null;
}

function giveUp() {
  broken = true;
  if (worker) worker.terminate();
  worker = null;
  for (const w of waiting.values()) w.reject(new Error('the QR worker stopped'));
  waiting.clear();
}

function theWorker() {
  if (worker || broken) return worker;
  const url = workerUrl();
  if (!url || typeof Worker === 'undefined') {
    broken = true;
    return null;
  }
  try {
    worker = new Worker(url);
  } catch {
    broken = true;
    return null;
  }
  worker.onmessage = (event) => {
    const { id, text } = event.data || {};
    const w = waiting.get(id);
    if (!w) return;
    waiting.delete(id);
    w.resolve(typeof text === 'string' ? text : null);
  };
  worker.onerror = (event) => {
    if (event && event.preventDefault) event.preventDefault();
    giveUp();
  };
  return worker;
}

function onThisThread(img, inversion) {
  const found = jsQR(img.data, img.width, img.height, { inversionAttempts: inversion });
  return found ? found.data : null;
}

/**
 * The text of the QR code in `img` (an ImageData), or null. `inversion` is jsQR's
 * `inversionAttempts`. `img`'s pixels go to the worker: do not read them afterwards.
 */
export async function decodeQr(img, inversion) {
  const w = theWorker();
  if (!w) return onThisThread(img, inversion);
  const id = ++nextId;
  const answer = new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
  try {
    w.postMessage({ id, data: img.data, width: img.width, height: img.height, inversion }, [img.data.buffer]);
  } catch {
    // Not posted (the pixels are still here): read this frame and every later one here.
    waiting.delete(id);
    giveUp();
    return img.data.byteLength ? onThisThread(img, inversion) : null;
  }
  try {
    return await answer;
  } catch {
    return null; // the worker stopped under this frame, whose pixels it took
  }
}

// The QR reader's own thread: jsQR over one camera frame at a time, posted by the page's
// scanner (qr-decode.js) with the frame's pixels transferred, not copied. A decode takes tens
// of milliseconds on a phone; on the page's thread it held up everything else the page had to
// do in that time (a WebSocket message, drawing a challenge or an answer, painting), which the
// lane rig measured at the gate (docs/performance.md, "The lane rig").

import jsQR from 'jsqr';

self.onmessage = (event) => {
  const { id, data, width, height, inversion } = event.data || {};
  let text = null;
  try {
    const found = jsQR(data, width, height, { inversionAttempts: inversion });
    text = found ? found.data : null;
  } catch {
    text = null; // a frame it cannot take is a frame without a code
  }
  self.postMessage({ id, text });
};

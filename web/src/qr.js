// QR codes as SVG built with DOM calls (no innerHTML, no inline style: the CSP forbids both).
// SVG scales without blur at any device pixel ratio; the quiet zone is part of the drawing so
// no stylesheet can eat it.

import qrcode from 'qrcode-generator';

const SVG_NS = 'http://www.w3.org/2000/svg';
const ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]*$/;

/** The dark modules of `text` (error correction `ecc`, M unless told) as a square boolean matrix. */
export function qrMatrix(text, ecc = 'M') {
  const qr = qrcode(0, ecc);
  qr.addData(text, ALPHANUMERIC.test(text) ? 'Alphanumeric' : 'Byte');
  qr.make();
  const n = qr.getModuleCount();
  const rows = [];
  for (let r = 0; r < n; r++) {
    const row = [];
    for (let c = 0; c < n; c++) row.push(qr.isDark(r, c));
    rows.push(row);
  }
  return rows;
}

/** An `<svg role="img">` of `text` with a `quiet`-module light border, named `label`. */
export function qrSvg(text, label, quiet = 4, ecc = 'M') {
  const m = qrMatrix(text, ecc);
  const n = m.length;
  const size = n + 2 * quiet;
  let d = '';
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; ) {
      if (!m[r][c]) {
        c++;
        continue;
      }
      let run = 1;
      while (c + run < n && m[r][c + run]) run++;
      d += `M${c + quiet} ${r + quiet}h${run}v1h-${run}z`;
      c += run;
    }
  }
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  svg.setAttribute('shape-rendering', 'crispEdges');
  svg.setAttribute('class', 'qr');
  const bg = document.createElementNS(SVG_NS, 'rect');
  bg.setAttribute('width', String(size));
  bg.setAttribute('height', String(size));
  bg.setAttribute('fill', '#ffffff');
  const fg = document.createElementNS(SVG_NS, 'path');
  fg.setAttribute('d', d);
  fg.setAttribute('fill', '#000000');
  svg.append(bg, fg);
  return svg;
}

// Makes the README's picture of issue 34 from the i18n e2e's screenshots:
//   docs/wallet-languages.png  the wallet's code screen in German beside the same screen in
//                              Arabic (right to left), at phone size.
// The phone shots (390×844 at 2×) are halved.
//
//   TESSERA_SCREENSHOTS=/tmp/shots npm run e2e:i18n
//   node tools/i18n-screens.mjs /tmp/shots
import { GAP, PNG, paste, read as readShot, shotsDir, write } from './pictures.mjs';

const dir = shotsDir('i18n-screens.mjs');
const expect = (name, w, h) => readShot(dir, name, w, h);

// The wallet's code screen in German and in Arabic.
{
  const de = expect('wallet-de', 780, 1688);
  const ar = expect('wallet-ar', 780, 1688);
  const out = new PNG({ width: 390 * 2 + GAP, height: 844 });
  out.data.fill(255);
  paste(out, de, 0, 0, 2);
  paste(out, ar, 390 + GAP, 0, 2);
  write('wallet-languages.png', out);
}

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
import { GAP, PNG, paste, read as readShot, shotsDir, write } from './pictures.mjs';

const dir = shotsDir('host-screens.mjs');
const expect = (name, w, h) => readShot(dir, name, w, h);

// The walk-in from both sides.
{
  const phone = expect('host-2-walk-ins-phone', 780, 1688);
  const waiting = expect('gate-walk-in-waiting-tablet', 1280, 800);
  const approved = expect('gate-walk-in-approved-tablet', 1280, 800);
  const out = new PNG({ width: 390 + GAP + 640, height: 844 });
  out.data.fill(255);
  paste(out, phone, 0, 0, 2);
  paste(out, waiting, 390 + GAP, 0, 2);
  paste(out, approved, 390 + GAP, 400 + GAP, 2);
  write('host-walk-in.png', out);
}

// The host page at tablet size.
{
  const tablet = expect('host-4-tablet', 2560, 1600);
  const out = new PNG({ width: 1280, height: 800 });
  paste(out, tablet, 0, 0, 2);
  write('host-tablet.png', out);
}

// Handing a pass on: the sender's link, the recipient's claim.
{
  const link = expect('transfer-1-link-phone', 780, 1688);
  const claim = expect('transfer-2-claim-phone', 780, 1688);
  const out = new PNG({ width: 390 * 2 + GAP, height: 844 });
  out.data.fill(255);
  paste(out, link, 0, 0, 2);
  paste(out, claim, 390 + GAP, 0, 2);
  write('wallet-transfer.png', out);
}

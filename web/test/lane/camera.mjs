// The lane rig's cameras (issue 52): where the phone and the tablet are, what each of their
// cameras sees of the other's screen, and the getUserMedia stand-in that shows it.
//
// Node computes the geometry (physical screen sizes, field of view, distance, how the phone
// is held) as one affine map from a screenshot's CSS pixels to a camera's pixels; the page
// draws each screenshot through that map onto a 720p canvas, adds glare on the glass, the
// lens's blur and the camera's tone and noise, and hands the canvas to the page as its camera
// (`canvas.captureStream(30)` behind `navigator.mediaDevices.getUserMedia`). Every number is
// here, named, with why; docs/performance.md ("The lane rig") quotes them.

// ------------------------------------------------------------------ the devices

/**
 * The phone: 390×844 CSS px at device scale 3 (1170×2532 px) is a 6.1-inch phone of 460 ppi
 * (iPhone 12–15 class): 1170 / 460 = 2.54 in = 64.6 mm wide, 2532 / 460 = 139.8 mm tall.
 * Its body adds 3.5 mm round the glass. Its front camera sits in the screen's top edge,
 * centred, 4 mm down; its rear camera 12 mm from the top and 14 mm from the side.
 */
export const PHONE = {
  css: { width: 390, height: 844 },
  screenMm: { width: 64.6, height: 139.8 },
  bezelMm: 3.5,
  cornerMm: 9,
  frontCameraMm: { x: 0, y: 139.8 / 2 - 4 }, // from the screen's centre, y up, as the screen's own viewer sees it
  rearCameraMm: { x: 64.6 / 2 - 14, y: 139.8 / 2 - 12 }, // from the centre of the back, as someone behind it sees it
  backColour: '#2b2d33',
};

/**
 * The tablet: 1280×800 CSS px is a 10.1-inch 16:10 tablet at device scale 1 (149 ppi; the
 * same glass at 1920×1200 and scale 1.5 looks alike to a camera that resolves half a CSS
 * pixel): 8.56 × 5.35 in = 217.5 × 136.0 mm. Its body adds 10 mm of bezel (20 mm on the long
 * side where the camera is). In landscape, as mounted at a gate, its front camera is centred
 * in the bezel above the screen, 9 mm from the glass.
 */
export const TABLET = {
  css: { width: 1280, height: 800 },
  screenMm: { width: 217.5, height: 136.0 },
  bezelMm: 10,
  cornerMm: 8,
  frontCameraMm: { x: 0, y: 136.0 / 2 + 9 },
  backColour: '#1d1f24',
};

/**
 * The cameras. Video at 720p, 30 frames a second: what a web page gets from `{ width: { ideal:
 * 1280 }, height: { ideal: 720 } }` on phones and tablets of the last five years. A phone in
 * portrait delivers its frames upright, 720×1280; a tablet in landscape 1280×720.
 *
 * - Front cameras: about 23 mm full-frame equivalent (iPhone 12–15 front, most Android front
 *   cameras 22–26 mm): 75° across the long side of a 16:9 frame. Fixed focus, sharp from about
 *   40 cm, so a screen 25 cm away is slightly soft: a Gaussian blur of σ = 1.0 camera pixel.
 * - The phone's rear (main) camera: 26 mm equivalent, 69° across the long side; it focuses
 *   on the tablet, σ = 0.6 px (what is left after the downscale to 720p).
 */
export const CAMERAS = {
  front: { longPx: 1280, shortPx: 720, longFovDeg: 75, blurPx: 1.0 },
  rear: { longPx: 1280, shortPx: 720, longFovDeg: 69, blurPx: 0.6 },
  fps: 30,
};

/**
 * The lane: the visitor holds the phone upright, parallel to the tablet's glass at 25 cm (the
 * issue's distance; arm's length is 50–60 cm, a phone held out to a gate 20–40 cm), its
 * screen's centre on average 40 mm above the tablet screen's centre, in line with the
 * tablet's camera: there both screens are in both cameras' view (the tablet camera sees the
 * phone from 7 mm above its screen's top edge to 3 mm short of its bottom; the phone's front
 * camera the whole tablet screen). Each visitor holds it somewhere else, up to 25 mm to
 * either side and 20 mm up or down (uniformly, seeded per visitor); where exactly, they
 * cannot see, since the phone's screen faces the gate. A hand is neither still nor square:
 * the phone is rolled 3° and tilted 10° about its upright axis and 5° about its cross axis,
 * and wanders by a hand's tremor (±1.5 mm and ±0.6° over a second or so).
 */
export const LANE = {
  distanceMm: 250,
  phoneCentreMm: { x: 0, y: 40 }, // the phone screen's centre, in the tablet's screen plane, from the tablet screen's centre, as the visitor sees it
  holdSpreadMm: { x: 25, y: 20 },
  rollDeg: 3,
  yawDeg: 10,
  pitchDeg: 5,
  wanderMm: 1.5,
  wanderDeg: 0.6,
};

/**
 * What a screen looks like to a camera in a venue: the glass reflects the hall's light, which
 * lifts the black of the screen (a veil of 12 % of white: a contrast of about 8:1 instead of
 * the panel's 1000:1) and, where a ceiling light is reflected, more (a spot up to 30 % of
 * white, a third of the screen wide). The camera's own tone curve flattens it a little more
 * (contrast 0.9, brightness 1.05), and its sensor adds noise (±6 levels of 255).
 */
export const OPTICS = {
  veil: 0.12,
  spot: { peak: 0.3, radius: 0.33, at: { x: 0.7, y: 0.25 } }, // radius and position in screen widths/heights
  contrast: 0.9,
  brightness: 1.05,
  noise: 6,
};

/**
 * The other page's frames are taken at this fraction of its CSS size: the tablet's 1280×800 as
 * 960×600, the phone's 390×844 whole. No camera here resolves more than 0.64 camera pixels per
 * CSS pixel (the phone's rear camera on the tablet at 25 cm), so neither limits what a camera
 * sees; the tablet's smaller JPEG is quicker to pass and decode.
 */
export const SHOT_SCALE = { tablet: 0.75, phone: 1 };

// ------------------------------------------------------------------ geometry

const rad = (deg) => (deg * Math.PI) / 180;

/** The camera's size as the page gets it: `{ width, height }` (upright on a phone, landscape on the tablet). */
export function frameSize(device, kind) {
  const cam = CAMERAS[kind];
  return device === 'phone' ? { width: cam.shortPx, height: cam.longPx } : { width: cam.longPx, height: cam.shortPx };
}

/** Camera pixels per millimetre at `distanceMm` (pinhole: focal length in pixels / distance). */
export function pxPerMm(kind, distanceMm = LANE.distanceMm) {
  const cam = CAMERAS[kind];
  const focalPx = cam.longPx / 2 / Math.tan(rad(cam.longFovDeg) / 2);
  return focalPx / distanceMm;
}

/** 2×3 affine matrices as canvas's setTransform takes them: [a, b, c, d, e, f]. */
const mul = (m, n) => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];
const translate = (x, y) => [1, 0, 0, 1, x, y];
const rotate = (deg) => [Math.cos(rad(deg)), Math.sin(rad(deg)), -Math.sin(rad(deg)), Math.cos(rad(deg)), 0, 0];
const scale = (sx, sy) => [sx, 0, 0, sy, 0, 0];
const shear = (kx) => [1, 0, kx, 1, 0, 0];

/**
 * Where the camera `viewer` sees the screen of `target`, as an affine map from the target's
 * CSS pixels (its screenshot, origin top left) to the camera frame's pixels, plus the frame
 * size and the scale (camera pixels per CSS pixel).
 *
 * `viewer`: 'tablet-front' | 'phone-front' | 'phone-rear'. The phone is where LANE puts it,
 * moved by the visitor's `hold` `{ x, y }` (mm; see holdAt), or, turned round, where its rear
 * camera points at `aim` (mm in the tablet's screen plane: the visitor aims it with the
 * camera's picture on the phone's screen); and the hand's momentary `wander` `{ x, y, roll }`
 * (mm, mm, degrees).
 *
 * Nothing is mirrored: a camera's frames show a screen as a person standing where the camera
 * is would see it (only a selfie *preview* is mirrored, never the frames a page reads).
 * Parallel planes project by a scale and a shift; the hand's tilt adds foreshortening
 * (cos yaw, cos pitch) and a small shear, and its roll a rotation: an affine picture of a
 * slightly tilted phone. The keystone of a true perspective (the near edge a few per cent
 * larger than the far one at 10°) is left out.
 */
export function viewOf(viewer, { distanceMm = LANE.distanceMm, wander = { x: 0, y: 0, roll: 0 }, hold = { x: 0, y: 0 }, aim = null } = {}) {
  const kind = viewer === 'phone-rear' ? 'rear' : 'front';
  const device = viewer === 'tablet-front' ? 'tablet' : 'phone';
  const target = device === 'tablet' ? PHONE : TABLET;
  const frame = frameSize(device, kind);
  const k = pxPerMm(kind, distanceMm);
  // Positions in the tablet's screen plane as the visitor, facing the tablet, sees it (x to
  // the right, y up, mm from the tablet screen's centre). The phone's cameras look at the
  // tablet, as the visitor does: facing the tablet, its front camera is where its screen's
  // top is; turned round (about its upright axis), the rear camera is at about the same
  // height, on the side the visitor sees mirrored.
  const front = PHONE.frontCameraMm;
  const rear = { x: -PHONE.rearCameraMm.x, y: PHONE.rearCameraMm.y };
  // Held blind (the screen towards the gate), the phone is where LANE and `hold` put it;
  // turned round, the visitor sees the rear camera's picture and aims it at `aim`.
  const phone = aim
    ? { x: aim.x - rear.x + wander.x, y: aim.y - rear.y + wander.y }
    : { x: LANE.phoneCentreMm.x + hold.x + wander.x, y: LANE.phoneCentreMm.y + hold.y + wander.y };
  let camera; // the camera's optical axis, in those coordinates
  let targetCentre; // the target screen's centre, in those coordinates
  let mirrorX = 1; // +1: the camera's right is the visitor's right
  if (viewer === 'tablet-front') {
    camera = TABLET.frontCameraMm;
    targetCentre = phone;
    mirrorX = -1; // the tablet looks towards the visitor: its right is the visitor's left
  } else {
    const offset = viewer === 'phone-front' ? front : rear;
    camera = { x: phone.x + offset.x, y: phone.y + offset.y };
    targetCentre = { x: 0, y: 0 };
  }
  const mmPerCss = target.screenMm.width / target.css.width;
  // The target's top-left corner relative to the optical axis, in the camera's own axes
  // (x to the camera's right, y up). The target's screen content keeps its own left-right
  // for whoever faces it, so its CSS x runs along the camera's right in both cases.
  const left = mirrorX * (targetCentre.x - camera.x) - target.screenMm.width / 2;
  const top = targetCentre.y - camera.y + target.screenMm.height / 2;
  const s = k * mmPerCss; // camera px per CSS px
  const base = [s, 0, 0, s, frame.width / 2 + k * left, frame.height / 2 - k * top];
  // The hand: roll, then the tilt's foreshortening and shear, about the frame's centre.
  const cx = frame.width / 2;
  const cy = frame.height / 2;
  const roll = (viewer === 'tablet-front' ? -1 : 1) * (LANE.rollDeg + wander.roll);
  const hand = mul(
    translate(cx, cy),
    mul(rotate(roll), mul(shear(Math.sin(rad(LANE.pitchDeg)) * Math.sin(rad(LANE.yawDeg)) * 2), mul(scale(Math.cos(rad(LANE.yawDeg)), Math.cos(rad(LANE.pitchDeg))), translate(-cx, -cy)))),
  );
  return {
    transform: mul(hand, base),
    frame,
    cameraPxPerCssPx: s,
    cameraPxPerMm: k,
    bezelCss: target.bezelMm / mmPerCss,
    cornerCss: target.cornerMm / mmPerCss,
    css: target.css,
  };
}

/**
 * The hand's wander at time `tMs`: two slow sways and a faster tremor, deterministic for a
 * seed, so each frame's phone is a little elsewhere (±LANE.wanderMm, ±LANE.wanderDeg).
 */
export function wanderAt(tMs, seed = 1) {
  const t = tMs / 1000;
  const w = (f, p) => Math.sin(2 * Math.PI * f * t + p * seed);
  return {
    x: LANE.wanderMm * (0.7 * w(0.4, 1.3) + 0.3 * w(2.1, 0.7)),
    y: LANE.wanderMm * (0.7 * w(0.31, 2.9) + 0.3 * w(1.7, 4.1)),
    roll: LANE.wanderDeg * (0.8 * w(0.23, 5.3) + 0.2 * w(3.3, 0.2)),
  };
}

/**
 * A point of the tablet's screen given in its CSS pixels, in the millimetres `aim` takes
 * (from the screen's centre, y up).
 */
export function tabletMm(cssX, cssY) {
  const k = TABLET.screenMm.width / TABLET.css.width;
  return { x: (cssX - TABLET.css.width / 2) * k, y: (TABLET.css.height / 2 - cssY) * k };
}

/**
 * How far off a visitor aiming the rear camera at a code ends up: ±AIM_ERROR_MM, uniform,
 * seeded per visitor (the preview on the phone's screen shows the code; a hand is not exact).
 */
export const AIM_ERROR_MM = { x: 10, y: 8 };

/** Visitor `n`'s aim at `target` (mm, as tabletMm gives), off by AIM_ERROR_MM at most. */
export function aimAt(target, n) {
  const e = holdAt(n + 1000);
  return { x: target.x + (e.x / LANE.holdSpreadMm.x) * AIM_ERROR_MM.x, y: target.y + (e.y / LANE.holdSpreadMm.y) * AIM_ERROR_MM.y };
}

/** Where visitor number `n` holds the phone, from LANE's average: `{ x, y }` mm, uniform in holdSpreadMm, the same for the same `n`. */
export function holdAt(n) {
  // mulberry32: a small seeded generator, so that a rerun puts each visitor where they were.
  let a = (0x9e3779b9 * (n + 1)) >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { x: (next() * 2 - 1) * LANE.holdSpreadMm.x, y: (next() * 2 - 1) * LANE.holdSpreadMm.y };
}

// ------------------------------------------------------------------ in the page

/**
 * The getUserMedia stand-in, as an init script (`context.addInitScript(laneCameraInit, cfg)`),
 * in every page of a context before its own scripts.
 *
 * `cfg`: `{ device: 'phone'|'tablet', cameras: { user?: { width, height }, environment?: {
 * width, height } }, fps, optics, defaultFacing }`. A device has the cameras named; a page's
 * `facingMode` is honoured as a browser does (a bare value or `ideal`: that camera if there is
 * one, else the default; `exact`: that camera or OverconstrainedError), as is a `deviceId`
 * from `enumerateDevices`. Permission is asked of the rig through the `__laneHost` binding
 * (`{ kind: 'ask' }`), which models the browser's prompt; `navigator.permissions.query({ name:
 * 'camera' })` answers the rig's state.
 *
 * The rig sets what each camera sees with `window.__laneCamera.scene(facing, spec, jpeg)`:
 * `spec.kind` is 'screen' (a screenshot, base64 JPEG or `spec.type`, drawn through `spec.transform` with
 * its device's body round it), 'back' (a phone's back) or 'room' (no screen in view).
 */
export function laneCameraInit(cfg) {
  const host = (msg) => (typeof window.__laneHost === 'function' ? window.__laneHost(msg) : Promise.resolve(null));
  const optics = cfg.optics;
  const cams = {};
  const facings = Object.keys(cfg.cameras);
  const labels = { user: 'Front camera', environment: 'Back camera' };

  // Sensor noise: a few tiles of random levels about mid-grey, laid over each frame with
  // 'soft-light' (mid-grey leaves a pixel as it is), a different tile each frame.
  const noiseTiles = [];
  const noiseTile = () => {
    if (noiseTiles.length) return noiseTiles[Math.floor(Math.random() * noiseTiles.length)];
    for (let i = 0; i < 4; i++) {
      const c = document.createElement('canvas');
      c.width = 256;
      c.height = 256;
      const x = c.getContext('2d');
      const img = x.createImageData(256, 256);
      for (let p = 0; p < img.data.length; p += 4) {
        // soft-light about mid-grey moves a mid-tone by half the tile's offset, darks and
        // lights by less: a tile of ±2n gives ±n levels at mid-grey
        const v = 128 + Math.round((Math.random() * 2 - 1) * 2 * optics.noise);
        img.data[p] = img.data[p + 1] = img.data[p + 2] = v;
        img.data[p + 3] = 255;
      }
      x.putImageData(img, 0, 0);
      noiseTiles.push(c);
    }
    return noiseTiles[0];
  };

  for (const facing of facings) {
    const { width, height } = cfg.cameras[facing];
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const work = document.createElement('canvas');
    work.width = width;
    work.height = height;
    cams[facing] = { facing, width, height, canvas, work, tracks: new Set(), seq: 0, scene: null, drawnAt: 0, capturedAt: 0, id: `lane-${cfg.device}-${facing}` };
  }

  /** What a camera sees with no screen in view: a dim hall, lighter above. */
  function room(ctx, w, h, tone) {
    const g = ctx.createLinearGradient(0, 0, 0, h);
    g.addColorStop(0, tone === 'face' ? '#8a7d72' : '#9a9c9f');
    g.addColorStop(1, tone === 'face' ? '#4a403a' : '#5a5c60');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
  }

  function roundRect(ctx, x, y, w, h, r) {
    ctx.beginPath();
    ctx.roundRect(x, y, w, h, r);
  }

  async function render(cam, spec, jpeg) {
    const seq = ++cam.seq;
    let bitmap = null;
    if (jpeg) {
      const text = atob(jpeg);
      const bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
      bitmap = await createImageBitmap(new Blob([bytes], { type: spec.type || 'image/jpeg' }));
      if (seq !== cam.seq) {
        bitmap.close();
        return; // a newer picture arrived meanwhile
      }
    }
    const { width: w, height: h } = cam;
    const ctx = cam.work.getContext('2d');
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalCompositeOperation = 'source-over';
    room(ctx, w, h, spec.kind === 'room' && spec.tone === 'face' ? 'face' : 'hall');
    if (spec.kind === 'screen' || spec.kind === 'back') {
      const [a, b, c, d, e, f] = spec.transform;
      ctx.setTransform(a, b, c, d, e, f);
      const { width: cw, height: ch } = spec.css;
      // The device's body round its glass (or its back).
      ctx.fillStyle = spec.kind === 'back' ? spec.backColour : '#0b0b0d';
      roundRect(ctx, -spec.bezelCss, -spec.bezelCss, cw + 2 * spec.bezelCss, ch + 2 * spec.bezelCss, spec.cornerCss);
      ctx.fill();
      if (spec.kind === 'screen') {
        if (bitmap) {
          ctx.imageSmoothingEnabled = true;
          ctx.imageSmoothingQuality = 'high';
          ctx.drawImage(bitmap, 0, 0, cw, ch);
        }
        // Glare on the glass: a veil of the hall's light and a ceiling light's reflection,
        // added as 'screen' blends add light (black becomes the veil's grey; white stays).
        ctx.globalCompositeOperation = 'screen';
        const veil = Math.round(255 * optics.veil);
        ctx.fillStyle = `rgb(${veil},${veil},${veil})`;
        ctx.fillRect(0, 0, cw, ch);
        const sx = optics.spot.at.x * cw;
        const sy = optics.spot.at.y * ch;
        const r = optics.spot.radius * Math.max(cw, ch);
        const g = ctx.createRadialGradient(sx, sy, 0, sx, sy, r);
        const p = Math.round(255 * optics.spot.peak);
        g.addColorStop(0, `rgb(${p},${p},${p})`);
        g.addColorStop(1, 'rgb(0,0,0)');
        ctx.fillStyle = g;
        ctx.fillRect(0, 0, cw, ch);
        ctx.globalCompositeOperation = 'source-over';
      } else {
        // The back's camera bump, so that it reads as a phone's back.
        ctx.fillStyle = '#111216';
        roundRect(ctx, cw * 0.55, ch * 0.03, cw * 0.4, cw * 0.4, cw * 0.08);
        ctx.fill();
      }
    }
    if (bitmap) bitmap.close();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    // The lens: a Gaussian blur of about σ = 1 px as the binomial kernel [1 4 6 4 1] / 16 in
    // each direction ([1 2 1] / 4 twice; σ² = 2 × 0.5), drawn as weighted copies: canvas's
    // own blur() filter costs 65 ms a frame in software, this about 6.
    const out = cam.canvas.getContext('2d');
    const tmp = cam.tmp || (cam.tmp = Object.assign(document.createElement('canvas'), { width: w, height: h }));
    const t = tmp.getContext('2d');
    const pass = (from, to, dx, dy) => {
      // to = (shift(-d) + shift(+d)) / 4 + from / 2
      to.globalCompositeOperation = 'source-over';
      to.globalAlpha = 1;
      to.drawImage(from, -dx, -dy);
      to.globalAlpha = 0.5;
      to.drawImage(from, dx, dy);
      to.drawImage(from, 0, 0);
      to.globalAlpha = 1;
    };
    const d = spec.blurPx >= 0.85 ? 1 : spec.blurPx >= 0.35 ? 0.5 : 0;
    if (d > 0) {
      // Twice [1 2 1] per axis at spacing d: σ = d (0.5 px shifts are bilinear, softer still).
      pass(cam.work, t, d, 0);
      pass(tmp, ctx, d, 0);
      pass(cam.work, t, 0, d);
      pass(tmp, out, 0, d);
    } else {
      out.drawImage(cam.work, 0, 0);
    }
    // The camera's tone curve, v' = brightness × ((v − ½) × contrast + ½), as a multiply
    // and an add; then the sensor's noise.
    const gain = optics.brightness * optics.contrast;
    const lift = optics.brightness * 0.5 * (1 - optics.contrast);
    out.globalCompositeOperation = 'multiply';
    const g = Math.round(255 * Math.min(1, gain));
    out.fillStyle = `rgb(${g},${g},${g})`;
    out.fillRect(0, 0, w, h);
    out.globalCompositeOperation = 'lighter';
    const l = Math.round(255 * lift);
    out.fillStyle = `rgb(${l},${l},${l})`;
    out.fillRect(0, 0, w, h);
    out.globalCompositeOperation = 'soft-light';
    out.fillStyle = out.createPattern(noiseTile(), 'repeat');
    out.fillRect(0, 0, w, h);
    out.globalCompositeOperation = 'source-over';
    cam.scene = spec;
    cam.drawnAt = Date.now();
    cam.capturedAt = spec.capturedAt || cam.drawnAt;
  }

  // A new frame for the stream: captureStream sends one whenever the canvas changes, and a
  // picture that does not change needs none (a page's decoder reads the last frame). With
  // `cfg.redrawFps` the last picture is also sent again that often, as a real camera does;
  // off by default, since it makes the watching page repaint its preview 30 times a second
  // on a machine the rig shares with two browsers and a server.
  const touch = (cam) => {
    const ctx = cam.canvas.getContext('2d');
    const keep = ctx.getImageData(0, 0, 1, 1);
    ctx.putImageData(keep, 0, 0);
  };
  function pump(cam) {
    if (cam.timer || !cfg.redrawFps) return;
    cam.timer = setInterval(() => {
      if (!cam.tracks.size) {
        clearInterval(cam.timer);
        cam.timer = null;
        return;
      }
      touch(cam);
    }, 1000 / cfg.redrawFps);
  }

  const normal = (v) => {
    if (v === undefined || v === null) return {};
    if (typeof v === 'string' || Array.isArray(v)) return { ideal: [].concat(v) };
    return { exact: v.exact === undefined ? undefined : [].concat(v.exact), ideal: v.ideal === undefined ? undefined : [].concat(v.ideal) };
  };

  function choose(video) {
    const v = video === true || !video ? {} : video;
    const byId = normal(v.deviceId);
    const byFacing = normal(v.facingMode);
    const ids = (list) => (list ? facings.filter((f) => list.includes(cams[f].id)) : null);
    const faced = (list) => (list ? facings.filter((f) => list.includes(f)) : null);
    let pool = facings;
    if (byId.exact) pool = ids(byId.exact);
    if (byFacing.exact) pool = pool.filter((f) => faced(byFacing.exact).includes(f));
    if (!pool.length) throw new DOMException('No camera satisfies the constraints', 'OverconstrainedError');
    const preferred = (ids(byId.ideal) || []).concat(faced(byFacing.ideal) || []).filter((f) => pool.includes(f));
    if (preferred.length) return preferred[0];
    return pool.includes(cfg.defaultFacing) ? cfg.defaultFacing : pool[0];
  }

  if (!navigator.mediaDevices) Object.defineProperty(navigator, 'mediaDevices', { value: new EventTarget(), configurable: true });
  const granted = () => host({ kind: 'state' }).then((s) => s === 'granted');

  navigator.mediaDevices.getUserMedia = async (constraints = {}) => {
    const asked = JSON.stringify(constraints);
    if (!constraints.video) throw new TypeError('the lane rig has cameras only');
    let facing;
    try {
      facing = choose(constraints.video);
    } catch (e) {
      host({ kind: 'refused', asked, why: e.name });
      throw e;
    }
    const answer = await host({ kind: 'ask', facing, asked });
    if (answer !== 'granted') {
      throw new DOMException('Permission denied', 'NotAllowedError');
    }
    const cam = cams[facing];
    const stream = cam.canvas.captureStream(cfg.fps);
    const track = stream.getVideoTracks()[0];
    const settings = track.getSettings.bind(track);
    track.getSettings = () => ({ ...settings(), facingMode: facing, deviceId: cam.id, width: cam.width, height: cam.height, frameRate: cfg.fps });
    track.getCapabilities = () => ({ facingMode: [facing], deviceId: cam.id, width: { min: 1, max: cam.width }, height: { min: 1, max: cam.height } });
    Object.defineProperty(track, 'label', { value: labels[facing], configurable: true });
    const stop = track.stop.bind(track);
    const id = `${facing}-${Math.random().toString(36).slice(2)}`;
    track.stop = () => {
      if (cam.tracks.delete(track)) host({ kind: 'close', facing, id });
      stop();
    };
    cam.tracks.add(track);
    // A first frame at once: the room, until the rig sends what the camera sees now (never
    // the picture it last showed, which may be long gone from in front of it).
    await render(cam, { kind: 'room', blurPx: 1 }, null);
    pump(cam);
    host({ kind: 'open', facing, id, asked });
    return stream;
  };

  navigator.mediaDevices.enumerateDevices = async () => {
    const ok = await granted();
    return facings.map((f) => ({ kind: 'videoinput', deviceId: ok ? cams[f].id : '', groupId: ok ? cfg.device : '', label: ok ? labels[f] : '', toJSON() { return { ...this }; } }));
  };

  if (navigator.permissions && navigator.permissions.query) {
    const query = navigator.permissions.query.bind(navigator.permissions);
    navigator.permissions.query = async (desc) => {
      if (!desc || desc.name !== 'camera') return query(desc);
      const status = new EventTarget();
      status.name = 'camera';
      status.state = await host({ kind: 'state' });
      status.onchange = null;
      return status;
    };
  }

  window.__laneCamera = {
    /** Sets what camera `facing` sees (see above); resolves once the frame is drawn. */
    async scene(facing, spec, jpeg) {
      const cam = cams[facing];
      if (!cam) return false;
      await render(cam, spec, jpeg);
      return true;
    },
    /** Is the camera open (a live track)? */
    live: (facing) => Boolean(cams[facing] && cams[facing].tracks.size),
    /** The camera's current (or, closed, last) picture as a PNG data URL; null if it never showed one. */
    frame: (facing) => (cams[facing] && cams[facing].drawnAt ? cams[facing].canvas.toDataURL('image/png') : null),
    /** When the picture on show was taken (ms since the epoch) and drawn. */
    stamp: (facing) => (cams[facing] ? { capturedAt: cams[facing].capturedAt, drawnAt: cams[facing].drawnAt } : null),
  };
}

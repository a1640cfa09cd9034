// Backdrop beside and above the heads. The selfie model takes a backdrop that frames a group (the
// Apollo 11 crew's moon) for part of the people, 95% sure, in one region with them: dropping
// islands cannot remove it, and its greys match the suits' shadows, so a colour model of the whole
// photo cannot either. What a face tells is where a person can be: above the shoulders, a person is
// a head over the face and a neck and shoulders widening below it. Mask beside a head and above the
// shoulders, outside every person's head and body, is backdrop, unless it has the colour of skin
// (a hand raised beside a face).
import type { Raster, Rect } from './raster.ts';

/** The head around a face box, in face sizes: the box's centre a little low, hair and a cap above. */
const HEAD = { centreY: 0.45, radiusX: 0.8, radiusY: 0.95 };
/**
 * The body under a face: from the neck (this far down the face box) it is this many face widths
 * either side of the face's centre and widens by SHOULDER_SLOPE px per px down. Measured on the
 * portraits: shoulders reach 1.1-1.2 face widths either side a face height below the face's top.
 */
const NECK = { top: 0.75, halfWidth: 0.7 };
const SHOULDER_SLOPE = 1.6;
/** Where a face's head room ends: below a face height and a tenth, and beyond 2.5 face widths to either side. */
const ROOM = { below: 1.1, beside: 2.5 };
/** The soft edge of the shapes, in px of the mask. */
const SOFT = 1.5;

/** Where the colours decide (see below): the head's core, inside the hair and a cap's brim. */
const CORE = { centreY: 0.5, radiusX: 0.62, radiusY: 0.62 };
/** Colours sampled on either side, at most: nearest-colour tests stay a few ms. */
const SAMPLES = 256;
/** Backdrop the model took for a person (mask >= 50%) cleared beside the heads, at least, in px of the mask, before its colours are used. */
const MIN_CLEARED = 30;

/**
 * In place: lowers the person probability `mask` (a square of `size` px over the photo, `colours`
 * the photo at that size, RGB) beside the heads of `faces` (mask coordinates), where no head or
 * body of any face can be. Skin-coloured pixels are kept. Where the model did take backdrop for a
 * person there, its colours are known: between a head's core and the head's outer bound (the room
 * left for hair and a cap), a pixel closer in colour to that backdrop than to any head's core is
 * backdrop too (the moon above a crew member's short hair).
 */
export function clearBesideHeads(mask: Uint8Array, colours: Raster, faces: readonly Rect[], size: number): void {
  const inRoom = new Uint8Array(size * size);
  for (const face of faces) {
    const cx = face.left + face.width / 2;
    const left = Math.max(0, Math.floor(cx - face.width * ROOM.beside));
    const right = Math.min(size, Math.ceil(cx + face.width * ROOM.beside));
    const bottom = Math.min(size, Math.ceil(face.top + face.height * ROOM.below));
    for (let y = 0; y < bottom; y++) inRoom.fill(1, y * size + left, y * size + right);
  }
  const cleared: number[] = [];
  const core: number[] = [];
  const doubtful: number[] = [];
  for (let i = 0; i < inRoom.length; i++) {
    if (inRoom[i] === 0 || mask[i] === 0) continue;
    const x = (i % size) + 0.5;
    const y = Math.floor(i / size) + 0.5;
    let allowed = 0;
    let body = 0;
    let inCore = 0;
    for (const face of faces) {
      allowed = Math.max(allowed, personAt(face, x, y));
      body = Math.max(body, bodyAt(face, x, y));
      inCore = Math.max(inCore, headAt(face, x, y, CORE));
    }
    if (inCore >= 1) core.push(i);
    else if (allowed > 0 && body < 1) doubtful.push(i);
    if (allowed >= 1) continue;
    const o = i * colours.channels;
    if (isSkin(colours.data[o], colours.data[o + 1], colours.data[o + 2])) continue;
    if (mask[i] >= 128 && allowed === 0) cleared.push(i);
    mask[i] = Math.round(mask[i] * allowed);
  }
  if (cleared.length < MIN_CLEARED || core.length === 0) return;
  const backdrop = sample(cleared, colours);
  const head = sample(core, colours);
  // Each doubtful pixel's vote: 1 keep, 2 drop (0: not doubtful, no vote).
  const votes = new Uint8Array(size * size);
  for (const i of doubtful) {
    const colour = colourAt(colours, i);
    votes[i] = nearest(colour, backdrop) < nearest(colour, head) ? 2 : 1;
  }
  softCut(mask, votes, doubtful, size);
}

/** The colour decision is made per pixel; it is smoothed over this many px either side before it cuts. */
const CUT_RADIUS = 2;

/**
 * Lowers the mask where the votes say backdrop, softly: the share of backdrop votes among the
 * doubtful pixels around each one (a square of CUT_RADIUS either side) fades the mask from a
 * quarter (kept whole) to three quarters (cleared), so lone pixels of either colour do not notch
 * the outline and the cut has a soft edge instead of a pixel staircase (the matte scales it up).
 */
function softCut(mask: Uint8Array, votes: Uint8Array, doubtful: readonly number[], size: number): void {
  const keep = new Float32Array(doubtful.length);
  doubtful.forEach((i, k) => {
    const x = i % size;
    const y = (i - x) / size;
    let dropped = 0;
    let counted = 0;
    for (let v = Math.max(0, y - CUT_RADIUS); v <= Math.min(size - 1, y + CUT_RADIUS); v++) {
      for (let u = Math.max(0, x - CUT_RADIUS); u <= Math.min(size - 1, x + CUT_RADIUS); u++) {
        const vote = votes[v * size + u];
        if (vote === 0) continue;
        dropped += vote - 1;
        counted++;
      }
    }
    keep[k] = Math.min(1, Math.max(0, 1.5 - (2 * dropped) / counted));
  });
  doubtful.forEach((i, k) => {
    mask[i] = Math.round(mask[i] * keep[k]);
  });
}

function colourAt(colours: Raster, i: number): [number, number, number] {
  const o = i * colours.channels;
  return [colours.data[o], colours.data[o + 1], colours.data[o + 2]];
}

/** At most SAMPLES colours of the pixels, evenly spread over them. */
function sample(pixels: number[], colours: Raster): [number, number, number][] {
  const step = Math.max(1, pixels.length / SAMPLES);
  const out: [number, number, number][] = [];
  for (let k = 0; k < pixels.length; k += step) out.push(colourAt(colours, pixels[Math.floor(k)]));
  return out;
}

/** The squared RGB distance to the nearest of `samples`. */
function nearest([r, g, b]: [number, number, number], samples: [number, number, number][]): number {
  let best = Infinity;
  for (const [sr, sg, sb] of samples) best = Math.min(best, (r - sr) ** 2 + (g - sg) ** 2 + (b - sb) ** 2);
  return best;
}

/** 1 inside the head or the body under `face`, 0 beyond SOFT px outside them, soft in between. */
export function personAt(face: Rect, x: number, y: number): number {
  return Math.max(headAt(face, x, y, HEAD), bodyAt(face, x, y));
}

/** 1 inside the head's ellipse of the given proportions, 0 beyond SOFT px outside it. */
function headAt(face: Rect, x: number, y: number, shape: typeof HEAD): number {
  const rx = face.width * shape.radiusX;
  const ry = face.height * shape.radiusY;
  // Distance inside the rim, about in px.
  const inside =
    (1 - Math.hypot((x - face.left - face.width / 2) / rx, (y - (face.top + face.height * shape.centreY)) / ry)) *
    Math.min(rx, ry);
  return soft(inside);
}

/** 1 inside the neck and shoulders under the face, widening downwards. */
function bodyAt(face: Rect, x: number, y: number): number {
  const neckTop = face.top + face.height * NECK.top;
  const halfWidth = face.width * NECK.halfWidth + Math.max(0, y - neckTop) * SHOULDER_SLOPE;
  return soft(Math.min(y - neckTop, halfWidth - Math.abs(x - face.left - face.width / 2)));
}

const soft = (inside: number) => Math.min(1, Math.max(0, 0.5 + inside / (2 * SOFT)));

/** Skin by its colour (Kovac, Peer and Solina 2003, daylight rule): the greys of a backdrop are not. */
function isSkin(r: number, g: number, b: number): boolean {
  return r > 95 && g > 40 && b > 20 && Math.max(r, g, b) - Math.min(r, g, b) > 15 && r - g > 15 && r > b;
}

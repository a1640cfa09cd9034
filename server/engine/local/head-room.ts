// Backdrop beside and above the heads. The selfie model takes a backdrop that frames a group (the
// Apollo 11 crew's moon) for part of the people, 95% sure, in one region with them: dropping
// islands cannot remove it, and its greys match the suits' shadows, so a colour model of the whole
// photo cannot either (one kept to the heads' level can, below). What a face tells is where a person can be: above the shoulders, a person is
// a head over the face and a neck and shoulders widening below it. Mask beside a head and above the
// shoulders, outside every person's head and body, is backdrop, unless it has the colour of skin
// (a hand raised beside a face). Inside those shapes but outside the sure core of each head and
// the column under it, and only above the shoulders, the photo's own colours decide.
import { DROP, followBackdrop, KEEP, keepBlends, softCut } from './backdrop-cut.ts';
import { ColourModel } from './colour-model.ts';
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

/** Where the person is sure, whatever the colours: the head's core (the face inside the hair and a cap's brim)... */
const CORE = { centreY: 0.5, radiusX: 0.45, radiusY: 0.6 };
/** ...and the column under it: the neck, widening slowly to the chest (in face widths, and px per px down). */
const COLUMN = { top: 0.75, halfWidth: 0.5, slope: 0.35 };
/** Where the person's colours are sampled around a face: the core and the hair at its top. */
const SAMPLED = { centreY: 0.45, radiusX: 0.62, radiusY: 0.7 };
/**
 * The head itself, where colours never cut: the face box is wider than the head (by a fifth on the
 * crew's faces), and dark hair has the colour of the night sky beside it.
 */
const SKULL = { centreY: 0.4, radiusX: 0.45, radiusY: 0.62 };
/** A colour is the backdrop's when it is this many times likelier there than in the person. */
const ODDS = 1.5;
/**
 * Where a colour may cut: beside a face down to FADE.from of its height, fading out by FADE.to. Below,
 * beside the chin, begin a helmet's ring, a collar and the shoulders, whose dark parts share the
 * colours of a night sky or a dark backdrop.
 */
const FADE = { from: 0.4, to: 0.6 };
/** The face's skin, where the ring below never cuts: a tighter ellipse than the core... */
const FACE = { centreY: 0.5, radiusX: 0.36, radiusY: 0.56 };
/** ...and the neck under it, in face widths either side of the face's centre. */
const THROAT = { top: 0.75, halfWidth: 0.24 };
/**
 * The ring beside the face: inside RING_OUTSIDE, outside the skin and the neck, from the eyes
 * (RING.top of the face's height, fading in over RING.fade above) to the chin (fading out over
 * RING.fade to RING.bottom). The core and the column under the face hold a few px of backdrop
 * there (the face box is wider than the face, the neck narrower than the column), which stayed as
 * a ring of the Apollo 11 moon down both sides of Collins's face: there the colours decide too,
 * with stricter odds (RING_ODDS), against a person model that leaves the ring out.
 */
const RING = { top: 0.3, bottom: 1.0, fade: 0.2 };
const RING_OUTSIDE = { centreY: 0.5, radiusX: 0.58, radiusY: 0.55 };
const RING_ODDS = 3;
/**
 * Colours this dark (brightest channel below it) stay in the ring whatever their odds: dark hair
 * and a helmet's ring share the black of a night sky beside the heads; the moon's ring is grey.
 */
const RING_DARK = 40;
/** Backdrop the model took for a person (mask >= 50%) cleared beside the heads, at least, in px of the mask, before its colours are used. */
const MIN_CLEARED = 30;
/** The model's mask below this (10%) is backdrop, and its colour is the backdrop's. */
const CLEAR = 26;
/** The model's mask at or above this (90%) in the core or the column is the person, and its colour the person's. */
const SURE = 230;

/**
 * The room beside each face (ROOM.beside of its width to either side of its centre), from the top
 * of the picture down to `below` of its height under the face's top: 1 inside, 0 outside.
 */
function besideFaces(faces: readonly Rect[], size: number, below: number): Uint8Array {
  const room = new Uint8Array(size * size);
  for (const face of faces) {
    const cx = face.left + face.width / 2;
    const left = Math.max(0, Math.floor(cx - face.width * ROOM.beside));
    const right = Math.min(size, Math.ceil(cx + face.width * ROOM.beside));
    const bottom = Math.min(size, Math.ceil(face.top + face.height * below));
    for (let y = 0; y < bottom; y++) room.fill(1, y * size + left, y * size + right);
  }
  return room;
}

/**
 * In place: lowers the person probability `mask` (a square of `size` px over the photo, `colours`
 * the photo at that size, RGB) beside the heads of `faces` (mask coordinates), where no head or
 * body of any face can be. Skin-coloured pixels are kept. Where the model did take backdrop for a
 * person there, the backdrop's colours are known: what the model took, and what it left around
 * the people. Then, everywhere above the shoulders outside the heads' cores and the columns under
 * them, a pixel whose colour is likelier in the backdrop than in the person (colour-model.ts, the
 * person's colours from the cores and columns) is backdrop too: the moon between the Apollo 11
 * crew's heads and beside their shoulders, where the model is 95% sure of it and the widening
 * body under a face allows it.
 */
export function clearBesideHeads(mask: Uint8Array, colours: Raster, faces: readonly Rect[], size: number): void {
  const model = Uint8Array.from(mask);
  const inRoom = besideFaces(faces, size, ROOM.below);
  let cleared = 0;
  let sure = 0;
  const person = new ColourModel();
  const backdrop = new ColourModel();
  const doubtful: number[] = [];
  for (let i = 0; i < inRoom.length; i++) {
    if (inRoom[i] === 0) continue;
    const x = (i % size) + 0.5;
    const y = Math.floor(i / size) + 0.5;
    let allowed = 0;
    let certain = 0;
    let sampled = 0;
    let skull = 0;
    let ring = 0;
    for (const face of faces) {
      allowed = Math.max(allowed, personAt(face, x, y));
      certain = Math.max(certain, headAt(face, x, y, CORE), columnAt(face, x, y));
      sampled = Math.max(sampled, headAt(face, x, y, SAMPLED));
      skull = Math.max(skull, headAt(face, x, y, SKULL));
      ring = Math.max(ring, ringAt(face, x, y));
    }
    if (mask[i] < CLEAR) {
      // The backdrop around the people, not the far corners of the photo.
      if (allowed > 0) backdrop.add(colours, i);
      continue;
    }
    if ((certain >= 1 || sampled >= 1) && ring === 0 && mask[i] >= SURE) {
      person.add(colours, i);
      sure++;
    }
    // In the ring, only colours brighter than hair and a helmet's ring are in doubt.
    const inRing = ring > 0 && brightnessAt(colours, i) >= RING_DARK;
    if (certain >= 1) {
      if (inRing && mask[i] > 0) doubtful.push(i);
      continue;
    }
    if (allowed < 1 && !isSkinAt(colours, i)) {
      if (mask[i] >= 128 && allowed === 0) {
        backdrop.add(colours, i);
        cleared++;
      }
      mask[i] = Math.round(mask[i] * allowed);
    }
    if (mask[i] > 0 && (skull < 1 || inRing)) doubtful.push(i);
  }
  if (cleared < MIN_CLEARED || sure === 0) return;
  // Each doubtful pixel's vote: 1 keep, 2 drop (0: not doubtful, no vote).
  const votes = new Uint8Array(size * size);
  for (const i of doubtful) {
    const x = (i % size) + 0.5;
    const y = Math.floor(i / size) + 0.5;
    const above = Math.max(...faces.map((face) => aboveShoulders(face, x, y)));
    const ring = Math.max(...faces.map((face) => ringAt(face, x, y)));
    const backdropOdds = backdrop.likelihood(colours, i) / person.likelihood(colours, i);
    const drop =
      !isSkinAt(colours, i) &&
      (backdropOdds * above > ODDS || (backdropOdds * ring > RING_ODDS && brightnessAt(colours, i) >= RING_DARK));
    votes[i] = drop ? DROP : KEEP;
  }
  keepBlends(mask, colours, votes, doubtful, size);
  softCut(mask, votes, doubtful, size);
  // Then the backdrop is followed from where it is clear into what the votes left of it, beside
  // each face down to its chin (below begin a helmet's ring and a collar), outside the skulls and
  // the skin, where its colour is not much likelier the person's.
  const beside = besideFaces(faces, size, RING.bottom);
  const odds = (i: number) => backdrop.likelihood(colours, i) / person.likelihood(colours, i);
  // Seeds: what the cut cleared where the model saw a person, and backdrop-coloured pixels it left out.
  const seeds: number[] = [];
  for (let i = 0; i < beside.length; i++) {
    if (beside[i] && mask[i] < CLEAR && (model[i] >= 128 || odds(i) > ODDS)) seeds.push(i);
  }
  followBackdrop(
    mask,
    colours,
    seeds,
    (i) => {
      if (beside[i] === 0 || isSkinAt(colours, i) || odds(i) < FOLLOW_ODDS) return false;
      const x = (i % size) + 0.5;
      const y = Math.floor(i / size) + 0.5;
      return faces.every((face) => headAt(face, x, y, SKULL) < 1 && headAt(face, x, y, FACE) < 1);
    },
    size,
  );
}

/** Backdrop is not followed into a colour this many times likelier in the person (a helmet's ring, the hair). */
const FOLLOW_ODDS = 0.4;

/** 1 beside `face` (within its room) down to FADE.from of its height below its top, 0 from FADE.to on. */
function aboveShoulders(face: Rect, x: number, y: number): number {
  if (Math.abs(x - face.left - face.width / 2) > face.width * ROOM.beside) return 0;
  const t = (y - face.top) / face.height;
  return Math.min(1, Math.max(0, (FADE.to - t) / (FADE.to - FADE.from)));
}

/** 1 in the ring beside `face`'s skin, from its eyes to its chin; 0 on the skin and beyond the ring. */
function ringAt(face: Rect, x: number, y: number): number {
  const t = (y - face.top) / face.height;
  const band = Math.min(1, Math.max(0, (t - RING.top) / RING.fade + 1), (RING.bottom - t) / RING.fade);
  if (band <= 0) return 0;
  const throat = soft(
    Math.min(
      y - face.top - face.height * THROAT.top,
      face.width * THROAT.halfWidth - Math.abs(x - face.left - face.width / 2),
    ),
  );
  return band * headAt(face, x, y, RING_OUTSIDE) * (1 - Math.max(headAt(face, x, y, FACE), throat));
}

/** 1 inside the column under `face`, 0 beyond SOFT px outside it. */
function columnAt(face: Rect, x: number, y: number): number {
  const neckTop = face.top + face.height * COLUMN.top;
  const halfWidth = face.width * COLUMN.halfWidth + Math.max(0, y - neckTop) * COLUMN.slope;
  return soft(Math.min(y - neckTop, halfWidth - Math.abs(x - face.left - face.width / 2)));
}

function brightnessAt(colours: Raster, i: number): number {
  const o = i * colours.channels;
  return Math.max(colours.data[o], colours.data[o + 1], colours.data[o + 2]);
}

function isSkinAt(colours: Raster, i: number): boolean {
  const o = i * colours.channels;
  return isSkin(colours.data[o], colours.data[o + 1], colours.data[o + 2]);
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

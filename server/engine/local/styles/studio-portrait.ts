// Studio portrait: the guest kept sharp before a softly blurred, gently lit copy of their own
// background (as a long lens at a wide aperture would see it) or, when the tenant asks
// (studioBackdrop 'gradient'), a studio backdrop lit in its own colours; skin smoothed a little (an
// edge-aware blend that keeps pores and stubble: low strength, skin tones only) and a touch of
// light on each face. A group is framed whole. Opaque JPEG at 4:5.
import type { Frame } from '../framing.ts';
import { portraitRect } from '../framing.ts';
import { clampRect, type Person } from '../person.ts';
import type { StudioGradient } from '../../engine.ts';
import type { Framing, PaintContext } from '../pipeline.ts';
import { blur, clamp255, createRaster, wideBlur, type Raster, type Rect } from '../raster.ts';
import { toYCbCr } from './light-match.ts';

export const STUDIO_ASPECT = 4 / 5;
/** The widest a group's picture gets (width / height). */
const WIDEST_GROUP = 3 / 2;

/**
 * Head and shoulders of one guest (the portrait styles' framing), or of every face of a group:
 * the faces' span with a face width of room on each side, the faces in the upper part; a row too
 * wide for `aspect` gets a wider picture.
 */
export function groupPortraitRect(person: Person, aspect: number): Rect {
  const { image, faces } = person;
  // A face far weaker than the best is a poster or a pattern more often than a guest.
  const group = faces.filter((face) => face.score >= (faces[0]?.score ?? 0) * 0.75);
  if (group.length < 2) return portraitRect(person, aspect);
  const faceWidth = group.reduce((sum, face) => sum + face.width, 0) / group.length;
  const left = Math.min(...group.map((face) => face.left));
  const right = Math.max(...group.map((face) => face.left + face.width));
  const top = Math.min(...group.map((face) => face.top));
  const bottom = Math.max(...group.map((face) => face.top + face.height));
  const needed = { width: right - left + faceWidth * 2.4, height: bottom - top + faceWidth * 2.5 };
  // A row of guests wider than a portrait gets a wider picture (up to 3:2) rather than losing someone at the sides.
  const wide = Math.max(aspect, Math.min(WIDEST_GROUP, needed.width / needed.height));
  const width = Math.min(image.width, image.height * wide, Math.max(needed.width, needed.height * wide));
  const height = Math.min(image.height, width / wide);
  const centreX = (left + right) / 2;
  const rectTop = top - faceWidth * 0.9;
  return clampRect(
    {
      left: Math.min(Math.max(0, centreX - width / 2), image.width - width),
      top: Math.min(Math.max(0, rectTop), image.height - height),
      width,
      height,
    },
    image,
  );
}

export const studioFraming: Framing = (person, outputSize) => ({
  rect: groupPortraitRect(person, STUDIO_ASPECT),
  longSide: outputSize,
});

/** Background blur as a share of the output size: soft, the room still recognisable. */
const BACKGROUND_BLUR_SHARE = 0.016;
/** The blend toward the smoothed skin at most (0 keeps the skin as shot, 1 would wax it). */
const SKIN_SMOOTHING = 0.55;
/** Smoothing scale as a share of the output: blemishes go, pores and the eyes' lines stay. */
const SKIN_BLUR_SHARE = 0.0028;
/** Luma differences (levels) above which a pixel is an edge (eyes, brows, lips) and is left sharp. */
const EDGE_LEVELS = 14;
/** Brightening at the centre of each face. */
const FACE_LIGHT = 0.1;

/** 0..1: how much a pixel's colour is skin (YCbCr ranges of Chai and Ngan, softened at their borders). */
export function skinLikeness(r: number, g: number, b: number): number {
  const [y, cb, cr] = toYCbCr(r, g, b);
  if (y < 35) return 0;
  const inRange = (v: number, low: number, high: number, soft: number) =>
    Math.min(1, Math.max(0, (v - low) / soft), Math.max(0, (high - v) / soft));
  return Math.min(inRange(cb, -51, -1, 6), inRange(cr, 5, 45, 6));
}

export async function paintStudio(frame: Frame, outputSize: number, context: PaintContext): Promise<Raster> {
  const { rgb, alpha } = frame;
  const { width, height } = rgb;
  const [background, smooth] = await Promise.all([
    context.studio ? studioGradient(context.studio, width, height) : blurredBackground(frame, outputSize),
    blur(rgb, Math.max(0.6, outputSize * SKIN_BLUR_SHARE)),
  ]);
  const faces = context.faces.length > 0 ? context.faces : frame.face ? [frame.face] : [];
  const out = createRaster(width, height, 3);
  const bg = background.data;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const p = i * 3;
      const a = alpha.data[i] / 255;
      if (a === 0) {
        out.data[p] = bg[p];
        out.data[p + 1] = bg[p + 1];
        out.data[p + 2] = bg[p + 2];
        continue;
      }
      const r = rgb.data[p];
      const g = rgb.data[p + 1];
      const b = rgb.data[p + 2];
      const skin = skinLikeness(r, g, b);
      let k = 0;
      if (skin > 0) {
        const edge =
          Math.abs(0.299 * (r - smooth.data[p]) + 0.587 * (g - smooth.data[p + 1]) + 0.114 * (b - smooth.data[p + 2])) /
          EDGE_LEVELS;
        k = SKIN_SMOOTHING * skin * Math.exp(-edge * edge);
      }
      let lightGain = 1;
      for (const face of faces) {
        const fx = (x - (face.left + face.width / 2)) / (face.width * 0.75);
        const fy = (y - (face.top + face.height * 0.45)) / (face.height * 0.85);
        lightGain += FACE_LIGHT * Math.exp(-(fx * fx + fy * fy));
      }
      const person = [r + k * (smooth.data[p] - r), g + k * (smooth.data[p + 1] - g), b + k * (smooth.data[p + 2] - b)];
      for (let c = 0; c < 3; c++) out.data[p + c] = clamp255(person[c] * lightGain * a + bg[p + c] * (1 - a));
    }
  }
  return out;
}

/**
 * A studio's painted backdrop in the tenant's colours: lit behind the head (the tenant's background
 * colour a third of the way to its accent, lifted toward white), falling off to the background
 * colour, a little darker, in the corners. Smooth, as a backdrop lit from the front is.
 */
export async function studioGradient({ background, accent }: StudioGradient, width: number, height: number) {
  const base = hexRgb(background);
  const tint = hexRgb(accent);
  const lit = base.map((v, c) => {
    const mixed = v + (tint[c] - v) * GRADIENT.accent;
    return mixed + (255 - mixed) * GRADIENT.lift;
  });
  const corner = base.map((v) => v * GRADIENT.corner);
  const out = createRaster(width, height, 3);
  const reach = Math.hypot(0.5, 0.65);
  for (let y = 0; y < height; y++) {
    const dy = (y / height - 0.35) * (height / Math.max(width, height));
    for (let x = 0; x < width; x++) {
      const dx = (x / width - 0.5) * (width / Math.max(width, height));
      const t = Math.min(1, Math.hypot(dx, dy) / reach);
      const s = t * t * (3 - 2 * t);
      const p = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) out.data[p + c] = clamp255(lit[c] + (corner[c] - lit[c]) * s);
    }
  }
  return out;
}

/** How the gradient is drawn from the tenant's colours: the accent's share behind the head, the lift toward white there, the corners' darkening. */
const GRADIENT = { accent: 0.35, lift: 0.18, corner: 0.72 };

function hexRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** The guest's own background, softly blurred and gently lit, a little less colourful than shot. */
async function blurredBackground(frame: Frame, outputSize: number): Promise<Raster> {
  const { photo, alpha } = frame;
  const { width, height } = photo;
  const pixels = width * height;

  // The background blurred without the person in it: the blur of the photo weighted by the
  // background's share, divided by the blur of that share (normalized convolution), so the
  // guest never glows into the blur around them.
  const weighted = createRaster(width, height, 3);
  const share = createRaster(width, height, 1);
  for (let i = 0; i < pixels; i++) {
    const b = 255 - alpha.data[i];
    share.data[i] = b;
    for (let c = 0; c < 3; c++) weighted.data[i * 3 + c] = (photo.data[i * 3 + c] * b + 127) / 255;
  }
  const sigma = outputSize * BACKGROUND_BLUR_SHARE;
  const [blurred, blurredShare, whole] = await Promise.all([
    wideBlur(weighted, sigma),
    wideBlur(share, sigma),
    wideBlur(photo, sigma * 3),
  ]);
  const out = createRaster(width, height, 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const p = i * 3;
      // Studio light on the backdrop: brighter behind the head, falling off toward the corners.
      const dx = x / width - 0.5;
      const dy = y / height - 0.35;
      const falloff = 0.8 + 0.28 * Math.max(0, 1 - 1.5 * Math.sqrt(dx * dx + dy * dy));
      const known = blurredShare.data[i];
      const bg = [0, 0, 0];
      for (let c = 0; c < 3; c++) {
        // Where the person covered everything nearby, the far blur of the whole photo fills in.
        const own = known > 8 ? (blurred.data[p + c] * 255) / known : whole.data[p + c];
        const mixed = known > 40 ? own : own * (known / 40) + whole.data[p + c] * (1 - known / 40);
        bg[c] = mixed * falloff;
      }
      // A little less colour in the backdrop: the guest stands out from it.
      const grey = 0.299 * bg[0] + 0.587 * bg[1] + 0.114 * bg[2];
      for (let c = 0; c < 3; c++) out.data[p + c] = clamp255(grey + (bg[c] - grey) * 0.8);
    }
  }
  return out;
}

// Matching a cut-out person to the light of a scene: the colour statistics of both in a luma /
// chroma space (YCbCr, the JPEG one: a linear map, so cheap per pixel and exactly invertible),
// and a partial transfer of the scene's mean and contrast onto the person, as in Reinhard et al.'s
// colour transfer. Partial, because a full transfer turns a guest on a red wall red.
import type { Raster, Rect } from '../raster.ts';

/** Mean and standard deviation of Y, Cb and Cr (0..255 scale, chroma centred on 0). */
export interface ColourStats {
  mean: [number, number, number];
  std: [number, number, number];
}

/** out = rgb-to-YCbCr(x) * gain + offset, per channel, then back to RGB. */
export interface LightTransfer {
  gain: [number, number, number];
  offset: [number, number, number];
}

export function toYCbCr(r: number, g: number, b: number): [number, number, number] {
  return [
    0.299 * r + 0.587 * g + 0.114 * b,
    -0.168736 * r - 0.331264 * g + 0.5 * b,
    0.5 * r - 0.418688 * g - 0.081312 * b,
  ];
}

export function fromYCbCr(y: number, cb: number, cr: number): [number, number, number] {
  return [y + 1.402 * cr, y - 0.344136 * cb - 0.714136 * cr, y + 1.772 * cb];
}

/**
 * The statistics of an RGB raster's pixels inside `area` where `weight` (one channel, same size,
 * 0..255; none: every pixel) is at least `minWeight`. Every `step`-th pixel of each row and
 * column is enough for a mean and a spread, and costs a sixteenth at 4.
 */
export function colourStats(image: Raster, area: Rect, weight?: Raster, minWeight = 128, step = 4): ColourStats {
  const sum = [0, 0, 0];
  const squares = [0, 0, 0];
  let count = 0;
  const right = Math.min(image.width, Math.round(area.left + area.width));
  const bottom = Math.min(image.height, Math.round(area.top + area.height));
  for (let y = Math.max(0, Math.round(area.top)); y < bottom; y += step) {
    for (let x = Math.max(0, Math.round(area.left)); x < right; x += step) {
      const i = y * image.width + x;
      if (weight && weight.data[i] < minWeight) continue;
      const p = i * image.channels;
      const ycc = toYCbCr(image.data[p], image.data[p + 1], image.data[p + 2]);
      for (let c = 0; c < 3; c++) {
        sum[c] += ycc[c];
        squares[c] += ycc[c] * ycc[c];
      }
      count++;
    }
  }
  if (count === 0) return { mean: [128, 0, 0], std: [48, 12, 12] };
  const mean = sum.map((s) => s / count) as [number, number, number];
  const std = squares.map((s, c) => Math.sqrt(Math.max(0, s / count - mean[c] * mean[c]))) as [number, number, number];
  return { mean, std };
}

export interface TransferStrength {
  /** Share of the scene's brightness (Y mean) and contrast (Y spread) taken on, 0..1. */
  light: number;
  /** Share of the scene's colour cast (Cb, Cr means) taken on, 0..1. */
  colour: number;
  /** The largest change of the person's mean brightness, in levels: a night scene dims a guest, never blacks them out. */
  maxLightShift: number;
}

/**
 * Measured on the contact sheet: at light 0.35 (40 levels at most) Grace Hopper's face was
 * washed out on the bright studio scene, and at colour 0.25 the astronaut's warm hair turned flat
 * yellow-green on its blue. The light moves a fifth of the way now, and the cast reaches the
 * near-greys (applyTransfer): a white suit takes the scene's light, skin and hair keep their hue.
 */
export const SCENE_MATCH: TransferStrength = { light: 0.2, colour: 0.25, maxLightShift: 24 };

/**
 * The transfer that moves the person's statistics `strength` of the way toward the scene's:
 * strength 0 leaves them as they are, 1 gives the scene's mean and (for Y) spread. Chroma keeps
 * its own spread: a face's colour variation is the guest's, not the wall's.
 */
export function lightTransfer(
  person: ColourStats,
  scene: ColourStats,
  strength: TransferStrength = SCENE_MATCH,
): LightTransfer {
  const gain: [number, number, number] = [1, 1, 1];
  const offset: [number, number, number] = [0, 0, 0];
  for (let c = 0; c < 3; c++) {
    const k = c === 0 ? strength.light : strength.colour;
    let shift = k * (scene.mean[c] - person.mean[c]);
    if (c === 0) shift = Math.max(-strength.maxLightShift, Math.min(strength.maxLightShift, shift));
    // A flat wall (spread near 0) would flatten the guest: the spread moves a bounded step only.
    const ratio = c === 0 && person.std[0] > 1 ? Math.max(0.8, Math.min(1.25, scene.std[0] / person.std[0])) : 1;
    gain[c] = 1 + k * (ratio - 1);
    // (x - mean) * gain + mean + shift
    offset[c] = person.mean[c] * (1 - gain[c]) + shift;
  }
  return { gain, offset };
}

/**
 * The transfer applied to one RGB pixel, clamped to 0..255 by the caller's buffer. The scene's
 * colour cast is white balance: it tints what is near grey (a white suit, a grey jacket) and
 * fades out on coloured pixels (skin, hair, an orange suit), whose own hue the eye knows.
 */
export function applyTransfer(t: LightTransfer, r: number, g: number, b: number): [number, number, number] {
  const [y, cb, cr] = toYCbCr(r, g, b);
  const chroma = Math.min(1, Math.max(0, (Math.hypot(cb, cr) - NEUTRAL_CHROMA) / (COLOURED_CHROMA - NEUTRAL_CHROMA)));
  const cast = 1 - chroma * chroma * (3 - 2 * chroma);
  return fromYCbCr(
    y * t.gain[0] + t.offset[0],
    cb * t.gain[1] + t.offset[1] * cast,
    cr * t.gain[2] + t.offset[2] * cast,
  );
}

/** Chroma (YCbCr's distance from grey, 0..~180) up to which a pixel takes the whole cast, and from which none. */
const NEUTRAL_CHROMA = 6;
const COLOURED_CHROMA = 24;

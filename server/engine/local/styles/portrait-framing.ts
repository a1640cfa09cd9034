// Portrait framings that keep every face found, each with its whole head: framing.ts's portrait
// frames the best face only, so on the Apollo 11 crew (three faces) two of the three fell outside
// the comic, pencil, neon and pop-art pictures.
import { portraitRect } from '../framing.ts';
import { clampRect, type Person } from '../person.ts';
import type { Framing } from '../pipeline.ts';
import type { Rect } from '../raster.ts';

/**
 * Room above the top of a face box, in face heights: the hair takes about 0.35 (measured on the
 * four test portraits: 0.3-0.4), the rest is headroom.
 */
export const ABOVE_FACE = 0.65;
/** Room beside the outermost faces of a group, in face widths: an ear and a shoulder's start. */
const BESIDE_FACE = 0.6;
/** Head and shoulders of one face: about 3 face widths across (as framing.ts's portrait). */
const ONE_FACE_WIDTHS = 3.2;

/** The box around every face, and the largest face's size. */
export function facesBox(person: Person): (Rect & { face: number }) | null {
  const { faces } = person;
  if (faces.length === 0) return null;
  const left = Math.min(...faces.map((f) => f.left));
  const top = Math.min(...faces.map((f) => f.top));
  const right = Math.max(...faces.map((f) => f.left + f.width));
  const bottom = Math.max(...faces.map((f) => f.top + f.height));
  return {
    left,
    top,
    width: right - left,
    height: bottom - top,
    face: Math.max(...faces.map((f) => Math.max(f.width, f.height))),
  };
}

/** How wide a portrait of everyone should be, before the photo's own size limits it. */
export function wantedWidth(person: Person): number {
  const all = facesBox(person);
  if (!all) return Math.max(person.box.width, person.box.height);
  return Math.max(all.face * ONE_FACE_WIDTHS, all.width + 2 * BESIDE_FACE * all.face);
}

/**
 * The portrait framing for any number of faces: one face keeps framing.ts's head-and-shoulders
 * crop (its faces had 0.21-0.39 face heights above them on the test portraits); a group gets a
 * crop around all faces with their heads, wider than `aspect` where the photo is too short.
 */
export const portraitOfAll =
  (aspect: number): Framing =>
  (person, outputSize) => {
    const all = facesBox(person);
    if (!all || person.faces.length === 1) return { rect: portraitRect(person, aspect), longSide: outputSize };
    const { image } = person;
    const width = Math.min(image.width, wantedWidth(person));
    const height = Math.min(image.height, Math.max(width / aspect, all.height + (ABOVE_FACE + 1.5) * all.face));
    const wide = Math.min(image.width, Math.max(width, height * aspect));
    const left = clamp(all.left + all.width / 2 - wide / 2, 0, image.width - wide);
    const top = clamp(all.top - ABOVE_FACE * all.face, 0, image.height - height);
    return { rect: clampRect({ left, top, width: wide, height }, image), longSide: outputSize };
  };

export const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

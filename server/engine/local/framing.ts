// The face finds the framing: portrait styles crop head and shoulders around the best face,
// stickers crop to the person's outline. Everything is then scaled to the output size.
import type { Framing } from './pipeline.ts';
import type { Person } from './person.ts';
import { clampRect } from './person.ts';
import { estimateForeground } from './foreground.ts';
import { dropIslands, fastGuidedFilter, matteAlpha } from './matte.ts';
import { blur, cutAndScale, fromSharp, scale, toSharp, type Raster, type Rect } from './raster.ts';

export interface Frame {
  /** The person's colours: the photo, with the backdrop's share taken out of the matte's soft edge (foreground.ts). */
  rgb: Raster;
  /** The photo as cut, backdrop and all (for a style that paints the guest's own background). */
  photo: Raster;
  /** The person's matte 0..255 (the mask refined by the photo's edges), same size as rgb. */
  alpha: Raster;
  /** The best face in frame coordinates, if one was found. */
  face: Rect | null;
}

/**
 * A crop of the photo with the given aspect (width / height) that centres the best face with room
 * for the shoulders, as large as the photo allows; without a face, the top of the person.
 */
export function portraitRect(person: Person, aspect: number): Rect {
  const { image, faces, box } = person;
  const face = faces[0];
  // Head and shoulders: about 3 face widths across, the face in the upper third.
  const wanted = face ? face.width * 3.2 : Math.max(box.width, box.height * aspect);
  const width = Math.min(wanted, image.width, image.height * aspect);
  const height = width / aspect;
  const centreX = face ? face.left + face.width / 2 : box.left + box.width / 2;
  const top = face ? face.top + face.height * 0.45 - height * 0.4 : box.top - height * 0.05;
  const left = Math.min(Math.max(0, centreX - width / 2), image.width - width);
  return clampRect({ left, top: Math.min(Math.max(0, top), image.height - height), width, height }, image);
}

/**
 * The portrait framing: head and shoulders at `aspect` (width / height), scaled so the long side
 * is `share` of the output size (pop art's four quadrants take half each).
 */
export const portrait =
  (aspect: number, share = 1): Framing =>
  (person, outputSize) => ({
    rect: portraitRect(person, aspect),
    longSide: Math.ceil(outputSize * share),
  });

/**
 * The matte's small copy has this many px per mask pixel: the mask holds no detail below its own
 * pixel, and the photo's detail comes in at full size through the coefficients. Two px per mask
 * pixel cost 1.4x the job time on the sticker and pop art for no edge visible in the close-ups.
 */
const MATTE_GRID = 1;
/**
 * The guided filter's window radius, in mask pixels: wide enough to bridge one step of the mask's
 * staircase, narrow enough to keep fingers and ears.
 */
const MATTE_RADIUS = 2;
/**
 * The outline's last smoothing, a Gaussian's sigma as a share of a mask pixel, and its least in px.
 * Measured on the four portraits (tests/integration/engine/matte.test.ts): the outline's stairs
 * fall to 3-14% per style of the mask scaled up (8% over all; without it, 27-58%); hair keeps its partial coverage.
 */
const MATTE_SMOOTHING = 0.3;
const MATTE_SMOOTHING_MIN = 1.5;
/**
 * An opaque island smaller than this share of the largest is a sliver of the matte, not a person:
 * the smallest person of a group of six is still a tenth of the largest.
 */
const MIN_ISLAND_SHARE = 0.02;
/** Regularisation (colour units 0..1, squared): edges of about 5% contrast or more steer the matte. */
const MATTE_EPSILON = 0.0025;

/** Cuts `rect` from the photo and its mask, scaled so its long side is `longSide` px. */
export async function cutFrame(person: Person, rect: Rect, longSide: number): Promise<Frame> {
  const ratio = longSide / Math.max(rect.width, rect.height);
  const width = Math.max(1, Math.round(rect.width * ratio));
  const height = Math.max(1, Math.round(rect.height * ratio));
  // Frame px per mask pixel, and the small copy the guided filter fits its coefficients on.
  const maskPixel = width / ((rect.width * person.mask.width) / person.image.width);
  const shrink = Math.max(1, maskPixel / MATTE_GRID);
  const small = { width: Math.max(2, Math.round(width / shrink)), height: Math.max(2, Math.round(height / shrink)) };
  // The small guide is scaled from the cut frame, not cut from the whole photo a second time.
  const [rgb, smallMask] = await Promise.all([
    cutAndScale(person.image, rect, width, height),
    cutMask(person, rect, small.width, small.height),
  ]);
  const smallRgb = await scale(rgb, small.width, small.height);
  const matte = matteAlpha(
    fastGuidedFilter(rgb, smallRgb, smallMask, { radius: MATTE_RADIUS, epsilon: MATTE_EPSILON }),
    width,
    height,
  );
  // The guided matte follows the photo pixel by pixel, its grain too: a last blur at about a third
  // of a mask pixel (at least 1.5 px) leaves an anti-aliased outline with no stairs in it.
  const alpha = await blur(matte, Math.max(MATTE_SMOOTHING_MIN, maskPixel * MATTE_SMOOTHING));
  dropIslands(alpha, MIN_ISLAND_SHARE);
  const colours = estimateForeground(rgb, alpha);
  const best = person.faces[0];
  const face = best
    ? {
        left: (best.left - rect.left) * ratio,
        top: (best.top - rect.top) * ratio,
        width: best.width * ratio,
        height: best.height * ratio,
      }
    : null;
  return { rgb: colours, photo: rgb, alpha, face };
}

/**
 * The mask under `rect` (image coordinates) at width x height, scaled straight from the model's
 * small square: cut a whole-pixel region around the rect, scale it, then trim to the exact
 * sub-pixel position so mask and photo line up.
 */
async function cutMask(person: Person, rect: Rect, width: number, height: number): Promise<Raster> {
  const { mask, image } = person;
  const sx = mask.width / image.width;
  const sy = mask.height / image.height;
  const left = rect.left * sx;
  const top = rect.top * sy;
  const outer = {
    left: Math.max(0, Math.floor(left) - 1),
    top: Math.max(0, Math.floor(top) - 1),
    right: Math.min(mask.width, Math.ceil((rect.left + rect.width) * sx) + 1),
    bottom: Math.min(mask.height, Math.ceil((rect.top + rect.height) * sy) + 1),
  };
  const kx = width / (rect.width * sx);
  const ky = height / (rect.height * sy);
  const scaledWidth = Math.max(width, Math.round((outer.right - outer.left) * kx));
  const scaledHeight = Math.max(height, Math.round((outer.bottom - outer.top) * ky));
  const offsetX = Math.min(scaledWidth - width, Math.max(0, Math.round((left - outer.left) * kx)));
  const offsetY = Math.min(scaledHeight - height, Math.max(0, Math.round((top - outer.top) * ky)));
  const scaled = toSharp(mask)
    .extract({ left: outer.left, top: outer.top, width: outer.right - outer.left, height: outer.bottom - outer.top })
    .resize(scaledWidth, scaledHeight, { fit: 'fill', kernel: 'cubic' })
    .extract({ left: offsetX, top: offsetY, width, height });
  const cut = await fromSharp(scaled);
  return cut.channels === 1
    ? cut
    : { ...cut, data: Buffer.from(cut.data.filter((_, i) => i % cut.channels === 0)), channels: 1 };
}

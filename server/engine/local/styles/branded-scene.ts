// Branded scene: the guest cut out along the matte and placed into the tenant's backdrop (or the
// booth's own studio scene), so that it looks photographed there rather than pasted: the guest's
// light and colour moved part of the way toward the scene's around where they stand
// (light-match.ts), the scene's blurred light bleeding a few px into their edge (a light wrap, as
// compositors do), and a soft contact shadow under them. Opaque JPEG at 4:5.
import type { Frame } from '../framing.ts';
import { clampRect } from '../person.ts';
import type { Framing, PaintContext } from '../pipeline.ts';
import { blur, clamp255, createRaster, wideBlur, type Raster } from '../raster.ts';
import { loadBackdrop } from './backdrop.ts';
import { applyTransfer, colourStats, lightTransfer } from './light-match.ts';

/** The picture's aspect (width / height); its long side is the output size. */
export const SCENE_ASPECT = 4 / 5;
/** The tallest the guest stands in the picture: headroom above a head cut off by nothing. */
const MAX_HEIGHT_SHARE = 0.84;
const MAX_WIDTH_SHARE = 0.94;
/** Where the feet of a guest seen whole rest (share of the height from the top): on the floor. */
const FLOOR_LINE = 0.93;
/** A cut within this share of the photo's edge is the photo's edge: the person goes on past it. */
const EDGE_SHARE = 0.02;

export function sceneSize(outputSize: number) {
  return { width: Math.round(outputSize * SCENE_ASPECT), height: outputSize };
}

/**
 * The person's outline with a small margin, reaching the photo's edge where the person does
 * (a selfie's shoulders), scaled to stand in the picture with headroom. A group is one box.
 */
export const sceneFraming: Framing = (person, outputSize) => {
  const { box, image } = person;
  const margin = Math.max(box.width, box.height) * 0.03;
  let left = box.left - margin;
  let top = box.top - margin;
  let right = box.left + box.width + margin;
  let bottom = box.top + box.height + margin;
  if (left <= image.width * EDGE_SHARE) left = 0;
  if (right >= image.width * (1 - EDGE_SHARE)) right = image.width;
  if (bottom >= image.height * (1 - EDGE_SHARE)) bottom = image.height;
  top = Math.max(0, top);
  const rect = clampRect({ left, top, width: right - left, height: bottom - top }, image);
  const { width, height } = sceneSize(outputSize);
  const acrossWhole = rect.left === 0 && rect.left + rect.width >= image.width;
  const scale = Math.min(
    (height * MAX_HEIGHT_SHARE) / rect.height,
    (width * (acrossWhole ? 1 : MAX_WIDTH_SHARE)) / rect.width,
  );
  return { rect, longSide: Math.max(1, Math.round(Math.max(rect.width, rect.height) * scale)) };
};

export interface Placement {
  left: number;
  top: number;
  /** The person is cut by the photo's bottom edge (a bust): they go on past the picture's bottom too. */
  cutAtBottom: boolean;
  /** Where the feet of a person seen whole touch the floor, in picture px (for the contact shadow). */
  feet: { left: number; right: number; y: number } | null;
}

/** Share of an edge row or column that must be person for the person to be cut there. */
const CUT_SHARE = 0.04;

/**
 * Where the frame goes in a width x height picture: a person cut at the photo's bottom (or side)
 * continues past the picture's bottom (or that side), so the cut never shows as a straight edge;
 * a person seen whole stands on the floor line, centred.
 */
export function placeInScene(alpha: Raster, width: number, height: number): Placement {
  const { width: fw, height: fh } = alpha;
  const rowShare = (y: number) => {
    let n = 0;
    for (let x = 0; x < fw; x++) if (alpha.data[y * fw + x] >= 128) n++;
    return n / fw;
  };
  const columnShare = (x: number) => {
    let n = 0;
    for (let y = 0; y < fh; y++) if (alpha.data[y * fw + x] >= 128) n++;
    return n / fh;
  };
  const cutAtBottom = rowShare(fh - 1) >= CUT_SHARE;
  const cutLeft = columnShare(0) >= CUT_SHARE;
  const cutRight = columnShare(fw - 1) >= CUT_SHARE;
  const left = cutLeft && !cutRight ? 0 : cutRight && !cutLeft ? width - fw : Math.round((width - fw) / 2);
  const top = cutAtBottom ? height - fh : Math.round(height * FLOOR_LINE - fh);
  let feet: Placement['feet'] = null;
  if (!cutAtBottom) {
    // The lowest rows with the person in them: their extent is where the shadow is darkest.
    let [minX, maxX, lowest] = [fw, -1, -1];
    for (let y = fh - 1; y >= 0 && (lowest < 0 || y >= lowest - fh * 0.03); y--) {
      for (let x = 0; x < fw; x++) {
        if (alpha.data[y * fw + x] < 128) continue;
        if (lowest < 0) lowest = y;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
      }
    }
    if (lowest >= 0) feet = { left: left + minX, right: left + maxX, y: top + lowest };
  }
  return { left, top, cutAtBottom, feet };
}

/** How strongly the scene's light bleeds into the person's edge (a share at the cut line). */
const WRAP_STRENGTH = 0.8;
/** The most of the scene's light an edge pixel takes: at 0.6 the crew's heads had a pale fringe. */
const WRAP_MAX = 0.3;
/** The wrap's reach and the shadow's softness, as shares of the picture's height. */
const WRAP_SHARE = 0.008;
const SHADOW_BLUR_SHARE = 0.03;
const SHADOW_DROP_SHARE = 0.012;
/** Darkening at the shadow's core: the soft shadow of the body, and the contact shadow at the feet. */
const BODY_SHADOW = 0.55;
const CONTACT_SHADOW = 0.55;

export async function paintScene(frame: Frame, outputSize: number, context: PaintContext): Promise<Raster> {
  const { width, height } = sceneSize(outputSize);
  const backdrop = await loadBackdrop(context.scene, width, height);
  const place = placeInScene(frame.alpha, width, height);
  const { rgb, alpha } = frame;

  // The person's cut line on the picture.
  const cut = createRaster(width, height, 1);
  for (let y = Math.max(0, place.top); y < Math.min(height, place.top + alpha.height); y++) {
    for (let x = Math.max(0, place.left); x < Math.min(width, place.left + alpha.width); x++) {
      cut.data[y * width + x] = alpha.data[(y - place.top) * alpha.width + (x - place.left)];
    }
  }
  const [soft, shade] = await Promise.all([
    blur(cut, Math.max(1, height * WRAP_SHARE)),
    wideBlur(cut, height * SHADOW_BLUR_SHARE),
  ]);

  // Colour and light: the person toward the scene around where they stand.
  const around = {
    left: place.left - alpha.width * 0.25,
    top: place.top - alpha.height * 0.15,
    width: alpha.width * 1.5,
    height: alpha.height * 1.3,
  };
  const transfer = lightTransfer(
    colourStats(rgb, { left: 0, top: 0, width: rgb.width, height: rgb.height }, alpha, 200),
    colourStats(backdrop.image, around),
  );

  const drop = Math.round(height * SHADOW_DROP_SHARE);
  // The body's shadow falls on the floor and wall behind the lower half of the person only.
  const shadowFrom = place.top + alpha.height * 0.45;
  const shadowSpan = Math.max(1, alpha.height * 0.55);
  const feet = place.feet;
  const footX = feet ? (feet.left + feet.right) / 2 : 0;
  const footRx = feet ? Math.max(8, (feet.right - feet.left) * 0.65) : 1;
  const footRy = height * 0.018;

  const out = createRaster(width, height, 3);
  const scene = backdrop.image.data;
  const light = backdrop.light.data;
  for (let y = 0; y < height; y++) {
    const ramp = Math.min(1, Math.max(0, (y - shadowFrom) / shadowSpan));
    const bodyWeight = BODY_SHADOW * ramp * ramp * (3 - 2 * ramp);
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const p = i * 3;
      const fromAbove = y >= drop ? shade.data[i - drop * width] / 255 : 0;
      let shadow = fromAbove * bodyWeight;
      if (feet) {
        const dx = (x - footX) / footRx;
        const dy = (y - feet.y) / footRy;
        shadow = Math.max(shadow, CONTACT_SHADOW * Math.exp(-(dx * dx + dy * dy)));
      }
      const a = cut.data[i] / 255;
      if (a === 0) {
        for (let c = 0; c < 3; c++) out.data[p + c] = clamp255(scene[p + c] * (1 - shadow));
        continue;
      }
      const q = ((y - place.top) * rgb.width + (x - place.left)) * 3;
      const person = applyTransfer(transfer, rgb.data[q], rgb.data[q + 1], rgb.data[q + 2]);
      const wrap = Math.min(WRAP_MAX, WRAP_STRENGTH * a * (1 - soft.data[i] / 255));
      for (let c = 0; c < 3; c++) {
        const lit = person[c] * (1 - wrap) + light[p + c] * wrap;
        out.data[p + c] = clamp255(lit * a + scene[p + c] * (1 - shadow) * (1 - a));
      }
    }
  }
  return out;
}

// Die-cut stickers: the person cut along the mask, a smooth white outline, a soft drop shadow,
// on a transparent PNG cropped to the person. The bold variant flattens the colours first, all
// but the skin, which keeps the guest's own tones (flat-colours.ts).
import type { Frame } from '../framing.ts';
import { clampRect } from '../person.ts';
import type { Framing } from '../pipeline.ts';
import { createRaster, dilate, erode, pad, wideBlur, type Raster } from '../raster.ts';
import { flatColours } from './flat-colours.ts';

export interface StickerLook {
  /** Flat poster colours and a dark cut line instead of the photo's own colours. */
  bold: boolean;
}

/** The white outline, the shadow and the room they need around the person, for an output size. */
export function stickerGeometry(outputSize: number) {
  const outline = Math.round(outputSize * 0.024);
  const shadowBlur = Math.round(outputSize * 0.01);
  const shadowOffset = Math.round(outputSize * 0.012);
  return { outline, shadowBlur, shadowOffset, padding: outline + shadowOffset + shadowBlur * 3 };
}

/** The bold sticker's dark cut line, in px: half a percent of the output size. */
export function cutLineWidth(outputSize: number): number {
  return Math.max(2, Math.round(outputSize * 0.005));
}

/** The sticker's framing: the person's outline with a little margin, leaving room for the border. */
export const stickerCutout: Framing = (person, outputSize) => {
  const { box, image } = person;
  const margin = Math.max(box.width, box.height) * 0.02;
  const rect = clampRect(
    { left: box.left - margin, top: box.top - margin, width: box.width + 2 * margin, height: box.height + 2 * margin },
    image,
  );
  return { rect, longSide: outputSize - 2 * stickerGeometry(outputSize).padding };
};

/** A transparent RGBA sticker of the framed person. */
export const paintSticker =
  (look: StickerLook) =>
  async (frame: Frame, outputSize: number): Promise<Raster> => {
    const { outline, shadowBlur, shadowOffset, padding } = stickerGeometry(outputSize);
    let { rgb, alpha } = frame;
    if (look.bold)
      rgb = await inkCutLine(
        await flatColours(withoutBackdrop(rgb, alpha), 10, 1.7, { saturation: 1 }),
        alpha,
        cutLineWidth(outputSize),
      );

    [rgb, alpha] = await Promise.all([pad(rgb, padding), pad(alpha, padding)]);
    const white = await dilate(alpha, outline);
    const shadow = await wideBlur(white, shadowBlur);
    return composeSticker(rgb, alpha, white, shadow, shadowOffset);
  };

/**
 * The frame with its clear backdrop painted in the person's mean colour: the palette is then
 * chosen among the person's colours only. With the photo's backdrop in it, a purple curtain or a
 * blue flag took palette colours of their own, and dark hair at the edge was painted in them.
 */
function withoutBackdrop(rgb: Raster, alpha: Raster): Raster {
  const sum = [0, 0, 0];
  let count = 0;
  for (let i = 0; i < alpha.data.length; i++) {
    if (alpha.data[i] < 250) continue;
    for (let c = 0; c < 3; c++) sum[c] += rgb.data[i * 3 + c];
    count++;
  }
  if (count === 0) return rgb;
  const mean = sum.map((value) => Math.round(value / count));
  const out = Buffer.from(rgb.data);
  for (let i = 0; i < alpha.data.length; i++) if (alpha.data[i] === 0) out.set(mean, i * 3);
  return { ...rgb, data: out };
}

/**
 * A dark line just inside the cut, like the printed edge of a cartoon sticker: `width` px in from
 * the outer silhouette (where the matte is half), whatever the matte's softness. Eroding the soft
 * matte itself drew the line from where alpha first fell below solid, twice as deep and deeper
 * still beside a soft edge: down a face cut close beside the cheeks (Michael Collins in the Apollo
 * 11 crew portrait) it covered ears and cheeks with dark bands.
 */
export async function inkCutLine(rgb: Raster, alpha: Raster, width: number): Promise<Raster> {
  const silhouette = createRaster(alpha.width, alpha.height, 1);
  for (let i = 0; i < alpha.data.length; i++) silhouette.data[i] = alpha.data[i] >= 128 ? 255 : 0;
  const inner = await erode(silhouette, width);
  const out = Buffer.from(rgb.data);
  for (let i = 0; i < alpha.data.length; i++) {
    const line = Math.max(0, alpha.data[i] - inner.data[i]) / 255;
    if (line === 0) continue;
    for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.round(out[i * 3 + c] * (1 - line) + 24 * line);
  }
  return { ...rgb, data: out };
}

/** Paints shadow, then white outline, then the person, with premultiplied "over" compositing. */
function composeSticker(rgb: Raster, alpha: Raster, white: Raster, shadow: Raster, offset: number): Raster {
  const { width, height } = rgb;
  const out = createRaster(width, height, 4);
  const shift = offset * width + Math.round(offset / 2);
  for (let i = 0; i < width * height; i++) {
    const shadowA = i >= shift ? (shadow.data[i - shift] / 255) * 0.35 : 0;
    const whiteA = white.data[i] / 255;
    const personA = alpha.data[i] / 255;
    let a = shadowA;
    let r = 0;
    let g = 0;
    let b = 0;
    r = 255 * whiteA + r * (1 - whiteA);
    g = 255 * whiteA + g * (1 - whiteA);
    b = 255 * whiteA + b * (1 - whiteA);
    a = whiteA + a * (1 - whiteA);
    r = rgb.data[i * 3] * personA + r * (1 - personA);
    g = rgb.data[i * 3 + 1] * personA + g * (1 - personA);
    b = rgb.data[i * 3 + 2] * personA + b * (1 - personA);
    a = personA + a * (1 - personA);
    const o = i * 4;
    if (a > 0) {
      out.data[o] = Math.round(r / a);
      out.data[o + 1] = Math.round(g / a);
      out.data[o + 2] = Math.round(b / a);
    }
    out.data[o + 3] = Math.round(a * 255);
  }
  return out;
}

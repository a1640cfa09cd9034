// Measures of a result's quality against its photo, shared by the style tests: the colour of a
// face (CIEDE2000) and the speckle of a drawing. Rectangles are in the raster's own pixels.
import { converter, differenceCiede2000 } from 'culori';
import sharp from 'sharp';
import type { Raster, Rect } from '../../../../server/engine/local/raster.ts';

const ciede2000 = differenceCiede2000();
const lab = converter('lab');

/** The rect's part of a raster (RGB or RGBA, or an encoded image), averaged down to size x size cells. */
export async function cells(image: Raster | Uint8Array, rect: Rect, size: number): Promise<Buffer> {
  const source =
    image instanceof Uint8Array
      ? sharp(image)
      : sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
  const { width = 0, height = 0 } = image instanceof Uint8Array ? await source.metadata() : image;
  const left = Math.max(0, Math.round(rect.left));
  const top = Math.max(0, Math.round(rect.top));
  const area = {
    left,
    top,
    width: Math.min(width - left, Math.round(rect.width)),
    height: Math.min(height - top, Math.round(rect.height)),
  };
  // Averaging into cells makes the measure about the colour a person sees, not about a
  // sub-pixel shift between the photo and the resampled result.
  return source.extract(area).removeAlpha().resize(size, size, { fit: 'fill', kernel: 'cubic' }).raw().toBuffer();
}

/**
 * The face itself inside a face box: the detector's box reaches past the cheeks and over the
 * hair into the background (which a sticker cuts away), so the colour is compared on its middle.
 */
export function faceRegion(box: Rect): Rect {
  return {
    left: box.left + box.width * 0.25,
    top: box.top + box.height * 0.2,
    width: box.width * 0.5,
    height: box.height * 0.55,
  };
}

/** Mean CIEDE2000 difference between two RGB buffers of the same size. */
export function meanCiede2000(a: Buffer, b: Buffer): number {
  let sum = 0;
  const rgb = (buffer: Buffer, o: number) => ({
    mode: 'rgb' as const,
    r: buffer[o] / 255,
    g: buffer[o + 1] / 255,
    b: buffer[o + 2] / 255,
  });
  for (let o = 0; o < a.length; o += 3) sum += ciede2000(rgb(a, o), rgb(b, o));
  return sum / (a.length / 3);
}

/**
 * Mean shift of tint between two RGB buffers of the same size: the distance of their CIELAB
 * (a*, b*) per pixel, lightness left out (a posterised picture changes lightness on purpose).
 */
export function meanTintShift(a: Buffer, b: Buffer): number {
  let sum = 0;
  const at = (buffer: Buffer, o: number) =>
    lab({ mode: 'rgb', r: buffer[o] / 255, g: buffer[o + 1] / 255, b: buffer[o + 2] / 255 });
  for (let o = 0; o < a.length; o += 3) {
    const p = at(a, o);
    const q = at(b, o);
    sum += Math.hypot(p.a - q.a, p.b - q.b);
  }
  return sum / (a.length / 3);
}

/**
 * Speckle of a grey drawing in a rect: the share of pixels that differ from the mean of their
 * 7x7 neighbourhood by more than 28 grey levels (isolated dark or light dots, salt and pepper).
 * Flat paper and smooth shading score near 0; a line scores only along its two edges.
 */
export async function speckle(image: Uint8Array, rect: Rect): Promise<number> {
  const grey = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  const local = await sharp(grey.data, { raw: { width: grey.info.width, height: grey.info.height, channels: 1 } })
    .convolve({ width: 7, height: 7, kernel: new Array(49).fill(1) })
    .extractChannel(0)
    .raw()
    .toBuffer();
  let speckled = 0;
  let total = 0;
  for (let y = Math.max(0, Math.round(rect.top)); y < Math.min(grey.info.height, rect.top + rect.height); y++) {
    for (let x = Math.max(0, Math.round(rect.left)); x < Math.min(grey.info.width, rect.left + rect.width); x++) {
      const i = y * grey.info.width + x;
      if (Math.abs(grey.data[i] - local[i]) > 28) speckled++;
      total++;
    }
  }
  return speckled / Math.max(1, total);
}

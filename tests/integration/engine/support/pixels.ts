// Measurements on real output images, shared by the engine tests.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

export const FIXTURES = new URL('../../../fixtures/', import.meta.url);
export const fixture = (name: string): Buffer => readFileSync(new URL(name, FIXTURES));
/** The shared portrait set beside the checkout (../shared/fixtures/portraits, see its ATTRIBUTION.md). */
export const PORTRAITS = new URL('../../../../../shared/fixtures/portraits/', import.meta.url);
export const portrait = (name: string): Buffer => readFileSync(new URL(name, PORTRAITS));

export interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

export async function pixels(image: Uint8Array): Promise<Pixels> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

export function alphaAt(image: Pixels, x: number, y: number): number {
  return image.data[(Math.round(y) * image.width + Math.round(x)) * image.channels + 3];
}

export function rgbAt(image: Pixels, x: number, y: number): [number, number, number] {
  const o = (Math.round(y) * image.width + Math.round(x)) * image.channels;
  return [image.data[o], image.data[o + 1], image.data[o + 2]];
}

/**
 * Mean absolute difference per channel (0..255) between the output and the input photo scaled to
 * the output's size, both laid on mid grey (so transparency counts as a difference).
 */
export async function differenceFromInput(output: Uint8Array, input: Uint8Array): Promise<number> {
  const out = await sharp(output).flatten({ background: '#808080' }).raw().toBuffer({ resolveWithObject: true });
  const inp = await sharp(input)
    .resize(out.info.width, out.info.height, { fit: 'fill' })
    .flatten({ background: '#808080' })
    .removeAlpha()
    .raw()
    .toBuffer();
  let sum = 0;
  for (let i = 0; i < inp.length; i++) sum += Math.abs(out.data[i] - inp[i]);
  return sum / inp.length;
}

/** The most common colour (quantised to 16 levels per channel) in a rectangle. */
export function dominantColour(
  image: Pixels,
  left: number,
  top: number,
  width: number,
  height: number,
): [number, number, number] {
  const counts = new Map<number, number>();
  for (let y = top; y < top + height; y++) {
    for (let x = left; x < left + width; x++) {
      const [r, g, b] = rgbAt(image, x, y);
      const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const [key] = [...counts.entries()].reduce((best, entry) => (entry[1] > best[1] ? entry : best));
  return [((key >> 8) & 15) * 16 + 8, ((key >> 4) & 15) * 16 + 8, (key & 15) * 16 + 8];
}

export function colourDistance(a: readonly number[], b: readonly number[]): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** Bounding box of the pixels with alpha above `threshold`. */
export function opaqueBox(image: Pixels, threshold = 8) {
  let [minX, minY, maxX, maxY] = [image.width, image.height, -1, -1];
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (alphaAt(image, x, y) <= threshold) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  return { left: minX, top: minY, right: maxX, bottom: maxY };
}

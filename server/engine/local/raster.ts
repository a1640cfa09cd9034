// Raw pixel buffers and the few sharp operations the styles share. Styles work on raw pixels
// (fast loops over a megapixel) and hand the heavy lifting (resize, blur, encode) to sharp.
import sharp, { type Sharp } from 'sharp';

export interface Raster {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export function createRaster(width: number, height: number, channels: Raster['channels'], fill = 0): Raster {
  return { data: Buffer.alloc(width * height * channels, fill), width, height, channels };
}

export function toSharp(raster: Raster): Sharp {
  const { width, height, channels } = raster;
  return sharp(raster.data, { raw: { width, height, channels } });
}

export async function fromSharp(image: Sharp): Promise<Raster> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as Raster['channels'] };
}

/** Cuts `rect` out of the raster and scales it to exactly width x height. */
export async function cutAndScale(raster: Raster, rect: Rect, width: number, height: number): Promise<Raster> {
  const image = toSharp(raster).extract(rect).resize(width, height, { fit: 'fill', kernel: 'lanczos3' });
  return ensureChannels(await fromSharp(image), raster.channels);
}

export async function scale(raster: Raster, width: number, height: number): Promise<Raster> {
  return ensureChannels(await fromSharp(toSharp(raster).resize(width, height, { fit: 'fill' })), raster.channels);
}

/** Gaussian blur of a one-channel mask; sharp needs sigma >= 0.3. */
export async function blur(raster: Raster, sigma: number): Promise<Raster> {
  if (sigma < 0.3) return raster;
  return ensureChannels(await fromSharp(toSharp(raster).blur(sigma)), raster.channels);
}

/**
 * A wide Gaussian blur (glows, shadows, broad shading) computed on a smaller copy: the result is
 * smooth anyway, and a sigma of 30 px at full size costs ten times the rest of a style.
 */
export async function wideBlur(raster: Raster, sigma: number): Promise<Raster> {
  const factor = Math.floor(sigma / 3);
  if (factor < 2) return blur(raster, sigma);
  const small = await fromSharp(
    toSharp(raster)
      .resize(Math.max(1, Math.round(raster.width / factor)), Math.max(1, Math.round(raster.height / factor)), {
        fit: 'fill',
      })
      .blur(sigma / factor),
  );
  return scale(ensureChannels(small, raster.channels), raster.width, raster.height);
}

/** Pads the raster on every side with a constant value (0 = transparent for masks). */
export async function pad(raster: Raster, by: number, value = 0): Promise<Raster> {
  const background =
    raster.channels === 1 ? { r: value, g: value, b: value } : { r: value, g: value, b: value, alpha: 0 };
  const image = toSharp(raster).extend({ top: by, bottom: by, left: by, right: by, background });
  return ensureChannels(await fromSharp(image), raster.channels);
}

/** sharp may add or drop an alpha channel; styles rely on a fixed layout. */
function ensureChannels(raster: Raster, channels: Raster['channels']): Raster {
  if (raster.channels === channels) return raster;
  const out = createRaster(raster.width, raster.height, channels);
  const pixels = raster.width * raster.height;
  for (let i = 0; i < pixels; i++) {
    for (let c = 0; c < channels; c++)
      out.data[i * channels + c] = raster.data[i * raster.channels + Math.min(c, raster.channels - 1)];
  }
  return out;
}

/** A mask grown outwards by about `radius` px, with a soft anti-aliased edge. */
export async function dilate(mask: Raster, radius: number): Promise<Raster> {
  // A Gaussian of sigma r/2 keeps ~2% of the edge value at distance r: thresholding there grows
  // the shape by r and rounds its corners, which is the smooth outline a die-cut sticker has.
  const blurred = await blur(mask, radius / 2);
  const out = createRaster(mask.width, mask.height, 1);
  for (let i = 0; i < out.data.length; i++) out.data[i] = clamp255((blurred.data[i] - 3) * 40);
  return blur(out, 0.8);
}

/** A mask shrunk inwards by about `radius` px. */
export async function erode(mask: Raster, radius: number): Promise<Raster> {
  const blurred = await blur(mask, radius / 2);
  const out = createRaster(mask.width, mask.height, 1);
  for (let i = 0; i < out.data.length; i++) out.data[i] = clamp255((blurred.data[i] - 249) * 40);
  return out;
}

export function clamp255(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
}

export function luminance(r: number, g: number, b: number): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/**
 * The grey levels below which each `fraction` of the masked pixels fall (optionally only inside
 * `within`): tones that adapt to the photo's lighting.
 */
export function maskedPercentiles(image: Raster, alpha: Raster, fractions: number[], within?: Rect | null): number[] {
  const histogram = new Float64Array(256);
  let total = 0;
  const d = image.data;
  const area = within ?? { left: 0, top: 0, width: image.width, height: image.height };
  for (let i = 0, p = 0; i < alpha.data.length; i++, p += image.channels) {
    if (alpha.data[i] < 128) continue;
    const x = i % image.width;
    const y = (i - x) / image.width;
    if (x < area.left || y < area.top || x >= area.left + area.width || y >= area.top + area.height) continue;
    histogram[image.channels === 1 ? d[p] : Math.round(luminance(d[p], d[p + 1], d[p + 2]))] += 1;
    total += 1;
  }
  return fractions.map((fraction) => {
    if (total === 0) return Math.round(fraction * 255);
    let seen = 0;
    for (let level = 0; level < 256; level++) {
      seen += histogram[level];
      if (seen >= fraction * total) return level;
    }
    return 255;
  });
}

export function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export async function encodePng(raster: Raster): Promise<Buffer> {
  // Level 6 keeps a 1024 px sticker well under a megabyte; level 9 costs 3x the time for ~5%.
  return toSharp(raster).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
}

export async function encodeJpeg(raster: Raster): Promise<Buffer> {
  return toSharp(raster).jpeg({ quality: 88, mozjpeg: false }).toBuffer();
}

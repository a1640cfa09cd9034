// Pixels of a result fetched by its URL, for the brand frame tests of the embedded default and
// of the scale-out path: a colour at a point, and the mean difference with another result.
import sharp from 'sharp';
import { expect } from 'vitest';

// Gala Night's colours (server/seed/tenants.ts) and where its frame (server/seed/make-assets.ts,
// 1200×1500, an 84 px band) puts them, as shares of the result's size.
export const GALA_BAND = [0x1a, 0x14, 0x23];
export const GALA_GOLD = [0xe0, 0xb8, 0x4f];
export const AURORA_ACCENT = [0x9d, 0x85, 0xff];
export const BAND_POINTS = [
  [0.04, 0.5],
  [0.96, 0.5],
  [0.5, 0.035],
  [0.3, 0.965],
] as const;
export const JEWEL = [57 / 1200, 42 / 1500] as const;

export type Rgb = readonly number[];
export const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

export async function pixelsOf(url: string) {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const { data, info } = await sharp(Buffer.from(await res.arrayBuffer()))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (fx: number, fy: number): Rgb => {
    const o = (Math.round(fy * (info.height - 1)) * info.width + Math.round(fx * (info.width - 1))) * 3;
    return [data[o]!, data[o + 1]!, data[o + 2]!];
  };
  /** Mean difference per channel with another image of the same size, over a box of shares of the size. */
  const meanDifference = (other: { data: Buffer }, [x0, y0, x1, y1]: number[]) => {
    let sum = 0;
    let n = 0;
    for (let y = Math.round(y0! * info.height); y < Math.round(y1! * info.height); y++) {
      for (let x = Math.round(x0! * info.width); x < Math.round(x1! * info.width); x++) {
        for (let c = 0; c < 3; c++)
          sum += Math.abs(data[(y * info.width + x) * 3 + c]! - other.data[(y * info.width + x) * 3 + c]!);
        n += 3;
      }
    }
    return sum / n;
  };
  return { data, width: info.width, height: info.height, at, meanDifference };
}

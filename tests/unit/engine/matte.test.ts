import { describe, expect, it } from 'vitest';
import { boxMean, fastGuidedFilter, matteAlpha } from '../../../server/engine/local/matte.ts';
import { createRaster, type Raster } from '../../../server/engine/local/raster.ts';

/** A photo split by a colour edge at column `edge`: dark blue left, light skin tone right. */
function splitPhoto(width: number, height: number, edge: number): Raster {
  const photo = createRaster(width, height, 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) photo.data.set(x < edge ? [30, 40, 90] : [220, 180, 150], (y * width + x) * 3);
  }
  return photo;
}

/** The photo averaged down by `by` in each direction (what sharp's resize gives the filter). */
function shrink(photo: Raster, by: number): Raster {
  const small = createRaster(photo.width / by, photo.height / by, 3);
  for (let y = 0; y < small.height; y++) {
    for (let x = 0; x < small.width; x++) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let dy = 0; dy < by; dy++)
          for (let dx = 0; dx < by; dx++) sum += photo.data[((y * by + dy) * photo.width + x * by + dx) * 3 + c];
        small.data[(y * small.width + x) * 3 + c] = Math.round(sum / (by * by));
      }
    }
  }
  return small;
}

describe('the box mean', () => {
  it('equals the brute-force window mean, clipped at the borders', () => {
    const [w, h, r] = [13, 9, 2];
    const plane = Float32Array.from({ length: w * h }, (_, i) => (i * 37) % 11);
    const expected = new Float32Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let [sum, count] = [0, 0];
        for (let v = Math.max(0, y - r); v <= Math.min(h - 1, y + r); v++) {
          for (let u = Math.max(0, x - r); u <= Math.min(w - 1, x + r); u++)
            [sum, count] = [sum + plane[v * w + u], count + 1];
        }
        expected[y * w + x] = sum / count;
      }
    }
    boxMean(plane, w, h, r, new Float32Array(w * h));
    plane.forEach((value, i) => {
      expect(value).toBeCloseTo(expected[i], 4);
    });
  });
});

describe('the fast guided filter', () => {
  it("moves a coarse, blocky mask edge onto the photo's own edge", () => {
    // The photo's edge is at x = 50; the coarse mask (8x smaller, as the model's mask is) puts
    // it at x = 48 or 56 depending on the row, a staircase.
    const photo = splitPhoto(160, 80, 50);
    const small = shrink(photo, 4);
    const mask = createRaster(40, 20, 1);
    for (let y = 0; y < 20; y++)
      for (let x = 0; x < 40; x++) mask.data[y * 40 + x] = x * 4 >= (Math.floor(y / 2) % 2 ? 56 : 48) ? 255 : 0;
    const alpha = matteAlpha(fastGuidedFilter(photo, small, mask, { radius: 3, epsilon: 0.0025 }), 160, 80);
    for (let y = 8; y < 72; y++) {
      expect(alpha.data[y * 160 + 46], `row ${y}, left of the edge`).toBeLessThan(32);
      expect(alpha.data[y * 160 + 54], `row ${y}, right of the edge`).toBeGreaterThan(224);
    }
  });

  it('keeps a solid mask solid and an empty one empty, whatever the photo', () => {
    const photo = splitPhoto(64, 64, 20);
    const small = shrink(photo, 4);
    for (const value of [0, 255]) {
      const alpha = matteAlpha(
        fastGuidedFilter(photo, small, createRaster(16, 16, 1, value), { radius: 2, epsilon: 0.0025 }),
        64,
        64,
      );
      expect(alpha.data.every((a) => a === value)).toBe(true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { dropIslands } from '../../../server/engine/local/matte.ts';
import { createRaster } from '../../../server/engine/local/raster.ts';

/** A 60x40 matte: a 30x30 person block, a 3x3 opaque sliver with a soft rim away from it. */
function matteWithSliver() {
  const alpha = createRaster(60, 40, 1);
  const set = (x: number, y: number, v: number) => (alpha.data[y * 60 + x] = v);
  for (let y = 5; y < 35; y++) for (let x = 2; x < 32; x++) set(x, y, 255);
  for (let y = 9; y <= 13; y++) for (let x = 44; x <= 48; x++) set(x, y, 60);
  for (let y = 10; y <= 12; y++) for (let x = 45; x <= 47; x++) set(x, y, 220);
  return alpha;
}

describe('dropping islands of the matte', () => {
  it('drops a sliver much smaller than the person, with its soft rim, and keeps the person', () => {
    const alpha = matteWithSliver();
    dropIslands(alpha, 0.02);
    expect(alpha.data.subarray(0, 60 * 40).filter((v, i) => i % 60 >= 40 && v > 0)).toHaveLength(0);
    expect(alpha.data[20 * 60 + 15]).toBe(255);
  });

  it('keeps a second person of a group, a tenth of the first', () => {
    const alpha = matteWithSliver();
    for (let y = 20; y < 30; y++) for (let x = 40; x < 50; x++) alpha.data[y * 60 + x] = 255;
    dropIslands(alpha, 0.02);
    expect(alpha.data[25 * 60 + 45]).toBe(255);
  });
});

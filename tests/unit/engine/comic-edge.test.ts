// The comic's soft edge: hair that the matte leaves part-transparent blends into the ink of the cut
// outline, never into the red dots of the paper (a red line ran down the dark hair beside Michael
// Collins's face in the Apollo 11 portrait).
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../../server/engine/local/framing.ts';
import { createRaster } from '../../../server/engine/local/raster.ts';
import { paintComic } from '../../../server/engine/local/styles/comic.ts';

describe("the comic's outline", () => {
  it('shows no paper through the soft edge of dark hair', async () => {
    // Black hair on the left, solid to x = 100, then a 12 px ramp of coverage to clear at x = 112.
    const [width, height] = [200, 60];
    const rgb = createRaster(width, height, 3, 12);
    const alpha = createRaster(width, height, 1);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++)
        alpha.data[y * width + x] = Math.round(255 * Math.min(1, Math.max(0, (112 - x) / 12)));
    }
    const frame: Frame = { rgb, photo: rgb, alpha, face: null };
    const out = await paintComic(frame, 512);
    let reddest = 0;
    for (let y = 10; y < height - 10; y++) {
      for (let x = 101; x < 112; x++) {
        const o = (y * width + x) * 3;
        reddest = Math.max(reddest, out.data[o] - Math.max(out.data[o + 1], out.data[o + 2]));
      }
    }
    // The paper's red dots are 232 red to 70 green; the ink and the hair are grey.
    expect(reddest).toBeLessThanOrEqual(12);
    // Beyond the outline the paper shows as before.
    const o = (30 * width + 190) * 3;
    expect(out.data[o]).toBeGreaterThan(200);
  });
});

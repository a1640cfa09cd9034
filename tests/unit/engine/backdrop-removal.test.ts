import { describe, expect, it } from 'vitest';
import { estimateForeground } from '../../../server/engine/local/foreground.ts';
import { clearBesideHeads, personAt } from '../../../server/engine/local/head-room.ts';
import { createRaster } from '../../../server/engine/local/raster.ts';

describe("the person's colours at the soft edge", () => {
  it("takes the backdrop's share out of the edge pixels and leaves the rest as it was", () => {
    // A red person on the left, a blue backdrop on the right, a 20 px ramp of coverage between.
    const [width, height] = [120, 40];
    const rgb = createRaster(width, height, 3);
    const alpha = createRaster(width, height, 1);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const a = Math.min(1, Math.max(0, (70 - x) / 20));
        const i = y * width + x;
        alpha.data[i] = Math.round(a * 255);
        rgb.data.set([Math.round(200 * a + 20 * (1 - a)), 30, Math.round(40 * a + 220 * (1 - a))], i * 3);
      }
    }
    const out = estimateForeground(rgb, alpha);
    const at = (x: number) => [...out.data.subarray((20 * width + x) * 3, (20 * width + x) * 3 + 3)];
    for (const x of [52, 60, 66]) {
      const [r, , b] = at(x);
      expect(Math.abs(r - 200), `red at x=${x}`).toBeLessThan(25);
      expect(Math.abs(b - 40), `blue at x=${x}`).toBeLessThan(25);
    }
    // Solid person and clear backdrop keep the photo's colours.
    expect(at(10)).toEqual([200, 30, 40]);
    expect(at(100)).toEqual([20, 30, 220]);
  });
});

describe('the backdrop beside the heads', () => {
  const size = 100;
  const face = { left: 40, top: 20, width: 20, height: 24 };
  /** A mask sure of a person everywhere, over a grey photo with a skin-coloured patch at (10..14, 20..24). */
  function scene() {
    const mask = new Uint8Array(size * size).fill(240);
    const colours = createRaster(size, size, 3, 120);
    for (let y = 20; y < 25; y++) for (let x = 10; x < 15; x++) colours.data.set([210, 150, 120], (y * size + x) * 3);
    return { mask, colours };
  }

  it('clears the backdrop beside and above a head, and keeps the head, the shoulders and a hand', () => {
    const { mask, colours } = scene();
    clearBesideHeads(mask, colours, [face], size);
    const at = (x: number, y: number) => mask[y * size + x];
    expect(at(20, 30)).toBe(0); // beside the head, grey
    expect(at(50, 2)).toBe(0); // well above the head
    expect(at(50, 30)).toBe(240); // the face
    expect(at(50, 50)).toBe(240); // the neck and chest
    expect(at(25, 60)).toBe(240); // a shoulder, below the head's room
    expect(at(12, 22)).toBe(240); // a hand raised beside the face, skin-coloured
  });

  it('draws a head around the face box and a body widening below it', () => {
    expect(personAt(face, 50, 30)).toBe(1);
    expect(personAt(face, 50, 12)).toBe(1); // the hair above the box
    expect(personAt(face, 50, -10)).toBe(0);
    expect(personAt(face, 15, 30)).toBe(0);
    expect(personAt(face, 30, 60)).toBe(1);
  });
});

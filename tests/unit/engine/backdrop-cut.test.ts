// The cut's last steps (backdrop-cut.ts): a blend of two of the person's colours is not cut, and the
// backdrop is followed from where it is clear into the pixels of its own colour.
import { describe, expect, it } from 'vitest';
import { DROP, followBackdrop, KEEP, keepBlends } from '../../../server/engine/local/backdrop-cut.ts';
import { createRaster } from '../../../server/engine/local/raster.ts';

const size = 10;
const paint = (colours: ReturnType<typeof createRaster>, i: number, rgb: number[]) => colours.data.set(rgb, i * 3);

describe('a blend of two person colours', () => {
  it('keeps a pixel between skin and dark hair whose colour lies between theirs', () => {
    const mask = new Uint8Array(size * size).fill(255);
    const colours = createRaster(size, size, 3);
    const votes = new Uint8Array(size * size);
    // Row 5: skin at x = 4, the cut's candidate at x = 5, dark hair at x = 6.
    const [skin, blend, hair] = [54, 55, 56];
    paint(colours, skin, [190, 140, 115]);
    paint(colours, blend, [95, 75, 70]);
    paint(colours, hair, [20, 12, 14]);
    votes.set([KEEP, DROP, KEEP], skin);
    keepBlends(mask, colours, votes, [skin, blend, hair], size);
    expect(votes[blend]).toBe(KEEP);
  });

  it('still cuts a backdrop pixel beside the person whose colour is not between the two', () => {
    const mask = new Uint8Array(size * size).fill(255);
    const colours = createRaster(size, size, 3);
    const votes = new Uint8Array(size * size);
    const [skin, moon, hair] = [54, 55, 56];
    paint(colours, skin, [190, 140, 115]);
    paint(colours, moon, [110, 110, 140]);
    paint(colours, hair, [20, 12, 14]);
    votes.set([KEEP, DROP, KEEP], skin);
    keepBlends(mask, colours, votes, [skin, moon, hair], size);
    expect(votes[moon]).toBe(DROP);
  });
});

describe('the backdrop followed from where it is clear', () => {
  it('clears the pocket of its colour and stops at another colour', () => {
    // Columns 0-5 a dark grey backdrop; 0 is clear, 1-5 the model kept; from column 6 a white sleeve.
    const mask = new Uint8Array(size * size).fill(255);
    const colours = createRaster(size, size, 3);
    for (let y = 0; y < size; y++) {
      mask[y * size] = 0;
      for (let x = 0; x < 6; x++) paint(colours, y * size + x, [40 + x * 2, 32, 38]);
      for (let x = 6; x < size; x++) paint(colours, y * size + x, [230, 230, 235]);
    }
    const seeds = Array.from({ length: size }, (_, y) => y * size);
    followBackdrop(mask, colours, seeds, () => true, size);
    // Cleared softly: the pocket's middle clear, its edge and the sleeve's edge in between.
    expect(mask[5 * size + 2]).toBe(0);
    expect(mask[5 * size + 5]).toBeLessThan(128);
    expect(mask[5 * size + 6]).toBeGreaterThan(128);
    expect(mask[5 * size + 9]).toBe(255);
  });

  it('goes no further than it is allowed', () => {
    const mask = new Uint8Array(size * size).fill(255);
    const colours = createRaster(size, size, 3, 40);
    mask[0] = 0;
    followBackdrop(mask, colours, [0], (i) => i % size < 6, size);
    expect(mask[9 * size + 2]).toBe(0);
    expect(mask[9 * size + 9]).toBe(255);
    expect(mask[9 * size + 6]).toBeGreaterThan(mask[9 * size + 5]);
  });
});

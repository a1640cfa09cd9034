// A colour model of one side of a photo (the person, or its backdrop) built from the photo itself:
// a histogram of its pixels' colours, smoothed, read as a likelihood. Two such models tell, pixel
// by pixel, which side a colour belongs to better (the colour half of GrabCut, Rother et al.
// 2004, with histograms for its mixtures: cheap, and the photo's own colours are all it needs).
import type { Raster } from './raster.ts';

/** Levels per channel: 16 keeps a white suit's shadow apart from the grey moon behind it. */
const LEVELS = 16;
const SHIFT = 4;
/** Every colour counts toward the next bins too (a third as much), so a few samples cover their neighbourhood. */
const SPREAD = 1 / 3;
/** The likelihood of a colour never seen: a thousandth, about a 4096-bin histogram's even share. */
const FLOOR = 1e-3;

export class ColourModel {
  readonly #bins = new Float32Array(LEVELS * LEVELS * LEVELS);
  #total = 0;

  /** Counts the colour of pixel `i` of an RGB raster. */
  add(colours: Raster, i: number): void {
    const o = i * colours.channels;
    const r = colours.data[o] >> SHIFT;
    const g = colours.data[o + 1] >> SHIFT;
    const b = colours.data[o + 2] >> SHIFT;
    for (let dr = -1; dr <= 1; dr++) {
      const R = r + dr;
      if (R < 0 || R >= LEVELS) continue;
      for (let dg = -1; dg <= 1; dg++) {
        const G = g + dg;
        if (G < 0 || G >= LEVELS) continue;
        for (let db = -1; db <= 1; db++) {
          const B = b + db;
          if (B < 0 || B >= LEVELS) continue;
          const weight = SPREAD ** (Math.abs(dr) + Math.abs(dg) + Math.abs(db));
          this.#bins[(R * LEVELS + G) * LEVELS + B] += weight;
          this.#total += weight;
        }
      }
    }
  }

  get size(): number {
    return this.#total;
  }

  /**
   * The share of the model's colours in the bin of pixel `i`'s colour (0..1), plus a floor the
   * same for every model: a colour neither model has seen is as likely in both, not in the smaller.
   */
  likelihood(colours: Raster, i: number): number {
    const o = i * colours.channels;
    const bin =
      ((colours.data[o] >> SHIFT) * LEVELS + (colours.data[o + 1] >> SHIFT)) * LEVELS + (colours.data[o + 2] >> SHIFT);
    return this.#bins[bin] / Math.max(1, this.#total) + FLOOR;
  }
}

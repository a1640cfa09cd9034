// Pop art: the person posterized four times in four colour schemes on four flat backgrounds,
// in a 2x2 grid, like a silkscreen series.
import type { Frame } from '../framing.ts';
import { createRaster, fromSharp, hexToRgb, maskedPercentiles, toSharp, type Raster } from '../raster.ts';

/** Background, then the person's tones from shadow to highlight. Backgrounds differ in hue. */
const SCHEMES = [
  ['#ffd400', '#1b1464', '#ff2d87', '#ffc2dc'],
  ['#ff3d9a', '#10203f', '#3a86ff', '#d6f0ff'],
  ['#00c2c7', '#3a0ca3', '#ff8c1a', '#ffe3a3'],
  ['#7bdc3b', '#5c0a1e', '#f72585', '#fff3b0'],
] as const;

/** Each quadrant is a square portrait at half the output size (the catalog frames it so). */
export async function paintPopArt(frame: Frame): Promise<Raster> {
  const { alpha } = frame;
  // A light median keeps skin pores and noise from speckling the flat tones.
  const grey = await fromSharp(toSharp(frame.rgb).median(3).greyscale());
  // Tones are cut where the face has them, so the face reads in every quadrant whatever the
  // clothes and background do.
  const cuts = maskedPercentiles(grey, alpha, [0.2, 0.45, 0.7], frame.face);

  const size = frame.rgb.width;
  const out = createRaster(size * 2, frame.rgb.height * 2, 3);
  SCHEMES.forEach((scheme, quadrant) => {
    const [background, shadow, middle, highlight] = scheme.map(hexToRgb);
    // Four tones: the in-between tone keeps cheeks and nose shaded, so the face still reads.
    const tones = [shadow, middle, middle.map((v, c) => (v + highlight[c]) / 2), highlight];
    const offsetX = (quadrant % 2) * size;
    const offsetY = Math.floor(quadrant / 2) * frame.rgb.height;
    for (let y = 0; y < frame.rgb.height; y++) {
      for (let x = 0; x < size; x++) {
        const i = y * size + x;
        const level = grey.data[i];
        const tone = tones[level < cuts[0] ? 0 : level < cuts[1] ? 1 : level < cuts[2] ? 2 : 3];
        const a = alpha.data[i] / 255;
        const o = ((offsetY + y) * out.width + offsetX + x) * 3;
        for (let c = 0; c < 3; c++) out.data[o + c] = Math.round(tone[c] * a + background[c] * (1 - a));
      }
    }
  });
  return out;
}

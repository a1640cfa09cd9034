// Pop art: the person posterized four times in four colour schemes on four flat backgrounds,
// in a 2x2 grid, like a silkscreen series.
import type { Frame } from '../framing.ts';
import { clampRect, type Person } from '../person.ts';
import type { Framing } from '../pipeline.ts';
import { createRaster, fromSharp, hexToRgb, maskedPercentiles, toSharp, type Raster, type Rect } from '../raster.ts';
import { ABOVE_FACE, clamp, facesBox, wantedWidth } from './portrait-framing.ts';

/** Background, then the person's tones from shadow to highlight. Backgrounds differ in hue. */
const SCHEMES = [
  ['#ffd400', '#1b1464', '#ff2d87', '#ffc2dc'],
  ['#ff3d9a', '#10203f', '#3a86ff', '#d6f0ff'],
  ['#00c2c7', '#3a0ca3', '#ff8c1a', '#ffe3a3'],
  ['#7bdc3b', '#5c0a1e', '#f72585', '#fff3b0'],
] as const;

/**
 * The square each panel shows, in photo coordinates: every face with its head and headroom above.
 * It may reach above the photo (a head near the photo's top edge): the panel's flat background
 * fills that part. It never reaches below the photo, where the body would end in a straight line.
 * framing.ts's portrait clamped the square into the photo, so a head at the top edge touched the
 * panel's edge (0.22-0.39 face heights above the face box on the test portraits, hair included).
 */
export function popArtPanel(person: Person): Rect {
  const { image, box } = person;
  const all = facesBox(person);
  const size = Math.min(image.width, wantedWidth(person));
  const centreX = all ? all.left + all.width / 2 : box.left + box.width / 2;
  const wantedTop = all ? all.top - roomAbove(size, all.height, all.face) : box.top - size * 0.1;
  return {
    left: clamp(centreX - size / 2, 0, image.width - size),
    top: Math.min(wantedTop, image.height - size),
    width: size,
    height: size,
  };
}

/**
 * Room above the faces: ABOVE_FACE where the panel is large enough, down to 0.45 face heights
 * (hair and a little air) where a close-up fills it, so the chin keeps a third of a face below it.
 * Grace Hopper's face is 0.55 of her panel: with the full room her chin sat on the panel's edge.
 */
function roomAbove(size: number, facesHeight: number, face: number): number {
  return clamp(size - facesHeight - 0.35 * face, 0.45 * face, ABOVE_FACE * face);
}

/** The part of the panel inside the photo, scaled so the panel is half the output wide. */
export const popArtFraming: Framing = (person, outputSize) => {
  const panel = popArtPanel(person);
  const rect = clampRect(panel, person.image);
  const ratio = Math.ceil(outputSize / 2) / panel.width;
  return { rect, longSide: Math.round(Math.max(rect.width, rect.height) * ratio) };
};

/** Each panel is square, the frame at its bottom: what is missing of the panel is above the photo. */
export async function paintPopArt(frame: Frame): Promise<Raster> {
  const { alpha } = frame;
  const { width, height } = frame.rgb;
  // A median and a light blur smooth the grey before it is cut into tones: cut straight from the
  // photo, pores, stubble and shadows under the eyes turned into dark blotches on the face.
  const grey = await fromSharp(
    toSharp(frame.rgb)
      .median(3)
      .greyscale()
      .blur(Math.max(0.6, width / 800)),
  );
  // Tones are cut where the face has them, so the face reads in every quadrant whatever the
  // clothes and background do: a quarter of the face in each tone. With 0.2/0.45/0.7 the face was
  // so light that the detector lost Grace Hopper in the blue scheme once her panel had headroom.
  const cuts = maskedPercentiles(grey, alpha, [0.25, 0.5, 0.75], frame.face);

  const size = width;
  const top = Math.max(0, size - height);
  const out = createRaster(size * 2, size * 2, 3);
  SCHEMES.forEach((scheme, quadrant) => {
    const [background, shadow, middle, highlight] = scheme.map(hexToRgb);
    // Four tones: the in-between tone keeps cheeks and nose shaded, so the face still reads.
    const tones = [shadow, middle, middle.map((v, c) => (v + highlight[c]) / 2), highlight];
    const offsetX = (quadrant % 2) * size;
    const offsetY = Math.floor(quadrant / 2) * size;
    for (let y = 0; y < size; y++) {
      const row = y - top;
      for (let x = 0; x < size; x++) {
        const o = ((offsetY + y) * out.width + offsetX + x) * 3;
        const i = row * width + x;
        const a = row >= 0 && row < height ? alpha.data[i] / 255 : 0;
        const level = a > 0 ? grey.data[i] : 0;
        const tone = tones[level < cuts[0] ? 0 : level < cuts[1] ? 1 : level < cuts[2] ? 2 : 3];
        for (let c = 0; c < 3; c++) out.data[o + c] = Math.round(tone[c] * a + background[c] * (1 - a));
      }
    }
  });
  return out;
}

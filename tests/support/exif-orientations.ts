// A photo as a camera stores it under each of the eight EXIF orientations: the pixels turned or
// mirrored away from upright, and the tag that tells a reader how to turn them back.
import sharp, { type Sharp } from 'sharp';

export const ORIENTATIONS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/** What a camera does to upright pixels before it writes orientation `o` (the inverse of what a reader does). */
const STORED: Record<number, (image: Sharp) => Sharp> = {
  1: (i) => i,
  2: (i) => i.flop(),
  3: (i) => i.rotate(180),
  4: (i) => i.flip(),
  // sharp mirrors before it rotates, whatever the call order.
  5: (i) => i.rotate(270).flop(),
  6: (i) => i.rotate(270),
  7: (i) => i.rotate(90).flop(),
  8: (i) => i.rotate(90),
};

/** `upright` as a camera stores it with EXIF orientation `o`, as a JPEG. */
export async function storedWithOrientation(upright: Buffer, o: number): Promise<Buffer> {
  const turned = await STORED[o]!(sharp(upright)).png().toBuffer();
  return sharp(turned).withMetadata({ orientation: o }).jpeg({ quality: 92 }).toBuffer();
}

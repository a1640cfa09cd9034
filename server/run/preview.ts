// The display copy of a result: the results screen shows it, while the link, Download and Share
// keep the full image (a 1024 px die-cut PNG weighs about 1.2 MB, too much for a phone's first
// paint). WebP keeps the sticker's transparent edge.
import sharp from 'sharp';

/** Long side of a preview: sharp on the largest phone screens at the results screen's size. */
export const PREVIEW_LONG_SIDE_PX = 720;
/**
 * Long side of each preview of a job of several pictures, shown two to a row: about 160 px wide
 * on a phone (3x screens: 480 px) and 500 px on a portrait kiosk. Gala Night's four 720 px
 * copies weighed 200 KB, and the first one, the phone's first paint, 48 KB of it.
 */
export const SEVERAL_PREVIEW_LONG_SIDE_PX = 480;

/** The display copy of one of `count` pictures of a job. */
export function makePreview(image: Uint8Array, count = 1): Promise<Buffer> {
  const side = count > 1 ? SEVERAL_PREVIEW_LONG_SIDE_PX : PREVIEW_LONG_SIDE_PX;
  return (
    sharp(image, { failOn: 'error' })
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      // Effort 2: 33 ms for a 1024 px PNG instead of 57 ms at 4, for 4% more bytes (measured on this machine).
      .webp({ quality: 80, alphaQuality: 90, effort: 2 })
      .toBuffer()
  );
}

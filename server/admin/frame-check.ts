// Whether an uploaded picture can be a brand frame: large enough to be stretched over a result,
// with a transparent window in its middle where the photo shows, and something opaque around it.
// Each refusal is the sentence the operator reads under the field.
import {
  FRAME_MAX_SIDE,
  FRAME_MIN_BORDER_SHARE,
  FRAME_MIN_SIDE,
  FRAME_MIN_WINDOW_SHARE,
} from '../../contract/upload-limits.ts';

/** Alpha at or under this is see-through; at or over OPAQUE the frame covers the photo. */
const CLEAR = 16;
const OPAQUE = 240;
/** The middle that must be see-through: this share of each side, around the centre. */
const MIDDLE = 0.2;

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** Why a frame of this size cannot be used, or null: read from the header, before any pixel is decoded. */
export function frameSizeProblem(width: number, height: number): string | null {
  if (Math.min(width, height) < FRAME_MIN_SIDE) {
    return `The frame is ${width}×${height} px; it needs at least ${FRAME_MIN_SIDE} px on each side, or it shows blurred on the results.`;
  }
  if (Math.max(width, height) > FRAME_MAX_SIDE)
    return `The frame is ${width}×${height} px; it may be at most ${FRAME_MAX_SIDE} px on each side (results are smaller).`;
  return null;
}

/** Why the RGBA pixels cannot be a frame, or null. */
export function frameProblem(rgba: Uint8Array, width: number, height: number, channels: number): string | null {
  const size = frameSizeProblem(width, height);
  if (size) return size;
  let clear = 0;
  let opaque = 0;
  let middle = 0;
  let middleClear = 0;
  const [x0, x1] = [Math.floor(width * (0.5 - MIDDLE / 2)), Math.ceil(width * (0.5 + MIDDLE / 2))];
  const [y0, y1] = [Math.floor(height * (0.5 - MIDDLE / 2)), Math.ceil(height * (0.5 + MIDDLE / 2))];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const alpha = rgba[(y * width + x) * channels + channels - 1]!;
      if (alpha <= CLEAR) clear++;
      else if (alpha >= OPAQUE) opaque++;
      if (x >= x0 && x < x1 && y >= y0 && y < y1) {
        middle++;
        if (alpha <= CLEAR) middleClear++;
      }
    }
  }
  const total = width * height;
  if (clear === 0)
    return 'The frame has no transparent pixels; a frame needs a transparent window where the photo shows through. Save it as a PNG with transparency.';
  if (opaque / total < FRAME_MIN_BORDER_SHARE)
    return 'The frame is transparent almost everywhere; nothing of it would show on the results.';
  if (middleClear / middle < 0.9)
    return 'The middle of the frame is not transparent; its window must cover the middle of the picture, where the guest is.';
  if (clear / total < FRAME_MIN_WINDOW_SHARE) {
    return `The transparent window is ${percent(clear / total)} of the frame; make it at least ${percent(FRAME_MIN_WINDOW_SHARE)}, so the guest is seen.`;
  }
  return null;
}

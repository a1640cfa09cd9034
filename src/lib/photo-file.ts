// A photo chosen from the device, made into the photo the camera would have taken: turned
// upright (its EXIF orientation applied), scaled down to fit the camera's ideal 3000x2400 (in
// the photo's own orientation), and encoded as the same JPEG data URL at quality 1.
import {
  CAMERA_IDEAL_HEIGHT,
  CAMERA_IDEAL_WIDTH,
  SCREENSHOT_FORMAT,
  SCREENSHOT_QUALITY,
} from '../../contract/constants.ts';

/** The size a width x height photo is scaled to: never enlarged, long side <= 3000, short <= 2400. */
export function fitWithinCamera(width: number, height: number): { width: number; height: number } {
  const [long, short] = [
    Math.max(CAMERA_IDEAL_WIDTH, CAMERA_IDEAL_HEIGHT),
    Math.min(CAMERA_IDEAL_WIDTH, CAMERA_IDEAL_HEIGHT),
  ];
  const scale = Math.min(1, long / Math.max(width, height), short / Math.min(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The file as the camera's JPEG data URL; rejects when the browser cannot decode it as an image. */
export async function photoFromFile(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = fitWithinCamera(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return canvas.toDataURL(SCREENSHOT_FORMAT, SCREENSHOT_QUALITY);
  } finally {
    bitmap.close();
  }
}

// What the booth's camera path makes of a photo, without a browser: the e2e fake camera's Y4M
// frame (limited-range BT.601 I420, 1024 px long side), decoded back to RGB, mirrored as the
// camera screen's screenshot is, and encoded as JPEG at the screenshot's quality 1.
import sharp from 'sharp';
import { toI420 } from '../../../e2e/support/y4m.ts';

/** Limited-range BT.601 I420 -> RGB, chroma upsampled bilinearly (as a browser shows a frame). */
function fromI420(yuv: Buffer, width: number, height: number): Buffer {
  const ySize = width * height;
  const cw = width / 2;
  const ch = height / 2;
  const rgb = Buffer.alloc(ySize * 3);
  const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
  const chroma = (plane: number, x: number, y: number) => {
    const fx = Math.max(0, Math.min(cw - 1, (x - 0.5) / 2));
    const fy = Math.max(0, Math.min(ch - 1, (y - 0.5) / 2));
    const x0 = Math.floor(fx);
    const y0 = Math.floor(fy);
    const x1 = Math.min(cw - 1, x0 + 1);
    const y1 = Math.min(ch - 1, y0 + 1);
    const ax = fx - x0;
    const ay = fy - y0;
    const at = (cx: number, cy: number) => yuv[plane + cy * cw + cx];
    return (at(x0, y0) * (1 - ax) + at(x1, y0) * ax) * (1 - ay) + (at(x0, y1) * (1 - ax) + at(x1, y1) * ax) * ay;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const luma = 1.164 * (yuv[y * width + x] - 16);
      const u = chroma(ySize, x, y) - 128;
      const v = chroma(ySize + cw * ch, x, y) - 128;
      const o = (y * width + x) * 3;
      rgb[o] = clamp(luma + 1.596 * v);
      rgb[o + 1] = clamp(luma - 0.392 * u - 0.813 * v);
      rgb[o + 2] = clamp(luma + 2.017 * u);
    }
  }
  return rgb;
}

/** The JPEG the camera screen would send for `photo` shown to the booth camera. */
export async function cameraShot(photo: Uint8Array, { longSide = 1024, mirrored = true } = {}): Promise<Buffer> {
  const meta = await sharp(photo).metadata();
  const scale = longSide / Math.max(meta.width ?? 1, meta.height ?? 1);
  const width = Math.round(((meta.width ?? 1) * scale) / 2) * 2;
  const height = Math.round(((meta.height ?? 1) * scale) / 2) * 2;
  const rgb = await sharp(photo).resize(width, height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const frame = sharp(fromI420(toI420(rgb, width, height), width, height), { raw: { width, height, channels: 3 } });
  return (mirrored ? frame.flop() : frame).jpeg({ quality: 100 }).toBuffer();
}

// Turns a fixture photo into a one-frame Y4M video: Chromium's fake camera plays it in a loop
// (--use-file-for-fake-video-capture). Y4M is used because MJPEG gives green frames there.
import sharp from 'sharp';
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { dirname } from 'node:path';

/** Limited-range BT.601 RGB -> I420, the layout Chromium's Y4M reader expects (C420). */
export function toI420(rgb: Buffer, width: number, height: number): Buffer {
  const ySize = width * height;
  const cSize = (width / 2) * (height / 2);
  const out = Buffer.alloc(ySize + 2 * cSize);
  for (let i = 0; i < ySize; i++) {
    const r = rgb[i * 3],
      g = rgb[i * 3 + 1],
      b = rgb[i * 3 + 2];
    out[i] = Math.round(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255);
  }
  for (let y = 0; y < height / 2; y++) {
    for (let x = 0; x < width / 2; x++) {
      let r = 0,
        g = 0,
        b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ]) {
        const p = ((2 * y + dy) * width + 2 * x + dx) * 3;
        r += rgb[p];
        g += rgb[p + 1];
        b += rgb[p + 2];
      }
      r /= 4 * 255;
      g /= 4 * 255;
      b /= 4 * 255;
      const c = y * (width / 2) + x;
      out[ySize + c] = Math.round(128 - 37.797 * r - 74.203 * g + 112 * b);
      out[ySize + cSize + c] = Math.round(128 + 112 * r - 93.786 * g - 18.214 * b);
    }
  }
  return out;
}

/** Writes `target` (once) from `photo`, scaled to `longSide` px on its long side, even sizes. */
export async function photoToY4m(photo: string, target: string, longSide = 1024): Promise<string> {
  if (existsSync(target)) return target;
  const meta = await sharp(photo).metadata();
  const scale = longSide / Math.max(meta.width!, meta.height!);
  const width = Math.round((meta.width! * scale) / 2) * 2;
  const height = Math.round((meta.height! * scale) / 2) * 2;
  const rgb = await sharp(photo).resize(width, height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const header = `YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420\nFRAME\n`;
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, Buffer.concat([Buffer.from(header), toI420(rgb, width, height)]));
  return target;
}

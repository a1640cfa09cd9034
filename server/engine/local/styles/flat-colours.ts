// Flat, bold colour areas for the cartoon-like styles: smooth away texture, push saturation, then
// let libimagequant (inside sharp's PNG palette encoder) pick a few colours without dithering.
import sharp from 'sharp';
import { fromSharp, toSharp, type Raster } from '../raster.ts';

export async function flatColours(rgb: Raster, colours: number, saturation: number): Promise<Raster> {
  // Flat areas need no full resolution: working at half size makes the median 4x cheaper
  // (libvips' rank filter is the slowest step of a job) and the upscale keeps the edges clean.
  const half = { width: Math.max(1, Math.round(rgb.width / 2)), height: Math.max(1, Math.round(rgb.height / 2)) };
  const palette = await toSharp(rgb)
    .resize(half.width, half.height)
    .median(3)
    .modulate({ saturation })
    .png({ palette: true, colours, dither: 0, effort: 1, compressionLevel: 0 })
    .toBuffer();
  const flat = await fromSharp(sharp(palette).removeAlpha().toColourspace('srgb').resize(rgb.width, rgb.height, { fit: 'fill', kernel: 'cubic' }));
  return flat;
}

/** Dark lines where the (smoothed) picture has strong edges: the inking of a comic. */
export async function inkLines(rgb: Raster, strength: number): Promise<Raster> {
  const grey = await fromSharp(toSharp(rgb).greyscale().blur(Math.max(1, rgb.width / 700)));
  const { width, height } = grey;
  const lines = Buffer.alloc(width * height);
  const g = grey.data;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const gx = g[i - width + 1] + 2 * g[i + 1] + g[i + width + 1] - g[i - width - 1] - 2 * g[i - 1] - g[i + width - 1];
      const gy = g[i + width - 1] + 2 * g[i + width] + g[i + width + 1] - g[i - width - 1] - 2 * g[i - width] - g[i - width + 1];
      const magnitude = Math.sqrt(gx * gx + gy * gy);
      lines[i] = magnitude > strength ? Math.min(255, (magnitude - strength) * 4) : 0;
    }
  }
  return { data: lines, width, height, channels: 1 };
}

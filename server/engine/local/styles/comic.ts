// Comic: flat posterized colours (skin smooth in its own tones, a touch more saturated: no blotches),
// bold dark ink lines and a cut outline, halftone dots behind.
import type { Frame } from '../framing.ts';
import { blur, createRaster, dilate, fromSharp, hexToRgb, toSharp, type Raster } from '../raster.ts';
import { flatColours, inkLines } from './flat-colours.ts';

const PAPER = hexToRgb('#ffe45c');
const DOTS = hexToRgb('#e8463c');
const INK = hexToRgb('#141414');

export async function paintComic(frame: Frame, outputSize: number): Promise<Raster> {
  const { alpha } = frame;
  const { width, height } = frame.rgb;
  const [flat, ink, outline, shade] = await Promise.all([
    flatColours(frame.rgb, 12, 1.6, { saturation: 1.15 }),
    inkLines(frame.rgb, 90),
    dilate(alpha, Math.max(3, Math.round(outputSize * 0.007))),
    fromSharp(
      toSharp(frame.rgb)
        .greyscale()
        .blur(Math.max(2, outputSize / 120)),
    ),
  ]);
  const thickInk = await blur(ink, 0.9);
  const spacing = Math.max(8, Math.round(outputSize / 70));
  const out = createRaster(width, height, 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      // The original background's darkness sets the dot size, so the scene shows through as print.
      const dot = halftoneDot(x, y, spacing, 0.22 + 0.5 * (1 - shade.data[i] / 255));
      const a = alpha.data[i] / 255;
      const line = Math.min(1, (thickInk.data[i] / 255) * 1.5) * a;
      // The person lies over the ink of the cut outline, and the outline over the paper: a soft edge
      // (hair) blends into the ink. Laid over the paper, it let the red dots through as a red line
      // inside the outline, down the dark hair beside Collins's face.
      const ring = outline.data[i] / 255;
      for (let c = 0; c < 3; c++) {
        const paper = DOTS[c] * dot + PAPER[c] * (1 - dot);
        const behind = paper * (1 - ring) + INK[c] * ring;
        const value = flat.data[i * 3 + c] * a + behind * (1 - a);
        out.data[i * 3 + c] = Math.round(value * (1 - line) + INK[c] * line);
      }
    }
  }
  return out;
}

/** Coverage (0..1) of a 45-degree halftone dot of relative radius `radius` at pixel (x, y). */
function halftoneDot(x: number, y: number, spacing: number, radius: number): number {
  const u = (x + y) * Math.SQRT1_2;
  const v = (x - y) * Math.SQRT1_2;
  const du = u - (Math.floor(u / spacing) + 0.5) * spacing;
  const dv = v - (Math.floor(v / spacing) + 0.5) * spacing;
  const distance = Math.sqrt(du * du + dv * dv);
  const edge = radius * spacing;
  return Math.min(1, Math.max(0, edge - distance + 0.5));
}

// Neon: the person in a two-colour duotone on a dark background, outlined by a glowing tube.
import type { Frame } from '../framing.ts';
import {
  blur,
  createRaster,
  dilate,
  hexToRgb,
  luminance,
  maskedPercentiles,
  wideBlur,
  type Raster,
} from '../raster.ts';

const SHADOW = hexToRgb('#1d0752');
const HIGHLIGHT = hexToRgb('#ff6ad5');
const NIGHT = hexToRgb('#07051a');
const TUBE = hexToRgb('#33f3ff');
const TUBE_CORE = hexToRgb('#e6feff');

export async function paintNeon(frame: Frame, outputSize: number): Promise<Raster> {
  const { alpha } = frame;
  const { width, height } = frame.rgb;
  const grown = await dilate(alpha, Math.max(3, Math.round(outputSize * 0.006)));
  const tube = createRaster(width, height, 1);
  for (let i = 0; i < tube.data.length; i++) tube.data[i] = Math.max(0, grown.data[i] - alpha.data[i]);
  const [nearGlow, farGlow] = await Promise.all([blur(tube, outputSize * 0.01), wideBlur(tube, outputSize * 0.035)]);
  // Stretch the person's own tones over the whole duotone, whatever the lighting was.
  const [low, high] = maskedPercentiles(frame.rgb, alpha, [0.03, 0.97]);
  const range = Math.max(1, high - low);

  const out = createRaster(width, height, 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const p = i * 3;
      const t = Math.min(
        1,
        Math.max(0, (luminance(frame.rgb.data[p], frame.rgb.data[p + 1], frame.rgb.data[p + 2]) - low) / range),
      );
      const a = alpha.data[i] / 255;
      // A faint vignette keeps the dark background from looking like a flat fill.
      const dx = x / width - 0.5;
      const dy = y / height - 0.45;
      const vignette = Math.max(0, 1 - 1.6 * Math.sqrt(dx * dx + dy * dy));
      const glow = Math.min(1.2, (nearGlow.data[i] / 255) * 2.2 + (farGlow.data[i] / 255) * 1.6);
      const core = tube.data[i] / 255;
      for (let c = 0; c < 3; c++) {
        const night = NIGHT[c] + 30 * vignette * (c === 2 ? 1 : 0.5);
        const duo = SHADOW[c] + (HIGHLIGHT[c] - SHADOW[c]) * t;
        let value = duo * a + night * (1 - a) + TUBE[c] * glow * (1 - 0.5 * a);
        value = value * (1 - core) + TUBE_CORE[c] * core;
        out.data[p + c] = Math.min(255, Math.round(value));
      }
    }
  }
  return out;
}

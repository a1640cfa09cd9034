// The matte's soft edge un-blended from the photo's backdrop (foreground.ts calls it with its
// fills). An edge pixel is part person, part backdrop: I = αF + (1 - α)B. Where its colour lies on
// the line from the nearby backdrop's colour B̄ to the nearby person's F̄, the equation solved for α
// tells its coverage; where that is less than the matte says, the matte reached past the person's
// outline (the guided filter's window and the last blur spread it a few px over the backdrop).
import type { Raster } from './raster.ts';

/** The colour of a smooth fill at full-size px (x, y), into `out`. */
export type ColourAt = (x: number, y: number, out: number[]) => void;

/** Person and backdrop colours closer than this (RGB distance) cannot tell an edge pixel's coverage. */
const UNBLEND_CONTRAST = 48;
/** How far off the line from backdrop to person a colour may lie, as a share of the line's length. */
const UNBLEND_OFF_LINE = 0.25;
/** The lowering's blur: two box passes of this radius in px (about a Gaussian of 1.6 px). */
const UNBLEND_SMOOTHING = 2;

/** The matte lowered where the edge pixels' colours say they hold less of the person. */
export function lowered(rgb: Raster, alpha: Raster, person: ColourAt, backdrop: ColourAt): Raster {
  const { width, height } = alpha;
  const cut = new Float32Array(width * height);
  const f = [0, 0, 0];
  const b = [0, 0, 0];
  let any = false;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const a8 = alpha.data[i];
      if (a8 === 0 || a8 === 255) continue;
      person(x, y, f);
      backdrop(x, y, b);
      let span = 0;
      let along = 0;
      let from = 0;
      for (let c = 0; c < 3; c++) {
        const d = f[c] - b[c];
        const e = rgb.data[i * 3 + c] - b[c];
        span += d * d;
        along += e * d;
        from += e * e;
      }
      if (span < UNBLEND_CONTRAST * UNBLEND_CONTRAST) continue;
      // Squared distance of the colour from the line, against the line's squared length.
      if (from - (along * along) / span > UNBLEND_OFF_LINE * UNBLEND_OFF_LINE * span) continue;
      const coverage = Math.max(0, Math.min(1, along / span));
      const a = a8 / 255;
      if (coverage < a) {
        cut[i] = a - coverage;
        any = true;
      }
    }
  }
  if (!any) return alpha;
  boxBlur(cut, width, height, UNBLEND_SMOOTHING);
  boxBlur(cut, width, height, UNBLEND_SMOOTHING);
  const data = Buffer.from(alpha.data);
  for (let i = 0; i < data.length; i++) {
    const a8 = alpha.data[i];
    if (a8 === 0 || a8 === 255 || cut[i] === 0) continue;
    data[i] = Math.max(0, Math.round(a8 - 255 * cut[i]));
  }
  return { ...alpha, data };
}

/** In place: a box blur of `radius` px, rows then columns (running sums, edges clamped). */
function boxBlur(values: Float32Array, width: number, height: number, radius: number): void {
  const line = new Float32Array(Math.max(width, height));
  const pass = (count: number, length: number, at: (k: number, j: number) => number) => {
    for (let k = 0; k < count; k++) {
      for (let j = 0; j < length; j++) line[j] = values[at(k, j)];
      let sum = 0;
      for (let j = -radius; j <= radius; j++) sum += line[Math.min(length - 1, Math.max(0, j))];
      for (let j = 0; j < length; j++) {
        values[at(k, j)] = sum / (2 * radius + 1);
        sum += line[Math.min(length - 1, j + radius + 1)] - line[Math.max(0, j - radius)];
      }
    }
  };
  pass(height, width, (y, x) => y * width + x);
  pass(width, height, (x, y) => y * width + x);
}

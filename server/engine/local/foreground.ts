// The person's own colours at the soft edge. Where the matte is between clear and solid, a pixel of
// the photo is part person, part backdrop: I = αF + (1 - α)B. Composited as it is, the old
// backdrop comes along (a dark rim from the Apollo 11 crew's moon inside the sticker's outline, the
// blue of a curtain at the side of a cap). Foreground estimation gives F instead: F̄ and B̄ are
// filled in from the nearest sure person and sure backdrop pixels by pull-push (Gortler et al.
// 1996, the multi-level smooth fill Germer et al. 2021 build their fast estimator on), then each
// edge pixel solves the compositing equation for F near F̄ (the per-pixel step of Germer et al.'s
// multi-level foreground estimation, with their regularisation). O(N), one pass per level.
import type { Raster } from './raster.ts';

/** Alpha at or above this is the person, at or below SURE_BACKDROP the backdrop, as seen by the fill. */
const SURE_PERSON = 250;
const SURE_BACKDROP = 5;
/**
 * How strongly an edge pixel keeps to the nearby person's colour rather than absorbing what the
 * compositing equation leaves over: 0 trusts the equation, larger keeps to F̄. At 0.1 a pixel of
 * 30% coverage takes ~40% of the residual, one of 90% nearly all of it (hair keeps its strands).
 */
const REGULARISATION = 0.1;

/** The person's colours (RGB) where alpha is between clear and solid; the photo elsewhere. */
export function estimateForeground(rgb: Raster, alpha: Raster): Raster {
  const { width, height } = rgb;
  let edge = 0;
  for (let i = 0; i < width * height; i++) if (alpha.data[i] > 0 && alpha.data[i] < 255) edge++;
  if (edge === 0) return rgb;
  // The fills are smooth: they are made at a quarter of the size and read bilinearly (a tenth of the cost).
  const [person, backdrop] = pushFromFull(rgb, alpha).map(pullPush);
  const out = Buffer.from(rgb.data);
  const f = [0, 0, 0];
  const b = [0, 0, 0];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const a8 = alpha.data[i];
      if (a8 === 0 || a8 === 255) continue;
      const a = a8 / 255;
      const gain = a / (REGULARISATION + a * a + (1 - a) * (1 - a));
      readSmall(person, x, y, f);
      readSmall(backdrop, x, y, b);
      for (let c = 0; c < 3; c++) {
        const o = i * 3 + c;
        const residual = rgb.data[o] - a * f[c] - (1 - a) * b[c];
        const value = f[c] + gain * residual;
        out[o] = value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
      }
    }
  }
  return { ...rgb, data: out };
}

/** The small level's colour at full-size pixel (x, y), bilinearly (pixel centres aligned), into `out`. */
function readSmall(level: Level, x: number, y: number, out: number[]): void {
  const u = Math.min(level.width - 1, Math.max(0, (x + 0.5) / FILL_SCALE - 0.5));
  const v = Math.min(level.height - 1, Math.max(0, (y + 0.5) / FILL_SCALE - 0.5));
  const x0 = Math.floor(u);
  const y0 = Math.floor(v);
  const x1 = Math.min(level.width - 1, x0 + 1);
  const y1 = Math.min(level.height - 1, y0 + 1);
  const fx = u - x0;
  const fy = v - y0;
  const { colour, width } = level;
  for (let c = 0; c < 3; c++) {
    const top = colour[(y0 * width + x0) * 3 + c] * (1 - fx) + colour[(y0 * width + x1) * 3 + c] * fx;
    const bottom = colour[(y1 * width + x0) * 3 + c] * (1 - fx) + colour[(y1 * width + x1) * 3 + c] * fx;
    out[c] = top * (1 - fy) + bottom * fy;
  }
}

/** Full-size px per px of the fills' finest level. */
const FILL_SCALE = 4;

/**
 * A level's colours filled in over the whole level, smoothly from the pixels it has (weight):
 * each coarser level averages its 2x2 children by weight (push); back down, a pixel keeps its own
 * colour by its weight and takes the rest from the coarser level, scaled up bilinearly (pull).
 */
function pullPush(finest: Level): Level {
  const levels: Level[] = [finest];
  while (levels.at(-1)!.width > 1 || levels.at(-1)!.height > 1) levels.push(push(levels.at(-1)!));
  for (let k = levels.length - 2; k >= 0; k--) pull(levels[k], levels[k + 1]);
  return finest;
}

/**
 * The finest levels of the two fills straight from the frame's bytes, FILL_SCALE times smaller:
 * the sure person's mean colour per block, and the sure backdrop's, each weighted by its share
 * of the block (weight 1 from a quarter of the block on).
 */
function pushFromFull(rgb: Raster, alpha: Raster): [Level, Level] {
  const { width: W, height: H } = rgb;
  const width = Math.ceil(W / FILL_SCALE);
  const height = Math.ceil(H / FILL_SCALE);
  const levels = [0, 1].map(() => ({
    colour: new Float32Array(width * height * 3),
    weight: new Float32Array(width * height),
    width,
    height,
  }));
  const [person, backdrop] = levels;
  const full = Math.max(1, (FILL_SCALE * FILL_SCALE) / 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let nf = 0;
      let nb = 0;
      for (let v = y * FILL_SCALE; v < Math.min(H, (y + 1) * FILL_SCALE); v++) {
        for (let u = x * FILL_SCALE, j = v * W + u; u < Math.min(W, (x + 1) * FILL_SCALE); u++, j++) {
          const a = alpha.data[j];
          const into = a >= SURE_PERSON ? person : a <= SURE_BACKDROP ? backdrop : null;
          if (!into) continue;
          if (into === person) nf++;
          else nb++;
          into.colour[i * 3] += rgb.data[j * 3];
          into.colour[i * 3 + 1] += rgb.data[j * 3 + 1];
          into.colour[i * 3 + 2] += rgb.data[j * 3 + 2];
        }
      }
      for (const [level, n] of [
        [person, nf],
        [backdrop, nb],
      ] as const) {
        if (n > 0) for (let c = 0; c < 3; c++) level.colour[i * 3 + c] /= n;
        level.weight[i] = Math.min(1, n / full);
      }
    }
  }
  return [person, backdrop];
}

interface Level {
  colour: Float32Array;
  weight: Float32Array;
  width: number;
  height: number;
}

function push(fine: Level): Level {
  const width = Math.ceil(fine.width / 2);
  const height = Math.ceil(fine.height / 2);
  const colour = new Float32Array(width * height * 3);
  const weight = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let w = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let v = 2 * y; v < Math.min(fine.height, 2 * y + 2); v++) {
        for (let u = 2 * x; u < Math.min(fine.width, 2 * x + 2); u++) {
          const j = v * fine.width + u;
          const wj = fine.weight[j];
          if (wj === 0) continue;
          w += wj;
          r += wj * fine.colour[j * 3];
          g += wj * fine.colour[j * 3 + 1];
          b += wj * fine.colour[j * 3 + 2];
        }
      }
      const i = y * width + x;
      if (w > 0) {
        colour[i * 3] = r / w;
        colour[i * 3 + 1] = g / w;
        colour[i * 3 + 2] = b / w;
      }
      weight[i] = Math.min(1, w);
    }
  }
  return { colour, weight, width, height };
}

/** In place: fine = own by weight + coarse (bilinear, pixel centres aligned) for the rest. */
function pull(fine: Level, coarse: Level): void {
  const { width, height } = fine;
  for (let y = 0; y < height; y++) {
    const v = Math.min(coarse.height - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
    const y0 = Math.floor(v);
    const y1 = Math.min(coarse.height - 1, y0 + 1);
    const fy = v - y0;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const w = fine.weight[i];
      if (w >= 1) continue;
      const u = Math.min(coarse.width - 1, Math.max(0, (x + 0.5) / 2 - 0.5));
      const x0 = Math.floor(u);
      const x1 = Math.min(coarse.width - 1, x0 + 1);
      const fx = u - x0;
      const k00 = (y0 * coarse.width + x0) * 3;
      const k01 = (y0 * coarse.width + x1) * 3;
      const k10 = (y1 * coarse.width + x0) * 3;
      const k11 = (y1 * coarse.width + x1) * 3;
      for (let c = 0; c < 3; c++) {
        const top = coarse.colour[k00 + c] + (coarse.colour[k01 + c] - coarse.colour[k00 + c]) * fx;
        const bottom = coarse.colour[k10 + c] + (coarse.colour[k11 + c] - coarse.colour[k10 + c]) * fx;
        const filled = top + (bottom - top) * fy;
        fine.colour[i * 3 + c] = w * fine.colour[i * 3 + c] + (1 - w) * filled;
      }
      fine.weight[i] = 1;
    }
  }
}

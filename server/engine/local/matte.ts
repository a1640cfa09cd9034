// The person's matte at the frame's own resolution. The selfie model's mask is 256 px square, so
// scaled up to a frame it is 5-10 px per mask pixel: thresholded, that is a staircase with holes.
// A guided filter (He, Sun and Tang, "Guided Image Filtering", 2013) fits the mask, window by
// window, as a linear function of the photo's colours, so the edge follows the hair and the
// shoulder the camera saw. The fast variant (He and Sun, "Fast Guided Filter", 2015) fits the
// coefficients on a small copy and only applies them at full size: O(N), a few ms a frame.
import type { Raster } from './raster.ts';

export interface GuidedFilterOptions {
  /** Window radius in px of the small copy. */
  radius: number;
  /** Regularisation in (0..1 colour units)²: larger flattens the matte toward the mask. */
  epsilon: number;
}

/**
 * The mask `smallMask` (one channel, the size of `smallGuide`) refined by the colours of `guide`,
 * returned at the guide's full size as 0..1 values (not clamped). `smallGuide` is `guide` scaled
 * down to the mask's size (RGB).
 */
export function fastGuidedFilter(
  guide: Raster,
  smallGuide: Raster,
  smallMask: Raster,
  { radius, epsilon }: GuidedFilterOptions,
): Float32Array {
  const { width: w, height: h } = smallGuide;
  const n = w * h;
  const planes = 13;
  // Products first, then all their window means: I (3), p, I·p (3), I·Iᵀ (6 distinct).
  const raw = Array.from({ length: planes }, () => new Float32Array(n));
  const [r, g, b, p, rp, gp, bp, rr, rg, rb, gg, gb, bb] = raw;
  for (let i = 0, o = 0; i < n; i++, o += smallGuide.channels) {
    const R = smallGuide.data[o] / 255;
    const G = smallGuide.data[o + 1] / 255;
    const B = smallGuide.data[o + 2] / 255;
    const P = smallMask.data[i * smallMask.channels] / 255;
    r[i] = R;
    g[i] = G;
    b[i] = B;
    p[i] = P;
    rp[i] = R * P;
    gp[i] = G * P;
    bp[i] = B * P;
    rr[i] = R * R;
    rg[i] = R * G;
    rb[i] = R * B;
    gg[i] = G * G;
    gb[i] = G * B;
    bb[i] = B * B;
  }
  const scratch = new Float32Array(n);
  for (const plane of raw) boxMean(plane, w, h, radius, scratch);

  // Per window: a = (Σ + εU)⁻¹ cov(I, p), b = mean(p) - a·mean(I). Σ is symmetric 3x3.
  const ar = new Float32Array(n);
  const ag = new Float32Array(n);
  const ab = new Float32Array(n);
  const bc = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const mr = r[i],
      mg = g[i],
      mb = b[i],
      mp = p[i];
    const cr = rp[i] - mr * mp,
      cg = gp[i] - mg * mp,
      cb = bp[i] - mb * mp;
    const s00 = rr[i] - mr * mr + epsilon,
      s01 = rg[i] - mr * mg,
      s02 = rb[i] - mr * mb;
    const s11 = gg[i] - mg * mg + epsilon,
      s12 = gb[i] - mg * mb,
      s22 = bb[i] - mb * mb + epsilon;
    // Inverse by cofactors: the matrix is positive definite thanks to ε.
    const i00 = s11 * s22 - s12 * s12,
      i01 = s02 * s12 - s01 * s22,
      i02 = s01 * s12 - s02 * s11;
    const i11 = s00 * s22 - s02 * s02,
      i12 = s01 * s02 - s00 * s12,
      i22 = s00 * s11 - s01 * s01;
    const det = s00 * i00 + s01 * i01 + s02 * i02;
    const a0 = (i00 * cr + i01 * cg + i02 * cb) / det;
    const a1 = (i01 * cr + i11 * cg + i12 * cb) / det;
    const a2 = (i02 * cr + i12 * cg + i22 * cb) / det;
    ar[i] = a0;
    ag[i] = a1;
    ab[i] = a2;
    bc[i] = mp - a0 * mr - a1 * mg - a2 * mb;
  }
  // Each pixel lies in many windows: average their coefficients, then apply them at full size.
  // The mask's own window mean (p, once more averaged) bounds where the matte may differ from the
  // mask: far from any of the mask's edges, background the colours of the person would otherwise
  // leave specks and a veil, and a dark patch inside the person a hole.
  for (const plane of [ar, ag, ab, bc, p]) boxMean(plane, w, h, radius, scratch);
  return applyUpsampled(guide, [ar, ag, ab, bc, p], w, h);
}

/** Mask window means below this are clear background, above SURE_PERSON the person, whatever the colours say. */
const SURE_BACKGROUND = 0.02;
const SURE_PERSON = 0.98;

/**
 * In place: the mean over the (2r+1)² window around each pixel, clipped at the borders (so the
 * edge of the frame is not pulled toward zero). Two running-sum passes: O(N) whatever r is.
 */
export function boxMean(plane: Float32Array, w: number, h: number, r: number, scratch: Float32Array): void {
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let sum = 0;
    for (let x = 0; x < Math.min(r, w); x++) sum += plane[row + x];
    for (let x = 0; x < w; x++) {
      if (x + r < w) sum += plane[row + x + r];
      if (x - r - 1 >= 0) sum -= plane[row + x - r - 1];
      scratch[row + x] = sum / (Math.min(w - 1, x + r) - Math.max(0, x - r) + 1);
    }
  }
  for (let x = 0; x < w; x++) {
    let sum = 0;
    for (let y = 0; y < Math.min(r, h); y++) sum += scratch[y * w + x];
    for (let y = 0; y < h; y++) {
      if (y + r < h) sum += scratch[(y + r) * w + x];
      if (y - r - 1 >= 0) sum -= scratch[(y - r - 1) * w + x];
      plane[y * w + x] = sum / (Math.min(h - 1, y + r) - Math.max(0, y - r) + 1);
    }
  }
}

/** q = a·I + b at full size, the coefficient planes scaled up bilinearly (pixel centres aligned); the mask's mean decides far from its edges. */
function applyUpsampled(guide: Raster, coefficients: Float32Array[], w: number, h: number): Float32Array {
  const { width: W, height: H, channels } = guide;
  const x0 = new Int32Array(W);
  const fx = new Float32Array(W);
  for (let x = 0; x < W; x++) {
    const u = Math.min(w - 1, Math.max(0, ((x + 0.5) * w) / W - 0.5));
    x0[x] = Math.floor(u);
    fx[x] = u - x0[x];
  }
  const rows = coefficients.map(() => new Float32Array(w + 1));
  const out = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    const v = Math.min(h - 1, Math.max(0, ((y + 0.5) * h) / H - 0.5));
    const y0 = Math.floor(v);
    const y1 = Math.min(h - 1, y0 + 1);
    const fy = v - y0;
    coefficients.forEach((plane, k) => {
      const row = rows[k];
      for (let x = 0; x < w; x++) row[x] = plane[y0 * w + x] * (1 - fy) + plane[y1 * w + x] * fy;
      // One spare column, so a one-pixel-wide copy needs no special case.
      row[w] = row[w - 1];
    });
    const [ar, ag, ab, bc, pm] = rows;
    for (let x = 0, o = y * W * channels; x < W; x++, o += channels) {
      const a = x0[x];
      const t = fx[x];
      const mean = pm[a] + (pm[a + 1] - pm[a]) * t;
      if (mean < SURE_BACKGROUND || mean > SURE_PERSON) {
        out[y * W + x] = mean < SURE_BACKGROUND ? 0 : 1;
        continue;
      }
      const kr = ar[a] + (ar[a + 1] - ar[a]) * t;
      const kg = ag[a] + (ag[a + 1] - ag[a]) * t;
      const kb = ab[a] + (ab[a + 1] - ab[a]) * t;
      const k0 = bc[a] + (bc[a + 1] - bc[a]) * t;
      out[y * W + x] = (kr * guide.data[o] + kg * guide.data[o + 1] + kb * guide.data[o + 2]) / 255 + k0;
    }
  }
  return out;
}

/**
 * The filtered matte as alpha 0..255: values between MATTE_CLEAR and MATTE_SOLID ramp smoothly
 * from clear to solid. The filter leaves a faint veil (a few %) over background that shares the
 * person's colours, and a slight dip inside: the ramp removes both but keeps hair's partial
 * coverage, which lies in between.
 */
export function matteAlpha(matte: Float32Array, width: number, height: number): Raster {
  const data = Buffer.alloc(width * height);
  const span = MATTE_SOLID - MATTE_CLEAR;
  for (let i = 0; i < data.length; i++) {
    const t = Math.min(1, Math.max(0, (matte[i] - MATTE_CLEAR) / span));
    data[i] = Math.round(t * t * (3 - 2 * t) * 255);
  }
  return { data, width, height, channels: 1 };
}

const MATTE_CLEAR = 0.2;
const MATTE_SOLID = 0.8;

/**
 * Drops opaque islands (8-connected, alpha >= 50%) smaller than `minShare` of the largest one,
 * with their soft rim: slivers the matte cut from the person where the frame's edge or a thin
 * sleeve meets background of the same colours. An island left in a sticker would get its own
 * white outline. In place; costs one pass over the frame when there is nothing to drop.
 */
export function dropIslands(alpha: Raster, minShare: number): void {
  const { width: w, height: h, data } = alpha;
  const labels = new Int32Array(w * h);
  const areas: number[] = [0];
  const stack = new Int32Array(w * h);
  for (let start = 0; start < labels.length; start++) {
    if (labels[start] !== 0 || data[start] < 128) continue;
    const label = areas.length;
    let area = 0;
    let top = 0;
    stack[top++] = start;
    labels[start] = label;
    while (top > 0) {
      const at = stack[--top];
      area++;
      const x = at % w;
      for (let dy = -w; dy <= w; dy += w) {
        for (let dx = -1; dx <= 1; dx++) {
          if ((dx < 0 && x === 0) || (dx > 0 && x === w - 1)) continue;
          const next = at + dy + dx;
          if (next < 0 || next >= labels.length || labels[next] !== 0 || data[next] < 128) continue;
          labels[next] = label;
          stack[top++] = next;
        }
      }
    }
    areas.push(area);
  }
  const largest = Math.max(0, ...areas);
  const dropped = new Set(areas.flatMap((area, label) => (label > 0 && area < largest * minShare ? [label] : [])));
  if (dropped.size === 0) return;
  for (let i = 0; i < labels.length; i++) if (dropped.has(labels[i])) data[i] = 0;
  // The rim: soft pixels with no kept opaque pixel within 2 px belonged to a dropped island.
  const RIM = 2;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (data[i] === 0 || data[i] >= 128) continue;
      let kept = false;
      for (let v = Math.max(0, y - RIM); v <= Math.min(h - 1, y + RIM) && !kept; v++) {
        for (let u = Math.max(0, x - RIM); u <= Math.min(w - 1, x + RIM); u++) {
          if (data[v * w + u] >= 128) {
            kept = true;
            break;
          }
        }
      }
      if (!kept) data[i] = 0;
    }
  }
}

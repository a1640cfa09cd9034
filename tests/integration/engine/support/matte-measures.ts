// Measurements of a person's matte (issue 21): how much of its outline is staircase, and whether
// every opaque part of it hangs together with a person found in the photo.

/** A one-channel view of a matte: alpha 0..255 at data[i * stride + offset]. */
export interface Matte {
  data: Uint8Array;
  width: number;
  height: number;
  /** Bytes per pixel (1 for a mask, 4 for RGBA), and where alpha sits in a pixel. */
  stride?: number;
  offset?: number;
}

const OPAQUE = 128;

function inside(matte: Matte): Uint8Array {
  const { width, height, stride = 1, offset = 0 } = matte;
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = matte.data[i * stride + offset] >= OPAQUE ? 1 : 0;
  return mask;
}

/** A stair's tread and riser are each at least this long, in px. */
export const STAIR_STEP = 3;

/**
 * The share of the outline that is a staircase: the outline is followed as cracks between an
 * opaque pixel (alpha >= 50%) and a clear one, grouped into straight horizontal and vertical runs;
 * a run of STAIR_STEP px or more that meets, at its end, a perpendicular run of STAIR_STEP px or
 * more is a stair (a tread and a riser), and counts whole. A smooth digital curve at any angle
 * never has that: one of two runs that meet is a single px (it steps by one px at a time). The
 * upscaled mask does, wherever its pixels show through (5-10 px each at the frame's size).
 */
export function stairShare(matte: Matte): number {
  const { width: w, height: h } = matte;
  const mask = inside(matte);
  const opaque = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && mask[y * w + x] === 1;
  const point = (x: number, y: number) => y * (w + 1) + x;
  const runs: { length: number; horizontal: boolean; ends: [number, number] }[] = [];
  let total = 0;
  // Cracks between rows y-1 and y (horizontal runs), then between columns x-1 and x (vertical);
  // the frame's own border is not an outline. A crack's side (+1, -1) says which way is out.
  for (const horizontal of [true, false]) {
    const lines = horizontal ? h : w;
    const length = horizontal ? w : h;
    for (let line = 1; line < lines; line++) {
      let start = -1;
      let side = 0;
      for (let k = 0; k <= length; k++) {
        const [x, y] = horizontal ? [k, line] : [line, k];
        const here = k === length ? 0 : Number(opaque(x, y)) - Number(horizontal ? opaque(x, y - 1) : opaque(x - 1, y));
        if (here !== 0) total++;
        if (start >= 0 && here !== side) {
          const ends: [number, number] = horizontal
            ? [point(start, line), point(k, line)]
            : [point(line, start), point(line, k)];
          runs.push({ length: k - start, horizontal, ends });
          start = -1;
        }
        if (here !== 0 && start < 0) [start, side] = [k, here];
      }
    }
  }
  const atPoint = new Map<number, typeof runs>();
  for (const run of runs) for (const end of run.ends) atPoint.set(end, [...(atPoint.get(end) ?? []), run]);
  let stairs = 0;
  for (const run of runs) {
    if (run.length < STAIR_STEP) continue;
    const riser = run.ends.some((end) =>
      atPoint.get(end)!.some((other) => other.horizontal !== run.horizontal && other.length >= STAIR_STEP),
    );
    if (riser) stairs += run.length;
  }
  return total === 0 ? 0 : stairs / total;
}

/**
 * The opaque regions (8-connected) of the matte, each as its pixel count and whether it holds a
 * point of `anchors` (e.g. the faces' centres), and whether it reaches the frame's border.
 */
export function opaqueRegions(
  matte: Matte,
  anchors: { x: number; y: number }[],
): { area: number; anchored: boolean; atBorder: boolean }[] {
  const { width, height } = matte;
  const mask = inside(matte);
  const labels = new Int32Array(width * height);
  const regions: { area: number; anchored: boolean; atBorder: boolean }[] = [];
  const stack: number[] = [];
  for (let start = 0; start < labels.length; start++) {
    if (!mask[start] || labels[start]) continue;
    const label = regions.length + 1;
    let area = 0;
    let atBorder = false;
    labels[start] = label;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop() as number;
      area++;
      const x = i % width;
      const y = (i - x) / width;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) atBorder = true;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const n = ny * width + nx;
          if (mask[n] && !labels[n]) {
            labels[n] = label;
            stack.push(n);
          }
        }
      }
    }
    regions.push({ area, anchored: false, atBorder });
  }
  for (const { x, y } of anchors) {
    const label = labels[Math.round(y) * width + Math.round(x)];
    if (label) regions[label - 1].anchored = true;
  }
  return regions;
}

/** Whether the matte is opaque at (x, y). */
export function opaqueAt(matte: Matte, x: number, y: number): boolean {
  const { width, stride = 1, offset = 0 } = matte;
  return matte.data[(Math.round(y) * width + Math.round(x)) * stride + offset] >= OPAQUE;
}

/** Three channels (RGB) at data[i * channels]. */
export interface Colours {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

/** The window around an edge pixel where its nearby backdrop and person are looked for, in px either side. */
export const EDGE_WINDOW = 6;
/** Person and backdrop colours closer than this (RGB distance) cannot tell one share from the other. */
const DISTINCT = 40;

/**
 * How much of the old backdrop the painted colours carry in the matte's soft edge (alpha 5-95%):
 * for each edge pixel, its colour in `painted` is placed on the line from the photo's nearby
 * backdrop (mean of the clear pixels within EDGE_WINDOW) to its nearby person (mean of the solid
 * ones), 1 at the backdrop, 0 at the person, clamped; the mean over the edge. The photo's own
 * edge pixels, αF + (1 - α)B, score about the mean of 1 - α, near 0.5; colours taken from the
 * person, near 0. Edge pixels without both sides nearby, or with the two alike, do not count.
 */
export function backdropShare(photo: Colours, painted: Colours, matte: Matte): { share: number; counted: number } {
  const { width: w, height: h, stride = 1, offset = 0 } = matte;
  const a = (i: number) => matte.data[i * stride + offset];
  // Summed-area tables of the clear and solid pixels' colours and counts.
  const tables = [0, 255].map((level) => {
    const sums = new Float64Array((w + 1) * (h + 1) * 4);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const on = a(i) === level ? 1 : 0;
        const at = ((y + 1) * (w + 1) + x + 1) * 4;
        const up = (y * (w + 1) + x + 1) * 4;
        const left = ((y + 1) * (w + 1) + x) * 4;
        const diag = (y * (w + 1) + x) * 4;
        for (let c = 0; c < 4; c++) {
          const value = c < 3 ? on * photo.data[i * photo.channels + c] : on;
          sums[at + c] = value + sums[up + c] + sums[left + c] - sums[diag + c];
        }
      }
    }
    return sums;
  });
  const mean = (sums: Float64Array, x: number, y: number): number[] | null => {
    const [x0, y0, x1, y1] = [
      Math.max(0, x - EDGE_WINDOW),
      Math.max(0, y - EDGE_WINDOW),
      Math.min(w, x + EDGE_WINDOW + 1),
      Math.min(h, y + EDGE_WINDOW + 1),
    ];
    const total = (c: number) =>
      sums[(y1 * (w + 1) + x1) * 4 + c] -
      sums[(y0 * (w + 1) + x1) * 4 + c] -
      sums[(y1 * (w + 1) + x0) * 4 + c] +
      sums[(y0 * (w + 1) + x0) * 4 + c];
    const count = total(3);
    return count < 3 ? null : [0, 1, 2].map((c) => total(c) / count);
  };
  let sum = 0;
  let counted = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (a(i) < 13 || a(i) > 242) continue;
      const backdrop = mean(tables[0], x, y);
      const person = mean(tables[1], x, y);
      if (!backdrop || !person) continue;
      const axis = person.map((value, c) => value - backdrop[c]);
      const length2 = axis.reduce((s, v) => s + v * v, 0);
      if (length2 < DISTINCT * DISTINCT) continue;
      const colour = [0, 1, 2].map((c) => painted.data[i * painted.channels + c]);
      const t = colour.reduce((s, v, c) => s + (v - backdrop[c]) * axis[c], 0) / length2;
      sum += Math.min(1, Math.max(0, 1 - t));
      counted++;
    }
  }
  return { share: counted === 0 ? 0 : sum / counted, counted };
}

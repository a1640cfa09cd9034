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
/** A straight run this long is a step of the staircase (issue 21). */
export const STRAIGHT_RUN = 8;

function inside(matte: Matte): Uint8Array {
  const { width, height, stride = 1, offset = 0 } = matte;
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = matte.data[i * stride + offset] >= OPAQUE ? 1 : 0;
  return mask;
}

/** The four sides an outline can face: the direction along it, and the way out. */
const SIDES = [
  { along: [1, 0], out: [0, -1] },
  { along: [1, 0], out: [0, 1] },
  { along: [0, 1], out: [-1, 0] },
  { along: [0, 1], out: [1, 0] },
] as const;
/**
 * The share of the outline's pixels (opaque pixels with a transparent 4-neighbour; the frame's
 * own border is not an outline) that lie on a straight horizontal or vertical run of at least
 * STRAIGHT_RUN px: along a run, every pixel has the outside on the same side. The upscaled mask's
 * staircase is made of such runs; so is any outline where it is nearly level or upright.
 */
export function straightEdgeShare(matte: Matte): number {
  const { width, height } = matte;
  const mask = inside(matte);
  // Outside the frame counts as inside: the frame's border is not the person's outline.
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= width || y >= height ? 1 : mask[y * width + x]);
  let edges = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (mask[y * width + x] && (!at(x, y - 1) || !at(x, y + 1) || !at(x - 1, y) || !at(x + 1, y))) edges++;
    }
  }
  if (edges === 0) return 0;
  const straight = new Uint8Array(width * height);
  const onSide = (x: number, y: number, ox: number, oy: number) => mask[y * width + x] === 1 && !at(x + ox, y + oy);
  for (const { along: [ax], out: [ox, oy] } of SIDES) {
    const lines = ax ? height : width;
    const length = ax ? width : height;
    for (let line = 0; line < lines; line++) {
      let start = -1;
      for (let k = 0; k <= length; k++) {
        const x = ax ? k : line;
        const y = ax ? line : k;
        const on = k < length && onSide(x, y, ox, oy);
        if (on && start < 0) start = k;
        if (on || start < 0) continue;
        if (k - start >= STRAIGHT_RUN) {
          for (let j = start; j < k; j++) straight[ax ? line * width + j : j * width + line] = 1;
        }
        start = -1;
      }
    }
  }
  let count = 0;
  for (let i = 0; i < straight.length; i++) count += straight[i];
  return count / edges;
}

/**
 * The opaque regions (8-connected) of the matte, each as its pixel count and whether it holds a
 * point of `anchors` (e.g. the faces' centres), and whether it reaches the frame's border.
 */
export function opaqueRegions(matte: Matte, anchors: { x: number; y: number }[]): { area: number; anchored: boolean; atBorder: boolean }[] {
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

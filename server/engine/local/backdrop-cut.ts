// How the backdrop beside the heads is cut once the photo's colours have voted (head-room.ts): the
// votes are smoothed into a soft cut, a blend of two of the person's own colours is not taken for
// backdrop, and backdrop of one colour is followed from where it was cut into the pockets the
// votes could not reach. All in the person mask's square (SEGMENTATION_SIZE px).
import type { Raster } from './raster.ts';

/** A doubtful pixel's vote: 0 not doubtful, KEEP, or DROP. */
export const KEEP = 1;
export const DROP = 2;

/** The colour decision is made per pixel; it is smoothed over this many px either side before it cuts. */
const CUT_RADIUS = 2;

/**
 * Lowers the mask where the votes say backdrop, softly: the share of backdrop votes among the
 * doubtful pixels around each one (a square of CUT_RADIUS either side) fades the mask from a
 * quarter (kept whole) to three quarters (cleared), so lone pixels of either colour do not notch
 * the outline and the cut has a soft edge instead of a pixel staircase (the matte scales it up).
 */
export function softCut(mask: Uint8Array, votes: Uint8Array, doubtful: readonly number[], size: number): void {
  const keep = new Float32Array(doubtful.length);
  doubtful.forEach((i, k) => {
    const x = i % size;
    const y = (i - x) / size;
    let dropped = 0;
    let counted = 0;
    for (let v = Math.max(0, y - CUT_RADIUS); v <= Math.min(size - 1, y + CUT_RADIUS); v++) {
      for (let u = Math.max(0, x - CUT_RADIUS); u <= Math.min(size - 1, x + CUT_RADIUS); u++) {
        const vote = votes[v * size + u];
        if (vote === 0) continue;
        dropped += vote - 1;
        counted++;
      }
    }
    keep[k] = Math.min(1, Math.max(0, 1.5 - (2 * dropped) / counted));
  });
  doubtful.forEach((i, k) => {
    mask[i] = Math.round(mask[i] * keep[k]);
  });
}

/** The model's mask from this (50%) is the person where a pixel is not itself doubtful. */
const PERSON = 128;

/**
 * In place: a backdrop vote is turned to keep where the pixel lies between two of the person's
 * pixels, left and right or above and below, and its colour between theirs, which differ by at
 * least BLEND_CONTRAST: it is a blend of two of the person's colours (a cheek's shadow and the
 * dark hair beside it mix to the moon's grey at the mask's size). Cut, it left a gap down the side
 * of Collins's face, the hair beyond it half-transparent and the comic's red paper showing
 * through beside his face.
 */
export function keepBlends(
  mask: Uint8Array,
  colours: Raster,
  votes: Uint8Array,
  doubtful: readonly number[],
  size: number,
): void {
  const person = (j: number) => mask[j] >= PERSON && votes[j] !== DROP;
  const blendOf = (i: number, a: number, b: number) => {
    if (!person(a) || !person(b)) return false;
    const { data, channels: n } = colours;
    let contrast = 0;
    for (let c = 0; c < 3; c++) {
      const [low, high] = [Math.min(data[a * n + c], data[b * n + c]), Math.max(data[a * n + c], data[b * n + c])];
      if (data[i * n + c] < low - BLEND_SLACK || data[i * n + c] > high + BLEND_SLACK) return false;
      contrast = Math.max(contrast, high - low);
    }
    return contrast >= BLEND_CONTRAST;
  };
  const turned = doubtful.filter((i) => {
    if (votes[i] !== DROP) return false;
    const x = i % size;
    const across = x > 0 && x < size - 1 && blendOf(i, i - 1, i + 1);
    return across || (i >= size && i < size * (size - 1) && blendOf(i, i - size, i + size));
  });
  for (const i of turned) votes[i] = KEEP;
}

/** The two colours of a blend differ by this much in some channel (skin and dark hair: 100 or more)... */
const BLEND_CONTRAST = 48;
/** ...and the blend lies between them, give or take this much in each channel. */
const BLEND_SLACK = 8;

/**
 * Largest difference, in any channel, between a pixel and the backdrop it was reached from, for it
 * to be the same backdrop: the moon's shadowed side (40-58 grey beside Aldrin's face) is one
 * backdrop with the moon cut above it; a helmet's navy ring or brown hair is further away.
 */
const SAME_BACKDROP = 16;

/**
 * From every `seed` (backdrop the cut has cleared or the model left out, of a colour the backdrop
 * model holds), the 4-connected pixels `joins` allows whose colour is within SAME_BACKDROP of that
 * seed's (not of the neighbour's, so the fill does not drift through a soft edge into the
 * person), cleared softly (softClear). Reaches backdrop the votes kept because its colour is as
 * likely in the person (the dark moon between Collins's arm and Aldrin's face, below where
 * colours vote) or the smoothing kept (a wisp of lit moon above Armstrong's hair).
 */
export function followBackdrop(
  mask: Uint8Array,
  colours: Raster,
  seeds: readonly number[],
  joins: (i: number) => boolean,
  size: number,
): void {
  // Each pixel reached remembers the seed it was reached from; the queue is breadth first.
  const reference = new Int32Array(size * size).fill(-1);
  const queue = new Int32Array(size * size);
  let tail = 0;
  for (const seed of seeds) {
    if (reference[seed] !== -1) continue;
    reference[seed] = seed;
    queue[tail++] = seed;
  }
  const seeded = tail;
  const { data, channels } = colours;
  for (let head = 0; head < tail; head++) {
    const at = queue[head];
    const ref = reference[at] * channels;
    const x = at % size;
    for (const next of [x > 0 ? at - 1 : -1, x < size - 1 ? at + 1 : -1, at - size, at + size]) {
      if (next < 0 || next >= mask.length || reference[next] !== -1 || mask[next] === 0 || !joins(next)) continue;
      const o = next * channels;
      const difference = Math.max(
        Math.abs(data[o] - data[ref]),
        Math.abs(data[o + 1] - data[ref + 1]),
        Math.abs(data[o + 2] - data[ref + 2]),
      );
      if (difference > SAME_BACKDROP) continue;
      reference[next] = reference[at];
      queue[tail++] = next;
    }
  }
  softClear(mask, queue.subarray(0, tail), seeded, size);
}

/**
 * The followed backdrop's cut is smoothed over this many px either side: wider than the votes'
 * (CUT_RADIUS), as the fill's edge is a pixel outline; at CUT_RADIUS it left stairs in the matte
 * where the moon between Collins's arm and Aldrin's face was cleared (tests/integration/engine/matte.test.ts).
 */
const CLEAR_RADIUS = 3;

/**
 * Clears the backdrop the fill reached (`clear`, its first `seeded` the seeds) as softCut fades
 * its votes: each pixel near what was reached keeps its mask by the share of backdrop in the
 * square of CLEAR_RADIUS around it (a quarter or less kept whole, three quarters or more cleared),
 * so the pocket's outline is soft, not a pixel staircase.
 */
function softClear(mask: Uint8Array, clear: Int32Array, seeded: number, size: number): void {
  if (clear.length === seeded) return;
  const isReached = new Uint8Array(size * size);
  for (const i of clear) isReached[i] = 1;
  const near = new Set<number>();
  for (const i of clear.subarray(seeded)) {
    const x = i % size;
    const y = (i - x) / size;
    for (let v = Math.max(0, y - CLEAR_RADIUS); v <= Math.min(size - 1, y + CLEAR_RADIUS); v++) {
      for (let u = Math.max(0, x - CLEAR_RADIUS); u <= Math.min(size - 1, x + CLEAR_RADIUS); u++)
        near.add(v * size + u);
    }
  }
  const keep = new Map<number, number>();
  for (const i of near) {
    const x = i % size;
    const y = (i - x) / size;
    let count = 0;
    let counted = 0;
    for (let v = Math.max(0, y - CLEAR_RADIUS); v <= Math.min(size - 1, y + CLEAR_RADIUS); v++) {
      for (let u = Math.max(0, x - CLEAR_RADIUS); u <= Math.min(size - 1, x + CLEAR_RADIUS); u++) {
        count += isReached[v * size + u];
        counted++;
      }
    }
    keep.set(i, Math.min(1, Math.max(0, 1.5 - (2 * count) / counted)));
  }
  for (const [i, k] of keep) mask[i] = Math.round(mask[i] * k);
}

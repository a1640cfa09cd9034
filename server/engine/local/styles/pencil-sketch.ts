// Pencil sketch: a graphite drawing of the person on textured paper. The classic "colour dodge"
// of the picture by its own blur leaves white where tones are flat and dark strokes at edges.
import type { Frame } from '../framing.ts';
import { blur, createRaster, fromSharp, hexToRgb, toSharp, wideBlur, type Raster } from '../raster.ts';

const PAPER = hexToRgb('#f4efe4');
const GRAPHITE = hexToRgb('#2e3036');
/** How much of the drawing is kept outside the person: a light sketch of the room. */
const BACKGROUND_STRENGTH = 0.18;
/**
 * Added to both sides of the dodge's ratio: in dark fabric (grey levels 10-40) a few levels of
 * sensor and JPEG noise swung the plain ratio grey / blur by half, and its sixth power drew each
 * swing as a dot: salt and pepper. With the floor a dark area needs an edge of several tens of
 * levels to draw a line, as a bright one does.
 */
const DARK_FLOOR = 90;

export async function paintPencilSketch(frame: Frame, outputSize: number): Promise<Raster> {
  const { width, height } = frame.rgb;
  // A light blur first: the dodge amplifies sensor noise into scribbles on dark fabric. A sigma of
  // 1.3 px at 1024 (was 0.7) and the dark floor below leave Grace Hopper's jacket a speckle of
  // 0.068 (was 0.730); a median of 5 did no better (0.078) for +110 ms CPU a job.
  const grey = await fromSharp(
    toSharp(frame.rgb)
      .greyscale()
      .normalise({ lower: 2, upper: 98 })
      .blur(Math.max(0.6, outputSize / 800)),
  );
  const [smooth, tone, alpha] = await Promise.all([
    blur(grey, Math.max(3, outputSize / 110)),
    wideBlur(grey, Math.max(6, outputSize / 40)),
    blur(frame.alpha, outputSize / 150),
  ]);
  const grainSoft = await paperGrain(width, height);
  const out = createRaster(width, height, 3);
  for (let i = 0; i < width * height; i++) {
    const dodge = Math.min(1, (grey.data[i] + DARK_FLOOR) / (smooth.data[i] + DARK_FLOOR));
    // Lines get darker with a power curve; broad shading comes from the heavily blurred tone.
    const dodge2 = dodge * dodge;
    const lines = 1 - dodge2 * dodge2 * dodge2;
    const depth = 1 - tone.data[i] / 255;
    const shading = 0.35 * depth * Math.sqrt(depth);
    const a = alpha.data[i] / 255;
    const strength = a + (1 - a) * BACKGROUND_STRENGTH;
    // Graphite catches on the paper's grain: the texture shows through the strokes.
    const texture = 0.85 + 0.3 * (grainSoft.data[i] / 255);
    const dark = Math.min(1, (lines + shading) * strength * texture);
    const paperShade = 0.96 + 0.04 * (grainSoft.data[i] / 255);
    for (let c = 0; c < 3; c++)
      out.data[i * 3 + c] = Math.round(PAPER[c] * paperShade * (1 - dark) + GRAPHITE[c] * dark);
  }
  return out;
}

const grainSheets = new Map<string, Promise<Raster>>();

/** Deterministic paper grain: the same sheet for every job (made once per size), so results are reproducible. */
function paperGrain(width: number, height: number): Promise<Raster> {
  const key = `${width}x${height}`;
  let sheet = grainSheets.get(key);
  if (!sheet) {
    const grain = createRaster(width, height, 1);
    let seed = 0x2f6b1d;
    for (let i = 0; i < grain.data.length; i++) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      grain.data[i] = seed >>> 24;
    }
    sheet = blur(grain, 0.7);
    // Output sizes are few (one per aspect); keep the cache from growing with odd sizes.
    if (grainSheets.size > 8) grainSheets.clear();
    grainSheets.set(key, sheet);
  }
  return sheet;
}

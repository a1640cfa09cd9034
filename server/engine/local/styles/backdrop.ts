// The scene a guest is placed into: the tenant's backdrop (uploaded in the console, checked and
// stored as a JPEG there), cropped to fill the picture, or without one the booth's own studio
// scene, drawn here. Each comes with a blurred copy, the scene's light as it would bleed around
// a person standing in it (the light wrap). Both are kept per worker by file or key and size:
// a tenant's every job uses the same backdrop, so only a worker's first job pays for the decode.
import fs from 'node:fs';
import sharp from 'sharp';
import type { SceneImage } from '../../engine.ts';
import { fromSharp, wideBlur, type Raster } from '../raster.ts';

export interface Backdrop {
  /** RGB at the picture's size. */
  image: Raster;
  /** The same, blurred: the scene's light around a point. */
  light: Raster;
  /** True for the booth's own scene (no backdrop, or one that could not be read). */
  builtIn: boolean;
}

/** Backdrops kept per worker: a few tenants at an event, each at the one size of the style. */
const MAX_KEPT = 4;
const kept = new Map<string, { stamp: string; backdrop: Promise<Backdrop> }>();
/** Pixels a backdrop may have: what the console accepts (BOOTH_MAX_PIXELS' default). */
const MAX_PIXELS = 40_000_000;

/** The blur of the scene's light, as a share of the picture's height. */
const LIGHT_BLUR_SHARE = 0.02;

/** The scene at width x height: the tenant's, else the booth's own (also when the tenant's cannot be read). */
export function loadBackdrop(scene: SceneImage | undefined, width: number, height: number): Promise<Backdrop> {
  const source = sourceOf(scene);
  const cacheKey = `${width}x${height} ${source?.name ?? 'built-in'}`;
  const known = kept.get(cacheKey);
  if (known && known.stamp === source?.stamp) return known.backdrop;
  const backdrop = (source ? decodeScene(source.input, width, height).catch(() => null) : Promise.resolve(null)).then(
    async (image) => withLight(image ?? (await builtInScene(width, height)), image === null, height),
  );
  if (kept.size >= MAX_KEPT && !kept.has(cacheKey)) kept.delete(kept.keys().next().value!);
  kept.set(cacheKey, { stamp: source?.stamp ?? '', backdrop });
  return backdrop;
}

/** A path is checked against its size and time (an operator's new upload is a new name anyway); stored bytes by their key. */
function sourceOf(scene: SceneImage | undefined): { name: string; stamp: string; input: string | Buffer } | null {
  if (scene === undefined) return null;
  if (typeof scene !== 'string')
    return {
      name: `store:${scene.key}`,
      stamp: '',
      input: Buffer.from(scene.data.buffer, scene.data.byteOffset, scene.data.byteLength),
    };
  try {
    const stat = fs.statSync(scene);
    return { name: scene, stamp: `${stat.size} ${stat.mtimeMs}`, input: scene };
  } catch {
    return null;
  }
}

async function decodeScene(input: string | Buffer, width: number, height: number): Promise<Raster> {
  return fromSharp(
    sharp(input, { failOn: 'error', limitInputPixels: MAX_PIXELS, autoOrient: true })
      .resize(width, height, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb'),
  );
}

async function withLight(image: Raster, builtIn: boolean, height: number): Promise<Backdrop> {
  return { image, light: await wideBlur(image, Math.max(2, height * LIGHT_BLUR_SHARE)), builtIn };
}

/**
 * The booth's own scene: a studio corner in soft daylight (a cool wall lit from the upper left,
 * window light falling across it, a warm wooden floor). Drawn from an SVG by sharp, so nothing
 * with a licence is shipped.
 */
export async function builtInScene(width: number, height: number): Promise<Raster> {
  // In the drawing's own units (100 x 125, stretched to the picture): the floor starts at 80%.
  const floor = 100;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 100 125" preserveAspectRatio="none">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0.3" y2="1">
      <stop offset="0" stop-color="#50708c"/><stop offset="0.7" stop-color="#9bb8c8"/><stop offset="1" stop-color="#b9ccd3"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.28" cy="0.22" r="0.75">
      <stop offset="0" stop-color="#fff6e0" stop-opacity="0.55"/><stop offset="1" stop-color="#fff6e0" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#a98562"/><stop offset="1" stop-color="#6b4d35"/>
    </linearGradient>
    <linearGradient id="skirting" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f1f3f1"/><stop offset="1" stop-color="#c9cdca"/>
    </linearGradient>
  </defs>
  <rect width="100" height="125" fill="url(#wall)"/>
  <rect width="100" height="125" fill="url(#sun)"/>
  <g fill="#fffbea" opacity="0.13">
    <polygon points="8,0 22,0 46,${floor} 30,${floor}"/>
    <polygon points="26,0 38,0 60,${floor} 48,${floor}"/>
  </g>
  <rect y="${floor}" width="100" height="${125 - floor}" fill="url(#floor)"/>
  <rect y="${floor - 2.2}" width="100" height="2.2" fill="url(#skirting)"/>
  <g stroke="#5a4030" stroke-opacity="0.25" stroke-width="0.25">
    ${Array.from({ length: 9 }, (_, i) => `<line x1="${i * 12.5 - 6}" y1="${floor}" x2="${i * 16 - 14}" y2="125"/>`).join('')}
  </g>
</svg>`;
  return fromSharp(sharp(Buffer.from(svg)).resize(width, height, { fit: 'fill' }).removeAlpha().toColourspace('srgb'));
}

// The tenant's brand on a finished result: its frame (a PNG with a transparent window, stretched
// to the result) or its logo as a mark in the bottom-right corner; under it, the picture mirrored
// when the tenant keeps results as its preview showed them (mirrorResult). Runs in an engine worker
// thread, after the engine and before the display copy, so the preview, the full image and every
// link to it carry the brand. A frame file that is missing or not a PNG never fails the job: the
// result goes out unframed and the caller logs the problem once.
import fs from 'node:fs';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import type { EngineImage, StudioGradient } from '../engine/engine.ts';
import { imageMimeOf, PNG_SIGNATURE } from '../files/media-types.ts';

/**
 * One image of a brand: the absolute path of a file in the tenant asset folder, or (on the
 * scale-out path) the bytes read from the shared store under a key that changes with them.
 */
export type FrameImage = string | { key: string; data: Uint8Array };

/** What to do to a job's results. */
export interface FrameFiles {
  /** Mirrored left to right first (the tenant's mirrorResult), so the brand on it still reads right. */
  mirror?: boolean;
  /** A PNG with a transparent window, stretched over the whole result. */
  frame?: FrameImage;
  /** The tenant's logo, as a corner mark. */
  mark?: FrameImage;
  /** The tenant's backdrop, handed to the engine for a style that places the guest in a scene; never drawn here. */
  scene?: FrameImage;
  /** The tenant's studio gradient, handed to the engine for the studio portrait; never drawn here. */
  studio?: StudioGradient;
}

/** The mark fits in a box of these shares of the result's short side (a wide logo is limited by the width). */
export const MARK_WIDTH_SHARE = 0.32;
export const MARK_HEIGHT_SHARE = 0.14;
/** Space between the mark and the result's edges, as a share of the short side. */
export const MARK_MARGIN_SHARE = 0.04;

interface Decoded {
  /** Of the file; -1 for stored bytes, whose key changes with them. */
  mtimeMs: number;
  size: number;
  data: Buffer;
  width: number;
  height: number;
}

/** A frame file that cannot be used: the job's result goes out without it. */
export class FrameFileError extends Error {
  override name = 'FrameFileError';
}

// Decoded frames (raw RGBA) by path, checked against the file's size and time so that an
// operator's new frame is used on the next job. A few tenants' frames at most per event.
const decoded = new Map<string, Decoded>();
const MAX_DECODED = 8;

/** Stored bytes are decoded once per key: a new frame is a new key. */
async function decodeImage(image: FrameImage): Promise<Decoded> {
  if (typeof image === 'string') return decode(image);
  const cacheKey = `store:${image.key}`;
  const cached = decoded.get(cacheKey);
  if (cached) return cached;
  return remember(
    cacheKey,
    await decodeBytes(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), image.key),
    -1,
    image.data.byteLength,
  );
}

async function decodeBytes(bytes: Buffer, name: string) {
  if (!bytes.subarray(0, 8).equals(Buffer.from(PNG_SIGNATURE))) throw new FrameFileError(`${name} is not a PNG`);
  try {
    return await sharp(bytes, { failOn: 'error' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new FrameFileError(`${name} cannot be decoded (${(error as Error).message})`);
  }
}

function remember(
  cacheKey: string,
  raw: { data: Buffer; info: { width: number; height: number } },
  mtimeMs: number,
  size: number,
): Decoded {
  const entry = { mtimeMs, size, data: raw.data, width: raw.info.width, height: raw.info.height };
  if (decoded.size >= MAX_DECODED) decoded.delete(decoded.keys().next().value!);
  decoded.set(cacheKey, entry);
  return entry;
}

async function decode(file: string): Promise<Decoded> {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new FrameFileError(`${file} is missing`);
  }
  const cached = decoded.get(file);
  if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached;
  return remember(file, await decodeBytes(fs.readFileSync(file), file), stat.mtimeMs, stat.size);
}

const nameOf = (image: FrameImage) => (typeof image === 'string' ? image : image.key);

const rawInput = (d: Pick<Decoded, 'width' | 'height'>) => ({
  raw: { width: d.width, height: d.height, channels: 4 as const },
});

// The frame stretched to a result's size, by file and size: a style's results all have one size,
// so most jobs skip the resize. Raw RGBA, 3 to 6 MB each: a few per worker.
const stretched = new Map<string, { source: Decoded; data: Buffer }>();
const MAX_STRETCHED = 4;

/** The frame stretched to the result: its border stays on every edge whatever the result's aspect. */
async function frameLayer(file: FrameImage, width: number, height: number): Promise<OverlayOptions> {
  const frame = await decodeImage(file);
  const key = `${width}x${height} ${nameOf(file)}`;
  let entry = stretched.get(key);
  if (!entry || entry.source !== frame) {
    entry = {
      source: frame,
      data: await sharp(frame.data, rawInput(frame)).resize(width, height, { fit: 'fill' }).raw().toBuffer(),
    };
    if (stretched.size >= MAX_STRETCHED) stretched.delete(stretched.keys().next().value!);
    stretched.set(key, entry);
  }
  return { input: entry.data, ...rawInput({ width, height }), left: 0, top: 0 };
}

/** The logo inside its box in the bottom-right corner, a margin from both edges. */
async function markLayer(file: FrameImage, width: number, height: number): Promise<OverlayOptions> {
  const logo = await decodeImage(file);
  const short = Math.min(width, height);
  const scale = Math.min((short * MARK_WIDTH_SHARE) / logo.width, (short * MARK_HEIGHT_SHARE) / logo.height);
  const w = Math.max(1, Math.round(logo.width * scale));
  const h = Math.max(1, Math.round(logo.height * scale));
  const margin = Math.round(short * MARK_MARGIN_SHARE);
  const data = await sharp(logo.data, rawInput(logo)).resize(w, h, { fit: 'fill' }).raw().toBuffer();
  return { input: data, ...rawInput({ width: w, height: h }), left: width - w - margin, top: height - h - margin };
}

// The same encodings the engines use (server/engine/local/raster.ts), so a framed result
// weighs what an unframed one does.
const ENCODE: Record<EngineImage['contentType'], (image: Sharp) => Sharp> = {
  'image/png': (image) => image.png({ compressionLevel: 6, adaptiveFiltering: false }),
  'image/jpeg': (image) => image.jpeg({ quality: 88 }),
  'image/webp': (image) => image.webp({ quality: 88 }),
};

/**
 * The result, mirrored when the tenant asks, with the frame (or, without one, the mark) on it, in
 * its own format: one decode and one encode for both. Throws a FrameFileError when the file
 * cannot be used; the caller then keeps the result as the engine made it.
 */
export async function applyBrandFrame(image: EngineImage, files: FrameFiles): Promise<EngineImage> {
  const file = files.frame ?? files.mark;
  if (!file && !files.mirror) return image;
  // sharp flops before it composites: the picture is mirrored, the brand laid on it is not.
  const picture = files.mirror ? sharp(image.data).flop() : sharp(image.data);
  if (file) {
    const { width, height } = await sharp(image.data).metadata();
    if (!width || !height) throw new Error('The result has no size.');
    picture.composite([files.frame ? await frameLayer(file, width, height) : await markLayer(file, width, height)]);
  }
  const data = await ENCODE[image.contentType](picture).toBuffer();
  return { data, contentType: image.contentType };
}

/** A finished picture's content type by its first bytes (a provider's picture, framed on its own). */
export function pictureType(data: Uint8Array): EngineImage['contentType'] {
  return imageMimeOf(data) ?? 'image/png';
}

// A tenant's logo, background, scene (the branded-scene style's backdrop), brand frame and processing video, uploaded through the console. The type is
// read from the bytes, never from the name or the Content-Type; SVG is refused (it can carry
// script). Images are decoded within the pixel limit, read from the header first so a
// decompression bomb costs nothing, and written again by sharp: what is stored is a fresh PNG or
// JPEG, with nothing of the upload's other bytes (a polyglot's script, metadata) left in it.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { UPLOAD_KINDS, type UploadKind, type UploadLimits } from '../../contract/upload-limits.ts';
import { EXTENSION_OF, imageMimeOf } from '../files/media-types.ts';
import { frameProblem, frameSizeProblem } from './frame-check.ts';

export { UPLOAD_KINDS, type UploadKind, type UploadLimits };

/** A scene is stored at most this many px on its long side. */
export const SCENE_MAX_SIDE = 2048;

/** The branding field each upload fills. */
export const UPLOAD_FIELD = {
  logo: 'logoUrl',
  background: 'backgroundImageUrl',
  // A scene is added to the tenant's backdrops (admin-api.ts), up to MAX_BACKDROPS.
  scene: 'sceneUrls',
  frame: 'frameUrl',
  video: 'video',
} as const;

export type CheckedUpload =
  | { ok: true; data: Buffer; ext: string }
  | { ok: false; status: 400 | 413 | 415; error: string };

const startsWith = (data: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => data[at + i] === b);
const ascii = (data: Buffer, from: number, to: number) => data.subarray(from, to).toString('latin1');

/** What the bytes are, by their magic numbers. */
export function sniff(data: Buffer): 'jpeg' | 'png' | 'webp' | 'mp4' | 'webm' | 'svg' | null {
  const image = imageMimeOf(data);
  if (image) return EXTENSION_OF[image] === 'jpg' ? 'jpeg' : EXTENSION_OF[image];
  if (ascii(data, 4, 8) === 'ftyp') return 'mp4';
  if (startsWith(data, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm';
  const head = data
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (head.startsWith('<') && head.includes('<svg')) return 'svg';
  return null;
}

const IMAGE_TYPES = 'a PNG, JPEG or WebP image';

export async function checkUpload(kind: UploadKind, data: Buffer, limits: UploadLimits): Promise<CheckedUpload> {
  const type = sniff(data);
  if (type === 'svg')
    return {
      ok: false,
      status: 415,
      error: `SVG images are not accepted (they can carry script); upload ${IMAGE_TYPES}.`,
    };
  if (kind === 'video') {
    if (data.length > limits.videoBytes)
      return {
        ok: false,
        status: 413,
        error: `The video is too large; the limit is ${Math.round(limits.videoBytes / 1048576)} MB.`,
      };
    if (type !== 'mp4' && type !== 'webm')
      return {
        ok: false,
        status: 415,
        error: 'That file is not an MP4 or WebM video; upload the processing video as one of those.',
      };
    return { ok: true, data, ext: type };
  }
  if (data.length > limits.imageBytes)
    return {
      ok: false,
      status: 413,
      error: `The image is too large; the limit is ${Math.round(limits.imageBytes / 1048576)} MB.`,
    };
  if (kind === 'frame' && type !== 'png') {
    return {
      ok: false,
      status: 415,
      error: `A frame must be a PNG with a transparent window; that file is ${type ? `a ${type.toUpperCase()}` : 'not an image'}.`,
    };
  }
  if (type !== 'jpeg' && type !== 'png' && type !== 'webp')
    return { ok: false, status: 415, error: `That file is not ${IMAGE_TYPES}; upload one of those.` };
  let width = 0;
  let height = 0;
  try {
    // The header only: no pixel is decoded yet. sharp's own ceiling would refuse a bomb here too,
    // but without its size; ours is checked just below.
    ({ width = 0, height = 0 } = await sharp(data, { limitInputPixels: false }).metadata());
  } catch {
    return { ok: false, status: 400, error: `That file could not be read as ${IMAGE_TYPES}; it may be damaged.` };
  }
  if (width * height > limits.maxPixels) {
    return {
      ok: false,
      status: 400,
      error: `The image is too large (${width}×${height}); the limit is ${Math.round(limits.maxPixels / 1e6)} megapixels.`,
    };
  }
  const frameSize = kind === 'frame' ? frameSizeProblem(width, height) : null;
  if (frameSize) return { ok: false, status: 400, error: frameSize };
  try {
    const image = sharp(data, { limitInputPixels: limits.maxPixels, failOn: 'error' }).rotate();
    // The engine draws a scene at most 1024 px high: a larger one only costs each worker's first decode.
    if (kind === 'scene') image.resize(SCENE_MAX_SIDE, SCENE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    if (kind === 'frame') {
      const raw = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const problem = frameProblem(raw.data, raw.info.width, raw.info.height, raw.info.channels);
      if (problem) return { ok: false, status: 400, error: problem };
      const out = await sharp(raw.data, { raw: { width: raw.info.width, height: raw.info.height, channels: 4 } })
        .png()
        .toBuffer();
      return { ok: true, data: out, ext: 'png' };
    }
    // A logo keeps its transparency; a background and a scene are photos.
    const out =
      kind === 'logo' ? await image.png().toBuffer() : await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    return { ok: true, data: out, ext: kind === 'logo' ? 'png' : 'jpg' };
  } catch {
    return { ok: false, status: 400, error: `That file could not be read as ${IMAGE_TYPES}; it may be damaged.` };
  }
}

/**
 * Writes the upload as {dir}/{slug}/{kind}-{hash}.{ext} (a new name per content, so neither the
 * image proxy's cache nor a browser's shows the old one) and removes the kind's earlier files,
 * but those in `keep` (names inside the tenant folder): the published pages and new results use
 * the published file until the next publish. Returns the name inside the tenant folder.
 */
export async function storeUpload(
  dir: string,
  slug: string,
  kind: UploadKind,
  upload: { data: Buffer; ext: string },
  keep: ReadonlySet<string> = new Set(),
): Promise<string> {
  const folder = path.join(dir, slug);
  await fs.mkdir(folder, { recursive: true });
  const name = `${kind}-${crypto.createHash('sha256').update(upload.data).digest('hex').slice(0, 12)}.${upload.ext}`;
  const temp = path.join(folder, `.${name}.${process.pid}.tmp`);
  await fs.writeFile(temp, upload.data);
  await fs.rename(temp, path.join(folder, name));
  for (const old of await fs.readdir(folder)) {
    if (old !== name && old.startsWith(`${kind}-`) && !keep.has(old))
      await fs.rm(path.join(folder, old), { force: true });
  }
  return name;
}

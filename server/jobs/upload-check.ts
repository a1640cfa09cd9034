// The photo's pixels, checked once at create: within the pixel limit by its header (a bomb is
// refused before it is decoded), and whole (one cut off in transit is refused at once). A photo
// larger than the engine can use is stored downscaled, so a job costs the same whatever was
// sent: a 40 MP 16-bit PNG is decoded here once (within the per-client turn of photoChecks), not
// again by the engine.
import sharp from 'sharp';
import type { PhotoExtension } from './upload-body.ts';

export interface Photo {
  data: Uint8Array;
  extension: PhotoExtension;
  width: number;
  height: number;
}

/** A refused upload; the message is the sentence the visitor reads. */
export class UploadError extends Error {
  override name = 'UploadError';
}

const FORMATS: Record<string, PhotoExtension> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

export interface PhotoLimits {
  maxPixels: number;
  /** A photo whose long side is over this is stored downscaled to it (as a JPEG). */
  storedLongSide: number;
}

const PNG_END = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

/** Whether the file ends where its format says it ends: a JPEG's EOI marker, a PNG's IEND chunk, a WebP's RIFF length. */
export function endsWhole(data: Uint8Array, extension: PhotoExtension): boolean {
  const n = data.length;
  if (extension === 'jpg') return n > 4 && data[n - 2] === 0xff && data[n - 1] === 0xd9;
  if (extension === 'png') return n > PNG_END.length && PNG_END.every((byte, i) => data[n - PNG_END.length + i] === byte);
  return n > 12 && new DataView(data.buffer, data.byteOffset, n).getUint32(4, true) + 8 === n;
}

export function tooLargeMessage(width: number, height: number, maxPixels: number): string {
  const limit = maxPixels >= 1e6 ? `${Math.round(maxPixels / 1e6)} megapixels` : `${maxPixels} pixels`;
  return `The photo is too large (${width}x${height}); the limit is ${limit}.`;
}

async function header(data: Uint8Array, extension: PhotoExtension) {
  try {
    // Without sharp's own pixel cap here: a header claiming 65000x65000 is refused by the
    // caller as too large, not as unreadable.
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    if (FORMATS[meta.format ?? ''] !== extension) throw new Error(`unexpected format ${meta.format}`);
    return { width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch {
    throw new UploadError('The image could not be read. Please take the photo again.');
  }
}

/** The header alone, without decoding: cheap, so it runs before the photo waits for its turn. */
export async function checkHeader(data: Uint8Array, extension: PhotoExtension, maxPixels: number) {
  const size = await header(data, extension);
  if (size.width * size.height > maxPixels) throw new UploadError(tooLargeMessage(size.width, size.height, maxPixels));
  return size;
}

/**
 * Decodes the photo whole (a truncated file fails here) and downscales one the engine cannot use
 * whole; `size` is what checkHeader read from its header.
 */
export async function checkPixels(data: Uint8Array, extension: PhotoExtension, size: { width: number; height: number }, limits: PhotoLimits): Promise<Photo> {
  const { width, height } = size;
  const input = sharp(data, { failOn: 'truncated', limitInputPixels: limits.maxPixels });
  try {
    if (Math.max(width, height) <= limits.storedLongSide) {
      // A file that ends as its format ends was not cut off in transit; any other is decoded
      // (at a small scale, which still reads every byte), e.g. a phone's photo with a video
      // appended after the picture.
      if (!endsWhole(data, extension)) await input.resize(32, 32, { fit: 'inside' }).raw().toBuffer();
      return { data, extension, width, height };
    }
    const { data: stored, info } = await input
      .autoOrient()
      .resize(limits.storedLongSide, limits.storedLongSide, { fit: 'inside' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
      .toBuffer({ resolveWithObject: true });
    return { data: stored, extension: 'jpg', width: info.width, height: info.height };
  } catch (error) {
    if (/pixel limit/i.test(String(error))) throw new UploadError(tooLargeMessage(width, height, limits.maxPixels));
    throw new UploadError('The image is damaged or incomplete. Please take the photo again.');
  }
}

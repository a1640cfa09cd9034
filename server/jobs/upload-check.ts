// The photo's pixels, checked once at create: within the pixel limit by its header (a bomb is
// refused before it is decoded), and really decodable. A photo larger than the engine can use is
// stored downscaled, so a job costs the same whatever was sent: a 40 MP 16-bit PNG is decoded
// here once (within the per-client turn of photoChecks), not again by the engine.
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

/** Decodes the photo whole (a truncated file fails here) and downscales one the engine cannot use whole. */
export async function checkPixels(data: Uint8Array, extension: PhotoExtension, limits: PhotoLimits): Promise<Photo> {
  const { width, height } = await checkHeader(data, extension, limits.maxPixels);
  const input = sharp(data, { failOn: 'truncated', limitInputPixels: limits.maxPixels });
  try {
    if (Math.max(width, height) <= limits.storedLongSide) {
      // A full decode at a small scale still reads every byte.
      await input.resize(32, 32, { fit: 'inside' }).raw().toBuffer();
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

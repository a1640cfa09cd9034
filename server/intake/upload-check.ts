// The photo's pixels, checked once at create: within the pixel limit by its header (a bomb is
// refused before it is decoded), and whole (one cut off in transit is refused at once). A photo
// larger than the engine can use is stored downscaled, so a job costs the same whatever was
// sent: a 40 MP PNG is decoded here once (within the per-client turn of photoChecks), not again
// by the engine.
import sharp, { type Sharp } from 'sharp';
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
  if (extension === 'png')
    return n > PNG_END.length && PNG_END.every((byte, i) => data[n - PNG_END.length + i] === byte);
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
    return {
      width: meta.width ?? 0,
      height: meta.height ?? 0,
      orientation: meta.orientation ?? 1,
      interlaced: extension === 'png' && meta.isProgressive === true,
      deep: (meta.bitsPerSample ?? 8) > 8,
    };
  } catch {
    throw new UploadError('The image could not be read. Please take the photo again.');
  }
}

/**
 * An interlaced (Adam7) PNG is decoded whole into memory before a pixel of it can be scaled, and
 * slowly: a 40 MP 16-bit one, 260 KB to send, held a create for about 10 s of a 2-core machine.
 * So its pixels are bounded far below BOOTH_MAX_PIXELS (half as many when 16-bit): about a
 * second of decoding at most. No phone saves its photos so; a screenshot is a few megapixels.
 */
export const INTERLACED_PNG_MAX_PIXELS = 12_000_000;

/**
 * A 16-bit PNG, even read row by row, costs about five times what an 8-bit one does per pixel
 * (measured on 2 cores: 40 MP in 1.9 s against 0.4 s; 12 MP in 0.9 s), and a PNG has no smaller
 * scale to decode at. A real 16-bit photo hardly compresses, so one over 12 MP is larger than any
 * create body anyway: past it, the bytes are a few hundred KB of flat colour asking for seconds.
 */
export const DEEP_PNG_MAX_PIXELS = 12_000_000;

/** The pixels a PNG may have for what decoding it costs, and how the refusal names it; none for other formats. */
function pngLimit(size: { interlaced: boolean; deep: boolean }, extension: PhotoExtension) {
  if (extension !== 'png') return null;
  if (size.interlaced)
    return size.deep
      ? { pixels: INTERLACED_PNG_MAX_PIXELS / 2, kind: 'an interlaced 16-bit PNG' }
      : { pixels: INTERLACED_PNG_MAX_PIXELS, kind: 'an interlaced PNG' };
  return size.deep ? { pixels: DEEP_PNG_MAX_PIXELS, kind: 'a 16-bit PNG' } : null;
}

/** The header alone, without decoding: cheap, so it runs before the photo waits for its turn. */
export async function checkHeader(data: Uint8Array, extension: PhotoExtension, maxPixels: number) {
  const size = await header(data, extension);
  const pixels = size.width * size.height;
  if (pixels > maxPixels) throw new UploadError(tooLargeMessage(size.width, size.height, maxPixels));
  const png = pngLimit(size, extension);
  if (png && pixels > png.pixels) {
    throw new UploadError(
      `The photo is too large (${size.width}x${size.height}) for ${png.kind}; the limit is ${Math.round(png.pixels / 1e6)} megapixels. Please send it as a JPEG.`,
    );
  }
  return size;
}

/** The photo as sharp writes it again in its own format: a PNG keeps its transparency. */
function encoded(image: Sharp, extension: PhotoExtension) {
  if (extension === 'png') return image.png({ compressionLevel: 3 });
  if (extension === 'webp') return image.webp({ quality: 92 });
  return image.jpeg({ quality: 92, chromaSubsampling: '4:4:4' });
}

/**
 * Decodes the photo whole (a truncated file fails here), turns it upright by its EXIF orientation
 * and downscales one the engine cannot use whole; `size` is what checkHeader read from its header.
 */
export async function checkPixels(
  data: Uint8Array,
  extension: PhotoExtension,
  size: { width: number; height: number; orientation?: number },
  limits: PhotoLimits,
): Promise<Photo> {
  const { width, height, orientation = 1 } = size;
  const input = sharp(data, { failOn: 'truncated', limitInputPixels: limits.maxPixels });
  try {
    if (Math.max(width, height) <= limits.storedLongSide && orientation > 1) {
      // A phone stores a portrait sideways with an EXIF orientation (6 most often). Turned upright
      // here, before anything else, every stage and every provider sees the photo as it was taken
      // (a provider need not read EXIF, and most drop it).
      const { data: upright, info } = await encoded(input.autoOrient(), extension).toBuffer({
        resolveWithObject: true,
      });
      return { data: upright, extension, width: info.width, height: info.height };
    }
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

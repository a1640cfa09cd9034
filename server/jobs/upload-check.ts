// The visitor's photo arrives as a data URL. It is accepted only if it is a JPEG, PNG or WebP
// that really decodes, within the pixel limit, so a bad upload is refused before it is queued.
import sharp from 'sharp';

export interface Photo {
  data: Buffer;
  extension: 'jpg' | 'png' | 'webp';
  width: number;
  height: number;
}

/** A refused upload; the message is the sentence the visitor reads. */
export class UploadError extends Error {
  override name = 'UploadError';
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?((?:;[\w.+-]+=[\w.+-]+)*)(;base64)?,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const FORMATS: Record<string, Photo['extension']> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

function sniff(data: Buffer): Photo['extension'] | undefined {
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.length > 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length > 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

export async function checkUpload(dataUrl: string, maxPixels: number): Promise<Photo> {
  const head = DATA_URL.exec(dataUrl.slice(0, 256));
  if (!head || !head[3]) throw new UploadError('The image must be a base64 data URL, e.g. data:image/jpeg;base64,...');
  const body = dataUrl.slice(head[0].length).replace(/\s+/g, '');
  if (!BASE64.test(body) || body.length === 0) throw new UploadError('The image data URL is not valid base64.');
  const data = Buffer.from(body, 'base64');
  const extension = sniff(data);
  if (!extension) throw new UploadError('The image must be a JPEG, PNG or WebP photo.');

  let width = 0;
  let height = 0;
  try {
    // The header alone tells the size, so a decompression bomb is refused without decoding it.
    // Without sharp's own pixel cap here: a header claiming 65000x65000 is refused below as too
    // large, not as unreadable.
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    width = meta.width ?? 0;
    height = meta.height ?? 0;
    if (FORMATS[meta.format ?? ''] !== extension) throw new Error(`unexpected format ${meta.format}`);
  } catch {
    throw new UploadError('The image could not be read. Please take the photo again.');
  }
  if (width * height > maxPixels) {
    const limit = maxPixels >= 1e6 ? `${Math.round(maxPixels / 1e6)} megapixels` : `${maxPixels} pixels`;
    throw new UploadError(`The photo is too large (${width}x${height}); the limit is ${limit}.`);
  }
  try {
    // A full decode at a small scale still reads every byte, so a truncated file fails here.
    await sharp(data, { failOn: 'truncated', limitInputPixels: maxPixels }).resize(32, 32, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw new UploadError('The image is damaged or incomplete. Please take the photo again.');
  }
  return { data, extension, width, height };
}

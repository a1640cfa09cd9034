// The image types the booth reads and writes, in one place: how each is recognised by its first
// bytes (magic numbers), its MIME type and its file extension. Every store, engine and upload
// check asks here rather than keeping a table of its own.

/** The pictures the booth takes in and makes. */
export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';

export const PNG_SIGNATURE: readonly number[] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_START: readonly number[] = [0xff, 0xd8, 0xff];

const startsWith = (data: Uint8Array, bytes: readonly number[], at = 0) =>
  data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);
const ascii = (data: Uint8Array, from: number, to: number) => String.fromCharCode(...data.subarray(from, to));

/** A JPEG, PNG or WebP by its first bytes; null for anything else. */
export function imageMimeOf(data: Uint8Array): ImageMime | null {
  if (startsWith(data, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(data, JPEG_START)) return 'image/jpeg';
  if (data.length >= 12 && ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** The extension a file of this type is written with. */
export const EXTENSION_OF: Readonly<Record<ImageMime, 'jpg' | 'png' | 'webp'>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const BY_EXTENSION: Readonly<Record<string, ImageMime>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** The type of an image file by its extension (`png`, `.png` or a name ending so); undefined for another kind of file. */
export function imageMimeOfName(name: string): ImageMime | undefined {
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return Object.hasOwn(BY_EXTENSION, extension) ? BY_EXTENSION[extension] : undefined;
}

/** The extension for a MIME type the caller was given (an engine's or a store's answer); `fallback` for one that is not an image of the booth's. */
export const extensionOf = (mime: string, fallback: 'jpg' | 'png' | 'webp') =>
  Object.hasOwn(EXTENSION_OF, mime) ? EXTENSION_OF[mime as ImageMime] : fallback;

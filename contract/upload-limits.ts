// What the console accepts as a tenant's file: the types, read from the bytes on the server and
// from the file's type in the browser before it is sent, and the default size limits, which the
// server's settings (BOOTH_CONSOLE_IMAGE_BYTES, BOOTH_CONSOLE_VIDEO_BYTES) may change and
// GET /admin/api/uploads reports. One source for the console and the server.

export const UPLOAD_KINDS = ['logo', 'background', 'scene', 'frame', 'video'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

const MB = 1024 * 1024;
export const DEFAULT_UPLOAD_IMAGE_BYTES = 10 * MB;
export const DEFAULT_UPLOAD_VIDEO_BYTES = 50 * MB;

/** A frame is stretched over each result (819×1024 to 1024×1536): smaller would show blurred. */
export const FRAME_MIN_SIDE = 512;
/** Results are at most 1536 px on a side: a larger frame only costs each worker's decode. */
export const FRAME_MAX_SIDE = 4096;
/** The transparent window must show at least this share of the result, and the border at least the last. */
export const FRAME_MIN_WINDOW_SHARE = 0.3;
export const FRAME_MIN_BORDER_SHARE = 0.02;

/** The limits a console upload is checked against (GET /admin/api/uploads). */
export interface UploadLimits {
  imageBytes: number;
  videoBytes: number;
  maxPixels: number;
}

/** The MIME types each kind accepts (what a browser says of a chosen file; the server reads the bytes). */
export const UPLOAD_TYPES: Record<UploadKind, readonly string[]> = {
  logo: ['image/png', 'image/jpeg', 'image/webp'],
  background: ['image/png', 'image/jpeg', 'image/webp'],
  scene: ['image/png', 'image/jpeg', 'image/webp'],
  frame: ['image/png'],
  video: ['video/mp4', 'video/webm'],
};

const TYPE_WORDS: Record<UploadKind, string> = {
  logo: 'a PNG, JPEG or WebP image',
  background: 'a PNG, JPEG or WebP image',
  scene: 'a PNG, JPEG or WebP photo',
  frame: 'a PNG with a transparent window',
  video: 'an MP4 or WebM video',
};

export const bytesOf = (kind: UploadKind, limits: Pick<UploadLimits, 'imageBytes' | 'videoBytes'>) =>
  kind === 'video' ? limits.videoBytes : limits.imageBytes;

/** A size as a person reads it: 10 MB, 512 KB. */
export const sizeWords = (bytes: number) =>
  bytes >= MB ? `${+(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** What a person is told before choosing the file. */
export function uploadHint(kind: UploadKind, limits: Pick<UploadLimits, 'imageBytes' | 'videoBytes'>): string {
  const extra =
    kind === 'frame'
      ? `, ${FRAME_MIN_SIDE} to ${FRAME_MAX_SIDE} px on each side, opaque around a transparent middle`
      : '';
  return `${TYPE_WORDS[kind].charAt(0).toUpperCase()}${TYPE_WORDS[kind].slice(1)}${extra}; at most ${sizeWords(bytesOf(kind, limits))}.`;
}

/** Why a chosen file cannot be sent, from what the browser knows of it (its size and type), or null. */
export function uploadProblem(
  kind: UploadKind,
  file: { size: number; type: string },
  limits: Pick<UploadLimits, 'imageBytes' | 'videoBytes'>,
): string | null {
  if (file.size === 0) return 'The file is empty; choose another.';
  const max = bytesOf(kind, limits);
  if (file.size > max)
    return `The file is ${sizeWords(file.size)}; the limit is ${sizeWords(max)}. Choose a smaller one.`;
  if (file.type === 'image/svg+xml')
    return `SVG images are not accepted (they can carry script); choose ${TYPE_WORDS[kind]}.`;
  // A browser that cannot tell the type sends '': the server reads the bytes.
  if (file.type !== '' && !UPLOAD_TYPES[kind].includes(file.type))
    return `That file is not ${TYPE_WORDS[kind]}; choose one.`;
  return null;
}

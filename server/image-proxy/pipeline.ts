// The image proxy's processing pipeline, one named stage each: load -> resize -> encode.
import sharp, { type Sharp } from 'sharp';
import type { CachedImage } from './cache.ts';
import type { Gravity, OutputFormat, ProxyRequest } from './options.ts';

const POSITIONS: Record<Gravity, string> = {
  sm: 'attention',
  ce: 'centre',
  no: 'north',
  so: 'south',
  ea: 'east',
  we: 'west',
  noea: 'northeast',
  nowe: 'northwest',
  soea: 'southeast',
  sowe: 'southwest',
};
const FIT = { fill: 'cover', fit: 'inside', force: 'fill' } as const;
const CONTENT_TYPES: Record<OutputFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

async function load(file: string, maxPixels: number) {
  const image = sharp(file, { limitInputPixels: maxPixels, failOn: 'error' }).autoOrient();
  const meta = await image.metadata();
  const swapped = (meta.orientation ?? 1) >= 5;
  const width = (swapped ? meta.height : meta.width) ?? 0;
  const height = (swapped ? meta.width : meta.height) ?? 0;
  return { image, width, height, format: meta.format };
}

/** An enlarged image has at most this many pixels (2048x2048): enlarging costs the most and shows the least. */
export const PROXY_MAX_ENLARGED_PIXELS = 2048 * 2048;

/**
 * Like imgproxy: without `enlarge`, a fill keeps the asked aspect ratio but never scales up.
 * With it, the result is held to PROXY_MAX_ENLARGED_PIXELS (or the source's own size, if larger),
 * its aspect ratio kept.
 */
function targetSize(request: ProxyRequest, source: { width: number; height: number }) {
  let width = request.width || undefined;
  let height = request.height || undefined;
  if (!request.enlarge && request.resize !== 'fit' && width && height) {
    const scale = Math.min(1, source.width / width, source.height / height);
    width = Math.max(1, Math.round(width * scale));
    height = Math.max(1, Math.round(height * scale));
  }
  if (request.enlarge && (width || height)) {
    const aspect = source.width / Math.max(1, source.height);
    const outWidth = width ?? (height ?? 0) * aspect;
    const outHeight = height ?? (width ?? 0) / aspect;
    const allowed = Math.max(PROXY_MAX_ENLARGED_PIXELS, source.width * source.height);
    const scale = Math.min(1, Math.sqrt(allowed / Math.max(1, outWidth * outHeight)));
    if (width) width = Math.max(1, Math.floor(width * scale));
    if (height) height = Math.max(1, Math.floor(height * scale));
  }
  return { width, height };
}

function resize(image: Sharp, request: ProxyRequest, source: { width: number; height: number }) {
  const { width, height } = targetSize(request, source);
  if (!width && !height) return image;
  const position = POSITIONS[request.gravity];
  return image.resize(width, height, {
    fit: FIT[request.resize],
    position: position === 'attention' ? sharp.strategy.attention : position,
    withoutEnlargement: !request.enlarge,
  });
}

function encode(image: Sharp, format: OutputFormat, quality: number) {
  if (format === 'png') return image.png({ compressionLevel: 8, palette: false });
  if (format === 'webp') return image.webp({ quality });
  return image.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true });
}

export async function processImage(file: string, request: ProxyRequest, maxPixels: number): Promise<CachedImage> {
  const loaded = await load(file, maxPixels);
  const format: OutputFormat =
    request.format ?? (loaded.format === 'png' || loaded.format === 'webp' ? loaded.format : 'jpeg');
  const data = await encode(resize(loaded.image, request, loaded), format, request.quality).toBuffer();
  return { data, contentType: CONTENT_TYPES[format] };
}

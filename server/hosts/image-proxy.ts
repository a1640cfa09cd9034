// The image-resizing proxy: /{signature}/{options}/plain/{source}. Sources are files under the
// configured prefixes only; it never follows a URL to another host and never leaves its folders.
// Its work is bounded: signed URLs only once a key is set, a few resizes at once, and an
// enlargement never past PROXY_MAX_ENLARGED_PIXELS (options.ts).
import fs from 'node:fs';
import type { Context } from 'hono';
import { hasProxySignature, type ProxyKey } from '../../contract/proxy-signature.ts';
import { clientAddress } from '../limits/client-address.ts';
import { FairLimiter, LimiterFullError } from '../limits/fair-limiter.ts';
import { fail } from './http.ts';
import { logError } from '../process/log.ts';
import { resolveInside } from '../files/safe-path.ts';
import { ImageCache, type CachedImage } from '../image-proxy/cache.ts';
import { parseProxyPath, ProxyUrlError } from '../image-proxy/options.ts';
import { processImage } from '../image-proxy/pipeline.ts';
import type { ProxySource } from '../process/server-variables.ts';

export interface ImageProxyDeps {
  sources: ProxySource[];
  cacheBytes: number;
  maxPixels: number;
  /** With a key, only URLs signed with it are served (imgproxy's IMGPROXY_KEY and IMGPROXY_SALT). */
  key: ProxyKey | null;
  /** Resizes at once; the rest wait their turn, a client's own requests one at a time. */
  concurrency: number;
  trustedProxies: ReadonlySet<string>;
}

/** Requests that may wait for a resize; past it the proxy answers 503 at once. */
const MAX_WAITING = 64;

const CACHE_CONTROL = 'public, max-age=86400';

/**
 * The proxy's handler: `signature` is the URL's first segment and `path` the rest, from its
 * leading "/", as sent (still percent-encoded), which is what a signature covers.
 */
export type ImageProxy = (c: Context, signature: string, path: string) => Promise<Response>;

export function imageProxyHost(deps: ImageProxyDeps): ImageProxy {
  const cache = new ImageCache(deps.cacheBytes);
  // Many phones open the same tenant page at once: one resize serves them all.
  const inFlight = new Map<string, Promise<CachedImage>>();
  const resizes = new FairLimiter({ concurrency: deps.concurrency, perClient: 1, maxWaiting: MAX_WAITING });

  return async (c, signature, path) => {
    if (deps.key && !hasProxySignature(signature, path, deps.key)) {
      return fail(
        c,
        403,
        "This image address is not signed for this booth. Image addresses come from the booth's pages.",
      );
    }
    let request;
    try {
      request = parseProxyPath(path);
    } catch (error) {
      if (error instanceof ProxyUrlError) return fail(c, 400, error.message);
      throw error;
    }
    const source = deps.sources.find((s) => request.source.startsWith(s.prefix));
    if (!source) return fail(c, 404, 'This image source is not served here.');
    const relative = request.source.slice(source.prefix.length);
    if (
      relative.split('/').some((s) => s === '..' || s === '.') ||
      relative.includes('\\') ||
      relative.includes('\0')
    ) {
      return fail(c, 400, 'The image source must not leave its folder.');
    }
    const file = resolveInside(source.folder, relative);
    const stat = file ? fs.statSync(file, { throwIfNoEntry: false }) : undefined;
    if (!file || !stat?.isFile()) return fail(c, 404, 'There is no such image.');

    const key = JSON.stringify([file, stat.mtimeMs, stat.size, { ...request, source: '' }]);
    let image = cache.get(key);
    const hit = image !== undefined;
    if (!image) {
      let pending = inFlight.get(key);
      if (!pending) {
        const client = clientAddress(c, deps.trustedProxies);
        pending = resizes
          .run(client, () => processImage(file, request, deps.maxPixels))
          .finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      try {
        image = await pending;
      } catch (error) {
        if (error instanceof LimiterFullError) {
          c.header('Retry-After', '2');
          return fail(c, 503, 'The image service is busy. Please try again in a moment.');
        }
        logError(`image proxy could not process ${relative}`, error);
        return fail(c, 422, 'The source image could not be processed.');
      }
      cache.set(key, image);
    }
    return c.body(image.data as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': image.contentType,
      'Cache-Control': CACHE_CONTROL,
      'Access-Control-Allow-Origin': '*',
      'X-Cache': hit ? 'HIT' : 'MISS',
    });
  };
}

// The image-resizing proxy: /{signature}/{options}/plain/{source}. Sources are files under the
// configured prefixes only; it never follows a URL to another host and never leaves its folders.
import fs from 'node:fs';
import { Hono } from 'hono';
import { fail } from '../http.ts';
import { logError } from '../log.ts';
import { resolveInside } from '../files/safe-path.ts';
import { ImageCache, type CachedImage } from '../image-proxy/cache.ts';
import { parseProxyPath, ProxyUrlError } from '../image-proxy/options.ts';
import { processImage } from '../image-proxy/pipeline.ts';
import type { ProxySource } from '../settings.ts';

export interface ImageProxyDeps {
  sources: ProxySource[];
  cacheBytes: number;
  maxPixels: number;
}

const CACHE_CONTROL = 'public, max-age=86400';

export function imageProxyHost(deps: ImageProxyDeps) {
  const app = new Hono();
  const cache = new ImageCache(deps.cacheBytes);
  // Many phones open the same tenant page at once: one resize serves them all.
  const inFlight = new Map<string, Promise<CachedImage>>();

  app.get('*', async (c) => {
    const pathname = new URL(c.req.url).pathname;
    let request;
    try {
      request = parseProxyPath(pathname.slice(pathname.indexOf('/', 1)));
    } catch (error) {
      if (error instanceof ProxyUrlError) return fail(c, 400, error.message);
      throw error;
    }
    const source = deps.sources.find((s) => request.source.startsWith(s.prefix));
    if (!source) return fail(c, 404, 'This image source is not served here.');
    const relative = request.source.slice(source.prefix.length);
    if (relative.split('/').some((s) => s === '..' || s === '.') || relative.includes('\\') || relative.includes('\0')) {
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
        pending = processImage(file, request, deps.maxPixels).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      try {
        image = await pending;
      } catch (error) {
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
  });
  return app;
}

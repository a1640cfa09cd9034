// The static site's text files (pages, scripts, styles, SVG) compressed for the wire: brotli,
// else gzip, as the browser accepts. The camera page's JavaScript is ~250 KB raw and ~80 KB
// compressed, and a phone on event Wi-Fi waits for all of it before the screen comes alive.
// Each file version is compressed once and kept in memory (the hashed /_astro/ files never change).
import fs from 'node:fs';
import zlib from 'node:zlib';
import { contentTypeOf } from './content-types.ts';
import type { SendOptions } from './send-file.ts';

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|manifest\+json|xml)|image\/svg\+xml)/;
/** Below this, headers outweigh what compression saves. */
const MIN_BYTES = 1024;
const MAX_CACHE_BYTES = 32 * 1024 * 1024;

type Encoding = 'br' | 'gzip';

const encoders: Record<Encoding, (data: Buffer) => Buffer> = {
  br: (data) =>
    zlib.brotliCompressSync(data, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
  gzip: (data) => zlib.gzipSync(data, { level: 9 }),
};

/** The encoding to answer with, from an Accept-Encoding header (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  for (const encoding of ['br', 'gzip'] as const)
    if ((accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0) return encoding;
  return null;
}

const cache = new Map<string, Buffer>();
let cachedBytes = 0;

function compressed(file: string, version: string, encoding: Encoding): Buffer {
  const key = `${encoding}:${file}:${version}`;
  const hit = cache.get(key);
  if (hit) {
    // Most recently used last, so the oldest entries go first when the cache is full.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const body = encoders[encoding](fs.readFileSync(file));
  cache.set(key, body);
  cachedBytes += body.length;
  for (const [oldKey, old] of cache) {
    if (cachedBytes <= MAX_CACHE_BYTES) break;
    cache.delete(oldKey);
    cachedBytes -= old.length;
  }
  return body;
}

/** A compressed answer, or null when the plain file should be sent (a range, an image, a small file, no accepted encoding). */
export function sendCompressed(
  file: string,
  options: SendOptions & { acceptEncoding: string | undefined },
): Response | null {
  if (options.range) return null;
  const type = contentTypeOf(file);
  if (!COMPRESSIBLE.test(type)) return null;
  const encoding = pickEncoding(options.acceptEncoding);
  if (!encoding) return null;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return null;
  }
  if (!stat.isFile() || stat.size < MIN_BYTES) return null;
  const body = compressed(file, `${stat.mtimeMs}:${stat.size}`, encoding);
  const headers = new Headers({
    'Content-Type': type,
    'Cache-Control': options.cacheControl,
    'Content-Encoding': encoding,
    'Content-Length': String(body.length),
    Vary: 'Accept-Encoding',
  });
  if (options.cors) headers.set('Access-Control-Allow-Origin', '*');
  return new Response(options.method === 'HEAD' ? null : new Uint8Array(body), {
    status: options.status ?? 200,
    headers,
  });
}

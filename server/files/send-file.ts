// Sends a file from disk as a streamed Response, with one byte range when asked:
// Safari plays a video only from a server that answers Range requests.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { contentTypeOf } from './content-types.ts';

export interface SendOptions {
  cacheControl: string;
  status?: number;
  /** Media is drawn into canvases by pages of any origin. */
  cors?: boolean;
  method?: string;
  range?: string | undefined;
}

/** null when the path is not a readable file. */
export function sendFile(file: string, options: SendOptions): Response | null {
  let size: number;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) return null;
    size = stat.size;
  } catch {
    return null;
  }
  const headers = new Headers({
    'Content-Type': contentTypeOf(file),
    'Cache-Control': options.cacheControl,
    'Accept-Ranges': 'bytes',
  });
  if (options.cors) headers.set('Access-Control-Allow-Origin', '*');

  let start = 0;
  let end = size - 1;
  let status = options.status ?? 200;
  const range = options.range && status === 200 ? /^bytes=(\d*)-(\d*)$/.exec(options.range.trim()) : null;
  if (range && (range[1] || range[2])) {
    if (range[1]) {
      start = Number(range[1]);
      end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    } else {
      start = Math.max(0, size - Number(range[2]));
    }
    if (start > end || start >= size) {
      headers.set('Content-Range', `bytes */${size}`);
      return new Response(null, { status: 416, headers });
    }
    status = 206;
    headers.set('Content-Range', `bytes ${start}-${end}/${size}`);
  }
  headers.set('Content-Length', String(size === 0 ? 0 : end - start + 1));
  if (options.method === 'HEAD' || size === 0) return new Response(null, { status, headers });
  const stream = Readable.toWeb(fs.createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
  return new Response(stream, { status, headers });
}

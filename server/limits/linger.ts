// Refusals that arrive. A create refused before its body is read (429, 503, 413 from its
// Content-Length, 401) is answered while the client is still uploading; closing the socket then
// would make the client's next write meet a reset, and a browser would show a network error
// instead of the sentence. So the rest of the body is read and thrown away, up to a bound, as
// nginx's lingering close does, and the connection is kept for the client's next request.
import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';

export interface LingerBounds {
  /** Bytes read and discarded at most; a client sending more is cut off. */
  maxBytes: number;
  /** How long the whole drain may take, and how long the client may send nothing. */
  maxMs: number;
  idleMs: number;
}

/** Long enough for a phone on a slow venue Wi-Fi to finish sending a photo the booth refused. */
export const LINGER_MS = 30_000;
export const LINGER_IDLE_MS = 5_000;

export function lingerOnRefusal(bounds: LingerBounds): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!incoming || typeof incoming.resume !== 'function' || incoming.readableEnded || incoming.destroyed) return;
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return;
    // Once drained, the connection can carry another request.
    c.res.headers.delete('Connection');
    drain(incoming, bounds);
  };
}

function drain(incoming: IncomingMessage, { maxBytes, maxMs, idleMs }: LingerBounds) {
  let read = 0;
  const cutOff = () => {
    done();
    incoming.socket?.destroy();
  };
  let idle = setTimeout(cutOff, idleMs);
  const whole = setTimeout(cutOff, maxMs);
  const onData = (chunk: Buffer) => {
    read += chunk.length;
    if (read > maxBytes) return cutOff();
    idle.refresh();
  };
  const done = () => {
    clearTimeout(idle);
    clearTimeout(whole);
    incoming.off('data', onData);
  };
  incoming.on('data', onData);
  incoming.once('end', done);
  incoming.once('close', done);
  incoming.once('error', done);
  incoming.resume();
}

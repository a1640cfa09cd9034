// Refusals that arrive. A create refused before its body is read (429, 503, 413 from its
// Content-Length, 401) is answered while the client is still uploading. Node ends an answer
// marked `Connection: close` with a full close of the socket as soon as the answer is sent, and
// the client's next write then meets a reset: a browser shows a network error instead of the
// sentence. So, as nginx's lingering close does, the answer goes out at once, whole (its
// Content-Length is all the client waits for), but the booth ends it only once it has read the
// rest of the body and thrown it away, within bounds: then Node's close finds nothing unread.
// Only documented calls: a streamed Response, the request stream, the socket's destroy.
import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';

export interface LingerBounds {
  /** Bytes read and discarded at most; a client sending more is cut off. */
  maxBytes: number;
  /** How long the whole drain may take, and how long the client may send nothing. */
  maxMs: number;
  idleMs: number;
}

/** As nginx's lingering_time and lingering_timeout: time for a phone to finish sending a photo the booth refused. */
export const LINGER_MS = 30_000;
export const LINGER_IDLE_MS = 5_000;

export function lingerOnRefusal(bounds: LingerBounds): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const { incoming } = (c.env ?? {}) as { incoming?: IncomingMessage };
    // A body the parser has whole (or none) is off the wire: closing cannot meet unread bytes.
    if (!incoming || typeof incoming.resume !== 'function' || incoming.complete || incoming.destroyed) return;
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return;
    const { status } = c.res;
    const answer = new Uint8Array(await c.res.arrayBuffer());
    const headers = new Headers(c.res.headers);
    // The rest of the body is thrown away: this connection carries no other request.
    headers.set('Connection', 'close');
    headers.set('Content-Length', String(answer.byteLength));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(answer);
        void drain(incoming, bounds).then(() => controller.close());
      },
    });
    c.res = new Response(body, { status, headers });
  };
}

/** Reads and throws away the rest of `incoming`; resolves once it ended, or its client was cut off or went away. */
function drain(incoming: IncomingMessage, { maxBytes, maxMs, idleMs }: LingerBounds): Promise<void> {
  const socket = incoming.socket;
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      clearTimeout(idle);
      clearTimeout(whole);
      incoming.off('data', onData);
      resolve();
    };
    // Past the bounds: the client has had its time, and is cut off.
    const cutOff = () => {
      done();
      socket.destroy();
    };
    const idle = setTimeout(cutOff, idleMs);
    const whole = setTimeout(cutOff, maxMs);
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > maxBytes) return cutOff();
      idle.refresh();
    };
    incoming.on('data', onData);
    incoming.once('end', done);
    incoming.once('error', cutOff);
    socket.once('close', done);
    incoming.resume();
  });
}

// Refusals that arrive. A create refused before its body is read (429, 503, 413 from its
// Content-Length, 401) is answered while the client is still uploading. Node ends such an answer
// (Connection: close) with a full close of the socket, and the client's next write then meets a
// reset: a browser shows a network error instead of the sentence. So, as nginx's lingering close
// does, the booth closes only its sending side after the answer, reads the rest of the body and
// throws it away, within bounds, and then closes.
import type { IncomingMessage, ServerResponse } from 'node:http';
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
    const { incoming, outgoing } = (c.env ?? {}) as { incoming?: IncomingMessage; outgoing?: ServerResponse };
    if (!incoming || !outgoing || typeof incoming.resume !== 'function' || incoming.readableEnded || incoming.destroyed)
      return;
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return;
    // The rest of the body is thrown away: this connection carries no other request.
    c.res.headers.set('Connection', 'close');
    drain(incoming, outgoing, bounds);
  };
}

function drain(incoming: IncomingMessage, outgoing: ServerResponse, { maxBytes, maxMs, idleMs }: LingerBounds) {
  const socket = incoming.socket;
  // What Node calls once the closing answer is sent: here it only sends FIN, and reading goes on.
  const destroySoon = socket.destroySoon;
  socket.destroySoon = function lingeringClose() {
    this.end();
  };
  let read = 0;
  const stop = () => {
    clearTimeout(idle);
    clearTimeout(whole);
    incoming.off('data', onData);
  };
  // The body is over: close as Node would have, once the answer is out (at once if it is).
  const drained = () => {
    stop();
    socket.destroySoon = destroySoon;
    if (outgoing.writableFinished) socket.destroySoon();
  };
  // Past the bounds: the client has had its time, and is cut off.
  const cutOff = () => {
    stop();
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
  incoming.once('end', drained);
  incoming.once('error', cutOff);
  socket.once('close', stop);
  incoming.resume();
}

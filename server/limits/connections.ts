// What one address may hold of the listeners themselves, before any request is read: its request
// headers must arrive within BOOTH_HEADERS_SECONDS (Node's own 60 s let 300 connections sending
// headers a byte at a time hold their sockets for a minute), and at most
// BOOTH_ADDRESS_CONNECTIONS connections open at once. A reverse proxy named in
// BOOTH_TRUSTED_PROXIES carries every visitor, so its connections are not counted.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { plainAddress } from './client-address.ts';

export interface ConnectionLimits {
  headersSeconds: number;
  perAddress: number;
  trustedProxies: ReadonlySet<string>;
}

/** Options for http(s).createServer: Node checks its timeouts every connectionsCheckingInterval ms (30 s by default). */
export function listenerOptions(limits: ConnectionLimits) {
  const headersTimeout = limits.headersSeconds * 1000;
  return {
    headersTimeout,
    requestTimeout: Math.max(300_000, headersTimeout + 1000),
    connectionsCheckingInterval: 1000,
  };
}

const tooMany = (max: number) => {
  const body = JSON.stringify({
    error: `Too many connections from your network (at most ${max}). Please try again in a minute.`,
  });
  return `HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nRetry-After: 30\r\nConnection: close\r\n\r\n${body}`;
};

/**
 * Counts each address's open connections on `server`; one past the limit is answered 503 and
 * closed. Over TLS the answer waits for the handshake (the connection is still counted, and
 * refused, as it opens: a client cannot hold more by never finishing its handshake).
 */
export function limitConnections(server: Server, limits: ConnectionLimits, tls: boolean) {
  const open = new Map<string, number>();
  // TLS connections refused as they opened, by their remote address and port, until they close.
  const refused = new Set<string>();
  const endpoint = (socket: Socket) => `${socket.remoteAddress} ${socket.remotePort}`;
  server.on('connection', (socket: Socket) => {
    const address = plainAddress(socket.remoteAddress ?? 'unknown');
    if (limits.trustedProxies.has(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= limits.perAddress) {
      if (tls) {
        const key = endpoint(socket);
        refused.add(key);
        socket.once('close', () => refused.delete(key));
      } else socket.end(tooMany(limits.perAddress));
      // A client that never reads the answer (or never finishes its handshake) does not keep the socket.
      setTimeout(() => socket.destroy(), 5000).unref();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  if (tls)
    server.on('secureConnection', (socket: TLSSocket) => {
      if (refused.has(endpoint(socket))) socket.end(tooMany(limits.perAddress));
    });
}

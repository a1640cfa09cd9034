// Connections per address over HTTPS, as over plain http: one past BOOTH_ADDRESS_CONNECTIONS is
// answered 503 with its sentence once its handshake is done, then closed, while the connections
// within the limit go on being answered.
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../support/server-process.ts';
import { patience } from '../../support/patience.ts';

const REQUEST = 'GET /health HTTP/1.1\r\nHost: booth\r\nConnection: close\r\n\r\n';

/** A TLS connection to `port` (the booth's self-signed certificate taken as it is), once its handshake is done. */
function connect(port: number): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Sends `request` on `socket` and reads until the booth closes it; the error, if it was reset instead. */
function exchange(socket: tls.TLSSocket, request: string): Promise<{ answer: string; error?: string }> {
  return new Promise((resolve) => {
    let answer = '';
    let error: string | undefined;
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on('close', () => resolve(error ? { answer, error } : { answer }));
    socket.write(request);
  });
}

describe('connections per address over HTTPS', () => {
  let server: RunningServer;
  let port: number;
  beforeAll(async () => {
    server = await startServer({ env: { BOOTH_ADDRESS_CONNECTIONS: '3', BOOTH_WORKERS: '1' } });
    port = Number(new URL(server.httpsUrl!).port);
  });
  afterAll(() => server?.stop());

  it('answers the connection past the limit 503 with its sentence, and keeps answering those within it', async () => {
    const held = await Promise.all([connect(port), connect(port), connect(port)]);
    const past = await connect(port);
    const refused = await exchange(past, REQUEST);
    expect(refused.error).toBeUndefined();
    expect(refused.answer).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(refused.answer).toContain('Retry-After: 30');
    expect(refused.answer).toContain(
      '{"error":"Too many connections from your network (at most 3). Please try again in a minute."}',
    );
    const within = await exchange(held[0]!, REQUEST);
    expect(within.answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    // Its place is free again once it closed: another connection is answered.
    await expect
      .poll(async () => (await exchange(await connect(port), REQUEST)).answer.split('\r\n')[0], {
        timeout: patience(2000),
      })
      .toBe('HTTP/1.1 200 OK');
    for (const socket of held) socket.destroy();
  });
});

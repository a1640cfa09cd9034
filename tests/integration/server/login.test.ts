// Logging in to the auth host: failed tries are throttled per address and per user name, and the
// documented default password is taken from this machine only.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_PASSWORD, DEFAULT_SERVICE_USERNAME } from '../../../contract/index.ts';
import { lanAddress } from '../../support/network.ts';
import { startServer, type RunningServer } from '../../support/server-process.ts';

interface Answer {
  status: number;
  retryAfter?: string;
  body: { error?: string; token?: string };
}

/** POST /jwt/obtain-token from a chosen local address (127.0.0.0/8 are all this machine). */
function login(
  host: string,
  port: number,
  from: string,
  username: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ username, password });
    const req = http.request(
      {
        host,
        port,
        localAddress: from,
        method: 'POST',
        path: '/jwt/obtain-token',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            retryAfter: res.headers['retry-after'] as string | undefined,
            body: JSON.parse(text),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('failed logins', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      env: { BOOTH_WORKERS: '1', BOOTH_LOGIN_ATTEMPTS: '3', BOOTH_LOGIN_WINDOW_SECONDS: '600' },
    });
  });
  afterAll(() => server.stop());
  const attempt = (from: string, username: string, password: string) =>
    login('127.0.0.1', server.port, from, username, password);

  it('wait, with 429 and Retry-After, once an address has failed too often; the right password waits too', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('127.0.0.2', `guess-${i}`, 'wrong')).status).toBe(400);
    const blocked = await attempt('127.0.0.2', DEFAULT_SERVICE_USERNAME, DEFAULT_SERVICE_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBeGreaterThan(500);
    expect(blocked.body.error).toMatch(/^Too many failed logins\. Please wait \d+ s before trying again\.$/);
    // Another address is not held up by this one.
    expect((await attempt('127.0.0.3', DEFAULT_SERVICE_USERNAME, DEFAULT_SERVICE_PASSWORD)).status).toBe(200);
  });

  it('wait once a user name has failed too often, from whatever address', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt(`127.0.1.${i + 1}`, 'ops', 'wrong')).status).toBe(400);
    expect((await attempt('127.0.1.9', 'ops', 'wrong')).status).toBe(429);
    expect((await attempt('127.0.1.9', DEFAULT_SERVICE_USERNAME, DEFAULT_SERVICE_PASSWORD)).status).toBe(200);
  });
});

describe('the default service password, with the booth on the network', () => {
  // No other machine can be reached here: the booth sits behind a reverse proxy on this machine,
  // trusted to name the client, and the proxy names one elsewhere on the network.
  const onNetwork = { BOOTH_WORKERS: '1', BOOTH_HOST: '0.0.0.0', BOOTH_TRUSTED_PROXIES: '127.0.0.1' };
  const fromElsewhere = { 'x-forwarded-for': '198.51.100.7' };

  it('is refused from another machine, taken from this one, and the start says how to set one', async () => {
    const server = await startServer({ env: onNetwork });
    try {
      const remote = await login(
        '127.0.0.1',
        server.port,
        '127.0.0.1',
        DEFAULT_SERVICE_USERNAME,
        DEFAULT_SERVICE_PASSWORD,
        fromElsewhere,
      );
      expect(remote.status).toBe(403);
      expect(remote.body.error).toMatch(/default service password.*Set BOOTH_SERVICE_PASSWORD/);
      expect(
        (await login('127.0.0.1', server.port, '127.0.0.1', DEFAULT_SERVICE_USERNAME, DEFAULT_SERVICE_PASSWORD)).status,
      ).toBe(200);
      // This machine by its network address (npm start builds against it when told to listen there).
      if (lanAddress)
        expect(
          (await login(lanAddress, server.port, lanAddress, DEFAULT_SERVICE_USERNAME, DEFAULT_SERVICE_PASSWORD)).status,
        ).toBe(200);
      // Only the trusted proxy is believed: from any other peer the header is ignored.
      expect(
        (
          await login(
            '127.0.0.1',
            server.port,
            '127.0.0.2',
            DEFAULT_SERVICE_USERNAME,
            DEFAULT_SERVICE_PASSWORD,
            fromElsewhere,
          )
        ).status,
      ).toBe(200);
      expect(server.output()).toMatch(/default password.*set BOOTH_SERVICE_PASSWORD for the server and the build/);
    } finally {
      await server.stop();
    }
  });

  it('is no longer needed once the operator sets a password: it works from the network', async () => {
    const server = await startServer({ env: { ...onNetwork, BOOTH_SERVICE_PASSWORD: 'a-real-event-password' } });
    try {
      const remote = await login(
        '127.0.0.1',
        server.port,
        '127.0.0.1',
        DEFAULT_SERVICE_USERNAME,
        'a-real-event-password',
        fromElsewhere,
      );
      expect(remote.status).toBe(200);
      expect(server.output()).not.toMatch(/default password/);
    } finally {
      await server.stop();
    }
  });
});

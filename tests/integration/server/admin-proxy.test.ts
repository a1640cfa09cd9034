// The console behind a reverse proxy that sets its own Host (as nginx's
// `proxy_pass http://127.0.0.1:4321` does): the browser's Origin is the proxy's address, not the
// one the request reaches the server with. The console's own calls pass when the proxy is named
// in BOOTH_TRUSTED_PROXIES (its X-Forwarded-Host and -Proto) or the address is BOOTH_PUBLIC_URL;
// another site's are still refused, and a forwarded host from anyone else is not believed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../support/server-process.ts';
import { call, signIn } from './support/console.ts';

/** A reverse proxy on localhost:PORT to the server, which rewrites Host and adds X-Forwarded-*. */
function hostRewritingProxy(target: number, forward: boolean): Promise<{ url: string; close: () => Promise<void> }> {
  const proxy = http.createServer((req, res) => {
    const headers = { ...req.headers, host: `127.0.0.1:${target}` };
    if (forward)
      Object.assign(headers, {
        'x-forwarded-host': req.headers.host,
        'x-forwarded-proto': 'http',
        'x-forwarded-for': req.socket.remoteAddress,
      });
    const upstream = http.request(
      { host: '127.0.0.1', port: target, path: req.url, method: req.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://localhost:${(proxy.address() as AddressInfo).port}`,
        close: () => new Promise((done) => proxy.close(() => done())),
      }),
    ),
  );
}

/** What Chromium sends with a console page's own fetch, as seen at `origin`. */
const fromPage = (origin: string) => ({ origin, 'sec-fetch-site': 'same-origin' });

describe('the console behind a Host-rewriting reverse proxy', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { BOOTH_WORKERS: '1', BOOTH_HTTPS: 'off', BOOTH_TRUSTED_PROXIES: '127.0.0.1' } });
  });
  afterAll(() => server?.stop());

  it("accepts the console's own calls through a trusted proxy that forwards its host, and refuses another site's", async () => {
    const proxy = await hostRewritingProxy(server.port, true);
    try {
      const cookie = await signIn(proxy.url);
      const own = await call(proxy.url, 'POST', '/tenants', {
        cookie,
        body: { slug: 'behind-proxy' },
        headers: fromPage(proxy.url),
      });
      expect(own.status, JSON.stringify(own.body)).toBe(201);
      const forged = await call(proxy.url, 'POST', '/tenants', {
        cookie,
        body: { slug: 'evil-corp' },
        headers: fromPage('https://evil.example'),
      });
      expect(forged.status).toBe(403);
      expect(forged.body.error).toMatch(/came from another site/);
      expect(
        (
          await call(proxy.url, 'DELETE', '/tenants/behind-proxy', {
            cookie,
            headers: { origin: proxy.url, 'sec-fetch-site': 'cross-site' },
          })
        ).status,
      ).toBe(403);
      expect(
        (await call(proxy.url, 'DELETE', '/tenants/behind-proxy', { cookie, headers: fromPage(proxy.url) })).status,
      ).toBe(204);
    } finally {
      await proxy.close();
    }
  });

  it('refuses them through a proxy that forwards no host: the origin cannot be told apart from another', async () => {
    const proxy = await hostRewritingProxy(server.port, false);
    try {
      const cookie = await signIn(proxy.url);
      expect(
        (
          await call(proxy.url, 'POST', '/tenants', {
            cookie,
            body: { slug: 'no-forwarded-host' },
            headers: fromPage(proxy.url),
          })
        ).status,
      ).toBe(403);
    } finally {
      await proxy.close();
    }
  });
});

describe('the console at BOOTH_PUBLIC_URL, with no trusted proxy', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      env: { BOOTH_WORKERS: '1', BOOTH_HTTPS: 'off', BOOTH_PUBLIC_URL: 'https://booth.example.org' },
    });
  });
  afterAll(() => server?.stop());

  it('accepts calls from the public address, and believes no X-Forwarded-Host from an untrusted peer', async () => {
    const cookie = await signIn(server.url);
    const own = await call(server.url, 'POST', '/tenants', {
      cookie,
      body: { slug: 'public-address' },
      headers: fromPage('https://booth.example.org'),
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const claimed = await call(server.url, 'POST', '/tenants', {
      cookie,
      body: { slug: 'claimed-host' },
      headers: {
        ...fromPage('https://evil.example'),
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      },
    });
    expect(claimed.status).toBe(403);
    expect((await call(server.url, 'GET', '/tenants/claimed-host', { cookie })).status).toBe(404);
  });
});

import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDataDir, startServer, type RunningServer } from '../../support/server-process.ts';
import { rawGet } from './support/client.ts';

/** A small stand-in for Astro's `format: 'directory'` output. */
function writeSite(dir: string) {
  const pages: Record<string, string> = {
    'index.html': 'intro',
    'camera/index.html': 'camera',
    'results/index.html': 'results',
    'aurora/index.html': 'aurora intro',
    'aurora/results/index.html': 'aurora results',
    '404.html': 'not found page',
    'aurora/404.html': 'aurora not found page',
    // A guest's language of a tenant, and of the default tenant (its branding's languages).
    'aurora/fr/index.html': 'aurora intro in French',
    'aurora/fr/404.html': 'aurora not found page in French',
    'ar/index.html': 'intro in Arabic',
    'ar/404.html': 'not found page in Arabic',
    '_astro/app.abc123.js': 'console.log(1)',
  };
  for (const [file, text] of Object.entries(pages)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
}

describe('static site hosting', () => {
  let server: RunningServer;
  let siteDir: string;
  beforeAll(async () => {
    siteDir = path.join(newDataDir(), 'dist');
    server = await startServer({ env: { BOOTH_SITE_DIR: siteDir, BOOTH_WORKERS: '1' } });
  });
  afterAll(() => server?.stop());

  const get = async (p: string) => {
    const res = await rawGet(server.port, p);
    return { ...res, text: res.body.toString() };
  };

  it('answers a friendly 503 while the site is not built', async () => {
    const res = await get('/');
    expect(res.status).toBe(503);
    expect(res.text).toContain('The booth is being built…');
  });

  it('serves the directory format, reading the site from disk per request', async () => {
    writeSite(siteDir);
    expect((await get('/')).text).toBe('intro');
    expect((await get('/camera')).text).toBe('camera');
    expect((await get('/camera/')).text).toBe('camera');
    expect((await get('/aurora')).text).toBe('aurora intro');
    expect((await get('/camera')).headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await get('/camera')).headers['cache-control']).toBe('no-cache');
  });

  it('rewrites results pages of every tenant', async () => {
    expect((await get('/results/abc123')).text).toBe('results');
    expect((await get('/aurora/results/xyz')).text).toBe('aurora results');
  });

  it('answers unknown paths with 404.html and status 404', async () => {
    const res = await get('/nowhere/at/all');
    expect(res.status).toBe(404);
    expect(res.text).toBe('not found page');
    expect((await get('/camera/nowhere')).text).toBe('not found page');
  });

  it("answers an unknown path under a tenant with that tenant's Not Found page", async () => {
    for (const p of ['/aurora/nowhere', '/aurora/camera/x', '/aurora/styles']) {
      const res = await get(p);
      expect([p, res.status, res.text]).toEqual([p, 404, 'aurora not found page']);
    }
  });

  it("answers an unknown path under a guest's language with that language's Not Found page", async () => {
    for (const [p, text] of [
      ['/aurora/fr/nowhere', 'aurora not found page in French'],
      ['/aurora/fr/camera/x', 'aurora not found page in French'],
      ['/ar/nowhere', 'not found page in Arabic'],
      // A code the tenant does not offer, or that is no language: the tenant's own.
      ['/aurora/de/nowhere', 'aurora not found page'],
      ['/aurora/xx/nowhere', 'aurora not found page'],
      ['/de/nowhere', 'not found page'],
    ]) {
      const res = await get(p!);
      expect([p, res.status, res.text]).toEqual([p, 404, text]);
    }
  });

  it("shows the default tenant's screens for a slug with no page set, as the spec's built-in default branding", async () => {
    for (const [p, text] of [
      ['/gone-tenant', 'intro'],
      ['/gone-tenant/', 'intro'],
      ['/gone-tenant/camera', 'camera'],
      ['/gone-tenant/results/42', 'results'],
    ]) {
      const res = await get(p!);
      expect([p, res.status, res.text]).toEqual([p, 200, text]);
    }
    // An address naming no screen is still Not Found.
    expect((await get('/gone-tenant/nowhere')).status).toBe(404);
  });

  it('caches hashed assets for a long time', async () => {
    const res = await get('/_astro/app.abc123.js');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('compresses pages and scripts for browsers that accept it, and sends the plain file otherwise', async () => {
    const script = `export const texts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `line ${i}`))};`;
    fs.writeFileSync(path.join(siteDir, '_astro/big.def456.js'), script);
    const getWith = (p: string, headers: Record<string, string>) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port: server.port, path: p, headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const br = await getWith('/_astro/big.def456.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.body.length).toBeLessThan(script.length / 3);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
    const gzip = await getWith('/_astro/big.def456.js', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await getWith('/_astro/big.def456.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    // A byte range is of the file itself.
    const range = await getWith('/_astro/big.def456.js', { 'Accept-Encoding': 'gzip', Range: 'bytes=0-5' });
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.body.toString()).toBe(script.slice(0, 6));
  });

  it('never serves a file outside the site folder', async () => {
    fs.writeFileSync(path.join(path.dirname(siteDir), 'outside.txt'), 'outside');
    for (const p of ['/../outside.txt', '/%2e%2e/outside.txt', '/camera/..%2F..%2Foutside.txt', '/..%5Coutside.txt']) {
      const res = await get(p);
      expect(res.text, p).not.toBe('outside');
    }
  });

  it('sends the safety headers with pages, API answers and images, and lets other sites show the images', async () => {
    const styles = (await (await fetch(`${server.url}/transformations/styles`)).json()) as {
      thumbnail: string | null;
    }[];
    const thumbnail = new URL(styles.find((s) => s.thumbnail)!.thumbnail!).pathname;
    for (const p of ['/', '/camera', '/no/such/page', '/transformations/styles', thumbnail]) {
      const { headers } = await get(p);
      expect({
        path: p,
        sniff: headers['x-content-type-options'],
        referrer: headers['referrer-policy'],
        resources: headers['cross-origin-resource-policy'],
        hsts: headers['strict-transport-security'],
        frames: headers['x-frame-options'],
      }).toEqual({
        path: p,
        sniff: 'nosniff',
        referrer: 'no-referrer',
        resources: 'cross-origin',
        hsts: undefined,
        frames: undefined,
      });
    }
  });

  it("keeps the server's own paths for the server", async () => {
    fs.mkdirSync(path.join(siteDir, 'transformations'), { recursive: true });
    fs.writeFileSync(path.join(siteDir, 'transformations/index.html'), 'site page');
    for (const unknown of ['/transformations/unknown', '/transformations/unknown/']) {
      const res = await get(unknown);
      expect(res.status).toBe(404);
      expect(JSON.parse(res.text).error).toBe(`There is no GET ${unknown} on this server.`);
    }
    expect((await get('/health')).text).toBe('{"ok":true}');
  });
});

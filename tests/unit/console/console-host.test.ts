// The console's page and files as the server answers them, over a bundle made in the test.
import { describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import { consoleHost, CONSOLE_POLICY } from '../../../server/hosts/admin-console.ts';
import type { ConsoleBundle } from '../../../server/admin/console-bundle.ts';

const body = Buffer.from('console.log("console")');
const bundle: ConsoleBundle = {
  html: '<!doctype html><title>Booth console</title>',
  files: new Map([['console-abc.js', { body, gzip: zlib.gzipSync(body), type: 'text/javascript; charset=utf-8' }]]),
};

describe('the console host', () => {
  const app = consoleHost(async () => bundle);

  it('answers the page with its policy, never stored', async () => {
    const res = await app.request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(CONSOLE_POLICY);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toContain('Booth console');
  });

  it('answers a hashed file for good, gzip when asked, and a 404 for another name', async () => {
    const plain = await app.request('/assets/console-abc.js');
    expect(plain.headers.get('cache-control')).toContain('immutable');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(body.toString());
    const gzip = await app.request('/assets/console-abc.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const refused = await app.request('/assets/console-abc.js', { headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect((await app.request('/assets/other.js')).status).toBe(404);
  });

  it('answers 503 with a sentence when the bundle cannot be made', async () => {
    const broken = consoleHost(async () => {
      throw new Error('no console/ folder');
    });
    const res = await broken.request('/');
    expect(res.status).toBe(503);
    expect((await res.json()).error).toContain('could not be prepared');
  });
});

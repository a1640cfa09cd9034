import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../support/server-process.ts';
import { proxySignature } from '../../../contract/proxy-signature.ts';
import { rawGet } from './support/client.ts';

const SOURCE = 's3://booth-assets/photobooth';
const SECRET_TEXT = 'do-not-serve-this-file';

describe('image proxy', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { BOOTH_WORKERS: '1' } });
    // A file beside the tenant asset folder that no proxy URL may reach.
    fs.writeFileSync(path.join(server.dataDir, 'secret.txt'), SECRET_TEXT);
  });
  afterAll(() => server?.stop());

  const proxy = (options: string, source: string) => rawGet(server.port, `/insecure/${options}/plain/${source}`);

  it('fills 450x800 with smart gravity from a 1920x1080 background', async () => {
    const res = await proxy('rs:fill:450:800/g:sm', `${SOURCE}/aurora/background.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    const meta = await sharp(res.body).metadata();
    expect([meta.width, meta.height]).toEqual([450, 800]);
  });

  it('fits a logo inside the box and keeps its transparency', async () => {
    const res = await proxy('rs:fit:450:50/g:sm', `${SOURCE}/meadow/logo.png`);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.body).metadata();
    expect(meta.height).toBe(50);
    expect(meta.width).toBeLessThanOrEqual(450);
    expect(meta.hasAlpha).toBe(true);
  });

  it('answers a repeated request from its cache', async () => {
    const url = ['rs:fill:300:300/g:ce', `${SOURCE}/meadow/background.jpg`] as const;
    expect((await proxy(...url)).headers['x-cache']).toBe('MISS');
    const again = await proxy(...url);
    expect(again.status).toBe(200);
    expect(again.headers['x-cache']).toBe('HIT');
  });

  it('accepts every gravity of the format', async () => {
    for (const g of ['sm', 'ce', 'no', 'so', 'ea', 'we'])
      expect((await proxy(`rs:fill:100:100/g:${g}`, `${SOURCE}/aurora/logo.png`)).status, g).toBe(200);
  });

  it('refuses sizes over 4096 and unknown options', async () => {
    for (const options of ['rs:fill:5000:100/g:sm', 'rs:fill:-1:100', 'rs:stretch:100:100', 'g:up', 'blur:10', 'q:0']) {
      const res = await proxy(options, `${SOURCE}/aurora/logo.png`);
      expect(res.status, options).toBe(400);
      expect(JSON.parse(res.body.toString()).error).toBeTruthy();
    }
  });

  it('never leaves the tenant asset folder', async () => {
    const attempts = [
      `${SOURCE}/../secret.txt`,
      `${SOURCE}/aurora/../../secret.txt`,
      `${SOURCE}/%2e%2e/secret.txt`,
      `${SOURCE}/aurora/%2E%2E/%2e%2e/secret.txt`,
      `${SOURCE}%2F..%2Fsecret.txt`,
      `${SOURCE}/..%2Fsecret.txt`,
      `${SOURCE}/%252e%252e/secret.txt`,
      `${SOURCE}/aurora/..%5C..%5Csecret.txt`,
      `${SOURCE}/%00/secret.txt`,
      `file://${server.dataDir}/secret.txt`,
      `${server.dataDir}/secret.txt`,
    ];
    for (const source of attempts) {
      const res = await proxy('rs:fill:10:10/g:sm', source);
      expect([400, 404], source).toContain(res.status);
      expect(res.body.toString()).not.toContain(SECRET_TEXT);
    }
  });

  it('never fetches a source on another host', async () => {
    for (const source of [
      'http://127.0.0.1:1/x.png',
      `http://127.0.0.1:${server.port}/media/tenants/aurora/logo.png`,
      's3://other-bucket/photobooth/aurora/logo.png',
      's3://booth-assets/other-app/aurora/logo.png',
    ]) {
      const res = await proxy('rs:fill:10:10/g:sm', source);
      expect(res.status, source).toBe(404);
      expect(JSON.parse(res.body.toString()).error).toMatch(/not served here/);
    }
  });

  it('answers 404 for a missing image', async () => {
    expect((await proxy('rs:fill:10:10/g:sm', `${SOURCE}/aurora/nothing.png`)).status).toBe(404);
  });

  it('never enlarges unless asked, and holds an asked enlargement to 2048x2048 worth of pixels', async () => {
    const logo = await sharp(path.join(server.dataDir, 'tenant-assets/aurora/logo.png')).metadata();
    const kept = await sharp((await proxy('rs:fit:4000:4000', `${SOURCE}/aurora/logo.png`)).body).metadata();
    expect([kept.width, kept.height]).toEqual([logo.width, logo.height]);
    // The attack that cost 1.4 s of CPU a request: the source enlarged to 4096 high.
    const enlarged = await sharp((await proxy('rs:fill:3001:4096:1', `${SOURCE}/aurora/logo.png`)).body).metadata();
    expect(enlarged.width! * enlarged.height!).toBeLessThanOrEqual(2048 * 2048);
    expect(enlarged.width! / enlarged.height!).toBeCloseTo(3001 / 4096, 2);
  });
});

describe('image proxy with a key (signed URLs)', () => {
  const KEY = '943b421c9eb07c830af81030552c86009268de4e532ba2ee2eab8247c6da0881';
  const SALT = '520f986b998545b4785e0defbc4f3c1203f22de2374a3d53cb7a7fe9fea309c5';
  const signing = { key: Buffer.from(KEY, 'hex'), salt: Buffer.from(SALT, 'hex') };
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { BOOTH_WORKERS: '1', BOOTH_PROXY_KEY: KEY, BOOTH_PROXY_SALT: SALT } });
  });
  afterAll(() => server?.stop());

  const path = `/rs:fill:300:200/g:sm/plain/${SOURCE}/aurora/background.jpg`;

  it('serves a URL signed with its key and salt', async () => {
    const res = await rawGet(server.port, `/${proxySignature(path, signing)}${path}`);
    expect(res.status).toBe(200);
    const meta = await sharp(res.body).metadata();
    expect([meta.width, meta.height]).toEqual([300, 200]);
  });

  it('refuses an unsigned, a wrongly signed or an altered URL with 403 and a sentence', async () => {
    const signature = proxySignature(path, signing);
    for (const url of [
      `/insecure${path}`,
      `/${signature}${path.replace('300', '3000')}`,
      `/${'A'.repeat(43)}${path}`,
    ]) {
      const res = await rawGet(server.port, url);
      expect(res.status, url).toBe(403);
      expect(JSON.parse(res.body.toString()).error).toBe(
        "This image address is not signed for this booth. Image addresses come from the booth's pages.",
      );
    }
  });

  it('leaves a path that only looks like a signature (a 43-letter tenant) to the site', async () => {
    const res = await rawGet(server.port, `/${'a'.repeat(43)}/camera`);
    // The site answers (here it is not built): not the proxy's 403.
    expect(res.status).not.toBe(403);
    expect(res.body.toString()).not.toMatch(/signed/);
  });
});

// Uploading a tenant's logo, background and video through the console, against the real server:
// real images are stored re-encoded under new names and named in the branding; hostile files
// (script-bearing SVG, polyglots, a decompression bomb, a 200 MB body) get a clear 4xx.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startServer, type RunningServer } from '../../support/server-process.ts';
import { call, signIn } from './support/console.ts';
import { patience } from '../../support/patience.ts';

const seedAsset = (name: string) => fs.readFileSync(path.join(REPO_ROOT, 'server/seed/assets/aurora', name));

/** A PNG whose header claims width × height, with one tiny compressed row: a decompression bomb's shape. */
function bombPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('console uploads', () => {
  let server: RunningServer;
  let operator: string;
  beforeAll(async () => {
    server = await startServer({ env: { BOOTH_WORKERS: '1', BOOTH_HTTPS: 'off' } });
    operator = await signIn(server.url);
    expect(
      (await call(server.url, 'POST', '/tenants', { cookie: operator, body: { slug: 'harbour', client: 'Harbour' } }))
        .status,
    ).toBe(201);
  });
  afterAll(() => server?.stop());
  const upload = (kind: string, body: Buffer | string, slug = 'harbour', cookie = operator) =>
    call(server.url, 'PUT', `/tenants/${slug}/files/${kind}`, {
      cookie,
      body,
      headers: { 'content-type': 'application/octet-stream' },
    });
  const tenantFiles = () => fs.readdirSync(path.join(server.dataDir, 'tenant-assets', 'harbour'));

  it('stores a logo, a background and a video under new names and names them in the branding', async () => {
    const logo = await upload('logo', seedAsset('logo.png'));
    expect(logo.status, JSON.stringify(logo.body)).toBe(200);
    const logoUrl = (logo.body.branding as { logoUrl: string }).logoUrl;
    expect(logoUrl).toMatch(/^harbour\/logo-[0-9a-f]{12}\.png$/);
    // Through the image proxy, as the pages load it.
    const proxied = await fetch(`${server.url}/insecure/rs:fit:200:200/plain/s3://booth-assets/photobooth/${logoUrl}`);
    expect(proxied.status).toBe(200);
    expect((await sharp(Buffer.from(await proxied.arrayBuffer())).metadata()).width).toBeLessThanOrEqual(200);

    const background = await upload('background', seedAsset('background.jpg'));
    expect((background.body.branding as { backgroundImageUrl: string }).backgroundImageUrl).toMatch(
      /^harbour\/background-[0-9a-f]{12}\.jpg$/,
    );
    const video = await upload('video', seedAsset('processing.mp4'));
    const videoUrl = (video.body.branding as { video: string }).video;
    expect(videoUrl).toMatch(/^\/media\/tenants\/harbour\/video-[0-9a-f]{12}\.mp4$/);
    expect((await fetch(`${server.url}${videoUrl}`)).headers.get('content-type')).toBe('video/mp4');

    // A new logo replaces the old file.
    const again = await upload(
      'logo',
      await sharp({ create: { width: 64, height: 32, channels: 4, background: '#ff000080' } })
        .png()
        .toBuffer(),
    );
    expect((again.body.branding as { logoUrl: string }).logoUrl).not.toBe(logoUrl);
    expect(tenantFiles().filter((f) => f.startsWith('logo-'))).toHaveLength(1);
  });

  it('refuses an SVG, script or not, whatever it is called', async () => {
    const svg =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
    const res = await upload('logo', svg);
    expect(res.status).toBe(415);
    expect(res.body.error).toBe(
      'SVG images are not accepted (they can carry script); upload a PNG, JPEG or WebP image.',
    );
    expect((await upload('background', `\uFEFF  ${svg}`)).status).toBe(415);
  });

  it('refuses a file that is not what an image is, and strips what a polyglot hides after one', async () => {
    expect((await upload('logo', 'GIF89a/*<script>alert(1)</script>*/')).status).toBe(415);
    expect((await upload('logo', '<html><script>alert(1)</script></html>')).status).toBe(415);
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('<html><script>alert(1)</script>'),
    ]);
    const brokenAnswer = await upload('logo', broken);
    expect(brokenAnswer.status).toBe(400);
    expect(brokenAnswer.body.error).toMatch(/could not be read as a PNG, JPEG or WebP image/);
    // A real JPEG with a page after its end: accepted as the image it is, stored without the page.
    const polyglot = Buffer.concat([
      seedAsset('background.jpg'),
      Buffer.from('<html><script>alert(1)</script></html>'),
    ]);
    const res = await upload('background', polyglot);
    expect(res.status).toBe(200);
    const name = (res.body.branding as { backgroundImageUrl: string }).backgroundImageUrl;
    expect(fs.readFileSync(path.join(server.dataDir, 'tenant-assets', name)).includes('<script>')).toBe(false);
    expect((await upload('video', seedAsset('logo.png'))).status).toBe(415);
  });

  it('refuses a decompression bomb from its header, at once', async () => {
    const bomb = bombPng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    const res = await upload('background', bomb);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The image is too large (30000×30000); the limit is 40 megapixels.');
    // Decoding 900 megapixels would take many times this, on any machine.
    expect(performance.now() - started).toBeLessThan(patience(2000));
  });

  it('refuses a 200 MB file from its Content-Length, without reading it', async () => {
    const answer = await new Promise<{ status: number; body: { error?: string } }>((resolve, reject) => {
      const req = http.request(
        `${server.url}/admin/api/tenants/harbour/files/video`,
        {
          method: 'PUT',
          headers: { cookie: operator, 'content-type': 'video/mp4', 'content-length': String(200 * 1024 * 1024) },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      req.write(Buffer.alloc(64 * 1024));
    });
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe('The file is too large; the limit is 50 MB.');
  });

  it('refuses a 200 MB file sent in chunks with no Content-Length, once past the limit', async () => {
    let sent = 0;
    const answer = await new Promise<{ status: number; body: { error?: string } }>((resolve, reject) => {
      const req = http.request(
        `${server.url}/admin/api/tenants/harbour/files/video`,
        {
          method: 'PUT',
          headers: { cookie: operator, 'content-type': 'video/mp4', 'transfer-encoding': 'chunked' },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
        },
      );
      // The server closes the connection after its answer: the writes after it fail, as they should.
      req.on('error', (error) => setTimeout(() => reject(error), 5_000).unref());
      const chunk = Buffer.alloc(1024 * 1024);
      // Sent as fast as the server reads it, up to 200 MB, until it answers.
      const pump = () => {
        while (sent < 200 * 1024 * 1024 && !req.destroyed) {
          sent += chunk.length;
          if (!req.write(chunk)) return req.once('drain', pump);
        }
        if (!req.destroyed) req.end();
      };
      pump();
    });
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe('The file is too large; the limit is 50 MB.');
    // It stopped reading soon after the limit, not at the end of the 200 MB.
    expect(sent).toBeLessThan(120 * 1024 * 1024);
  });

  it("keeps a tenant account to its own tenant's files, and says what the kinds are", async () => {
    expect(
      (
        await call(server.url, 'POST', '/accounts', {
          cookie: operator,
          body: { username: 'meadow-staff', password: 'meadow-staff-password', role: 'tenant', tenant: 'meadow' },
        })
      ).status,
    ).toBe(201);
    const staff = await signIn(server.url, 'meadow-staff', 'meadow-staff-password');
    expect((await upload('logo', seedAsset('logo.png'), 'harbour', staff)).status).toBe(403);
    expect((await upload('logo', seedAsset('logo.png'), 'meadow', staff)).status).toBe(200);
    expect((await upload('favicon', seedAsset('logo.png'))).status).toBe(404);
    expect((await upload('logo', '')).status).toBe(400);
  });
});

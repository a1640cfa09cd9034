// What a hostile client sends cannot forge the operator's log, fill it with stacks, or have a
// megabyte echoed back to it.
import net from 'node:net';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../support/server-process.ts';
import { dataUrl, postJob } from './support/client.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ env: { BOOTH_WORKERS: '1' } });
});
afterAll(() => server.stop());

/** The server's output lines that mention `needle`. */
const linesWith = (needle: string) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes(needle));

describe('the log', () => {
  it('escapes a newline and an ESC in a URL path: no forged line, no terminal escape', async () => {
    const forged = '2026-11-23 job abc COMPLETED';
    const res = await fetch(`${server.url}/jwt/marker-1%0A${encodeURIComponent(forged)}%1B[2J`);
    expect(res.status).toBe(404);
    await expect.poll(() => linesWith('marker-1')).toHaveLength(1);
    const [line] = linesWith('marker-1');
    expect(line).toContain('marker-1\\n2026-11-23 job abc COMPLETED\\x1b[2J 404');
    expect(server.output()).not.toContain('\u001b');
    expect(
      server
        .output()
        .split('\n')
        .some((l) => l.startsWith(forged)),
    ).toBe(false);
  });

  it('says in one line that a client went away mid-upload: no 500, no stack', async () => {
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /transformations/jobs/create/?marker-2 HTTP/1.1\r\nHost: booth\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000000\r\n\r\n{"style_id":"die-cut-sticker","image":"data:image/jpeg;base64,AAAA',
    );
    // Wait until the server has started reading the body, then hang up.
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    await expect.poll(() => linesWith('POST /transformations/jobs/create/').length).toBeGreaterThan(0);
    const lines = linesWith('POST /transformations/jobs/create/');
    expect(lines).toEqual([expect.stringMatching(/ 400 \d+ms \(the client went away before its request was read\)$/)]);
    expect(server.output()).not.toMatch(/ 500 |failed:|\n\s+at /);
  });
});

describe('an error message', () => {
  it('shows only an excerpt of a huge style id', async () => {
    const styleId = 'x'.repeat(1_000_000);
    const res = await postJob(server.url, { style_id: styleId, image: 'data:image/jpeg;base64,AAAA' });
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(text.length).toBeLessThan(300);
    expect(JSON.parse(text).error).toBe(`There is no style "${'x'.repeat(60)}…". Pick one of the listed styles.`);
  });

  it('shows only the start of a long path', async () => {
    const res = await fetch(`${server.url}/jwt/${'y'.repeat(8_000)}`);
    const text = await res.text();
    expect(res.status).toBe(404);
    expect(text.length).toBeLessThan(400);
    expect(JSON.parse(text).error).toMatch(/^There is no GET \/jwt\/y+… on this server\.$/);
  });
});

/** A tiny real image whose header claims width x height (the header's checksum kept valid). */
async function claiming(format: 'jpeg' | 'png', width: number, height: number): Promise<Buffer> {
  const image = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888888' } })
      [format]()
      .toBuffer(),
  );
  if (format === 'png') {
    // IHDR starts at byte 8: length, type, width, height, ..., then a CRC of type and data.
    image.writeUInt32BE(width, 16);
    image.writeUInt32BE(height, 20);
    image.writeUInt32BE(zlib.crc32(image.subarray(12, 29)), 29);
  } else {
    const sof = image.findIndex((byte, i) => byte === 0xff && (image[i + 1] === 0xc0 || image[i + 1] === 0xc2));
    image.writeUInt16BE(height, sof + 5);
    image.writeUInt16BE(width, sof + 7);
  }
  return image;
}

describe('a photo over the pixel limit', () => {
  it.each([
    ['a JPEG claiming 65000x65000', 'jpeg', 65000, 65000, 'image/jpeg'],
    ['a PNG bomb of 30000x30000', 'png', 30000, 30000, 'image/png'],
  ] as const)('%s is refused as too large, from its header', async (_, format, width, height, type) => {
    const photo = await claiming(format, width, height);
    const res = await postJob(server.url, { style_id: 'die-cut-sticker', image: dataUrl(photo, type) });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(`The photo is too large (${width}x${height}); the limit is 40 megapixels.`);
  });
});

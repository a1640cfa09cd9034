// The tenant's brand on its results: a job created with `tenant` gets the tenant's frame (or its
// logo as a corner mark) in the full image and in its preview, the photo stays in the frame's
// window, and a job without a tenant, of an unknown tenant or of a broken frame file is unframed.
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUS } from '../../../contract/index.ts';
import { MARK_HEIGHT_SHARE, MARK_MARGIN_SHARE, MARK_WIDTH_SHARE } from '../../../server/brand/brand-frame.ts';
import { startServer, type RunningServer } from '../../support/server-process.ts';
import { dataUrl, fixture, postJob, waitForJob } from './support/client.ts';
import { AURORA_ACCENT, BAND_POINTS, distance, GALA_BAND, GALA_GOLD, JEWEL, pixelsOf } from './support/pixels.ts';
import { patience } from '../../support/patience.ts';

describe('brand frame on results', () => {
  let server: RunningServer;
  const create = async (tenant: string | undefined, style = 'comic', photo = fixture('astronaut.jpg')) => {
    const res = await postJob(server.url, {
      style_id: style,
      image: dataUrl(photo),
      ...(tenant === undefined ? {} : { tenant }),
    });
    const body = (await res.json()) as { id: string; error?: string };
    expect(res.status, body.error).toBe(201);
    const job = await waitForJob(server.url, body.id);
    expect(job.result.status, job.result.message).toBe(JOB_STATUS.completed);
    return job;
  };
  let plain: Awaited<ReturnType<typeof pixelsOf>>;

  beforeAll(async () => {
    server = await startServer({ env: { BOOTH_CLIENT_JOBS_PER_MINUTE: '100' } });
    // Aurora shows its logo as a corner mark; Meadow's frame is a file that is not a PNG. The
    // server reads a tenant's branding from SQLite at each create, as an operator's edit would.
    const db = new DatabaseSync(path.join(server.dataDir, 'booth.sqlite'));
    db.prepare(
      "UPDATE tenants SET branding = json_set(branding, '$.logoMark', json('true')) WHERE slug = 'aurora'",
    ).run();
    db.prepare(
      "UPDATE tenants SET branding = json_set(branding, '$.frameUrl', 'meadow/frame.png') WHERE slug = 'meadow'",
    ).run();
    db.close();
    fs.writeFileSync(path.join(server.dataDir, 'tenant-assets/meadow/frame.png'), 'not a picture');
    plain = await pixelsOf((await create(undefined)).images[0]!);
  });
  afterAll(() => server?.stop());

  it("puts Gala Night's frame on the full image and the preview, with the photo in its window", async () => {
    const job = await create('gala');
    for (const url of [job.images[0]!, job.previews![0]!]) {
      const image = await pixelsOf(url);
      for (const [x, y] of BAND_POINTS)
        expect(distance(image.at(x, y), GALA_BAND), `${url} at ${x},${y}`).toBeLessThan(24);
      expect(distance(image.at(...JEWEL), GALA_GOLD), `${url} gold corner`).toBeLessThan(48);
    }
    const framed = await pixelsOf(job.images[0]!);
    expect([framed.width, framed.height]).toEqual([plain.width, plain.height]);
    // The window shows the same picture as a job without a frame; the band does not.
    expect(framed.meanDifference(plain, [0.15, 0.15, 0.85, 0.85])).toBeLessThan(3);
    expect(framed.meanDifference(plain, [0, 0.2, 0.05, 0.8])).toBeGreaterThan(20);
  });

  it("puts the tenant's logo in the bottom-right corner when the tenant asks for a logo mark", async () => {
    const image = await pixelsOf((await create('aurora')).images[0]!);
    const short = Math.min(image.width, image.height);
    // The seed logo is 640×160 with its accent-coloured disc centred at (80, 80).
    const scale = Math.min((short * MARK_WIDTH_SHARE) / 640, (short * MARK_HEIGHT_SHARE) / 160);
    const margin = Math.round(short * MARK_MARGIN_SHARE);
    const disc = [
      (image.width - margin - Math.round(640 * scale) + 80 * scale) / (image.width - 1),
      (image.height - margin - Math.round(160 * scale) + 80 * scale) / (image.height - 1),
    ] as const;
    expect(distance(image.at(...disc), AURORA_ACCENT)).toBeLessThan(40);
    expect(distance(plain.at(...disc), AURORA_ACCENT)).toBeGreaterThan(40);
    // Everywhere but the corner, the picture is the unframed one.
    expect(image.meanDifference(plain, [0, 0, 1, 0.7])).toBeLessThan(3);
  });

  it('leaves the result unframed for an unknown tenant', async () => {
    const image = await pixelsOf((await create('nobody-here')).images[0]!);
    expect(image.meanDifference(plain, [0, 0, 1, 1])).toBeLessThan(1);
  });

  it('keeps a sticker as its die-cut: no frame drawn around the cut', async () => {
    const job = await create('gala', 'die-cut-sticker');
    const res = await fetch(job.images[0]!);
    const { data, info } = await sharp(Buffer.from(await res.arrayBuffer()))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The corner of a die-cut sticker is transparent; a frame would have painted it.
    expect(data[3]).toBe(0);
    expect(data[(info.width * info.height - 1) * 4 + 3]).toBe(0);
  });

  it('completes a job whose frame file is not a PNG without the frame, with one log line', async () => {
    const job = await create('meadow');
    const image = await pixelsOf(job.images[0]!);
    expect(image.meanDifference(plain, [0, 0, 1, 1])).toBeLessThan(1);
    expect(server.output()).toMatch(
      new RegExp(`job ${job.id} style=comic: the brand frame is left off: .*meadow/frame.png is not a PNG`),
    );
  });

  it('refuses a tenant that is not a slug with a 400 saying what to send', async () => {
    const res = await postJob(server.url, {
      style_id: 'comic',
      image: dataUrl(fixture('astronaut.jpg')),
      tenant: 'Gala Night!',
    });
    const body = (await res.json()) as { error: string };
    expect(res.status).toBe(400);
    expect(body.error).toMatch(/tenant must be a tenant's slug/);
  });
});

describe('brand frame after a restart', () => {
  it(
    'frames a job that a kill -9 interrupted when it runs again',
    async () => {
      const first = await startServer({ env: { BOOTH_WORKERS: '1' } });
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await postJob(first.url, {
          style_id: 'comic',
          image: dataUrl(fixture('astronaut.jpg')),
          tenant: 'gala',
        });
        ids.push(((await res.json()) as { id: string }).id);
      }
      first.kill();
      await first.exited;
      const db = new DatabaseSync(path.join(first.dataDir, 'booth.sqlite'));
      const interrupted = (
        db.prepare("SELECT id FROM jobs WHERE status IN ('PENDING', 'PROCESSING')").all() as { id: string }[]
      ).map((r) => r.id);
      db.close();
      // Otherwise this test would prove nothing: the kill must have caught a job before its end.
      expect(interrupted.length).toBeGreaterThan(0);

      const second = await startServer({ dataDir: first.dataDir, env: { BOOTH_WORKERS: '1' } });
      try {
        for (const id of interrupted) {
          const job = await waitForJob(second.url, id);
          expect(job.result.status).toBe(JOB_STATUS.completed);
          const image = await pixelsOf(job.images[0]!);
          for (const [x, y] of BAND_POINTS) expect(distance(image.at(x, y), GALA_BAND)).toBeLessThan(24);
        }
      } finally {
        await second.stop();
      }
    },
    patience(120_000),
  );
});

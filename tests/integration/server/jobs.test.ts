import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUS, StylesResponseSchema } from '../../../contract/index.ts';
import { ENGINE_MESSAGES } from '../../../server/engine/index.ts';
import { startServer, type RunningServer } from '../../support/server-process.ts';
import { createJob, dataUrl, fixture, getJob, postJob, waitForJob } from './support/client.ts';

describe('AI hub: styles and jobs', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      env: { BOOTH_MAX_BODY_BYTES: String(1024 * 1024), BOOTH_MAX_PIXELS: String(20_000_000) },
    });
  });
  afterAll(() => server?.stop());

  const expect400 = async (res: Response, pattern: RegExp) => {
    const body = (await res.json()) as { error: string };
    expect(res.status, body.error).toBe(400);
    expect(body.error).toMatch(pattern);
  };

  it('lists the styles the engine offers', async () => {
    const res = await fetch(`${server.url}/transformations/styles`);
    const styles = StylesResponseSchema.parse(await res.json());
    expect(styles.map((s) => s.id)).toContain('die-cut-sticker');
    for (const style of styles.filter((s) => s.thumbnail)) {
      const thumb = await fetch(style.thumbnail!);
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get('content-type')).toMatch(/^image\//);
      expect(thumb.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('restyles a photo of a person and serves the result with CORS', async () => {
    const id = await createJob(server.url, fixture('astronaut.jpg'));
    const job = await waitForJob(server.url, id);
    expect(job.result.status).toBe(JOB_STATUS.completed);
    expect(job.prompt).toContain('sticker');
    expect(job.images.length).toBeGreaterThan(0);
    const image = await fetch(job.images[0]!);
    expect(image.status).toBe(200);
    expect(image.headers.get('access-control-allow-origin')).toBe('*');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(`image/${meta.format}`).toBe(image.headers.get('content-type'));
    // Privacy: the photo is gone once the job ended.
    expect(fs.readdirSync(path.join(server.dataDir, 'uploads'))).toEqual([]);
  });

  it('answers a small display copy of each result next to the full image', async () => {
    const job = await waitForJob(server.url, await createJob(server.url, fixture('astronaut.jpg')));
    expect(job.result.status).toBe(JOB_STATUS.completed);
    expect(job.previews).toHaveLength(job.images.length);
    const [full, preview] = await Promise.all([fetch(job.images[0]!), fetch(job.previews![0]!)]);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/webp');
    expect(preview.headers.get('access-control-allow-origin')).toBe('*');
    const [fullBytes, previewBytes] = [Buffer.from(await full.arrayBuffer()), Buffer.from(await preview.arrayBuffer())];
    const [fullMeta, previewMeta] = await Promise.all([sharp(fullBytes).metadata(), sharp(previewBytes).metadata()]);
    expect(previewMeta.format).toBe('webp');
    // The sticker's die-cut edge stays transparent.
    expect(previewMeta.hasAlpha).toBe(true);
    expect(Math.max(previewMeta.width!, previewMeta.height!)).toBe(720);
    expect(previewMeta.width! / previewMeta.height!).toBeCloseTo(fullMeta.width! / fullMeta.height!, 1);
    expect(previewBytes.length).toBeLessThan(fullBytes.length / 4);
  });

  it('serves only the files a job lists', async () => {
    const id = await createJob(server.url, fixture('astronaut.jpg'));
    await waitForJob(server.url, id);
    expect((await fetch(`${server.url}/media/results/${id}/9.preview.webp`)).status).toBe(404);
  });

  it.each([
    ['a coffee cup', 'coffee.jpg'],
    ['an animal (a cat)', 'cat.jpg'],
  ])("ends ERROR with the engine's message when there is no person, only %s", async (_what, photo) => {
    const job = await waitForJob(server.url, await createJob(server.url, fixture(photo)));
    expect(job.result).toEqual({ status: JOB_STATUS.error, message: ENGINE_MESSAGES.noPerson });
    expect(job.images).toEqual([]);
  });

  it('holds the answer with ?wait= and returns as soon as the job ends', async () => {
    const id = await createJob(server.url, fixture('grace_hopper.jpg'));
    const started = Date.now();
    const { job } = await getJob(server.url, id, 20);
    expect(['COMPLETED', 'ERROR']).toContain(job.result.status);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('answers at once without wait', async () => {
    const id = await createJob(server.url, fixture('astronaut.jpg'));
    const { status, job } = await getJob(server.url, id);
    expect(status).toBe(200);
    expect(['PENDING', 'PROCESSING', 'COMPLETED']).toContain(job.result.status);
    await waitForJob(server.url, id);
  });

  it('refuses a wait that is not a number of seconds', async () => {
    const id = await createJob(server.url);
    await expect400(await fetch(`${server.url}/transformations/jobs/${id}/?wait=soon`), /wait/);
  });

  it('logs a PENDING line with the job id as soon as the job is stored', async () => {
    const id = await createJob(server.url, fixture('astronaut.jpg'));
    await expect.poll(() => server.output()).toContain(`job ${id} style=die-cut-sticker PENDING`);
    await waitForJob(server.url, id);
  });

  it('answers 404 for an unknown job', async () => {
    expect((await getJob(server.url, 'no-such-job')).status).toBe(404);
  });

  it('answers 415 for a body that is not labelled application/json', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'application/vnd.booth+json', 'text/plain']) {
      const res = await postJob(
        server.url,
        { style_id: 'die-cut-sticker', image: dataUrl(fixture('astronaut.jpg')) },
        { 'Content-Type': type },
      );
      expect(res.status, type).toBe(415);
      expect((await res.json()).error).toBe('Send the request body as JSON (Content-Type: application/json).');
    }
  });

  it('answers 400 for malformed JSON or missing fields, with the sentence the site shows', async () => {
    await expect400(
      await postJob(server.url, '{"style_id": "die-cut-sticker", "image": '),
      /^The request body is not valid JSON\.$/,
    );
    const shape = /^Send \{"style_id": \.\.\., "image": "data:image\/jpeg;base64,\.\.\."\} as JSON\.$/;
    for (const body of [{ style_id: 'die-cut-sticker' }, [], 'null', { style_id: 'die-cut-sticker', image: 7 }]) {
      await expect400(await postJob(server.url, body), shape);
    }
  });

  it('creates and answers a job with or without the trailing slash', async () => {
    const res = await fetch(`${server.url}/transformations/jobs/create`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ style_id: 'die-cut-sticker', image: dataUrl(fixture('astronaut.jpg')) }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    for (const path of [`/transformations/jobs/${id}`, `/transformations/jobs/${id}/`]) {
      const answer = await fetch(`${server.url}${path}`);
      expect(answer.status, path).toBe(200);
      expect(((await answer.json()) as { id: string }).id).toBe(id);
    }
    await waitForJob(server.url, id);
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await postJob(server.url, {
      style_id: 'die-cut-sticker',
      image: dataUrl(Buffer.alloc(2 * 1024 * 1024, 1)),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatch(/1 MB/);
  });

  it('answers 400 for an unknown style', async () => {
    await expect400(
      await postJob(server.url, { style_id: 'oil-painting-9000', image: dataUrl(fixture('astronaut.jpg')) }),
      /no style/,
    );
  });

  it('answers 400 for a data URL that is not an image', async () => {
    await expect400(
      await postJob(server.url, { style_id: 'die-cut-sticker', image: 'data:text/plain;base64,aGVsbG8=' }),
      /JPEG, PNG or WebP/,
    );
    await expect400(
      await postJob(server.url, { style_id: 'die-cut-sticker', image: 'https://example.com/me.jpg' }),
      /data URL/,
    );
    await expect400(
      await postJob(server.url, { style_id: 'die-cut-sticker', image: 'data:image/jpeg;base64,!!!not base64!!!' }),
      /base64/,
    );
  });

  it("accepts a photo with data after its end, as phones append a motion photo's video", async () => {
    const photo = Buffer.concat([fixture('astronaut.jpg'), Buffer.from('ftypmp42 and the rest of a short video')]);
    const res = await postJob(server.url, { style_id: 'die-cut-sticker', image: dataUrl(photo) });
    expect(res.status).toBe(201);
  });

  it('answers 400 for a truncated JPEG', async () => {
    const photo = fixture('astronaut.jpg');
    await expect400(
      await postJob(server.url, { style_id: 'die-cut-sticker', image: dataUrl(photo.subarray(0, photo.length / 2)) }),
      /damaged or incomplete/,
    );
  });

  it('answers 400 for a decompression bomb, without decoding it', async () => {
    // 6000x6000 of one colour: 36 MP above the 20 MP limit of this server, a few kB on the wire.
    const bomb = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect400(
      await postJob(server.url, { style_id: 'die-cut-sticker', image: dataUrl(bomb, 'image/png') }),
      /too large \(6000x6000\)/,
    );
  });

  it('accepts PNG and WebP photos', async () => {
    for (const format of ['png', 'webp'] as const) {
      const photo = await sharp(fixture('astronaut.jpg'))[format]().toBuffer();
      const res = await postJob(server.url, { style_id: 'die-cut-sticker', image: dataUrl(photo, `image/${format}`) });
      expect(res.status, format).toBe(201);
      await waitForJob(server.url, ((await res.json()) as { id: string }).id);
    }
  });

  it('logs one line per request and per job state change, and never photo data', () => {
    const log = server.output();
    expect(log).toMatch(/POST \/transformations\/jobs\/create\/ 201 \d+ms/);
    expect(log).toMatch(/job \S+ style=die-cut-sticker PROCESSING/);
    expect(log).toMatch(/job \S+ style=die-cut-sticker COMPLETED \d+ms/);
    expect(log).not.toMatch(/base64|\/9j\/|iVBOR/);
  });
});

describe('AI hub: queue limit', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { BOOTH_QUEUE_LIMIT: '1', BOOTH_WORKERS: '1' } });
  });
  afterAll(() => server?.stop());

  it('accepts no more than BOOTH_QUEUE_LIMIT jobs from parallel uploads', async () => {
    const body = { style_id: 'die-cut-sticker', image: dataUrl(fixture('astronaut.jpg')) };
    const answers = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const res = await postJob(server.url, body);
        return {
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
          body: (await res.json()) as { id?: string; error?: string },
        };
      }),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 503, 503, 503, 503, 503]);
    for (const busy of answers.filter((a) => a.status === 503)) {
      expect(busy.body.error).toMatch(/busy/);
      expect(busy.retryAfter).toBeTruthy();
    }
    await waitForJob(server.url, answers.find((a) => a.status === 201)!.body.id!);
  });
});

// The job path on Redis and S3 with two API nodes and two workers, each a process of its own:
// a job goes in at one node and comes out at the other, results come from the store, and every
// fault of a node or a service ends as the deployment guide says.
import fs from 'node:fs';
import path from 'node:path';
import { Job as QueueJob, Queue } from 'bullmq';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUS, type Job } from '../../../contract/index.ts';
import { startServer } from '../../support/server-process.ts';
import { createJob, dataUrl, fixture, getJob, postJob, waitForJob } from '../server/support/client.ts';
import { printed, startCluster, type Cluster } from '../../support/scale-cluster.ts';
import { QUEUE_NAME, type QueuedJob } from '../../../server/scale/queue.ts';
import { call, signIn } from '../server/support/console.ts';
import { BAND_POINTS, distance, GALA_BAND, GALA_GOLD, JEWEL, pixelsOf } from '../server/support/pixels.ts';
import { patience } from '../../support/patience.ts';

let cluster: Cluster;
beforeAll(async () => {
  // An API node asks the store for a tenant's frame again after a second (10 by default).
  cluster = await startCluster({ env: { BOOTH_TENANT_FRAME_SECONDS: '1' } });
});
afterAll(() => cluster?.close());

const photo = fixture('astronaut.jpg');

/** Polls until the job ends, through the 503s of a service coming back (each node reconnects by itself). */
async function waitThroughOutage(url: string, id: string, timeoutMs = 45_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const res = await fetch(`${url}/transformations/jobs/${id}/?wait=5`);
    if (res.status === 503) {
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    expect(res.status).toBe(200);
    const job = (await res.json()) as Job;
    if (job.result.status === JOB_STATUS.completed || job.result.status === JOB_STATUS.error) return job;
  }
  throw new Error(`job ${id} did not end within ${timeoutMs} ms`);
}

describe('two API nodes and two workers on one queue and one store', () => {
  it('completes a job created on one API node when it is polled on the other, with the result from the store', async () => {
    const [a, b] = cluster.apis;
    const id = await createJob(a!.url, photo, 'die-cut-sticker');
    const job = await waitForJob(b!.url, id);
    expect(job.result).toEqual({ status: JOB_STATUS.completed, message: '' });
    expect(job.images).toHaveLength(1);
    expect(job.previews).toHaveLength(1);
    // Served by the store itself, signed, with CORS for the site's Share.
    expect(job.images[0]!.startsWith(`${cluster.s3.endpoint}/${cluster.s3.bucket}/results/${id}/`)).toBe(true);
    expect(job.images[0]).toContain('X-Amz-Signature=');
    const image = await fetch(job.images[0]!, { headers: { Origin: 'https://booth.example.org' } });
    expect(image.status).toBe(200);
    expect(image.headers.get('access-control-allow-origin')).toBe('*');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta.format).toBe('png');
    expect(meta.hasAlpha).toBe(true);
    // Privacy: the photo leaves the store as soon as its job ended.
    await expect.poll(() => cluster.s3.keys('photos/')).toEqual([]);
    expect(await cluster.s3.keys(`results/${id}/`)).toEqual([`results/${id}/1.png`, `results/${id}/1.preview.webp`]);
    // The store's and the queue's time on the job's path, in its lines, for whoever watches the logs.
    expect(a!.output()).toMatch(
      new RegExp(`job ${id} style=die-cut-sticker PENDING \\(photo stored in \\d+ ms, queued in \\d+ ms\\)`),
    );
    expect(cluster.workers.map((w) => w.output()).join('')).toMatch(
      new RegExp(
        `job ${id} style=die-cut-sticker COMPLETED \\d+ms \\(store: photo read in \\d+ ms, results written in \\d+ ms\\)`,
      ),
    );
  });

  it("wakes a waiting request on the other API node when the job ends, through the queue's events", async () => {
    cluster.openai.behave({ kind: 'ok', delayMs: 1500 });
    const [a, b] = cluster.apis;
    const id = await createJob(a!.url, photo, 'anime');
    const started = Date.now();
    let answer = await getJob(b!.url, id, 20);
    // The first answer may come while the job was still waiting for its worker; the second wait ends with it.
    if (answer.job.result.status !== JOB_STATUS.completed) answer = await getJob(b!.url, id, 20);
    expect(answer.job.result.status).toBe(JOB_STATUS.completed);
    expect(Date.now() - started).toBeLessThan(15_000);
    // The woken answer is built from the completion event; it says what a later read of the job says.
    const signedPart = (job: Job) => ({
      ...job,
      images: job.images.map((url) => url.split('?')[0]),
      previews: job.previews?.map((url) => url.split('?')[0]),
    });
    const read = await getJob(b!.url, id);
    expect(answer.job.prompt).toBe('Turn the person into an anime hero');
    expect(answer.job.images).toHaveLength(1);
    expect(signedPart(answer.job)).toEqual(signedPart(read.job));
  });

  it("ends a job whose photo shows nobody with the engine's sentence, read on either node", async () => {
    const id = await createJob(cluster.apis[0]!.url, fixture('coffee.jpg'), 'die-cut-sticker');
    const job = await waitForJob(cluster.apis[1]!.url, id);
    expect(job.result.status).toBe(JOB_STATUS.error);
    expect(job.result.message).toMatch(/person/i);
    expect(job.images).toEqual([]);
  });

  it('answers 404 for a job nobody created, and has no site or console on an API node', async () => {
    expect((await getJob(cluster.apis[0]!.url, 'no-such-job')).status).toBe(404);
    expect((await fetch(`${cluster.apis[0]!.url}/`)).status).toBe(404);
    expect((await fetch(`${cluster.apis[0]!.url}/datasets/10333`)).status).toBe(404);
    const styles = (await (await fetch(`${cluster.apis[0]!.url}/transformations/styles`)).json()) as { id: string }[];
    expect(styles.map((s) => s.id)).toEqual(['anime', 'die-cut-sticker', 'comic']);
  });

  it('answers health on a worker, which serves nothing else', async () => {
    const res = await fetch(`${cluster.workers[0]!.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, role: 'worker' });
    expect((await fetch(`${cluster.workers[0]!.url}/transformations/styles`)).status).toBe(404);
  });
});

describe('faults', () => {
  it('runs a job again on the other worker when its worker is killed mid-job, with one result', async () => {
    cluster.openai.behave({ kind: 'ok', delayMs: 3000 });
    const before = cluster.openai.received.length;
    const id = await createJob(cluster.apis[0]!.url, photo, 'anime');
    const processing = new RegExp(`job ${id} style=anime PROCESSING`);
    const busy = await Promise.race(
      cluster.workers.map(async (w) => {
        await printed(w, processing);
        return w;
      }),
    );
    const other = cluster.workers.find((w) => w !== busy)!;
    busy.kill();
    await busy.exited;
    const job = await waitForJob(cluster.apis[1]!.url, id, patience(40_000));
    expect(job.result.status).toBe(JOB_STATUS.completed);
    expect(other.output()).toMatch(new RegExp(`job ${id} style=anime PROCESSING \\(run again\\)`));
    expect(other.output()).toMatch(new RegExp(`job ${id} style=anime COMPLETED`));
    // It reached the provider twice (the killed run and the second), and one result was kept.
    expect(cluster.openai.received.length - before).toBe(2);
    expect(job.images).toHaveLength(1);
    expect(await cluster.s3.keys(`results/${id}/`)).toEqual([
      `results/${id}/${new URL(job.images[0]!).pathname.split('/').pop()}`,
    ]);
    cluster.workers = [other, await cluster.startWorker()];
  });

  it('goes on answering polls at the other API node when one is killed', async () => {
    cluster.openai.behave({ kind: 'ok', delayMs: 1000 });
    const [a, b] = cluster.apis;
    const id = await createJob(a!.url, photo, 'anime');
    a!.kill();
    await a!.exited;
    const job = await waitForJob(b!.url, id);
    expect(job.result.status).toBe(JOB_STATUS.completed);
    cluster.apis = [b!, await cluster.startApi()];
  });

  it('loses no job when Redis restarts with its append-only file, and goes on without a restart of the booth', async () => {
    cluster.openai.behave({ kind: 'ok', delayMs: 2000 });
    const [a, b] = cluster.apis;
    // Two workers, three jobs: two running and one waiting when Redis goes down.
    const ids = await Promise.all([1, 2, 3].map(() => createJob(a!.url, photo, 'anime')));
    await Promise.all(cluster.workers.map((w) => printed(w, /style=anime PROCESSING/)));
    await cluster.redis.restart();
    for (const id of ids) expect((await waitThroughOutage(b!.url, id)).result.status).toBe(JOB_STATUS.completed);
    await expect.poll(() => cluster.s3.keys('photos/')).toEqual([]);
  });

  it('answers 503 with a sentence while Redis is unreachable, logs it, and recovers when it is back', async () => {
    const api = cluster.apis[1]!;
    const done = await createJob(api.url, photo, 'die-cut-sticker');
    await waitThroughOutage(api.url, done);
    await cluster.redis.stop();
    try {
      const refused = await postJob(api.url, { style_id: 'die-cut-sticker', image: dataUrl(photo) });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('30');
      expect(((await refused.json()) as { error: string }).error).toBe(
        'The booth cannot reach its job queue (Redis) right now. Please try again in a minute.',
      );
      const poll = await fetch(`${api.url}/transformations/jobs/${done}/`);
      expect(poll.status).toBe(503);
      await printed(api, /job queue \(Redis\) unreachable/);
      // A worker says it can take no job, for its orchestrator.
      const health = await fetch(`${cluster.workers[0]!.url}/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ ok: false, role: 'worker' });
      // Its photo was stored before the queue refused it: it is not left behind.
      await expect.poll(() => cluster.s3.keys('photos/')).toEqual([]);
    } finally {
      await cluster.redis.restart();
    }
    await expect
      .poll(async () => (await postJob(api.url, { style_id: 'die-cut-sticker', image: dataUrl(photo) })).status, {
        timeout: patience(20_000),
        interval: 500,
      })
      .toBe(201);
    expect((await getJob(api.url, done)).job.result.status).toBe(JOB_STATUS.completed);
    await expect.poll(async () => (await fetch(`${cluster.workers[0]!.url}/health`)).status).toBe(200);
  });

  it('answers 503 with a sentence while the store is unreachable, logs it, and recovers when it is back', async () => {
    const api = cluster.apis[1]!;
    await cluster.s3.stop();
    try {
      const refused = await postJob(api.url, { style_id: 'die-cut-sticker', image: dataUrl(photo) });
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { error: string }).error).toBe(
        'The booth cannot reach its photo store (S3) right now. Please try again in a minute.',
      );
      await printed(api, /photo store \(S3\) unreachable/);
    } finally {
      await cluster.s3.start();
    }
    await expect
      .poll(async () => (await postJob(api.url, { style_id: 'die-cut-sticker', image: dataUrl(photo) })).status, {
        timeout: patience(20_000),
        interval: 500,
      })
      .toBe(201);
    const id = await createJob(api.url, photo, 'die-cut-sticker');
    expect((await waitForJob(cluster.apis[0]!.url, id)).result.status).toBe(JOB_STATUS.completed);
  });
});

describe('the control node', () => {
  it('puts its own jobs on the shared queue when it has the same settings (--role all)', async () => {
    const control = await cluster.startControl();
    try {
      const id = await createJob(control.url, photo, 'die-cut-sticker');
      const job = await waitForJob(cluster.apis[1]!.url, id);
      expect(job.result.status).toBe(JOB_STATUS.completed);
      expect(job.images[0]!.startsWith(`${cluster.s3.endpoint}/${cluster.s3.bucket}/results/${id}/`)).toBe(true);
      // It still serves what only it serves: the content host, for the build.
      expect((await fetch(`${control.url}/datasets/10333`)).status).toBe(401);
      // A job of one of its tenants carries the slug on the queue (the event view reads it: scale-events.test.ts).
      const created = await postJob(control.url, {
        style_id: 'die-cut-sticker',
        image: dataUrl(photo),
        tenant: 'aurora',
      });
      const tenantJob = ((await created.json()) as { id: string }).id;
      const queue = new Queue<QueuedJob>(QUEUE_NAME, { connection: { url: cluster.redis.url } });
      try {
        expect((await QueueJob.fromId<QueuedJob>(queue, tenantJob))?.data.tenant).toBe('aurora');
      } finally {
        await queue.close();
      }
      await waitForJob(control.url, tenantJob);
    } finally {
      await control.stop();
    }
  });
});

describe('brand frames', () => {
  // The control node copies each tenant's frame to the store; it is stopped before each job, so
  // the job is created on an API node and run on a worker host, neither with a tenant store.
  const create = async (tenant?: string) => {
    const res = await postJob(cluster.apis[0]!.url, {
      style_id: 'comic',
      image: dataUrl(photo),
      ...(tenant === undefined ? {} : { tenant }),
    });
    const body = (await res.json()) as { id: string; error?: string };
    expect(res.status, body.error).toBe(201);
    const job = await waitForJob(cluster.apis[1]!.url, body.id);
    expect(job.result.status, job.result.message).toBe(JOB_STATUS.completed);
    expect(cluster.workers.some((w) => w.output().includes(`job ${body.id} style=comic ${JOB_STATUS.completed}`))).toBe(
      true,
    );
    return job;
  };
  const specs = async () =>
    (await cluster.s3.keys('frames/tenants/')).map((key) => key.slice('frames/tenants/'.length));
  /** A control node that has written every tenant's frame to the store. */
  const startControl = async () => {
    const control = await cluster.startControl();
    // Gala Night's frame and Meadow Fair's scene (its branded-scene backdrop).
    await printed(control, /brand frames: 2 tenant frame\(s\) written to the store/);
    return control;
  };
  /** Past the API nodes' second of keeping a spec. */
  const afterSpecsExpire = () => new Promise((r) => setTimeout(r, 1_200));
  let plain: Awaited<ReturnType<typeof pixelsOf>>;

  beforeAll(async () => {
    plain = await pixelsOf((await create()).images[0]!);
  });

  it("puts Gala Night's frame on a job created on an API node, in the full image and the preview", async () => {
    const control = await startControl();
    // Only the tenants with a frame, a logo mark or a scene have a spec (the seed's aurora has none;
    // meadow has its branded-scene backdrop).
    expect((await specs()).sort()).toEqual(['gala.json', 'meadow.json']);
    await control.stop();
    await afterSpecsExpire();
    const job = await create('gala');
    // Gala Night's several pictures per guest (those of its picture styles this cluster offers), each with its display copy.
    expect(job.images.length).toBeGreaterThan(1);
    expect(job.previews).toHaveLength(job.images.length);
    for (const url of [job.images[0]!, job.previews![0]!]) {
      const image = await pixelsOf(url);
      for (const [x, y] of BAND_POINTS)
        expect(distance(image.at(x, y), GALA_BAND), `${url} at ${x},${y}`).toBeLessThan(24);
      expect(distance(image.at(...JEWEL), GALA_GOLD), `${url} gold corner`).toBeLessThan(48);
    }
    const framed = await pixelsOf(job.images[0]!);
    expect(framed.meanDifference(plain, [0.15, 0.15, 0.85, 0.85])).toBeLessThan(3);
    expect(framed.meanDifference(plain, [0, 0.2, 0.05, 0.8])).toBeGreaterThan(20);
  });

  it('leaves the job of a tenant without a frame, or of an unknown tenant, unframed; a malformed slug is a 400', async () => {
    for (const tenant of ['aurora', 'nobody-here']) {
      const image = await pixelsOf((await create(tenant)).images[0]!);
      expect(image.meanDifference(plain, [0, 0, 1, 1]), tenant).toBeLessThan(1);
    }
    const bad = await postJob(cluster.apis[0]!.url, { style_id: 'comic', image: dataUrl(photo), tenant: '../etc' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/tenant must be a tenant's slug/);
  });

  it('gives a later job the frame an operator set through the console on the control node, and none once it is off', async () => {
    const control = await startControl();
    // A red band where Gala's is dark: a new file in the tenant's bucket, named by its branding.
    const { width, height, band } = { width: 1200, height: 1500, band: 84 };
    const pixels = Buffer.alloc(width * height * 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (x >= band && x < width - band && y >= band && y < height - band) continue;
        pixels.set([220, 30, 30, 255], (y * width + x) * 4);
      }
    }
    const red = await sharp(pixels, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer();
    fs.writeFileSync(path.join(control.dataDir, 'tenant-assets/gala/frame-red.png'), red);
    const cookie = await signIn(control.url);
    const gala = await call<{ branding: Record<string, unknown> }>(control.url, 'GET', '/tenants/gala', { cookie });
    const saved = await call(control.url, 'PUT', '/tenants/gala', {
      cookie,
      body: { ...gala.body.branding, frameUrl: 'gala/frame-red.png' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // The answer comes once the store has the new frame.
    await control.stop();
    await afterSpecsExpire();
    const job = await create('gala');
    for (const url of [job.images[0]!, job.previews![0]!]) {
      const image = await pixelsOf(url);
      for (const [x, y] of BAND_POINTS)
        expect(distance(image.at(x, y), [220, 30, 30]), `${url} at ${x},${y}`).toBeLessThan(24);
    }

    const again = await startControl();
    const off = await call(again.url, 'PUT', '/tenants/gala', {
      cookie: await signIn(again.url),
      body: { ...gala.body.branding, frameUrl: '' },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    // Gala's spec stays, for its several pictures per guest, without the frame (the picture below).
    expect(await specs()).toEqual(['gala.json', 'meadow.json']);
    await again.stop();
    await afterSpecsExpire();
    const image = await pixelsOf((await create('gala')).images[0]!);
    expect(image.meanDifference(plain, [0, 0, 1, 1])).toBeLessThan(1);
  });

  it('mirrors the results of a tenant that asks for it through the console, and no longer once it is off', async () => {
    const control = await cluster.startControl();
    await printed(control, /brand frames: \d+ tenant frame\(s\) written to the store/);
    const cookie = await signIn(control.url);
    const aurora = await call<{ branding: Record<string, unknown> }>(control.url, 'GET', '/tenants/aurora', { cookie });
    const saved = await call(control.url, 'PUT', '/tenants/aurora', {
      cookie,
      body: { ...aurora.body.branding, mirrorResult: true },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await specs()).toContain('aurora.json');
    await control.stop();
    await afterSpecsExpire();
    const bytes = Buffer.from(await (await fetch((await create()).images[0]!)).arrayBuffer());
    const flopped = await pixelsOf(
      `data:image/png;base64,${(await sharp(bytes).flop().png().toBuffer()).toString('base64')}`,
    );
    const mirrored = await pixelsOf((await create('aurora')).images[0]!);
    // The same picture, mirrored (a JPEG encoded once more differs by about 2 levels).
    expect(mirrored.meanDifference(flopped, [0, 0, 1, 1])).toBeLessThan(3);
    expect(mirrored.meanDifference(plain, [0, 0, 1, 1])).toBeGreaterThan(10);

    const again = await cluster.startControl();
    await printed(again, /brand frames: \d+ tenant frame\(s\) written to the store/);
    const off = await call(again.url, 'PUT', '/tenants/aurora', {
      cookie: await signIn(again.url),
      body: { ...aurora.body.branding, mirrorResult: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(await specs()).not.toContain('aurora.json');
    await again.stop();
    await afterSpecsExpire();
    expect((await pixelsOf((await create('aurora')).images[0]!)).meanDifference(plain, [0, 0, 1, 1])).toBeLessThan(1);
  });
});

describe('retention', () => {
  it('answers 404 and deletes the results from the store once the retention period has passed', async () => {
    // Last in the file. The worker that ends a job files when its results expire, by its own
    // retention (the job names none: no tenant's): the cluster's own workers are stopped, so this
    // one, with 3 s, runs the job and its sweep deletes it.
    await Promise.all(cluster.workers.map((w) => w.stop()));
    const [api, worker] = await Promise.all([
      cluster.startApi({ BOOTH_RETENTION_SECONDS: '3' }),
      cluster.startWorker({ BOOTH_RETENTION_SECONDS: '3' }),
    ]);
    const id = await createJob(api.url, photo, 'die-cut-sticker');
    expect((await waitForJob(api.url, id)).result.status).toBe(JOB_STATUS.completed);
    expect(await cluster.s3.keys(`results/${id}/`)).toHaveLength(2);
    await expect
      .poll(async () => (await getJob(api.url, id)).status, { timeout: patience(10_000), interval: 250 })
      .toBe(404);
    await expect
      .poll(() => cluster.s3.keys(`results/${id}/`), { timeout: patience(10_000), interval: 250 })
      .toEqual([]);
    await printed(worker, /retention: deleted \d+ job\(s\) older than 3s/);
  });
});

describe('roles', () => {
  it('refuses --role api without the shared queue and store, with a sentence', async () => {
    await expect(startServer({ args: ['--role', 'api'] })).rejects.toThrow(
      /--role api needs the shared job queue and store: set BOOTH_REDIS_URL and BOOTH_S3_BUCKET/,
    );
  });

  it('refuses an unknown role', async () => {
    await expect(startServer({ args: ['--role', 'gpu'] })).rejects.toThrow(/Unknown role "gpu"/);
  });
});

// The job path on Redis and S3 with two API nodes and two workers, each a process of its own:
// a job goes in at one node and comes out at the other, results come from the store, and every
// fault of a node or a service ends as the deployment guide says.
import { Job as QueueJob, Queue } from 'bullmq';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUS, type Job } from '../../../contract/index.ts';
import { startServer } from '../../../scripts/support/server-process.ts';
import { createJob, dataUrl, fixture, getJob, postJob, waitForJob } from '../server/support/client.ts';
import { printed, startCluster, type Cluster } from '../../support/scale-cluster.ts';
import { QUEUE_NAME, type QueuedJob } from '../../../server/scale/queue.ts';
import { call, signIn } from '../server/support/console.ts';

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
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
  });

  it('wakes a waiting request on the other API node when the job ends, through the queue\'s events', async () => {
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
    const signedPart = (job: Job) => ({ ...job, images: job.images.map((url) => url.split('?')[0]), previews: job.previews?.map((url) => url.split('?')[0]) });
    const read = await getJob(b!.url, id);
    expect(answer.job.prompt).toBe('Turn the person into an anime hero');
    expect(answer.job.images).toHaveLength(1);
    expect(signedPart(answer.job)).toEqual(signedPart(read.job));
  });

  it('ends a job whose photo shows nobody with the engine\'s sentence, read on either node', async () => {
    const id = await createJob(cluster.apis[0]!.url, fixture('coffee.jpg'), 'die-cut-sticker');
    const job = await waitForJob(cluster.apis[1]!.url, id);
    expect(job.result.status).toBe(JOB_STATUS.error);
    expect(job.result.message).toMatch(/person/i);
    expect(job.images).toEqual([]);
  });

  it('runs a job of a tenant created on an API node unframed, and says so in its log once per tenant', async () => {
    const [a] = cluster.apis;
    const body = { style_id: 'die-cut-sticker', image: dataUrl(photo), tenant: 'aurora' };
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await postJob(a!.url, body);
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: string }).id);
    }
    for (const id of ids) expect((await waitForJob(a!.url, id)).result.status).toBe(JOB_STATUS.completed);
    const notices = a!.output().match(/tenant aurora: brand frames are not applied to jobs created on an API node[^\n]*/g) ?? [];
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('docs/deploy.md');
    // A malformed slug is still the caller's mistake, as on the embedded default.
    const bad = await postJob(a!.url, { ...body, tenant: '../etc' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/tenant must be a tenant's slug/);
  });

  it('answers 404 for a job nobody created, and has no site or console on an API node', async () => {
    expect((await getJob(cluster.apis[0]!.url, 'no-such-job')).status).toBe(404);
    expect((await fetch(`${cluster.apis[0]!.url}/`)).status).toBe(404);
    expect((await fetch(`${cluster.apis[0]!.url}/datasets/10333`)).status).toBe(404);
    const styles = (await (await fetch(`${cluster.apis[0]!.url}/transformations/styles`)).json()) as { id: string }[];
    expect(styles.map((s) => s.id)).toEqual(['anime', 'die-cut-sticker']);
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
    const busy = await Promise.race(cluster.workers.map(async (w) => (await printed(w, processing), w)));
    const other = cluster.workers.find((w) => w !== busy)!;
    busy.kill();
    await busy.exited;
    const job = await waitForJob(cluster.apis[1]!.url, id, 40_000);
    expect(job.result.status).toBe(JOB_STATUS.completed);
    expect(other.output()).toMatch(new RegExp(`job ${id} style=anime PROCESSING \\(run again\\)`));
    expect(other.output()).toMatch(new RegExp(`job ${id} style=anime COMPLETED`));
    // It reached the provider twice (the killed run and the second), and one result was kept.
    expect(cluster.openai.received.length - before).toBe(2);
    expect(job.images).toHaveLength(1);
    expect(await cluster.s3.keys(`results/${id}/`)).toEqual([`results/${id}/${new URL(job.images[0]!).pathname.split('/').pop()}`]);
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
      expect(((await refused.json()) as { error: string }).error).toBe('The booth cannot reach its job queue (Redis) right now. Please try again in a minute.');
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
    await expect.poll(async () => (await postJob(api.url, { style_id: 'die-cut-sticker', image: dataUrl(photo) })).status, { timeout: 20_000, interval: 500 }).toBe(201);
    expect((await getJob(api.url, done)).job.result.status).toBe(JOB_STATUS.completed);
    await expect.poll(async () => (await fetch(`${cluster.workers[0]!.url}/health`)).status).toBe(200);
  });

  it('answers 503 with a sentence while the store is unreachable, logs it, and recovers when it is back', async () => {
    const api = cluster.apis[1]!;
    await cluster.s3.stop();
    try {
      const refused = await postJob(api.url, { style_id: 'die-cut-sticker', image: dataUrl(photo) });
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { error: string }).error).toBe('The booth cannot reach its photo store (S3) right now. Please try again in a minute.');
      await printed(api, /photo store \(S3\) unreachable/);
    } finally {
      await cluster.s3.start();
    }
    await expect.poll(async () => (await postJob(api.url, { style_id: 'die-cut-sticker', image: dataUrl(photo) })).status, { timeout: 20_000, interval: 500 }).toBe(201);
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
      // A job of one of its tenants carries the slug on the queue; the console's event view, which
      // reads the embedded store only, says so instead of counting nothing.
      const created = await postJob(control.url, { style_id: 'die-cut-sticker', image: dataUrl(photo), tenant: 'aurora' });
      const tenantJob = ((await created.json()) as { id: string }).id;
      const queue = new Queue<QueuedJob>(QUEUE_NAME, { connection: { url: cluster.redis.url } });
      try {
        expect((await QueueJob.fromId<QueuedJob>(queue, tenantJob))?.data.tenant).toBe('aurora');
      } finally {
        await queue.close();
      }
      const events = await call(control.url, 'GET', '/tenants/aurora/events', { cookie: await signIn(control.url) });
      expect(events.status).toBe(501);
      expect(events.body.error).toMatch(/BOOTH_REDIS_URL/);
      await waitForJob(control.url, tenantJob);
    } finally {
      await control.stop();
    }
  });
});

describe('retention', () => {
  it('answers 404 and deletes the results from the store once the retention period has passed', async () => {
    // Last in the file: this worker's sweep cleans every job of the queue older than 3 s.
    const [api, worker] = await Promise.all([
      cluster.startApi({ BOOTH_RETENTION_SECONDS: '3' }),
      cluster.startWorker({ BOOTH_RETENTION_SECONDS: '3' }),
    ]);
    const id = await createJob(api.url, photo, 'die-cut-sticker');
    expect((await waitForJob(api.url, id)).result.status).toBe(JOB_STATUS.completed);
    expect(await cluster.s3.keys(`results/${id}/`)).toHaveLength(2);
    await expect.poll(async () => (await getJob(api.url, id)).status, { timeout: 10_000, interval: 250 }).toBe(404);
    await expect.poll(() => cluster.s3.keys(`results/${id}/`), { timeout: 10_000, interval: 250 }).toEqual([]);
    await printed(worker, /retention: deleted \d+ job\(s\) older than 3s/);
  });
});

describe('roles', () => {
  it('refuses --role api without the shared queue and store, with a sentence', async () => {
    await expect(startServer({ args: ['--role', 'api'] })).rejects.toThrow(/--role api needs the shared job queue and store: set BOOTH_REDIS_URL and BOOTH_S3_BUCKET/);
  });

  it('refuses an unknown role', async () => {
    await expect(startServer({ args: ['--role', 'gpu'] })).rejects.toThrow(/Unknown role "gpu"/);
  });
});

// The console's event view on the scale-out path: a control node (role all) reads a tenant's jobs
// from Redis and their results from the store, while the jobs are created on an API node and run
// on a worker, each a process of its own, with a real redis-server and a real S3-compatible store.
import { Job as QueueJob, Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUS } from '../../../contract/index.ts';
import type { EventFigures, EventResult } from '../../../contract/console-api.ts';
import { ENGINE_MESSAGES } from '../../../server/engine/index.ts';
import { QUEUE_NAME, type JobOutcome, type QueuedJob } from '../../../server/scale/queue.ts';
import { DELETED_JOBS_KEY, redisOf } from '../../../server/scale/job-index.ts';
import type { RunningServer } from '../../support/server-process.ts';
import { printed, startCluster, type Cluster } from '../../support/scale-cluster.ts';
import { call, signIn } from '../server/support/console.ts';
import { createJob, fixture, getJob, waitForJob } from '../server/support/client.ts';
import { patience } from '../../support/patience.ts';

const STYLE = 'die-cut-sticker';

let cluster: Cluster;
let control: RunningServer;
let api: RunningServer;
let operator: string;
let staff: string;
let queue: Queue<QueuedJob, JobOutcome>;
beforeAll(async () => {
  cluster = await startCluster({ apis: 1, workers: 1 });
  api = cluster.apis[0]!;
  control = await cluster.startControl();
  operator = await signIn(control.url);
  const password = 'aurora-staff-password';
  expect(
    (
      await call(control.url, 'POST', '/accounts', {
        cookie: operator,
        body: { username: 'aurora-staff', password, role: 'tenant', tenant: 'aurora' },
      })
    ).status,
  ).toBe(201);
  staff = await signIn(control.url, 'aurora-staff', password);
  queue = new Queue(QUEUE_NAME, { connection: { url: cluster.redis.url } });
});
afterAll(async () => {
  await queue?.close();
  await cluster?.close();
});

const consoleApi = <T = Record<string, unknown>>(method: string, p: string, cookie = operator) =>
  call<T>(control.url, method, p, { cookie });
const figures = async (slug: string) => (await consoleApi<EventFigures>('GET', `/tenants/${slug}/events`)).body;
const results = async (slug: string) =>
  (await consoleApi<{ results: EventResult[] }>('GET', `/tenants/${slug}/results`)).body.results;

/** Creates a job on the API node (never the control node, which knows the tenants). */
const send = (photo: string, tenant?: string, style = STYLE) => createJob(api.url, fixture(photo), style, tenant);
const create = async (photo: string, tenant?: string) => {
  const id = await send(photo, tenant);
  return { id, job: await waitForJob(api.url, id) };
};
const turnaroundInRedis = async (id: string) => {
  const job = (await QueueJob.fromId(queue, id))!;
  return job.finishedOn! - job.timestamp;
};
const status = async (url: string) => (await fetch(url)).status;

describe('the event view on a control node of the scale-out path', () => {
  const done: string[] = [];
  let failed: string;
  let auroraJob: string;

  it('answers 400, 403 and 404 before anything about the jobs, as on the embedded path', async () => {
    for (const [method, p] of [
      ['GET', '/tenants/gala/events'],
      ['GET', '/tenants/gala/results'],
      ['DELETE', '/tenants/gala/results/x'],
      ['DELETE', '/tenants/gala/results'],
    ] as const) {
      const across = await consoleApi(method, p, staff);
      expect(across.status, `${method} ${p}`).toBe(403);
      expect(across.body.error).toBe('This account manages the tenant "aurora" only.');
      expect((await consoleApi(method, p.replace('gala', 'no-such-tenant'))).status, `${method} ${p}`).toBe(404);
      expect((await consoleApi(method, p.replace('gala', 'Not%20A%20Slug'))).status, `${method} ${p}`).toBe(400);
    }
    expect(await figures('gala')).toEqual({
      tenant: 'gala',
      lastHour: { created: 0, completed: 0, failed: 0, deleted: 0 },
      today: { created: 0, completed: 0, failed: 0, deleted: 0 },
      turnaroundMs: { p50: null, p95: null },
      errors: [],
      // The worker process and the control node's own engines take jobs from the queue.
      queue: { waiting: 0, running: 0, workers: 2 },
    });
  });

  it('counts, times and groups the jobs of a tenant created on an API node, read from Redis', async () => {
    const first = await create('astronaut.jpg', 'gala');
    const second = await create('grace_hopper.jpg', 'gala');
    const nobody = await create('coffee.jpg', 'gala');
    for (const { job } of [first, second]) expect(job.result.status).toBe(JOB_STATUS.completed);
    expect(nobody.job.result).toEqual({ status: JOB_STATUS.error, message: ENGINE_MESSAGES.noPerson });
    done.push(first.id, second.id);
    failed = nobody.id;
    auroraJob = (await create('astronaut.jpg', 'aurora')).id;
    // A job of no tenant, or of a slug no tenant has, counts for none of them.
    await create('astronaut.jpg');
    await create('astronaut.jpg', 'no-such-tenant');

    // The index is written after the create answered: it may land a moment later.
    await expect.poll(async () => (await figures('gala')).today.created).toBe(3);
    const gala = await figures('gala');
    expect(gala.lastHour).toEqual({ created: 3, completed: 2, failed: 1, deleted: 0 });
    expect(gala.today).toEqual({ created: 3, completed: 2, failed: 1, deleted: 0 });
    expect(gala.errors).toEqual([{ message: ENGINE_MESSAGES.noPerson, count: 1 }]);
    expect(gala.queue).toEqual({ waiting: 0, running: 0, workers: 2 });
    const took = (await Promise.all(done.map(turnaroundInRedis))).sort((a, b) => a - b);
    expect(took[0]).toBeGreaterThan(0);
    expect(gala.turnaroundMs).toEqual({ p50: took[0], p95: took[1] });

    await expect
      .poll(async () => (await figures('aurora')).today)
      .toEqual({ created: 1, completed: 1, failed: 0, deleted: 0 });
    expect((await figures('meadow')).today.created).toBe(0);
    // A tenant account sees its own.
    expect((await consoleApi<EventFigures>('GET', '/tenants/aurora/events', staff)).body.today.created).toBe(1);
  });

  it("lists today's completed jobs, newest first, with URLs that fetch the images from the store", async () => {
    const styles = (await (await fetch(`${api.url}/transformations/styles`)).json()) as {
      id: string;
      description: string;
    }[];
    const listed = await results('gala');
    expect(listed.map((r) => r.id)).toEqual([...done].reverse());
    expect(Date.parse(listed[0]!.finishedAt)).toBeGreaterThanOrEqual(Date.parse(listed[1]!.finishedAt));
    for (const result of listed) {
      expect(result.style).toBe(styles.find((s) => s.id === STYLE)!.description);
      expect(result.imageUrls).toHaveLength(1);
      for (const url of [result.previewUrl!, ...result.imageUrls]) {
        expect(url.startsWith(`${cluster.s3.endpoint}/${cluster.s3.bucket}/results/${result.id}/`), url).toBe(true);
        const image = await fetch(url);
        expect(image.status, url).toBe(200);
        expect(image.headers.get('content-type')).toMatch(/^image\/(png|webp)$/);
        expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      }
      expect(result.previewUrl).toMatch(/\/1\.preview\.webp\?/);
      // The same files the visitor's job answer points to.
      const { job } = await getJob(api.url, result.id);
      expect(job.images.map((u) => u.split('?')[0])).toEqual(result.imageUrls.map((u) => u.split('?')[0]));
    }
    expect((await results('aurora')).map((r) => r.id)).toEqual([auroraJob]);
  });

  it('deletes one job: its URL answers 404 on the API node, its files leave the store, the others stay', async () => {
    const [gone, kept] = done as [string, string];
    const urls = (await results('gala')).filter((r) => r.id === gone).flatMap((r) => [r.previewUrl!, ...r.imageUrls]);
    expect(await cluster.s3.keys(`results/${gone}/`)).toHaveLength(2);

    // Aurora's job through gala: not gala's, so not found; gala's by aurora's account: 403.
    const across = await consoleApi('DELETE', `/tenants/gala/results/${auroraJob}`);
    expect(across.status).toBe(404);
    expect(across.body.error).toMatch(/has no job with that id/);
    expect((await consoleApi('DELETE', `/tenants/gala/results/${gone}`, staff)).status).toBe(403);
    expect((await getJob(api.url, auroraJob)).status).toBe(200);

    expect((await consoleApi('DELETE', `/tenants/gala/results/${gone}`)).status).toBe(204);
    expect((await fetch(`${api.url}/transformations/jobs/${gone}/`)).status).toBe(404);
    expect(await cluster.s3.keys(`results/${gone}/`)).toEqual([]);
    for (const url of urls) expect(await status(url), url).toBe(404);
    expect(await QueueJob.fromId(queue, gone)).toBeUndefined();
    expect((await consoleApi('DELETE', `/tenants/gala/results/${gone}`)).status).toBe(404);

    expect((await getJob(api.url, kept)).status).toBe(200);
    expect((await results('gala')).map((r) => r.id)).toEqual([kept]);
    // A guest's deletion does not shrink the event: the result still counts, and as deleted (as on the embedded path).
    expect((await figures('gala')).today).toEqual({ created: 3, completed: 2, failed: 1, deleted: 1 });
  });

  it('deletes a job while a worker runs it: it answers 404 at once, and its worker leaves nothing of it behind', async () => {
    cluster.openai.behave({ kind: 'ok', delayMs: 3000 });
    const id = await send('astronaut.jpg', 'gala', 'anime');
    const nodes = [...cluster.workers, control];
    const runner = await Promise.race(
      nodes.map(async (node) => {
        await printed(node, new RegExp(`job ${id} style=anime PROCESSING`));
        return node;
      }),
    );
    await expect.poll(async () => (await figures('gala')).queue.running).toBe(1);
    expect((await consoleApi('DELETE', `/tenants/gala/results/${id}`)).status).toBe(204);
    expect((await fetch(`${api.url}/transformations/jobs/${id}/`)).status).toBe(404);
    expect((await figures('gala')).today).toEqual({ created: 4, completed: 2, failed: 1, deleted: 2 });
    await printed(
      runner,
      new RegExp(`job ${id} style=anime ended after it was deleted; its results were dropped`),
      30_000,
    );
    expect(await cluster.s3.keys(`results/${id}/`)).toEqual([]);
    expect((await cluster.s3.keys('photos/')).filter((key) => key.includes(id))).toEqual([]);
    expect(await QueueJob.fromId(queue, id)).toBeUndefined();
    expect((await fetch(`${api.url}/transformations/jobs/${id}/`)).status).toBe(404);
  });

  it('deletes a job still waiting for a worker: it never runs, and a request waiting on it answers 404 at once', async () => {
    cluster.openai.behave({ kind: 'ok', delayMs: 3000 });
    const nodes = [...cluster.workers, control];
    const ranOn = (id: string) =>
      Promise.race(nodes.map((node) => printed(node, new RegExp(`job ${id} style=anime PROCESSING`))));
    // Each of the two queue workers takes one job at a time: a third waits.
    const busy = [await send('astronaut.jpg', 'meadow', 'anime'), await send('astronaut.jpg', 'meadow', 'anime')];
    await Promise.all(busy.map(ranOn));
    const waiting = await send('grace_hopper.jpg', 'meadow', 'anime');
    await expect.poll(async () => (await figures('meadow')).queue).toEqual({ waiting: 1, running: 2, workers: 2 });
    const polled = fetch(`${api.url}/transformations/jobs/${waiting}/?wait=20`);
    await new Promise((r) => setTimeout(r, 300));
    const asked = Date.now();
    expect((await consoleApi('DELETE', `/tenants/meadow/results/${waiting}`)).status).toBe(204);
    expect((await polled).status).toBe(404);
    // Not held for the rest of its 20 s wait.
    expect(Date.now() - asked).toBeLessThan(15_000);
    expect((await cluster.s3.keys('photos/')).filter((key) => key.includes(waiting))).toEqual([]);
    for (const id of busy) expect((await waitForJob(api.url, id)).result.status).toBe(JOB_STATUS.completed);
    for (const node of nodes) expect(node.output()).not.toContain(`job ${waiting} style=anime PROCESSING`);
    expect((await figures('meadow')).today).toEqual({ created: 3, completed: 2, failed: 0, deleted: 1 });
  });

  it("deletes every job of a tenant with its files, and only that tenant's", async () => {
    const kept = done[1]!;
    const all = await consoleApi('DELETE', '/tenants/gala/results', staff);
    expect(all.status).toBe(403);
    const deleted = await consoleApi('DELETE', '/tenants/gala/results');
    expect(deleted.status).toBe(200);
    // The completed job and the failed one.
    expect(deleted.body).toEqual({ deleted: 2 });
    for (const id of [kept, failed]) expect((await fetch(`${api.url}/transformations/jobs/${id}/`)).status).toBe(404);
    expect(await cluster.s3.keys(`results/${kept}/`)).toEqual([]);
    expect(await results('gala')).toEqual([]);
    const gala = await figures('gala');
    // Every job deleted, none uncounted; turnaround and errors are of kept jobs.
    expect(gala.today).toEqual({ created: 4, completed: 2, failed: 1, deleted: 4 });
    expect(gala.errors).toEqual([]);
    expect(gala.turnaroundMs).toEqual({ p50: null, p95: null });
    expect((await consoleApi('DELETE', '/tenants/gala/results')).body).toEqual({ deleted: 0 });
    // Aurora's job stays, with its files.
    expect((await getJob(api.url, auroraJob)).status).toBe(200);
    expect(await cluster.s3.keys(`results/${auroraJob}/`)).toHaveLength(2);
  });

  it("takes a deleted tenant's jobs and files with it, so a tenant made again with its slug starts empty", async () => {
    const brand = { slug: 'harbour', client: 'Harbour Days', backgroundColor: '#102030' };
    expect((await call(control.url, 'POST', '/tenants', { cookie: operator, body: brand })).status).toBe(201);
    const { id } = await create('grace_hopper.jpg', 'harbour');
    await expect.poll(async () => (await figures('harbour')).today.created).toBe(1);
    expect((await consoleApi('DELETE', '/tenants/harbour')).status).toBe(204);
    expect((await fetch(`${api.url}/transformations/jobs/${id}/`)).status).toBe(404);
    expect(await cluster.s3.keys(`results/${id}/`)).toEqual([]);
    expect((await call(control.url, 'POST', '/tenants', { cookie: operator, body: brand })).status).toBe(201);
    expect((await figures('harbour')).today).toEqual({ created: 0, completed: 0, failed: 0, deleted: 0 });
    expect(await results('harbour')).toEqual([]);
    expect((await getJob(api.url, auroraJob)).status).toBe(200);
  });

  it('answers 503 with a sentence while Redis is unreachable, and the figures again once it is back', async () => {
    await cluster.redis.stop();
    try {
      for (const [method, p] of [
        ['GET', '/tenants/aurora/events'],
        ['GET', '/tenants/aurora/results'],
        ['DELETE', `/tenants/aurora/results/${auroraJob}`],
        ['DELETE', '/tenants/aurora/results'],
      ] as const) {
        const res = await consoleApi(method, p);
        expect(res.status, `${method} ${p}`).toBe(503);
        expect(res.body.error).toBe(
          'The booth cannot reach its job queue (Redis) right now. Please try again in a minute.',
        );
      }
    } finally {
      await cluster.redis.restart();
    }
    await expect
      .poll(async () => (await consoleApi('GET', '/tenants/aurora/events')).status, {
        timeout: patience(20_000),
        interval: 500,
      })
      .toBe(200);
    expect((await figures('aurora')).today).toEqual({ created: 1, completed: 1, failed: 0, deleted: 0 });
  });

  it('removes a job marked deleted that is still in the queue, in the retention sweep of any worker', async () => {
    // A delete whose removal never happened (Redis away at that moment, or the job's worker died
    // before it could drop it): the mark is there, the job still queued, here held back 10 minutes.
    const id = 'marked-but-queued';
    await queue.add(
      'restyle',
      { styleId: STYLE, prompt: 'p', photoKey: `photos/${id}.jpg`, tenant: 'aurora' },
      { jobId: id, delay: 600_000 },
    );
    await (await redisOf(queue)).zadd(DELETED_JOBS_KEY, Date.now(), id);
    // The worker starts once the state it must clean is there, so its first sweep (a second after
    // it starts) already finds it, however slow the machine. Last in the file: this worker's
    // retention sweep also cleans every ended job older than 4 s.
    const sweeper = await cluster.startWorker({ BOOTH_RETENTION_SECONDS: '4' });
    await printed(sweeper, new RegExp(`job ${id}: deleted from the console earlier, removed now`), patience(15_000));
    expect(await QueueJob.fromId(queue, id)).toBeUndefined();
  });
});

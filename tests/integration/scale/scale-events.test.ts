// What the console's event view does on the scale-out path only (the rest, on both job paths, is
// tests/integration/conformance/event-routes.test.ts): a job still waiting in the queue deleted,
// Redis out of reach, and a deletion the queue missed cleaned by a worker's retention sweep. A
// control node (role all) reads Redis and the store; jobs are created on an API node and run on a
// worker, each a process of its own, with a real redis-server and a real S3-compatible store.
import { Job as QueueJob, Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUS } from '../../../contract/index.ts';
import type { EventFigures } from '../../../contract/console-api.ts';
import { QUEUE_NAME, type JobOutcome, type QueuedJob } from '../../../server/scale/queue.ts';
import { DELETED_JOBS_KEY, redisOf } from '../../../server/scale/job-index.ts';
import type { RunningServer } from '../../support/server-process.ts';
import { printed, startCluster, type Cluster } from '../../support/scale-cluster.ts';
import { call, signIn } from '../server/support/console.ts';
import { createJob, fixture, waitForJob } from '../server/support/client.ts';
import { patience } from '../../support/patience.ts';

const STYLE = 'die-cut-sticker';

let cluster: Cluster;
let control: RunningServer;
let api: RunningServer;
let operator: string;
let queue: Queue<QueuedJob, JobOutcome>;
beforeAll(async () => {
  cluster = await startCluster({ apis: 1, workers: 1 });
  api = cluster.apis[0]!;
  control = await cluster.startControl();
  operator = await signIn(control.url);
  queue = new Queue(QUEUE_NAME, { connection: { url: cluster.redis.url } });
});
afterAll(async () => {
  await queue?.close();
  await cluster?.close();
});

const consoleApi = <T = Record<string, unknown>>(method: string, p: string, cookie = operator) =>
  call<T>(control.url, method, p, { cookie });
const figures = async (slug: string) => (await consoleApi<EventFigures>('GET', `/tenants/${slug}/events`)).body;

/** Creates a job on the API node (never the control node, which knows the tenants). */
const send = (photo: string, tenant?: string, style = STYLE) => createJob(api.url, fixture(photo), style, tenant);

describe('the event view on a control node of the scale-out path', () => {
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

  it('answers 503 with a sentence while Redis is unreachable, and the figures again once it is back', async () => {
    const auroraJob = await send('astronaut.jpg', 'aurora');
    expect((await waitForJob(api.url, auroraJob)).result.status).toBe(JOB_STATUS.completed);
    await expect.poll(async () => (await figures('aurora')).today.completed).toBe(1);
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

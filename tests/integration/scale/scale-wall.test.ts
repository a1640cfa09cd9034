// The event wall on the scale-out path: two API nodes, a worker and a control node, each a process
// of its own, on a real redis-server and a real S3-compatible store. A guest's picture made and
// said yes to through one API node, approved in the control node's console, reaches a wall
// connected to the other API node; deleted in the console, it leaves every wall within 2 s, and
// its say and review go with the job. Bad input is refused as on the embedded default.
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUS } from '../../../contract/index.ts';
import { wallPath, wallSayPath, type WallQueue, type WallSnapshot } from '../../../contract/wall.ts';
import { QUEUE_NAME, type QueuedJob } from '../../../server/scale/queue.ts';
import { redisOf, wallKey } from '../../../server/scale/job-index.ts';
import type { RunningServer } from '../../support/server-process.ts';
import { startCluster, type Cluster } from '../../support/scale-cluster.ts';
import { call, signIn } from '../server/support/console.ts';
import { createJob, fixture, waitForJob } from '../server/support/client.ts';
import { get, say } from '../server/support/wall-calls.ts';
import { idsOf, openWall, type WallStream } from '../../support/wall-stream.ts';
import { patience } from '../../support/patience.ts';

let cluster: Cluster;
let control: RunningServer;
let one: RunningServer;
let other: RunningServer;
let operator: string;
let queue: Queue<QueuedJob>;
const walls: WallStream[] = [];

beforeAll(async () => {
  cluster = await startCluster({ apis: 2, workers: 1 });
  [one, other] = cluster.apis as [RunningServer, RunningServer];
  control = await cluster.startControl();
  operator = await signIn(control.url);
  queue = new Queue(QUEUE_NAME, { connection: { url: cluster.redis.url } });
});
afterAll(async () => {
  for (const wall of walls) wall.close();
  await queue?.close();
  await cluster?.close();
});

const wall = async (url: string, tenant: string) => {
  const stream = await openWall(url, tenant);
  walls.push(stream);
  return stream;
};
const decide = (tenant: string, id: string, decision: string) =>
  call(control.url, 'POST', `/tenants/${tenant}/wall/${id}`, { cookie: operator, body: { decision } });

/** A completed picture of the tenant's booth, made through the first API node. */
async function picture(tenant: string, photo = 'astronaut.jpg') {
  const id = await createJob(one.url, fixture(photo), 'die-cut-sticker', tenant);
  expect((await waitForJob(one.url, id)).result.status).toBe(JOB_STATUS.completed);
  return id;
}

describe('the event wall on the scale-out path', () => {
  let galaPicture: string;

  it('refuses, on an API node, a slug that is none, an unknown tenant, a wall that is off, a job of another tenant, a body that is not the call', async () => {
    // The API nodes know a tenant's wall once the control node has written the settings to Redis.
    await expect
      .poll(async () => (await get(other.url, wallPath('gala'))).status, { timeout: patience(10_000), interval: 100 })
      .toBe(200);
    galaPicture = await picture('gala');
    const auroraPicture = await picture('aurora');

    const notASlug = await say(other.url, 'Not_A_Slug', galaPicture, { show: true });
    expect(notASlug.status).toBe(400);
    expect(notASlug.body.error).toBe('"Not_A_Slug" is not a tenant slug: lowercase letters, digits and hyphens.');
    const unknown = await say(other.url, 'no-such-tenant', galaPicture, { show: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('There is no tenant "no-such-tenant" on this booth.');
    const off = await say(other.url, 'aurora', auroraPicture, { show: true });
    expect(off.status).toBe(409);
    expect(off.body.error).toMatch(/^The event wall of tenant "aurora" is off\./);
    expect((await get(other.url, `${wallPath('aurora')}/events`)).status).toBe(409);

    const theirs = await say(other.url, 'gala', auroraPicture, { show: true });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toMatch(/^Tenant "gala" has no picture with that id\./);
    expect((await say(other.url, 'gala', 'no-such-job', { show: true })).status).toBe(404);
    for (const body of [{ show: 'yes' }, {}, 'not json']) {
      const bad = await say(other.url, 'gala', galaPicture, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect((await say(other.url, 'gala', galaPicture, { show: true }, 'text/plain')).status).toBe(415);
    expect((await get(other.url, wallSayPath('gala', galaPicture))).body).toEqual({ show: null, state: 'off' });

    // The console: a picture whose guest never said yes cannot be approved; a decision that is none is a 400.
    const notAsked = await decide('gala', galaPicture, 'approve');
    expect(notAsked.status).toBe(404);
    expect(notAsked.body.error).toMatch(/no picture with that id whose guest asked for the wall/);
    expect((await decide('gala', galaPicture, 'publish')).status).toBe(400);
  });

  it('shows a picture said yes to through one API node and approved in the console on a wall connected to the other', async () => {
    const far = await wall(other.url, 'gala');
    const near = await wall(one.url, 'gala');
    expect(far.status).toBe(200);
    await far.until((w) => w.pictures.length === 0, patience(2_000));

    expect(await say(one.url, 'gala', galaPicture, { show: true })).toEqual({
      status: 200,
      body: { show: true, state: 'waiting' },
    });
    // Asked through the other node: the say is the job's, not a node's.
    expect((await get(other.url, wallSayPath('gala', galaPicture))).body).toEqual({ show: true, state: 'waiting' });
    const queued = await call<WallQueue>(control.url, 'GET', '/tenants/gala/wall', { cookie: operator });
    expect(queued.body.waiting.map((p) => p.id)).toEqual([galaPicture]);
    expect(queued.body.shown).toEqual([]);

    expect((await decide('gala', galaPicture, 'approve')).status).toBe(204);
    for (const stream of [far, near]) await stream.until((w) => idsOf(w).includes(galaPicture), patience(2_000));
    const shown = (await get(other.url, wallPath('gala'))).body as WallSnapshot;
    expect(idsOf(shown)).toEqual([galaPicture]);
    // The store's URL of the display copy: the picture itself.
    const image = await fetch(shown.pictures[0]!.url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    expect((await get(one.url, wallSayPath('gala', galaPicture))).body).toEqual({ show: true, state: 'shown' });
  });

  it('takes a picture its guest withdraws, or an operator hides, off the walls of every node', async () => {
    const far = await wall(other.url, 'gala');
    await far.until((w) => idsOf(w).includes(galaPicture), patience(2_000));
    expect((await say(one.url, 'gala', galaPicture, { show: false })).body).toEqual({ show: false, state: 'off' });
    await far.until((w) => !idsOf(w).includes(galaPicture), patience(2_000));
    expect((await say(one.url, 'gala', galaPicture, { show: true })).body).toEqual({ show: true, state: 'shown' });
    await far.until((w) => idsOf(w).includes(galaPicture), patience(2_000));

    const hidden = await picture('gala', 'grace_hopper.jpg');
    await say(other.url, 'gala', hidden, { show: true });
    expect((await decide('gala', hidden, 'hide')).status).toBe(204);
    expect((await say(other.url, 'gala', hidden, { show: true })).body).toEqual({ show: true, state: 'waiting' });
    const queued = await call<WallQueue>(control.url, 'GET', '/tenants/gala/wall', { cookie: operator });
    expect(queued.body.waiting).toEqual([]);
    expect(far.walls.every((w) => !idsOf(w).includes(hidden))).toBe(true);
  });

  it('takes a picture deleted in the console off every wall within 2 seconds, its say and review with it', async () => {
    const streams = [await wall(one.url, 'gala'), await wall(other.url, 'gala')];
    for (const stream of streams) await stream.until((w) => idsOf(w).includes(galaPicture), patience(2_000));
    const started = Date.now();
    const deleted = await call(control.url, 'DELETE', `/tenants/gala/results/${galaPicture}`, { cookie: operator });
    expect(deleted.status).toBe(204);
    for (const stream of streams) await stream.until((w) => !idsOf(w).includes(galaPicture), patience(2_000));
    expect(Date.now() - started).toBeLessThan(patience(2_000));
    expect((await get(other.url, wallSayPath('gala', galaPicture))).status).toBe(404);
    const client = await redisOf(queue);
    expect(await client.exists(queue.toKey(galaPicture))).toBe(0);
    expect(await client.zscore(wallKey('gala', 'shown'), galaPicture)).toBeNull();
  });
});

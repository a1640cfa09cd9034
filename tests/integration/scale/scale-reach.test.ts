// What becomes of a picture after the results screen, on the scale-out path: two API nodes, a
// worker and a control node, each a process of its own, on a real redis-server, a real
// S3-compatible store and a real SMTP server. A tenant's results last its own resultHours (the
// booth's retention is set to seconds here, Gala Night keeps 72 hours); the email of a job made on
// the worker is asked for through an API node, waits in Redis while the control node is down, and
// is sent once one is back, in the guest's language when the tenant offers it; the event's ZIP is read from the store; a wall whose node lost its
// Redis subscription catches up on what it missed.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Job, Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailPath, JOB_STATUS, VISITOR_HEADER, type EventTally } from '../../../contract/index.ts';
import { CATALOGUES, fill } from '../../../contract/i18n/index.ts';
import { wallPath, wallSayPath, type WallSnapshot } from '../../../contract/wall.ts';
import { EXPIRY_KEY, redisOf, wallKey } from '../../../server/scale/job-index.ts';
import { MAIL_QUEUE_NAME } from '../../../server/scale/mail-queue.ts';
import { QUEUE_NAME, type QueuedJob } from '../../../server/scale/queue.ts';
import { WALL_CHANNEL, WALL_VERSIONS_KEY } from '../../../server/scale/redis-wall-bus.ts';
import { TENANT_DELIVERY_KEY } from '../../../server/scale/tenant-delivery.ts';
import { patience } from '../../support/patience.ts';
import { startCluster, type Cluster } from '../../support/scale-cluster.ts';
import type { RunningServer } from '../../support/server-process.ts';
import { parseMail, smtpEnv, startSmtp, type TestSmtp } from '../../support/smtp.ts';
import { idsOf, openWall, type WallStream } from '../../support/wall-stream.ts';
import { call, signIn } from '../server/support/console.ts';
import { createJob, fixture, getJob, waitForJob } from '../server/support/client.ts';
import { askToken } from '../server/support/visitors.ts';

const run = promisify(execFile);
/** The booth's own retention here: seconds, so that a job without a tenant's own expires during the test. */
const BOOTH_RETENTION_SECONDS = 8;
const GALA_SECONDS = 72 * 3600;

let smtp: TestSmtp;
let cluster: Cluster;
let control: RunningServer;
let one: RunningServer;
let other: RunningServer;
let queue: Queue<QueuedJob>;
let mailQueue: Queue;
const walls: WallStream[] = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-reach-'));

const askEmail = (url: string, jobId: string, address: string, headers: Record<string, string> = {}) =>
  fetch(url + emailPath(jobId), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ address }),
  });
const wallNow = async (url: string, tenant: string) =>
  idsOf((await (await fetch(url + wallPath(tenant))).json()) as WallSnapshot);
const bytesOf = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

/** A completed picture of the tenant's booth, made on the worker through the first API node. */
async function picture(tenant: string, photo = 'astronaut.jpg') {
  const id = await createJob(one.url, fixture(photo), 'die-cut-sticker', tenant);
  const job = await waitForJob(one.url, id);
  expect(job.result.status).toBe(JOB_STATUS.completed);
  return { id, image: job.images[0]!, images: job.images };
}

beforeAll(async () => {
  smtp = await startSmtp();
  cluster = await startCluster({
    apis: 2,
    workers: 1,
    env: { ...smtpEnv(smtp.port), BOOTH_RETENTION_SECONDS: String(BOOTH_RETENTION_SECONDS) },
  });
  [one, other] = cluster.apis as [RunningServer, RunningServer];
  control = await cluster.startControl();
  queue = new Queue(QUEUE_NAME, { connection: { url: cluster.redis.url } });
  mailQueue = new Queue(MAIL_QUEUE_NAME, { connection: { url: cluster.redis.url } });
  // Gala Night's guests may choose French too.
  const cookie = await signIn(control.url);
  const view = await call<{ branding: Record<string, unknown> }>(control.url, 'GET', '/tenants/gala', { cookie });
  const put = await call(control.url, 'PUT', '/tenants/gala', {
    cookie,
    body: { ...view.body.branding, languages: ['en', 'fr'] },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  // The API nodes know a tenant's retention, email, languages and lead fields once the control node has written them.
  const client = await redisOf(queue);
  const written = JSON.stringify({
    resultSeconds: GALA_SECONDS,
    email: true,
    languages: ['en', 'fr'],
    leadFields: ['name', 'email', 'company'],
  });
  const end = Date.now() + patience(10_000);
  while ((await client.hget(TENANT_DELIVERY_KEY, 'gala')) !== written) {
    if (Date.now() > end) throw new Error(`${TENANT_DELIVERY_KEY} never held gala's settings`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, patience(120_000));

afterAll(async () => {
  for (const wall of walls) wall.close();
  await queue?.close();
  await mailQueue?.close();
  await cluster?.close();
  await smtp?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("a tenant's own retention on the scale-out path", () => {
  let gala: { id: string; image: string };

  it("keeps a tenant's results for its resultHours, fixed on the job, and a job without one for the booth's", async () => {
    gala = await picture('gala');
    const plain = await picture('aurora', 'grace_hopper.jpg');
    expect((await Job.fromId(queue, gala.id))?.data.retentionSeconds).toBe(GALA_SECONDS);
    expect((await Job.fromId(queue, plain.id))?.data.retentionSeconds).toBeUndefined();

    // Gala's picture goes on its wall, through the other API node and the console.
    const operator = await signIn(control.url);
    const said = await fetch(other.url + wallSayPath('gala', gala.id), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ show: true }),
    });
    expect(said.status).toBe(200);
    const approved = await call(control.url, 'POST', `/tenants/gala/wall/${gala.id}`, {
      cookie: operator,
      body: { decision: 'approve' },
    });
    expect(approved.status).toBe(204);

    // Past the booth's retention: the plain job is gone, its results deleted from the store by the worker's sweep.
    await expect
      .poll(async () => (await getJob(other.url, plain.id).catch(() => ({ status: 404 }))).status, {
        timeout: patience(BOOTH_RETENTION_SECONDS * 1000 + 5_000),
        interval: 250,
      })
      .toBe(404);
    await expect
      .poll(async () => (await fetch(plain.image)).status, { timeout: patience(10_000), interval: 250 })
      .toBe(404);
    // Gala's stays, on the wall too: the wall leaves a picture when its own result expires.
    const kept = await getJob(other.url, gala.id);
    expect(kept.status).toBe(200);
    expect(kept.job.result.status).toBe(JOB_STATUS.completed);
    expect((await fetch(kept.job.images[0]!)).status).toBe(200);
    const wall = (await (await fetch(other.url + wallPath('gala'))).json()) as WallSnapshot;
    const shown = wall.pictures.find((p) => p.id === gala.id);
    expect(shown).toBeDefined();
  });

  it('deletes it, and takes it off the wall, once its own retention has passed', async () => {
    // 72 hours are not waited for: the job's end is moved back to 72 hours and a second ago.
    const client = await redisOf(queue);
    const finished = Date.now() - GALA_SECONDS * 1000 - 1000;
    await client.hset(queue.toKey(gala.id), 'finishedOn', String(finished));
    expect(await client.zscore(EXPIRY_KEY, gala.id)).not.toBeNull();
    expect(await wallNow(other.url, 'gala')).not.toContain(gala.id);
    expect((await getJob(one.url, gala.id).catch(() => ({ status: 404 }))).status).toBe(404);
    // The sweep takes it by the time filed when it ended, also moved back.
    await client.zadd(EXPIRY_KEY, finished + GALA_SECONDS * 1000, gala.id);
    await expect
      .poll(async () => client.exists(queue.toKey(gala.id)), { timeout: patience(10_000), interval: 250 })
      .toBe(0);
    await expect
      .poll(async () => (await fetch(gala.image)).status, { timeout: patience(10_000), interval: 250 })
      .toBe(404);
    expect(await client.zscore(EXPIRY_KEY, gala.id)).toBeNull();
    expect(await client.zscore(wallKey('gala', 'shown'), gala.id)).toBeNull();
  });
});

describe('email on the scale-out path', () => {
  const GUEST = 'scale-guest@example.com';
  let made: { id: string; image: string };

  it('sends the picture of a job made on a worker, asked for through an API node, from the control node', async () => {
    made = await picture('gala');
    // German is a language of the booth, not one Gala Night offers: its own, English.
    const res = await askEmail(other.url, made.id, GUEST, { 'accept-language': 'de' });
    expect(res.status, await res.clone().text()).toBe(202);
    expect(await res.json()).toEqual({ queued: true });

    const mail = await smtp.to(GUEST, patience(15_000));
    const parsed = await parseMail(mail.raw);
    expect(parsed.from?.address).toBe('booth@example.org');
    expect(parsed.to?.map((t) => t.address)).toEqual([GUEST]);
    expect(parsed.subject).toBe('Your picture from Gala Night');
    expect(parsed.text).toContain('Here is your picture from Gala Night');
    expect(parsed.html).toContain('#1a1423');
    expect(parsed.html).toContain('cid:logo');
    const attached = parsed.attachments.find((a) => /^ai_me\.(png|jpg|webp)$/.test(a.filename ?? ''));
    expect(attached, parsed.attachments.map((a) => a.filename).join(', ')).toBeDefined();
    expect(Buffer.from(attached!.content as ArrayBuffer).equals(await bytesOf(made.image))).toBe(true);

    // Sent, then forgotten: nothing of the message is left in Redis, and no log names the address.
    await expect
      .poll(() => control.output(), { timeout: patience(5_000) })
      .toMatch(new RegExp(`mail: message \\d+ for job ${made.id} sent`));
    expect(other.output()).toMatch(new RegExp(`mail: message \\d+ for job ${made.id} queued`));
    // Counted in the event's figures on the control node, which sent it.
    const operator = await signIn(control.url);
    await expect
      .poll(
        async () =>
          (await call<EventTally>(control.url, 'GET', '/tenants/gala/tally', { cookie: operator })).body.emails?.sent,
        { timeout: patience(5_000) },
      )
      .toBe(1);
    await expect
      .poll(async () => Object.values(await mailQueue.getJobCounts()).reduce((a, b) => a + b, 0), {
        timeout: patience(5_000),
      })
      .toBe(0);
    const client = await redisOf(queue);
    for (const key of await client.keys('bull:booth-mail:*')) {
      const type = await client.type(key);
      const text =
        type === 'hash' ? JSON.stringify(await client.hgetall(key)) : type === 'string' ? await client.get(key) : '';
      expect(text ?? '', key).not.toContain(GUEST);
    }
    for (const node of [control, one, other, ...cluster.workers]) expect(node.output()).not.toContain(GUEST);
  });

  it("writes it in the guest's language when the tenant offers it, and a message from an older node in the tenant's", async () => {
    const visitor = (await askToken(one.url)).body.token!;
    const res = await askEmail(one.url, made.id, 'fr@example.com', {
      [VISITOR_HEADER]: visitor,
      'accept-language': 'fr-FR,fr;q=0.9',
    });
    expect(res.status, await res.clone().text()).toBe(202);
    const french = await parseMail((await smtp.to('fr@example.com', patience(15_000))).raw);
    expect(french.subject).toBe(fill(CATALOGUES.fr.guest.mailSubject, { client: 'Gala Night' }));
    expect(french.text).toContain(fill(CATALOGUES.fr.guest.mailIntro, { client: 'Gala Night' }));
    expect(french.html).toContain('<html lang="fr" dir="ltr">');

    // Queued as a node before the guest's language queued it: no language in the message.
    await mailQueue.add('email', { jobId: made.id, address: 'older@example.com' }, { removeOnComplete: true });
    const older = await parseMail((await smtp.to('older@example.com', patience(15_000))).raw);
    expect(older.subject).toBe('Your picture from Gala Night');
    await expect
      .poll(async () => Object.values(await mailQueue.getJobCounts()).reduce((a, b) => a + b, 0), {
        timeout: patience(5_000),
      })
      .toBe(0);
  });

  it('keeps a message in Redis while the control node is down, and sends it once one is back', async () => {
    await control.stop();
    const res = await askEmail(one.url, made.id, 'later@example.com');
    expect(res.status).toBe(202);
    const waiting = await mailQueue.getJobCounts('wait', 'delayed');
    expect(waiting.wait + waiting.delayed).toBe(1);
    control = await cluster.startControl();
    const mail = await smtp.to('later@example.com', patience(30_000));
    expect((await parseMail(mail.raw)).subject).toBe('Your picture from Gala Night');
    await expect
      .poll(() => control.output(), { timeout: patience(5_000) })
      .toMatch(/mail: message \d+ for job \S+ sent/);
  });

  it('counts the limit of one visitor across both API nodes', async () => {
    // The default: 3 emails a visitor (here: an address without a token) a minute. Two were asked
    // for above, through each node.
    expect((await askEmail(one.url, made.id, 'third@example.com')).status).toBe(202);
    const refused = await askEmail(other.url, made.id, 'fourth@example.com');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^You asked for several emails just now\. Please try again in \d+ seconds\.$/,
    );
    await smtp.to('third@example.com', patience(15_000));
    expect(smtp.received.some((m) => m.to.includes('fourth@example.com'))).toBe(false);
  });

  it('refuses an email for a job that is not there with a sentence', async () => {
    const res = await askEmail(other.url, 'no-such-job', GUEST);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toMatch(/^There is no such picture\./);
  });
});

describe("the event's ZIP on the scale-out path", () => {
  it("streams the tenant's current results from the store, read with unzip", async () => {
    const second = await picture('gala', 'grace_hopper.jpg');
    const operator = await signIn(control.url);
    const res = await fetch(`${control.url}/admin/api/tenants/gala/results.zip`, { headers: { cookie: operator } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="gala-results.zip"');
    const file = path.join(dir, 'gala.zip');
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const names = (await run('unzip', ['-Z1', file])).stdout.trim().split('\n');
    // Every kept picture of Gala's (the one from the email test and this one), none of another tenant's.
    // One entry for each picture of the job (Gala Night gives several per guest).
    const mine = names.filter((name) => name.includes(second.id));
    expect(mine).toHaveLength(second.images.length);
    expect(names.length).toBeGreaterThanOrEqual(2);
    expect(names.every((name) => /^\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d_die-cut-sticker_[\w-]+\.\w+$/.test(name))).toBe(true);
    const first = await bytesOf(second.image);
    const entries = await Promise.all(
      mine.map(
        async (name) =>
          (await run('unzip', ['-p', file, name], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 })).stdout,
      ),
    );
    expect(entries.some((bytes) => bytes.equals(first))).toBe(true);
  });
});

describe("a wall whose node's Redis subscription dropped", () => {
  it('catches up on a change published while it was down', async () => {
    const { id } = await picture('gala');
    const client = await redisOf(queue);
    // Said yes, not approved yet: on no wall.
    const said = await fetch(one.url + wallSayPath('gala', id), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ show: true }),
    });
    expect(said.status).toBe(200);
    const dropped = await openWall(one.url, 'gala');
    const kept = await openWall(other.url, 'gala');
    walls.push(dropped, kept);
    for (const wall of [dropped, kept]) await wall.until((w) => !idsOf(w).includes(id), patience(2_000));

    const name = `booth-wall-bus-${one.pid}`;
    const subscriber = String(await client.client('LIST'))
      .split('\n')
      .find((line) => line.includes(` name=${name} `));
    expect(subscriber, `no client named ${name}`).toBeDefined();
    const clientId = /\bid=(\d+)/.exec(subscriber!)![1]!;
    // One pipeline, run in order by Redis before that node can reconnect: its subscription is
    // cut, then the picture is approved and the change published, as the console does it.
    const now = Date.now();
    const answers = await client
      .pipeline()
      .client('KILL', 'ID', clientId)
      .hset(queue.toKey(id), { 'wall:review': 'approved', 'wall:at': String(now) })
      .zadd(wallKey('gala', 'shown'), now, id)
      .zrem(wallKey('gala', 'waiting'), id)
      .hincrby(WALL_VERSIONS_KEY, 'gala', 1)
      .publish(WALL_CHANNEL, 'gala')
      .exec();
    expect(answers?.[0]).toEqual([null, 1]);

    const debug = async () =>
      JSON.stringify({
        one: await wallNow(one.url, 'gala'),
        other: await wallNow(other.url, 'gala'),
        hash: await client.hgetall(queue.toKey(id)).then((h) => ({ ...h, data: undefined, returnvalue: undefined })),
      });
    await kept
      .until((w) => idsOf(w).includes(id), patience(2_000))
      .catch(async (error) => {
        throw new Error(`${error}: ${await debug()}`);
      });
    // The node reconnects by itself and reads what it missed.
    await dropped.until((w) => idsOf(w).includes(id), patience(5_000));
    const again = String(await client.client('LIST'));
    expect(again).toContain(` name=${name} `);
    expect(again).not.toContain(`id=${clientId} `);
  });
});

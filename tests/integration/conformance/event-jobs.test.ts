// One suite, both stores of the console's event view (jobs/event-jobs.ts): the embedded default's
// SQLite file and the scale-out path's Redis and S3, a real redis-server and a real S3-compatible
// store on free ports. The jobs are written as each store keeps them (a row; a BullMQ hash filed
// under its tenant), at chosen times, and every figure, list and deletion must read the same.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JOB_STATUS } from '../../../contract/index.ts';
import type { EventJobs } from '../../../server/jobs/event-jobs.ts';
import { LocalEventJobs } from '../../../server/jobs/event-jobs.ts';
import { LocalJobs } from '../../../server/embedded/local-jobs.ts';
import type { JobRunner } from '../../../server/embedded/runner.ts';
import { JobWaiters } from '../../../server/jobs/waiters.ts';
import { indexJob, redisOf } from '../../../server/scale/job-index.ts';
import { QUEUE_NAME } from '../../../server/scale/queue.ts';
import { RedisEventJobs } from '../../../server/scale/redis-event-jobs.ts';
import { S3Store } from '../../../server/scale/s3-store.ts';
import { conformanceScaleSettings } from './scale-settings.ts';
import { openDatabase } from '../../../server/storage/database.ts';
import { FileStore } from '../../../server/storage/files.ts';
import { JobEvents } from '../../../server/storage/job-events.ts';
import { JobStore } from '../../../server/storage/jobs.ts';
import { startRedis, type RedisServer } from '../../support/redis.ts';
import { startS3, type S3Server } from '../../support/s3.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const RETENTION_SECONDS = 7 * 86_400;

interface PutJob {
  tenant: string | null;
  createdAgoMs: number;
  status: string;
  tookMs?: number;
  message?: string;
  /** The style picked; comic unless said. */
  styleId?: string;
  /** Pictures a completed job made; one unless said. */
  pictures?: number;
  /** The fallback style that made them. */
  fallback?: string;
}

const picturesOf = (job: PutJob) =>
  job.status === JOB_STATUS.completed ? Array.from({ length: job.pictures ?? 1 }, (_, i) => `${i + 1}.jpg`) : [];

/** A store under test: the view, and a way to write a job as that store keeps it. */
interface Subject {
  jobs: EventJobs;
  /** Writes the job; answers its id. */
  put(job: PutJob, now: number): Promise<string>;
  /** Empties the store between tests. */
  clear(): Promise<void>;
  close(): Promise<void>;
}

const ended = (status: string) => status === JOB_STATUS.completed || status === JOB_STATUS.error;
let n = 0;

async function sqliteSubject(): Promise<Subject> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conformance-sqlite-'));
  const db = openDatabase(dir);
  const jobs = new JobStore(db);
  const files = new FileStore(dir);
  const local = new LocalJobs({
    jobs,
    files,
    waiters: new JobWaiters(),
    runner: { inFlight: 0 } as unknown as JobRunner,
    retentionSeconds: RETENTION_SECONDS,
  });
  const insert = db.prepare(
    'INSERT INTO jobs (id, style_id, status, prompt, images, previews, message, tenant, created_at, started_at, finished_at, fallback) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  return {
    jobs: new LocalEventJobs({
      events: new JobEvents(db),
      jobs,
      local,
      workers: 2,
      retentionSeconds: RETENTION_SECONDS,
    }),
    async put(job, now) {
      const id = `job-${++n}`;
      const created = now - job.createdAgoMs;
      const done = job.status === JOB_STATUS.completed;
      insert.run(
        id,
        job.styleId ?? 'comic',
        job.status,
        'p',
        JSON.stringify(picturesOf(job)),
        done ? '["1.preview.webp"]' : '[]',
        job.message ?? '',
        job.tenant,
        created,
        job.status === JOB_STATUS.pending ? null : created + 10,
        ended(job.status) ? created + (job.tookMs ?? 1000) : null,
        job.fallback ?? null,
      );
      return id;
    },
    async clear() {
      db.exec('DELETE FROM jobs; DELETE FROM deleted_jobs;');
    },
    async close() {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function redisSubject(): Promise<Subject> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conformance-redis-'));
  const redis: RedisServer = await startRedis(path.join(dir, 'redis'));
  const s3: S3Server = await startS3(path.join(dir, 's3'));
  const settings = conformanceScaleSettings(redis, s3);
  const view = new RedisEventJobs(settings, new S3Store(settings), {
    retentionSeconds: RETENTION_SECONDS,
    log: () => {},
  });
  const queue = new Queue(QUEUE_NAME, { connection: { url: redis.url } });
  const client = await redisOf(queue);
  return {
    jobs: view,
    // As BullMQ keeps a job: its hash, with the outcome its worker returned; filed under its tenant as an API node does (queue.ts).
    async put(job, now) {
      const id = `job-${++n}`;
      const created = now - job.createdAgoMs;
      const done = job.status === JOB_STATUS.completed;
      const outcome = {
        status: job.status,
        images: picturesOf(job),
        previews: done ? ['1.preview.webp'] : [],
        message: job.message ?? '',
        prompt: 'p',
        ...(job.fallback ? { engine: 'local', fallback: job.fallback } : {}),
      };
      const fields: Record<string, string> = {
        timestamp: String(created),
        data: JSON.stringify({
          styleId: job.styleId ?? 'comic',
          prompt: 'p',
          photoKey: `photos/${id}.jpg`,
          ...(job.tenant ? { tenant: job.tenant } : {}),
        }),
      };
      if (job.status !== JOB_STATUS.pending) fields.processedOn = String(created + 10);
      if (ended(job.status)) {
        fields.finishedOn = String(created + (job.tookMs ?? 1000));
        fields.returnvalue = JSON.stringify(outcome);
      }
      await client.hset(queue.toKey(id), fields);
      if (job.tenant) await indexJob(client, job.tenant, id, created, RETENTION_SECONDS * 1000);
      return id;
    },
    async clear() {
      await client.flushall();
    },
    async close() {
      await view.close();
      await queue.close();
      await s3.stop();
      await redis.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const SUBJECTS: [string, () => Promise<Subject>][] = [
  ['the embedded default (SQLite)', sqliteSubject],
  ['the scale-out path (Redis and S3)', redisSubject],
];

describe.each(SUBJECTS)('the event view on %s', (_name, make) => {
  let subject: Subject;
  let now: number;
  const put = (job: PutJob) => subject.put(job, now);
  const figures = (windows = { hour: now - HOUR, day: now - 24 * HOUR }, maxErrors = 20) =>
    subject.jobs.figures('aurora', windows, maxErrors);

  beforeAll(async () => {
    subject = await make();
  });
  afterAll(async () => {
    await subject?.close();
  });
  beforeEach(async () => {
    await subject.clear();
    now = Date.now();
  });

  it('counts the jobs created in each window, and how many of them completed or failed', async () => {
    await put({ tenant: 'aurora', createdAgoMs: 10 * MIN, status: JOB_STATUS.completed });
    await put({ tenant: 'aurora', createdAgoMs: 20 * MIN, status: JOB_STATUS.error, message: 'x' });
    await put({ tenant: 'aurora', createdAgoMs: 30 * MIN, status: JOB_STATUS.processing });
    await put({ tenant: 'aurora', createdAgoMs: 40 * MIN, status: JOB_STATUS.pending });
    await put({ tenant: 'aurora', createdAgoMs: 90 * MIN, status: JOB_STATUS.completed });
    await put({ tenant: 'meadow', createdAgoMs: 5 * MIN, status: JOB_STATUS.completed });
    await put({ tenant: null, createdAgoMs: 5 * MIN, status: JOB_STATUS.completed });
    // Yesterday's: in no window.
    await put({ tenant: 'aurora', createdAgoMs: 30 * HOUR, status: JOB_STATUS.completed });
    const read = await figures();
    expect(read.lastHour).toEqual({ created: 4, completed: 1, failed: 1, deleted: 0 });
    expect(read.today).toEqual({ created: 5, completed: 2, failed: 1, deleted: 0 });
    expect(await subject.jobs.figures('nobody', { hour: now - HOUR, day: now - 24 * HOUR }, 20)).toMatchObject({
      lastHour: { created: 0, completed: 0, failed: 0, deleted: 0 },
      turnaroundMs: { p50: null, p95: null },
      errors: [],
    });
  });

  it("gives nearest-rank percentiles of the day's completed jobs, null with none", async () => {
    expect((await figures()).turnaroundMs).toEqual({ p50: null, p95: null });
    // 20 completed jobs taking 1..20 s, in no order; failed and other tenants' jobs do not count.
    for (const s of [7, 3, 20, 1, 15, 9, 11, 2, 18, 5, 4, 6, 8, 10, 12, 13, 14, 16, 17, 19])
      await put({ tenant: 'aurora', createdAgoMs: s * MIN, status: JOB_STATUS.completed, tookMs: s * 1000 });
    await put({ tenant: 'aurora', createdAgoMs: MIN, status: JOB_STATUS.error, tookMs: 999_000, message: 'x' });
    await put({ tenant: 'meadow', createdAgoMs: MIN, status: JOB_STATUS.completed, tookMs: 999_000 });
    expect((await figures()).turnaroundMs).toEqual({ p50: 10_000, p95: 19_000 });
    // Only the day's window: the jobs created in the last 4.5 minutes took 1..4 s.
    expect((await figures({ hour: now - HOUR, day: now - 4.5 * MIN })).turnaroundMs).toEqual({
      p50: 2_000,
      p95: 4_000,
    });
  });

  it("gives each style's jobs, pictures, failures, fallbacks used and turnaround of the day, most jobs first", async () => {
    await put({
      tenant: 'aurora',
      createdAgoMs: MIN,
      status: JOB_STATUS.completed,
      styleId: 'anime',
      pictures: 4,
      tookMs: 9000,
    });
    await put({
      tenant: 'aurora',
      createdAgoMs: 2 * MIN,
      status: JOB_STATUS.completed,
      styleId: 'anime',
      fallback: 'die-cut-sticker',
      tookMs: 21_000,
    });
    await put({ tenant: 'aurora', createdAgoMs: 3 * MIN, status: JOB_STATUS.error, styleId: 'anime', message: 'x' });
    await put({ tenant: 'aurora', createdAgoMs: 4 * MIN, status: JOB_STATUS.completed, tookMs: 700 });
    await put({ tenant: 'meadow', createdAgoMs: MIN, status: JOB_STATUS.completed, styleId: 'anime' });
    expect((await figures()).styles).toEqual([
      { style: 'anime', jobs: 3, pictures: 5, failed: 1, fallbacks: 1, turnaroundMs: { p50: 9000, p95: 21_000 } },
      { style: 'comic', jobs: 1, pictures: 1, failed: 0, fallbacks: 0, turnaroundMs: { p50: 700, p95: 700 } },
    ]);
  });

  it('groups failed jobs by message, most first, ties by message, up to the limit', async () => {
    for (const message of ['dark', 'no person', 'no person', 'no person', 'blurred', 'dark'])
      await put({ tenant: 'aurora', createdAgoMs: MIN, status: JOB_STATUS.error, message });
    await put({ tenant: 'aurora', createdAgoMs: MIN, status: JOB_STATUS.completed });
    await put({ tenant: 'meadow', createdAgoMs: MIN, status: JOB_STATUS.error, message: 'dark' });
    await put({ tenant: 'aurora', createdAgoMs: 2 * 24 * HOUR, status: JOB_STATUS.error, message: 'yesterday' });
    expect((await figures()).errors).toEqual([
      { message: 'no person', count: 3 },
      { message: 'dark', count: 2 },
      { message: 'blurred', count: 1 },
    ]);
    expect((await figures(undefined, 2)).errors).toHaveLength(2);
  });

  it("lists the window's completed jobs still kept, newest finished first, with their files' addresses", async () => {
    const a = await put({ tenant: 'aurora', createdAgoMs: 30 * MIN, status: JOB_STATUS.completed, tookMs: 20 * MIN });
    const b = await put({ tenant: 'aurora', createdAgoMs: 20 * MIN, status: JOB_STATUS.completed, tookMs: 1000 });
    const c = await put({ tenant: 'aurora', createdAgoMs: 40 * MIN, status: JOB_STATUS.completed, tookMs: 1000 });
    await put({ tenant: 'aurora', createdAgoMs: 10 * MIN, status: JOB_STATUS.error, message: 'x' });
    await put({ tenant: 'aurora', createdAgoMs: 5 * MIN, status: JOB_STATUS.pending });
    await put({ tenant: null, createdAgoMs: 5 * MIN, status: JOB_STATUS.completed });
    const since = now - 24 * HOUR;
    expect((await subject.jobs.results('aurora', since, 0, 10)).map((j) => j.id)).toEqual([a, b, c]);
    expect((await subject.jobs.results('aurora', since, now - 30 * MIN, 10)).map((j) => j.id)).toEqual([a, b]);
    expect((await subject.jobs.results('aurora', since, 0, 1)).map((j) => j.id)).toEqual([a]);
    const [first] = await subject.jobs.results('aurora', since, 0, 1);
    expect(first).toMatchObject({ id: a, styleId: 'comic', finishedAt: now - 10 * MIN });
    expect(first!.imageUrls).toHaveLength(1);
    expect(first!.imageUrls[0]).toContain(`${a}/1.jpg`);
    expect(first!.previewUrl).toContain(`${a}/1.preview.webp`);
  });

  it('names the tenant a job was filed under, and nothing for a job it does not have', async () => {
    const id = await put({ tenant: 'aurora', createdAgoMs: MIN, status: JOB_STATUS.completed });
    expect(await subject.jobs.tenantOf(id)).toBe('aurora');
    expect(await subject.jobs.tenantOf('no-such-job')).toBeUndefined();
  });

  it('deletes jobs of the tenant only; they go from the list and the gallery but still count, as deleted', async () => {
    const done = await put({ tenant: 'aurora', createdAgoMs: 10 * MIN, status: JOB_STATUS.completed });
    const failed = await put({ tenant: 'aurora', createdAgoMs: 2 * HOUR, status: JOB_STATUS.error, message: 'x' });
    const kept = await put({ tenant: 'aurora', createdAgoMs: 20 * MIN, status: JOB_STATUS.completed });
    const theirs = await put({ tenant: 'meadow', createdAgoMs: MIN, status: JOB_STATUS.completed });
    expect(await subject.jobs.remove('aurora', [done, failed])).toBe(2);
    expect(await subject.jobs.tenantOf(done)).toBeUndefined();
    expect(await subject.jobs.tenantOf(theirs)).toBe('meadow');
    expect((await subject.jobs.results('aurora', now - 24 * HOUR, 0, 10)).map((j) => j.id)).toEqual([kept]);
    const read = await figures();
    expect(read.lastHour).toEqual({ created: 2, completed: 2, failed: 0, deleted: 1 });
    expect(read.today).toEqual({ created: 3, completed: 2, failed: 1, deleted: 2 });
    // Turnaround and errors are of the jobs still kept.
    expect(read.errors).toEqual([]);
    expect(read.turnaroundMs).toEqual({ p50: 1000, p95: 1000 });
  });

  it('deletes every job of a tenant; with forget, its counts of deleted jobs go too', async () => {
    await put({ tenant: 'aurora', createdAgoMs: 10 * MIN, status: JOB_STATUS.completed });
    await put({ tenant: 'aurora', createdAgoMs: 20 * MIN, status: JOB_STATUS.error, message: 'x' });
    const theirs = await put({ tenant: 'meadow', createdAgoMs: MIN, status: JOB_STATUS.completed });
    expect(await subject.jobs.removeAll('aurora')).toBe(2);
    expect((await figures()).today).toEqual({ created: 2, completed: 1, failed: 1, deleted: 2 });
    await put({ tenant: 'aurora', createdAgoMs: 5 * MIN, status: JOB_STATUS.completed });
    expect(await subject.jobs.removeAll('aurora', { forget: true })).toBe(1);
    expect((await figures()).today).toEqual({ created: 0, completed: 0, failed: 0, deleted: 0 });
    expect(await subject.jobs.tenantOf(theirs)).toBe('meadow');
  });
});

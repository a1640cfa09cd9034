// One suite, both stores of the job path (jobs/lifecycle.ts): the embedded default (SQLite, files,
// the runner) and the scale-out path (BullMQ on a real redis-server, a real S3-compatible store, a
// queue worker in this process), with a stand-in engine the test holds and lets go. A job is
// created, runs, ends, is deleted while it runs, and is counted, and both stores must tell it alike.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { JOB_STATUS } from '../../../contract/index.ts';
import { LocalEventJobs, type EventJobs } from '../../../server/jobs/event-jobs.ts';
import type { JobBackend } from '../../../server/jobs/job-backend.ts';
import { LocalJobs } from '../../../server/embedded/local-jobs.ts';
import { VisitorFacingError, type PoolResult, type WorkerPool } from '../../../server/run/pool.ts';
import { JobRunner } from '../../../server/embedded/runner.ts';
import { JobWaiters } from '../../../server/jobs/waiters.ts';
import { log } from '../../../server/process/log.ts';
import { RedisJobs } from '../../../server/scale/queue.ts';
import { RedisEventJobs } from '../../../server/scale/redis-event-jobs.ts';
import { S3Store } from '../../../server/scale/s3-store.ts';
import { conformanceScaleSettings } from './scale-settings.ts';
import { startQueueWorker } from '../../../server/scale/worker.ts';
import { openDatabase } from '../../../server/storage/database.ts';
import { FileStore } from '../../../server/storage/files.ts';
import { JobEvents } from '../../../server/storage/job-events.ts';
import { JobStore } from '../../../server/storage/jobs.ts';
import type { StoredStyle } from '../../../server/storage/styles.ts';
import { patience } from '../../support/patience.ts';
import { startRedis } from '../../support/redis.ts';
import { startS3 } from '../../support/s3.ts';

const RETENTION_SECONDS = 3600;
const STYLE: StoredStyle = { id: 'comic', description: 'Comic', prompt: 'comic', beta: false, thumbnailPath: null };
const ORIGIN = 'http://booth.test';

/** The engine: ends each job as told, once the test lets it go. */
class StandInEngine {
  outcome: 'ok' | 'refused' = 'ok';
  started: string[] = [];
  #release: (() => void) | null = null;
  #held: Promise<void> | null = null;
  image!: Uint8Array;

  hold() {
    this.#held = new Promise((resolve) => (this.#release = resolve));
  }

  release() {
    this.#release?.();
    this.#held = null;
  }

  async run(task: { jobId: string }, onStart: () => void = () => {}): Promise<PoolResult> {
    onStart();
    this.started.push(task.jobId);
    await this.#held;
    if (this.outcome === 'refused') throw new VisitorFacingError('Nobody is in the photo.');
    return { images: [{ data: this.image, contentType: 'image/png' }] } as PoolResult;
  }
}

interface Subject {
  jobs: JobBackend;
  events: EventJobs;
  close(): Promise<void>;
}

async function embedded(engine: StandInEngine): Promise<Subject> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lifecycle-sqlite-'));
  const db = openDatabase(dir);
  const jobs = new JobStore(db);
  const files = new FileStore(dir);
  const waiters = new JobWaiters();
  const runner = new JobRunner({ pool: engine as unknown as WorkerPool, jobs, files, waiters });
  const local = new LocalJobs({ jobs, files, runner, waiters, retentionSeconds: RETENTION_SECONDS });
  return {
    jobs: local,
    events: new LocalEventJobs({
      events: new JobEvents(db),
      jobs,
      local,
      workers: 1,
      retentionSeconds: RETENTION_SECONDS,
    }),
    async close() {
      runner.stop();
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function scaleOut(engine: StandInEngine): Promise<Subject> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lifecycle-redis-'));
  const redis = await startRedis(path.join(dir, 'redis'));
  const s3 = await startS3(path.join(dir, 's3'));
  const settings = conformanceScaleSettings(redis, s3);
  const store = new S3Store(settings);
  const options = { retentionSeconds: RETENTION_SECONDS, log };
  const jobs = new RedisJobs(settings, store, options);
  const events = new RedisEventJobs(settings, store, options);
  const worker = startQueueWorker({ settings, store, restyle: { pool: engine as unknown as WorkerPool }, ...options });
  return {
    jobs,
    events,
    async close() {
      await worker.close();
      await Promise.all([jobs.close(), events.close()]);
      await s3.stop();
      await redis.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const SUBJECTS: [string, (engine: StandInEngine) => Promise<Subject>][] = [
  ['the embedded default (SQLite and files)', embedded],
  ['the scale-out path (BullMQ and S3)', scaleOut],
];

describe.each(SUBJECTS)('a job on %s', (_name, make) => {
  const engine = new StandInEngine();
  let subject: Subject;
  let photo: { data: Uint8Array; extension: 'jpg'; width: number; height: number };
  let printed = '';

  beforeAll(async () => {
    engine.image = new Uint8Array(
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c04' } })
        .png()
        .toBuffer(),
    );
    const jpeg = new Uint8Array(
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#048' } })
        .jpeg()
        .toBuffer(),
    );
    photo = { data: jpeg, extension: 'jpg', width: 64, height: 48 };
    const write = process.stdout.write.bind(process.stdout);
    vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array) => {
      printed += String(chunk);
      return write(chunk);
    }) as typeof process.stdout.write);
    subject = await make(engine);
  });
  afterEach(() => {
    engine.release();
    engine.outcome = 'ok';
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await subject?.close();
  });

  const create = (tenant?: string) =>
    subject.jobs.create({ style: STYLE, photo: photo as never, client: 'guest', tenant: tenant ?? null });
  const view = (id: string) => subject.jobs.view(id, ORIGIN);

  it('is PENDING or PROCESSING once created, then COMPLETED with its results and their display copies', async () => {
    engine.hold();
    const { id, ended } = await create('aurora');
    expect([JOB_STATUS.pending, JOB_STATUS.processing]).toContain((await view(id))?.result.status);
    engine.release();
    await ended;
    const done = await view(id);
    expect(done).toMatchObject({ id, prompt: STYLE.prompt, result: { status: JOB_STATUS.completed, message: '' } });
    expect(done!.images).toHaveLength(1);
    expect(done!.previews).toHaveLength(1);
    expect(printed).toMatch(new RegExp(`job ${id} style=comic COMPLETED \\d+ms`));
  });

  it("ends ERROR with the engine's sentence for the visitor when the engine refuses the photo", async () => {
    engine.outcome = 'refused';
    const { id, ended } = await create('aurora');
    await ended;
    expect(await view(id)).toMatchObject({
      images: [],
      result: { status: JOB_STATUS.error, message: 'Nobody is in the photo.' },
    });
    expect(printed).toMatch(new RegExp(`job ${id} style=comic ERROR \\d+ms "Nobody is in the photo."`));
  });

  it('answers a waiting request as soon as the job ends', async () => {
    engine.hold();
    const { id, ended } = await create();
    const waited = subject.jobs.wait(id, patience(20_000));
    engine.release();
    await Promise.all([waited, ended]);
    expect((await view(id))?.result.status).toBe(JOB_STATUS.completed);
  });

  it('deleted from the console while it runs: 404 at once, one sentence when its run ends, nothing kept, still counted', async () => {
    engine.hold();
    const { id } = await create('gala');
    await expect.poll(() => engine.started.includes(id), { timeout: patience(10_000) }).toBe(true);
    expect(await subject.events.tenantOf(id)).toBe('gala');
    expect(await subject.events.remove('gala', [id])).toBe(1);
    expect(await view(id)).toBeUndefined();
    engine.release();
    await expect
      .poll(() => printed, { timeout: patience(10_000) })
      .toMatch(new RegExp(`job ${id} style=comic ended after it was deleted; its results were dropped`));
    expect(await view(id)).toBeUndefined();
    expect(await subject.events.tenantOf(id)).toBeUndefined();
    expect(await subject.events.results('gala', 0, 0, 10)).toEqual([]);
    const now = Date.now();
    expect((await subject.events.figures('gala', { hour: now - 3_600_000, day: now - 86_400_000 }, 20)).today).toEqual({
      created: 1,
      completed: 0,
      failed: 0,
      deleted: 1,
    });
  });

  it('answers nothing for an id it never made', async () => {
    expect(await view('no-such-job')).toBeUndefined();
  });
});

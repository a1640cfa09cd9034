// The console's event view on the scale-out path: a tenant's job ids from its index in Redis
// (job-index.ts), then their BullMQ hashes in one pipeline; the queue's counts and workers from
// BullMQ; result URLs from the store. Deleting marks the jobs, deletes their files and removes
// them from the queue; a job still running is left to its worker, which drops what it made.
import { Queue } from 'bullmq';
import { previewsFor } from '../../contract/index.ts';
import { Readable } from 'node:stream';
import {
  archiveName,
  type ArchiveEntry,
  type EventJobs,
  type EventWindows,
  type ResultJob,
} from '../jobs/event-jobs.ts';
import { ServiceUnavailableError } from '../jobs/job-backend.ts';
import { figuresOf } from '../jobs/event-figures.ts';
import { jobLines } from '../jobs/lifecycle.ts';
import { JOB_FIELDS, resultsOf, storedJob, type StoredJob } from './stored-jobs.ts';
import { DELETED_JOBS_KEY, deletedOf, forgetDeleted, indexedJobs, markDeleted, redisOf } from './job-index.ts';
import { QUEUE_NAME, type QueuedJob } from './queued-job.ts';
import { failFast } from './redis-options.ts';
import type { S3Store } from './s3-store.ts';
import { detailOf, QUEUE_SERVICE, within } from './service-call.ts';
import type { ScaleSettings } from './settings.ts';

/** DeleteObjects takes at most this many keys. */
const BATCH_KEYS = 1000;

type Store = Pick<S3Store, 'resultUrl' | 'resultKey' | 'delete' | 'deleteJobFiles' | 'getObject'>;

export class RedisEventJobs implements EventJobs {
  #queue: Queue<QueuedJob>;
  #store: Store;
  #timeoutMs: number;
  #log: (line: string) => void;
  readonly retentionSeconds: number;

  constructor(
    settings: ScaleSettings,
    store: Store,
    options: { retentionSeconds: number; log: (line: string) => void },
  ) {
    this.#queue = new Queue<QueuedJob>(QUEUE_NAME, { connection: failFast(settings.redisUrl) });
    // An outage is the job path's line to tell; a console call gets its 503.
    this.#queue.on('error', () => {});
    this.#store = store;
    this.#timeoutMs = settings.serviceTimeoutMs;
    this.#log = options.log;
    this.retentionSeconds = options.retentionSeconds;
  }

  async figures(tenant: string, since: EventWindows, maxErrors: number) {
    const from = Math.min(since.hour, since.day);
    const [jobs, deleted, counts, workers] = await this.#redis(async () =>
      Promise.all([
        // Every field: the job's data names its style, which each style's figures need (a few
        // hundred bytes a job: its photo is in the store, not in the hash).
        this.#jobs(tenant, from, JOB_FIELDS),
        deletedOf(await redisOf(this.#queue), tenant, from),
        this.#queue.getJobCounts('wait', 'prioritized', 'delayed', 'active'),
        this.#queue.getWorkersCount(),
      ]),
    );
    // Waiting: for a worker, or for another try after Redis or S3 failed it (delayed).
    const queue = {
      waiting: (counts.wait ?? 0) + (counts.prioritized ?? 0) + (counts.delayed ?? 0),
      running: counts.active ?? 0,
      workers,
    };
    return figuresOf(jobs, deleted, since, maxErrors, queue);
  }

  async results(tenant: string, since: number, finishedAfter: number, limit: number): Promise<ResultJob[]> {
    const jobs = await this.#redis(() => this.#jobs(tenant, since, JOB_FIELDS));
    return Promise.all(
      resultsOf(jobs, since, finishedAfter, limit).map(async (job) => {
        const url = (name: string) => this.#store.resultUrl(job.id, name);
        const imageUrls = await Promise.all(job.images.map(url));
        const previews = previewsFor(job.images, job.previews);
        return {
          id: job.id,
          styleId: job.styleId,
          finishedAt: job.finishedAt!,
          previewUrl: previews ? await url(previews[0]!) : (imageUrls[0] ?? null),
          imageUrls,
        };
      }),
    );
  }

  /**
   * Every result of the tenant still kept, oldest first. Each picture is read from the store when
   * the ZIP comes to it, one at a time (a picture in memory, never the archive): a read that waits
   * on a slow download would let the store's connection time out. One deleted meanwhile is empty.
   */
  async archive(tenant: string): Promise<ArchiveEntry[]> {
    const jobs = await this.#redis(() => this.#jobs(tenant, 0, JOB_FIELDS));
    return resultsOf(jobs, 0, Date.now() - this.retentionSeconds * 1000, Number.POSITIVE_INFINITY)
      .reverse()
      .flatMap((job) =>
        job.images.map((image, i): ArchiveEntry => {
          const key = this.#store.resultKey(job.id, image);
          return {
            name: archiveName({ id: job.id, styleId: job.styleId, finishedAt: job.finishedAt! }, image, i),
            file: key,
            mtime: new Date(job.finishedAt!),
            open: async () => Readable.from([Buffer.from((await this.#store.getObject(key)) ?? new Uint8Array())]),
          };
        }),
      );
  }

  async tenantOf(id: string) {
    const [data, deleted] = await this.#redis(async () => {
      const client = await redisOf(this.#queue);
      return Promise.all([client.hget(this.#queue.toKey(id), 'data'), client.zscore(DELETED_JOBS_KEY, id)]);
    });
    if (data === null || deleted !== null) return undefined;
    try {
      return (JSON.parse(data) as QueuedJob).tenant ?? null;
    } catch {
      return undefined;
    }
  }

  /**
   * The files go first: a store that does not answer leaves every job as it was, to delete again.
   * Then, in Redis, the jobs are marked deleted and taken out of the index before each is removed
   * from the queue: a job its worker still holds cannot be removed, and its worker, finding the
   * mark when the job ends, deletes what it made and the job (worker.ts).
   */
  async remove(tenant: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const found = (await this.#redis(() => this.#read(ids, JOB_FIELDS))).filter((job) => job !== null);
    const all = found.flatMap((job) => [
      ...[...job.images, ...job.previews].map((name) => this.#store.resultKey(job.id, name)),
      ...(job.photoKey ? [job.photoKey] : []),
    ]);
    for (let i = 0; i < all.length; i += BATCH_KEYS) await this.#store.delete(all.slice(i, i + BATCH_KEYS));
    const removed = await this.#redis(async () => {
      // Still counted in the tenant's figures, as deleted.
      const counted = found
        .filter((job) => !job.deleted)
        .map((job) => ({ id: job.id, createdAt: job.createdAt, status: job.status }));
      await markDeleted(await redisOf(this.#queue), tenant, ids, counted);
      return Promise.all(found.map((job) => this.#queue.remove(job.id)));
    });
    // A job that had not ended when it was read may have written results since; once it is out of
    // the queue nothing writes any more. One its worker holds (0) is the worker's to finish.
    await Promise.all(
      found
        .filter((job, i) => removed[i] === 1 && job.finishedAt === null)
        .map((job) => this.#store.deleteJobFiles(job.id)),
    );
    const line = jobLines.deleted(found);
    if (line) this.#log(line);
    return found.length;
  }

  async removeAll(tenant: string, options: { forget?: boolean } = {}) {
    const ids = await this.#redis(async () => indexedJobs(await redisOf(this.#queue), tenant, 0));
    const removed = await this.remove(tenant, ids);
    if (options.forget) await this.#redis(async () => forgetDeleted(await redisOf(this.#queue), tenant));
    return removed;
  }

  close() {
    return this.#queue.close();
  }

  /** The tenant's jobs created since `since` that are still in Redis. */
  async #jobs(tenant: string, since: number, fields: readonly string[]): Promise<StoredJob[]> {
    const ids = await indexedJobs(await redisOf(this.#queue), tenant, since);
    return (await this.#read(ids, fields)).filter((job) => job !== null);
  }

  /** The jobs' hashes in one pipeline; null for a job that is gone. */
  async #read(ids: readonly string[], fields: readonly string[]): Promise<(StoredJob | null)[]> {
    if (ids.length === 0) return [];
    const client = await redisOf(this.#queue);
    const pipeline = client.pipeline();
    for (const id of ids) pipeline.hmget(this.#queue.toKey(id), ...fields);
    const answers = (await pipeline.exec()) ?? [];
    return ids.map((id, i) => {
      const [error, values] = answers[i] ?? [null, null];
      if (error) throw error;
      // Parsed by position: the fields asked for, the others absent.
      const byName = new Map(fields.map((field, at) => [field, (values as (string | null)[])[at] ?? null]));
      return storedJob(
        id,
        JOB_FIELDS.map((field) => byName.get(field) ?? null),
      );
    });
  }

  #redis<T>(work: () => Promise<T>): Promise<T> {
    return within(QUEUE_SERVICE, this.#timeoutMs, work).catch((error: unknown) => {
      throw error instanceof ServiceUnavailableError
        ? error
        : new ServiceUnavailableError(QUEUE_SERVICE, detailOf(error));
    });
  }
}

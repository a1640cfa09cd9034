// The scale-out job path as an API node sees it: create stores the photo in S3 and puts the job on
// the BullMQ queue; any API node answers a job's state from Redis, and its `wait` is woken by the
// queue's completion events (Redis streams), not by polling.
import crypto from 'node:crypto';
import { Job, Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { isFinalStatus } from '../../contract/index.ts';
import { ServiceUnavailableError, type JobAnswer, type JobBackend, type NewJob } from '../jobs/job-backend.ts';
import { JobWaiters } from '../jobs/waiters.ts';
import { isPastRetention, jobLines, newJobId } from '../jobs/lifecycle.ts';
import type { S3Store } from './s3-store.ts';
import { detailOf, OutageLog, QUEUE_SERVICE, within } from './service-call.ts';
import type { ScaleSettings } from './settings.ts';
import { indexJob, isDeleted, keptSecondsOf, longestKeptMs, redisOf } from './job-index.ts';
import { jobOptions, outcomeOf, QUEUE_NAME, type JobOutcome, type QueuedJob } from './queued-job.ts';
import { failFast, waitForever } from './redis-options.ts';

// The queue's name, its job and the fast-failing connection, where the scale-out tests and the
// bench have always read them.
export { QUEUE_NAME, type JobOutcome, type QueuedJob } from './queued-job.ts';
export { failFast } from './redis-options.ts';

interface Tracked {
  end: () => void;
  photoKey: string;
}

/** A completion event's outcome kept for the request it wakes, which would otherwise read the job again. */
const ENDED_KEPT_MS = 5_000;

/** How often this node asks after the jobs it accepted, in case an event was missed while Redis was away. */
const TRACK_SWEEP_MS = 30_000;

export class RedisJobs implements JobBackend {
  #queue: Queue<QueuedJob, JobOutcome>;
  #events: QueueEvents;
  #store: S3Store;
  #waiters = new JobWaiters();
  #tracked = new Map<string, Tracked>();
  #ended = new Map<string, { outcome: JobOutcome & { prompt: string }; at: number }>();
  #timeoutMs: number;
  #retentionSeconds: number;
  #log: (line: string) => void;
  #sweep: NodeJS.Timeout;

  constructor(
    settings: ScaleSettings,
    store: S3Store,
    options: { retentionSeconds: number; log: (line: string) => void },
  ) {
    this.#store = store;
    this.#timeoutMs = settings.serviceTimeoutMs;
    this.#retentionSeconds = options.retentionSeconds;
    this.#log = options.log;
    const outage = new OutageLog(QUEUE_SERVICE, options.log);
    this.#queue = new Queue(QUEUE_NAME, { connection: failFast(settings.redisUrl) });
    this.#queue.on('error', (error) => outage.failed(detailOf(error)));
    this.#events = new QueueEvents(QUEUE_NAME, { connection: waitForever(settings.redisUrl) });
    // Without a listener an 'error' event would end the process; the queue's line says it all.
    this.#events.on('error', () => {});
    this.#events.on('completed', ({ jobId, returnvalue }) => this.#jobEnded(jobId, false, returnvalue as unknown));
    this.#events.on('failed', ({ jobId }) => this.#jobEnded(jobId, true));
    // Deleted from the console before it ran: a request waiting on it answers 404 now.
    this.#events.on('removed', ({ jobId }) => this.#jobEnded(jobId, false));
    this.#queue.waitUntilReady().then(
      () => outage.ok(),
      () => {},
    );
    this.#sweep = setInterval(
      () =>
        void this.#askAfterTracked().then(
          () => outage.ok(),
          (error) => outage.failed(detailOf(error)),
        ),
      TRACK_SWEEP_MS,
    );
    this.#sweep.unref();
  }

  get inFlight() {
    return this.#tracked.size;
  }

  async create({ style, photo, client, frame, tenant, retentionSeconds, words }: NewJob) {
    const id = newJobId();
    const photoKey = this.#store.photoKey(id, photo.extension);
    const storeAt = performance.now();
    await this.#store.putPhoto(photoKey, photo.data);
    const queueAt = performance.now();
    let queued: Job<QueuedJob, JobOutcome>;
    try {
      queued = await this.#redis(() =>
        this.#queue.add(
          'restyle',
          {
            styleId: style.id,
            prompt: style.prompt,
            photoKey,
            client,
            ...(frame ? { frame } : {}),
            ...(tenant ? { tenant } : {}),
            ...(retentionSeconds ? { retentionSeconds } : {}),
            ...(words ? { words: { ...words } } : {}),
          },
          { ...jobOptions, jobId: id },
        ),
      );
    } catch (error) {
      // Never queued: its photo must not stay behind.
      await this.#store.delete([photoKey]).catch(() => {});
      throw error;
    }
    // What the store and the queue took of the visitor's wait, for whoever watches the logs.
    this.#log(
      jobLines.pending(
        id,
        style.id,
        `photo stored in ${Math.round(queueAt - storeAt)} ms, queued in ${Math.round(performance.now() - queueAt)} ms`,
      ),
    );
    // Filed under its tenant for the console's event view, off the visitor's path: the answer
    // does not wait for it, and a failure costs the view one job, not the visitor a 503.
    if (tenant) void this.#indexJob(tenant, id, queued.timestamp);
    const ended = new Promise<void>((end) => this.#tracked.set(id, { end, photoKey }));
    return { id, ended };
  }

  /** Result URLs are the store's (signed, or under BOOTH_RESULTS_PUBLIC_URL), whatever origin asked. */
  async view(id: string): Promise<JobAnswer | undefined> {
    const known = this.#justEnded(id) ?? (await this.#stored(id));
    if (!known || known.outcome.deleted) return undefined;
    const { outcome, prompt } = known;
    const [images, previews] = await Promise.all([
      Promise.all(outcome.images.map((name) => this.#store.resultUrl(id, name))),
      Promise.all(outcome.previews.map((name) => this.#store.resultUrl(id, name))),
    ]);
    return {
      id,
      images,
      ...(previews.length === images.length && previews.length > 0 ? { previews } : {}),
      ...(outcome.captions && outcome.captions.length === images.length ? { captions: outcome.captions } : {}),
      prompt,
      result: { status: outcome.status, message: outcome.message },
    };
  }

  /** A job that ended a moment ago, as its completion event told it (#jobEnded); taken once. */
  #justEnded(id: string) {
    const kept = this.#ended.get(id);
    this.#ended.delete(id);
    // Never past retention, however short it is set.
    if (!kept || kept.at + Math.min(ENDED_KEPT_MS, this.#retentionSeconds * 1000) <= Date.now()) return undefined;
    return { outcome: kept.outcome, prompt: kept.outcome.prompt };
  }

  /** The job as Redis keeps it; undefined when unknown, deleted from the console, or past retention. */
  async #stored(id: string) {
    // Both calls go out together on one connection: one round trip, as the read alone took.
    const [job, deleted] = await this.#redis(async () => {
      const client = await redisOf(this.#queue);
      return Promise.all([Job.fromId<QueuedJob, JobOutcome>(this.#queue, id), isDeleted(client, id)]);
    });
    if (!job || deleted || isPastRetention(job.finishedOn, keptSecondsOf(job.data) ?? this.#retentionSeconds))
      return undefined;
    return {
      outcome: outcomeOf(job),
      prompt: job.data.prompt,
      tenant: job.data.tenant ?? null,
      finishedAt: job.finishedOn ?? null,
      keptSeconds: keptSecondsOf(job.data) ?? this.#retentionSeconds,
    };
  }

  /**
   * A job's state, tenant and its first result as an email needs them (scale-delivery.ts);
   * undefined when unknown, deleted, or past retention.
   */
  async find(id: string) {
    const known = await this.#stored(id);
    if (!known || known.outcome.deleted) return undefined;
    return {
      status: known.outcome.status,
      tenant: known.tenant,
      image: known.outcome.images[0] ?? null,
      keptUntil: (known.finishedAt ?? Date.now()) + known.keptSeconds * 1000,
    };
  }

  /**
   * A secret every API node shares without being given one: the first node to ask stores a random
   * one in Redis (SET NX), and every node reads that. Used for visitor tokens when neither
   * BOOTH_VISITOR_SECRET nor BOOTH_JWT_SECRET is set.
   */
  sharedSecret(name: string): Promise<string> {
    return this.#redis(async () => {
      const client = await redisOf(this.#queue);
      const key = `booth:secret:${name}`;
      await client.set(key, crypto.randomBytes(48).toString('base64url'), 'NX');
      const secret = await client.get(key);
      if (!secret) throw new Error(`${key} is missing`);
      return secret;
    });
  }

  /** `work` on the queue's own connection, within BOOTH_SERVICE_TIMEOUT_MS (a ServiceUnavailableError otherwise). */
  withRedis<T>(work: (client: Redis) => Promise<T>): Promise<T> {
    return this.#redis(async () => work(await redisOf(this.#queue)));
  }

  wait(id: string, ms: number, signal?: AbortSignal) {
    const waited = this.#waiters.wait(id, ms, signal);
    // Ended between the caller's look and this wait: no event would wake it.
    void this.#redis(() => this.#queue.getJobState(id)).then(
      (state) => (state === 'completed' || state === 'failed' || state === 'unknown') && this.#waiters.notify(id),
      () => this.#waiters.notify(id),
    );
    return waited;
  }

  async close() {
    clearInterval(this.#sweep);
    await Promise.allSettled([this.#events.close(), this.#queue.close()]);
  }

  #jobEnded(jobId: string, failed: boolean, returnvalue?: unknown) {
    // The request this wakes answers from the event: no read of the job it just ended.
    const outcome = returnvalue as Partial<JobOutcome> | undefined;
    const whole =
      outcome?.status &&
      isFinalStatus(outcome.status) &&
      typeof outcome.prompt === 'string' &&
      Array.isArray(outcome.images) &&
      Array.isArray(outcome.previews);
    if (whole && this.#waiters.has(jobId)) {
      const now = Date.now();
      for (const [id, kept] of this.#ended) if (kept.at + ENDED_KEPT_MS < now) this.#ended.delete(id);
      this.#ended.set(jobId, { outcome: outcome as JobOutcome & { prompt: string }, at: now });
    }
    this.#waiters.notify(jobId);
    const tracked = this.#tracked.get(jobId);
    if (!tracked) return;
    this.#tracked.delete(jobId);
    tracked.end();
    // A job that failed for good never reached the end of its worker's run, where the photo goes.
    if (failed)
      void this.#store
        .delete([tracked.photoKey])
        .catch((error) => this.#log(`job ${jobId}: its photo could not be deleted (${detailOf(error)})`));
  }

  async #askAfterTracked() {
    for (const id of [...this.#tracked.keys()]) {
      const state = await this.#redis(() => this.#queue.getJobState(id));
      if (state === 'completed' || state === 'unknown') this.#jobEnded(id, false);
      else if (state === 'failed') this.#jobEnded(id, true);
    }
  }

  async #indexJob(tenant: string, id: string, createdAt: number) {
    try {
      await this.#redis(async () =>
        indexJob(await redisOf(this.#queue), tenant, id, createdAt, longestKeptMs(this.#retentionSeconds)),
      );
    } catch (error) {
      this.#log(
        `job ${id}: not filed under tenant ${tenant} for the console's event view (${error instanceof ServiceUnavailableError ? error.detail : detailOf(error)})`,
      );
    }
  }

  #redis<T>(work: () => Promise<T>): Promise<T> {
    return within(QUEUE_SERVICE, this.#timeoutMs, work).catch((error: unknown) => {
      throw error instanceof ServiceUnavailableError
        ? error
        : new ServiceUnavailableError(QUEUE_SERVICE, detailOf(error));
    });
  }
}

// A worker's side of the scale-out job path: takes jobs from the BullMQ queue, reads the photo from
// S3, runs it as the embedded default does (jobs/lifecycle.ts), writes the results to S3, and
// deletes the photo once the job ended. A worker that dies mid-job stops renewing its lock; after BOOTH_STALLED_SECONDS
// another worker's stalled check puts the job back on the queue, and only the lock holder can
// complete it, so a result is written once under its job's name and never lost.
import { Queue, Worker, type Job } from 'bullmq';
import { JOB_STATUS } from '../../contract/index.ts';
import { JOB_MESSAGES } from '../run/job-messages.ts';
import { ServiceUnavailableError } from '../jobs/job-backend.ts';
import { jobLines, runJob, sweepEveryMs, type RunStore } from '../jobs/lifecycle.ts';
import type { RestyleDeps } from '../run/restyle.ts';
import { PhotoDeletes } from './photo-deletes.ts';
import { FrameImages } from '../brand/stored-frames.ts';
import { PhotoMissingError, type S3Store } from './s3-store.ts';
import { QUEUE_NAME, type JobOutcome, type QueuedJob } from './queued-job.ts';
import { failFast, waitForever } from './redis-options.ts';
import {
  deletedJobs,
  EXPIRY_KEY,
  expiredJobs,
  fileExpiry,
  isDeleted,
  keptSecondsOf,
  longestKeptMs,
  redisOf,
} from './job-index.ts';
import { detailOf, OutageLog, QUEUE_SERVICE, within } from './service-call.ts';
import type { ScaleSettings } from './settings.ts';

/** A job whose worker died under it this many times more is ended ERROR instead of run again. */
const MAX_STALLS = 2;

export interface QueueWorkerDeps {
  settings: ScaleSettings;
  store: S3Store;
  restyle: RestyleDeps;
  retentionSeconds: number;
  log: (line: string) => void;
}

export function startQueueWorker(deps: QueueWorkerDeps) {
  const { settings, store, log } = deps;
  const stopping = new AbortController();
  const outage = new OutageLog(QUEUE_SERVICE, log);
  // The brand's images come from the store, as the control node put them there (brand/frame-mirror.ts);
  // a store that does not answer throws, and the job is tried again like a photo not read.
  const restyleDeps = { ...deps.restyle, frameImages: new FrameImages(store) };
  // A connection that answers at once when Redis is away: for the sweep, the health check and the
  // marks of jobs deleted from the console.
  const queue = new Queue(QUEUE_NAME, { connection: failFast(settings.redisUrl) });
  queue.on('error', () => {});
  // Redis away is a ServiceUnavailableError, like the store's: the job is tried again, not failed.
  const deletedNow = (id: string) =>
    within(QUEUE_SERVICE, settings.serviceTimeoutMs, async () => isDeleted(await redisOf(queue), id)).catch(
      (error: unknown) => {
        throw error instanceof ServiceUnavailableError
          ? error
          : new ServiceUnavailableError(QUEUE_SERVICE, detailOf(error));
      },
    );

  // Ended by BullMQ with the outcome the run returns: the store keeps the files only. A job deleted
  // from the console while it ran ends with nothing to show, and goes once it ended (dropDeleted).
  const storeOf = (job: Job<QueuedJob, JobOutcome>, readMs: number): RunStore => ({
    complete: async (id, made) => {
      // Asked while the results are written, so it costs the job no time; only a tenant's job can be
      // deleted from the console (it is found through its tenant's index).
      const writeAt = performance.now();
      const [names, deleted] = await Promise.all([
        store.putResults(id, made.images, made.previews),
        job.data.tenant ? deletedNow(id) : false,
      ]);
      if (deleted) return 'deleted';
      // The store's time on the job's path goes in its last line: a slow store shows there first.
      return {
        ...names,
        why: `store: photo read in ${Math.round(readMs)} ms, results written in ${Math.round(performance.now() - writeAt)} ms`,
      };
    },
    fail: async () => {},
    // The store gone while the results were written: the job is tried again (jobOptions).
    retries: (error) => error instanceof ServiceUnavailableError,
  });

  async function run(job: Job<QueuedJob, JobOutcome>): Promise<JobOutcome> {
    const id = job.id!;
    const { styleId, prompt, photoKey, client, frame, words } = job.data;
    const started = Date.now();
    let photo: Uint8Array;
    const readAt = performance.now();
    try {
      photo = await store.getPhoto(photoKey);
    } catch (error) {
      if (!(error instanceof PhotoMissingError)) throw error;
      const lost = { status: JOB_STATUS.error, images: [], previews: [], message: JOB_MESSAGES.photoLost };
      log(jobLines.ended(id, styleId, lost, Date.now() - started));
      return { ...lost, prompt };
    }
    const readMs = performance.now() - readAt;
    log(jobLines.processing(id, styleId, job.attemptsStarted > 1 || job.stalledCounter > 0));
    const work = { jobId: id, styleId, prompt, photoName: photoKey, photo, client, frame, ...(words ? { words } : {}) };
    return {
      ...(await runJob(restyleDeps, storeOf(job, readMs), work, { onStart: () => {}, stopping: stopping.signal }, log)),
      prompt,
    };
  }

  // The photo goes once its job has ended in Redis, not before: a worker dying between the two
  // would leave a job to run again without its photo. Off the job's own path; the photos of jobs
  // that end together go in one call.
  const photoDeletes = new PhotoDeletes(store, log);
  const deletePhoto = (job: Job<QueuedJob, JobOutcome> | undefined) => {
    if (job?.finishedOn) photoDeletes.add(job.data.photoKey);
  };
  // A job deleted from the console while this worker held it could not be removed then: it goes
  // now that it ended, with whatever it wrote. The mark is read after the end, so a delete at any
  // moment of the run is seen here or has removed the job itself (redis-event-jobs.ts).
  const dropDeleted = async (job: Job<QueuedJob, JobOutcome> | undefined) => {
    if (!job?.finishedOn || !job.data.tenant || !(await deletedNow(job.id!))) return;
    await store.deleteJobFiles(job.id!);
    await queue.remove(job.id!);
    log(jobLines.dropped(job.id!, job.data.styleId));
  };
  // Filed under when its results expire, its tenant's retention or the booth's: the sweep takes it then.
  const fileEnded = async (job: Job<QueuedJob, JobOutcome> | undefined) => {
    if (!job?.finishedOn) return;
    await fileExpiry(await redisOf(queue), job.id!, job.finishedOn, keptSecondsOf(job.data) ?? deps.retentionSeconds);
  };
  // The guest's words are the job's while it runs: gone from its data in Redis once it has ended.
  const forgetWords = (job: Job<QueuedJob, JobOutcome> | undefined) => {
    if (!job?.finishedOn || !job.data.words) return;
    const { words: _, ...rest } = job.data;
    void job
      .updateData(rest)
      .catch((error) => log(`job ${job.id}: its words could not be taken out (${detailOf(error)})`));
  };
  const jobEnded = (job: Job<QueuedJob, JobOutcome> | undefined) => {
    deletePhoto(job);
    forgetWords(job);
    void fileEnded(job).catch((error) =>
      log(
        `job ${job?.id}: when its results expire could not be filed (${detailOf(error)}); it goes after the longest retention at the latest`,
      ),
    );
    // Redis or the store away now: a job that was deleted is left to the retention sweep.
    void dropDeleted(job).catch((error) =>
      log(
        `job ${job?.id}: whether it was deleted from the console could not be checked or acted on (${detailOf(error)}); the retention sweep does it`,
      ),
    );
  };

  const worker = new Worker<QueuedJob, JobOutcome>(QUEUE_NAME, run, {
    connection: waitForever(settings.redisUrl),
    concurrency: settings.workerJobs,
    lockDuration: settings.stalledSeconds * 1000,
    stalledInterval: settings.stalledSeconds * 1000,
    maxStalledCount: MAX_STALLS,
  });
  worker.on('completed', jobEnded);
  worker.on('failed', jobEnded);
  worker.on('error', (error) => outage.failed(detailOf(error)));
  worker.on('ready', () => outage.ok());
  worker.on('active', () => outage.ok());

  const stopRetention = startScaleRetention(deps, queue);

  return {
    /** Jobs running in this process now finish first (they are otherwise run again elsewhere). */
    async close() {
      stopRetention();
      await worker.close();
      stopping.abort(new Error('The worker is stopping.'));
      await Promise.all([queue.close(), photoDeletes.flush()]);
    },
    /** Running, and Redis answers: it can take jobs. */
    async healthy() {
      if (!worker.isRunning()) return false;
      try {
        await within(QUEUE_SERVICE, settings.serviceTimeoutMs, () => queue.getJobCounts('wait'));
        outage.ok();
        return true;
      } catch (error) {
        outage.failed(detailOf(error));
        return false;
      }
    },
  };
}

/** Expired jobs taken in one pass of the sweep; the next pass takes the rest. */
const EXPIRED_BATCH = 1000;

/**
 * Privacy, as in the embedded default: a job and its results are deleted once its retention (its
 * tenant's, fixed when it was created, else the booth's) has passed since it ended, with its photo
 * if a batch of photo deletes missed it. The worker that ends a job files it under that time
 * (EXPIRY_KEY); every worker sweeps the ones due, and a job two of them take at once is deleted
 * once. A job whose end was never filed (its worker died in that instant) is cleaned by BullMQ
 * after the longest retention there is.
 */
function startScaleRetention({ store, retentionSeconds, log }: QueueWorkerDeps, queue: Queue): () => void {
  async function sweep() {
    const client = await redisOf(queue);
    const due = await expiredJobs(client, Date.now(), EXPIRED_BATCH);
    for (const id of due) {
      await store.deleteJobFiles(id);
      await queue.remove(id);
    }
    if (due.length > 0) await client.zrem(EXPIRY_KEY, ...due);
    let deleted = due.length;
    for (const kind of ['completed', 'failed'] as const) {
      const ids = await queue.clean(longestKeptMs(retentionSeconds), 1000, kind);
      for (const id of ids) await store.deleteJobFiles(id);
      deleted += ids.length;
    }
    if (deleted > 0) log(jobLines.expired(deleted, retentionSeconds));
    await sweepDeleted();
  }
  /** Jobs deleted from the console that are still in the queue: their worker died before it could drop them, or Redis was away. */
  async function sweepDeleted() {
    const client = await redisOf(queue);
    const ids = await deletedJobs(client);
    if (ids.length === 0) return;
    const pipeline = client.pipeline();
    for (const id of ids) pipeline.exists(queue.toKey(id));
    const left = ((await pipeline.exec()) ?? []).flatMap(([, found], i) => (found === 1 ? [ids[i]!] : []));
    for (const id of left) {
      // Files first: a job its worker holds is not removed, and is dropped when it ends.
      await store.deleteJobFiles(id);
      if ((await queue.remove(id)) === 1) log(`job ${id}: deleted from the console earlier, removed now`);
    }
  }
  const every = sweepEveryMs(retentionSeconds);
  // One sweep at a time, the next `every` after the last one ended: on a slow machine a sweep can
  // take longer than the period, and sweeps piled on each other would race for the same jobs.
  // An outage is the queue's line to tell; the next sweep catches up.
  let timer: NodeJS.Timeout;
  let stopped = false;
  const next = () => {
    if (stopped) return;
    timer = setTimeout(
      () =>
        void sweep()
          .catch(() => {})
          .finally(next),
      every,
    );
    timer.unref();
  };
  next();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

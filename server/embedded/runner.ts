// A job's life: stored PENDING with its photo on disk, PROCESSING in a worker, then COMPLETED
// with result files or ERROR with a sentence for the visitor; the photo is deleted either way.
// The run itself is the lifecycle's (lifecycle.ts); this file says how SQLite and the disk keep it.
import fs from 'node:fs';
import { JOB_STATUS } from '../../contract/index.ts';
import type { FileStore } from '../storage/files.ts';
import type { JobStore } from '../storage/jobs.ts';
import { log } from '../process/log.ts';
import { JOB_MESSAGES } from '../run/job-messages.ts';
import { jobLines, runJob, type RunStore } from '../jobs/lifecycle.ts';
import { failureOf, type RestyleDeps } from '../run/restyle.ts';
import type { JobWaiters } from '../jobs/waiters.ts';

export { JOB_MESSAGES } from '../run/job-messages.ts';

/** A job that brought its worker down this many times is not tried again after a restart. */
const MAX_ATTEMPTS = 3;

export interface JobRunnerDeps extends RestyleDeps {
  jobs: JobStore;
  files: FileStore;
  waiters: JobWaiters;
}

export class JobRunner {
  #deps: JobRunnerDeps;
  #running = new Set<Promise<void>>();
  #accepting = true;
  /** Aborted at stop: remote jobs stop waiting (they run again on the next start). */
  #stopping = new AbortController();

  constructor(deps: JobRunnerDeps) {
    this.#deps = deps;
  }

  /** Jobs accepted and not yet ended, in this process. */
  get inFlight(): number {
    return this.#running.size;
  }

  /**
   * Runs the job; the promise settles when it ended (or was left for the next start). `words`, the
   * guest's for a style with inputs, are held by this run only: a job run again after a restart has none.
   */
  submit(jobId: string, client?: string, words?: Readonly<Record<string, string>>): Promise<void> {
    if (!this.#accepting) return Promise.resolve();
    const run = this.#run(jobId, client, words).finally(() => this.#running.delete(run));
    this.#running.add(run);
    return run;
  }

  /** Runs again every job that a stop (even a kill) left PENDING or PROCESSING. */
  recover(): number {
    const { jobs, files } = this.#deps;
    const unfinished = jobs.unfinished();
    for (const job of unfinished) {
      if (!job.uploadPath || !fs.existsSync(job.uploadPath))
        this.#fail(job.id, job.styleId, JOB_MESSAGES.photoLost, Date.now());
      else if (job.attempts >= MAX_ATTEMPTS) {
        files.deleteUpload(job.uploadPath);
        this.#fail(job.id, job.styleId, JOB_MESSAGES.crashed, Date.now());
      } else {
        log(`job ${job.id} style=${job.styleId} ${job.status} -> requeued after restart`);
        // No client: each recovered job then counts as a client of its own (the pool and the
        // remote limits do so for a job without one), so a restart's backlog is nobody's flood.
        void this.submit(job.id);
      }
    }
    return unfinished.length;
  }

  /** Stops taking jobs; the ones still running stay in SQLite and run again on the next start. */
  stop() {
    this.#accepting = false;
    this.#stopping.abort(new Error('The server is stopping.'));
  }

  async #run(jobId: string, client: string | undefined, words?: Readonly<Record<string, string>>) {
    const { jobs, files } = this.#deps;
    const job = jobs.get(jobId);
    if (!job?.uploadPath) return;
    const uploadPath = job.uploadPath;
    if (this.#deps.styles?.get(job.styleId)?.inputs?.length && !words) {
      files.deleteUpload(uploadPath);
      this.#fail(jobId, job.styleId, JOB_MESSAGES.wordsLost, Date.now());
      return;
    }
    // Ended here: the row and the files. A job deleted from the console while it ran has no row
    // any more; what it made is dropped, never written.
    const store: RunStore = {
      complete: async (id, made) => {
        if (!jobs.get(id)) return 'deleted';
        const names = files.saveResults(id, made.images);
        const previews = made.previews.length > 0 ? files.savePreviews(id, made.previews) : [];
        jobs.complete(id, names, previews, {
          engine: made.engine,
          fallback: made.fallback,
          ...(made.images.length > 1 ? { captions: made.captions } : {}),
        });
        files.deleteUpload(uploadPath);
        return { images: names, previews };
      },
      fail: async (id, message) => {
        files.deleteUpload(uploadPath);
        jobs.fail(id, message);
      },
      retries: () => false,
    };
    try {
      const photo = fs.readFileSync(uploadPath);
      const onStart = () => {
        jobs.markProcessing(jobId);
        log(jobLines.processing(jobId, job.styleId));
      };
      const work = {
        jobId,
        styleId: job.styleId,
        prompt: job.prompt,
        photoName: uploadPath,
        photo,
        client,
        frame: job.frame,
        ...(words ? { words } : {}),
      };
      const end = await runJob(this.#deps, store, work, { onStart, stopping: this.#stopping.signal }, log);
      if (end.deleted) log(jobLines.dropped(jobId, job.styleId));
      else this.#deps.waiters.notify(jobId);
    } catch (error) {
      // Stopping: the job stays as it is in SQLite, with its photo, and runs again on the next start.
      if (!this.#accepting) return;
      // The photo could not be read.
      files.deleteUpload(uploadPath);
      const failure = failureOf(error, { jobId, styleId: job.styleId });
      this.#fail(jobId, job.styleId, failure.message, Date.now(), failure.why);
    }
  }

  #fail(jobId: string, styleId: string, message: string, started: number, why = '') {
    this.#deps.jobs.fail(jobId, message);
    log(jobLines.ended(jobId, styleId, { status: JOB_STATUS.error, message }, Date.now() - started, why));
    this.#deps.waiters.notify(jobId);
  }
}

// A job's life: stored PENDING with its photo on disk, PROCESSING in a worker, then COMPLETED
// with result files or ERROR with a sentence for the visitor; the photo is deleted either way.
import fs from 'node:fs';
import { JOB_STATUS } from '../../contract/index.ts';
import type { FileStore } from '../storage/files.ts';
import type { JobStore } from '../storage/jobs.ts';
import { log } from '../log.ts';
import { JOB_MESSAGES } from './job-messages.ts';
import { failureOf, restyle, type RestyleDeps } from './restyle.ts';
import type { JobWaiters } from './waiters.ts';

export { JOB_MESSAGES } from './job-messages.ts';


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

  /** Runs the job; the promise settles when it ended (or was left for the next start). */
  submit(jobId: string, client?: string): Promise<void> {
    if (!this.#accepting) return Promise.resolve();
    const run = this.#run(jobId, client).finally(() => this.#running.delete(run));
    this.#running.add(run);
    return run;
  }

  /** Runs again every job that a stop (even a kill) left PENDING or PROCESSING. */
  recover(): number {
    const { jobs, files } = this.#deps;
    const unfinished = jobs.unfinished();
    for (const job of unfinished) {
      if (!job.uploadPath || !fs.existsSync(job.uploadPath)) this.#fail(job.id, job.styleId, JOB_MESSAGES.photoLost, Date.now());
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

  async #run(jobId: string, client: string | undefined) {
    const { jobs, files } = this.#deps;
    const job = jobs.get(jobId);
    if (!job?.uploadPath) return;
    const started = Date.now();
    try {
      const photo = fs.readFileSync(job.uploadPath);
      const onStart = () => {
        jobs.markProcessing(jobId);
        log(`job ${jobId} style=${job.styleId} ${JOB_STATUS.processing}`);
      };
      const work = { jobId, styleId: job.styleId, prompt: job.prompt, photoName: job.uploadPath, photo, client, frame: job.frame };
      const { images, previews } = await restyle(this.#deps, work, { onStart, stopping: this.#stopping.signal });
      if (!this.#accepting) return;
      // Deleted from the console while it ran: what it made is dropped, never written.
      if (!jobs.get(jobId)) {
        log(`job ${jobId} style=${job.styleId} ended after it was deleted; its results were dropped`);
        return;
      }
      const names = files.saveResults(jobId, images);
      jobs.complete(jobId, names, previews.length > 0 ? files.savePreviews(jobId, previews) : []);
      files.deleteUpload(job.uploadPath);
      log(`job ${jobId} style=${job.styleId} ${JOB_STATUS.completed} ${Date.now() - started}ms`);
      this.#deps.waiters.notify(jobId);
    } catch (error) {
      if (!this.#accepting) return;
      files.deleteUpload(job.uploadPath);
      const failure = failureOf(error, { jobId, styleId: job.styleId });
      this.#fail(jobId, job.styleId, failure.message, started, failure.why);
    }
  }

  #fail(jobId: string, styleId: string, message: string, started: number, why = '') {
    this.#deps.jobs.fail(jobId, message);
    log(`job ${jobId} style=${styleId} ${JOB_STATUS.error} ${Date.now() - started}ms "${message}"${why ? ` (${why})` : ''}`);
    this.#deps.waiters.notify(jobId);
  }
}

// A job's life: stored PENDING with its photo on disk, PROCESSING in a worker, then COMPLETED
// with result files or ERROR with a sentence for the visitor; the photo is deleted either way.
import fs from 'node:fs';
import { JOB_STATUS } from '../../contract/index.ts';
import type { FileStore } from '../storage/files.ts';
import type { JobStore } from '../storage/jobs.ts';
import { log, logError } from '../log.ts';
import { TaskTimeoutError, VisitorFacingError, type PoolResult, type WorkerPool } from './pool.ts';
import { frameFiles } from './job-frame.ts';
import { makePreview } from './preview.ts';
import type { RemoteEngines } from '../engine/remote/remote-engines.ts';
import type { StyleDefinition } from '../engine/styles-file.ts';
import { LIGHT_RESULT_BYTES, runGenerative } from './generative-job.ts';
import { JOB_MESSAGES } from './job-messages.ts';
import type { JobWaiters } from './waiters.ts';

export { JOB_MESSAGES } from './job-messages.ts';


/** A job that brought its worker down this many times is not tried again after a restart. */
const MAX_ATTEMPTS = 3;

export interface JobRunnerDeps {
  jobs: JobStore;
  files: FileStore;
  pool: WorkerPool;
  waiters: JobWaiters;
  /** The offered styles by id: which engine runs each (local styles run in the pool). */
  styles?: ReadonlyMap<string, StyleDefinition>;
  remote?: RemoteEngines;
  /** The tenant asset folder, where brand frames and logos are read; without it no result is framed. */
  tenantAssetsDir?: string;
  /** A remote job waiting longer ends ERROR (the pool times local jobs itself). */
  timeoutMs?: number;
  log?: (line: string) => void;
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
    const { jobs, files, pool } = this.#deps;
    const job = jobs.get(jobId);
    if (!job || !job.uploadPath) return;
    const started = Date.now();
    try {
      const photo = fs.readFileSync(job.uploadPath);
      const onStart = () => {
        jobs.markProcessing(jobId);
        log(`job ${jobId} style=${job.styleId} ${JOB_STATUS.processing}`);
      };
      const style = this.#deps.styles?.get(job.styleId);
      const brand = frameFiles(job.frame, job.prompt, this.#deps.tenantAssetsDir);
      if (brand.problem) log(`job ${jobId} style=${job.styleId}: the brand frame is left off: ${brand.problem}`);
      const frame = brand.files;
      let result: PoolResult = style && style.engine !== 'local'
        ? await runGenerative(this.#deps, { jobId, prompt: job.prompt, uploadPath: job.uploadPath, photo, client }, style, { onStart, stopping: this.#stopping.signal })
        : await pool.run({ jobId, styleId: job.styleId, photo, client, frame }, onStart);
      if (!this.#accepting) return;
      // A provider's picture is framed on the CPU pool like a local result (a sticker never is).
      if (frame && style && style.engine !== 'local' && result.images.length === 1) {
        const framed = await pool.run({ jobId, styleId: null, photo: result.images[0]!.data, client, frame });
        result = { ...framed, prompt: result.prompt };
      }
      if (result.frameProblem) log(`job ${jobId} style=${job.styleId}: the brand frame is left off: ${result.frameProblem}`);
      if (!this.#accepting) return;
      if (result.images.length === 0) throw new Error('The engine returned no image.');
      // A provider's compressed picture is light enough to show as it is; a display copy would
      // only cost CPU (a local result, or a generative sticker cut out here, gets one).
      const light = style && style.engine !== 'local' && result.images.every((image) => image.data.byteLength <= LIGHT_RESULT_BYTES);
      const previews = light ? [] : await this.#previews(jobId, result.images);
      if (!this.#accepting) return;
      const names = files.saveResults(jobId, result.images);
      jobs.complete(jobId, names, previews.length > 0 ? files.savePreviews(jobId, previews) : []);
      files.deleteUpload(job.uploadPath);
      log(`job ${jobId} style=${job.styleId} ${JOB_STATUS.completed} ${Date.now() - started}ms`);
      this.#deps.waiters.notify(jobId);
    } catch (error) {
      if (!this.#accepting) return;
      files.deleteUpload(job.uploadPath);
      if (error instanceof VisitorFacingError) this.#fail(jobId, job.styleId, error.message, started);
      else if (error instanceof TaskTimeoutError) this.#fail(jobId, job.styleId, JOB_MESSAGES.timeout, started, error.message);
      else {
        logError(`job ${jobId} style=${job.styleId} failed`, error);
        this.#fail(jobId, job.styleId, JOB_MESSAGES.generic, started);
      }
    }
  }

  /** A job whose previews cannot be made still completes: the screen then shows the full images. */
  async #previews(jobId: string, images: { data: Uint8Array }[]): Promise<Uint8Array[]> {
    try {
      return await Promise.all(images.map((image) => makePreview(image.data)));
    } catch (error) {
      logError(`job ${jobId} previews failed, the full images are shown`, error);
      return [];
    }
  }

  #fail(jobId: string, styleId: string, message: string, started: number, why = '') {
    this.#deps.jobs.fail(jobId, message);
    log(`job ${jobId} style=${styleId} ${JOB_STATUS.error} ${Date.now() - started}ms "${message}"${why ? ` (${why})` : ''}`);
    this.#deps.waiters.notify(jobId);
  }
}

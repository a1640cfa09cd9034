// A job's life: stored PENDING with its photo on disk, PROCESSING in a worker, then COMPLETED
// with result files or ERROR with a sentence for the visitor; the photo is deleted either way.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { JOB_STATUS } from '../../contract/index.ts';
import type { FileStore } from '../storage/files.ts';
import type { JobStore } from '../storage/jobs.ts';
import { log, logError } from '../log.ts';
import { TaskTimeoutError, VisitorFacingError, type WorkerPool } from './pool.ts';
import { makePreview } from './preview.ts';
import type { EngineResult } from '../engine/engine.ts';
import { ProviderError, type ProviderName } from '../engine/remote/provider.ts';
import { PROVIDER_SETTING } from '../engine/remote/providers.ts';
import type { RemoteEngines } from '../engine/remote/remote-engines.ts';
import type { StyleDefinition } from '../engine/styles-file.ts';

/** A generative result up to this size is shown as it is, without a display copy. */
const LIGHT_RESULT_BYTES = 512 * 1024;
/** The local style that cuts a generative sticker out: the die-cut on the generated picture. */
const STICKER_CUTOUT_STYLE = 'die-cut-sticker';
const PHOTO_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };
import type { JobWaiters } from './waiters.ts';

export const JOB_MESSAGES = {
  generic: 'Something went wrong while restyling your photo. Please try again.',
  timeout: 'Restyling your photo took too long. Please try again.',
  photoLost: 'Your photo was lost while the booth restarted. Please take it again.',
  crashed: 'Restyling your photo failed several times. Please try again with another photo.',
  refused: "This style couldn't be made from your photo. Please try another style.",
  unavailable: "The style service isn't answering right now. Please try again in a minute.",
} as const;

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
        // Each its own client: jobs left by a restart are no one's flood.
        void this.submit(job.id, `recovered ${job.id}`);
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
      const result = style && style.engine !== 'local'
        ? await this.#generate({ jobId, prompt: job.prompt, uploadPath: job.uploadPath, photo, client }, style, onStart)
        : await pool.run({ jobId, styleId: job.styleId, photo, client }, onStart);
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

  /**
   * A generative style: the provider's picture (waiting, not computing), then for a sticker
   * style the local die-cut on the CPU pool. Failures become the visitor's sentences; a refused
   * key is one line for ops naming the setting, never the key.
   */
  async #generate(job: { jobId: string; prompt: string; uploadPath: string; photo: Uint8Array; client?: string }, style: StyleDefinition, onStart: () => void): Promise<EngineResult> {
    const { remote, pool, timeoutMs = 120_000 } = this.#deps;
    const provider = style.engine as ProviderName;
    if (!remote?.has(provider)) throw new Error(`The style ${style.id} needs the ${provider} provider, which is not set up.`);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([timeout, this.#stopping.signal]);
    let image;
    try {
      const photoType = PHOTO_TYPES[path.extname(job.uploadPath).toLowerCase()] ?? 'image/jpeg';
      const input = { jobId: job.jobId, client: job.client, photo: job.photo, photoType, prompt: job.prompt, options: style.options, seed: crypto.randomInt(2 ** 31) };
      image = await remote.generate(provider, input, signal, onStart);
    } catch (error) {
      if (timeout.aborted && !this.#stopping.signal.aborted) throw new TaskTimeoutError(`The ${provider} job took longer than ${timeoutMs} ms.`);
      if (!(error instanceof ProviderError)) throw error;
      const ops = this.#deps.log ?? log;
      if (error.kind === 'refused') throw new VisitorFacingError(JOB_MESSAGES.refused);
      if (error.kind === 'credentials') ops(`job ${job.jobId} ${provider}: the provider refused this booth's credentials (${error.message}); check ${PROVIDER_SETTING[provider]}.`);
      else ops(`job ${job.jobId} ${provider}: ${error.message}`);
      throw new VisitorFacingError(error.kind === 'rate-limited' || error.kind === 'unavailable' ? JOB_MESSAGES.unavailable : JOB_MESSAGES.generic);
    }
    if (!style.sticker) return { images: [image], prompt: job.prompt };
    try {
      return await pool.run({ jobId: job.jobId, styleId: STICKER_CUTOUT_STYLE, photo: image.data, client: job.client });
    } catch (error) {
      // A picture in which the cut finds nobody is still the visitor's picture: shown uncut.
      if (!(error instanceof VisitorFacingError)) throw error;
      log(`job ${job.jobId} style=${style.id}: no person to cut out of the generated picture; it is shown uncut`);
      return { images: [image], prompt: job.prompt };
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

// The embedded default's jobs: a row in SQLite and the photo on disk before create answers, the
// run in this process's worker pool, results served from /media/results.
import { isFinalStatus, previewsFor } from '../../contract/index.ts';
import { log } from '../process/log.ts';
import type { FileStore } from '../storage/files.ts';
import type { JobRecord, JobStore } from '../storage/jobs.ts';
import type { JobAnswer, JobBackend, NewJob } from '../jobs/job-backend.ts';
import { jobLines, newJobId } from '../jobs/lifecycle.ts';
import { isExpired } from './retention.ts';
import type { JobRunner } from './runner.ts';
import type { JobWaiters } from '../jobs/waiters.ts';

export const resultPath = (jobId: string, name: string) =>
  `/media/results/${encodeURIComponent(jobId)}/${encodeURIComponent(name)}`;

export function jobView(job: JobRecord, origin: string): JobAnswer {
  const previews = previewsFor(job.images, job.previews);
  return {
    id: job.id,
    images: job.images.map((name) => origin + resultPath(job.id, name)),
    ...(previews ? { previews: previews.map((name) => origin + resultPath(job.id, name)) } : {}),
    ...(job.captions && job.captions.length === job.images.length ? { captions: job.captions } : {}),
    prompt: job.prompt,
    result: { status: job.status, message: job.message },
  };
}

interface LocalJobsDeps {
  jobs: JobStore;
  files: FileStore;
  runner: JobRunner;
  waiters: JobWaiters;
  retentionSeconds: number;
}

export class LocalJobs implements JobBackend {
  #deps: LocalJobsDeps;
  constructor(deps: LocalJobsDeps) {
    this.#deps = deps;
  }

  get inFlight() {
    return this.#deps.runner.inFlight;
  }

  async create({ style, photo, client, frame, tenant, retentionSeconds, words }: NewJob) {
    const id = newJobId();
    const uploadPath = this.#deps.files.saveUpload(id, photo.data, photo.extension);
    this.#deps.jobs.create({
      id,
      styleId: style.id,
      prompt: style.prompt,
      uploadPath,
      frame: frame ?? null,
      tenant: tenant ?? null,
      retentionSeconds: retentionSeconds ?? null,
    });
    log(jobLines.pending(id, style.id));
    // The guest's words go to the run in memory, never into the row.
    return { id, ended: this.#deps.runner.submit(id, client, words) };
  }

  async view(id: string, origin: string) {
    const job = this.#deps.jobs.get(id);
    return job && !isExpired(job, this.#deps.retentionSeconds) ? jobView(job, origin) : undefined;
  }

  /**
   * Deletes the jobs at once with their photos and results, whatever their state: their addresses
   * answer 404 from now on. A job still running is left to end in its worker; the runner then
   * finds no row and drops what it made (runner.ts). Answers how many there were.
   */
  remove(ids: readonly string[]): number {
    const found = ids.map((id) => this.#deps.jobs.get(id)).filter((job) => job !== undefined);
    // One transaction: a tenant's every job goes in one write, not one per job.
    this.#deps.jobs.deleteMany(found.map((job) => job.id));
    for (const job of found) {
      this.#deps.files.deleteUpload(job.uploadPath);
      this.#deps.files.deleteResults(job.id);
      // Requests waiting on it answer now (404) rather than when their wait runs out.
      this.#deps.waiters.notify(job.id);
    }
    const line = jobLines.deleted(found);
    if (line) log(line);
    return found.length;
  }

  wait(id: string, ms: number, signal?: AbortSignal) {
    const waited = this.#deps.waiters.wait(id, ms, signal);
    // Ended between the caller's look and this wait: nothing would wake it.
    const job = this.#deps.jobs.get(id);
    if (!job || isFinalStatus(job.status)) this.#deps.waiters.notify(id);
    return waited;
  }
}

// Privacy: results are deleted once the retention period has passed since their job ended,
// and the job then answers 404. Uploads of jobs that were never stored are swept as well.
import fs from 'node:fs';
import path from 'node:path';
import type { FileStore } from '../storage/files.ts';
import type { JobRecord, JobStore } from '../storage/jobs.ts';
import { log } from '../process/log.ts';
import { isPastRetention, jobLines, sweepEveryMs } from '../jobs/lifecycle.ts';

/** An upload with no job row is the trace of a crash between writing it and storing the job. */
const ORPHAN_UPLOAD_AGE_MS = 10 * 60 * 1000;

/** Past its retention: the job's own (its tenant's when it was created), else the booth's `retentionSeconds`. */
export function isExpired(job: JobRecord, retentionSeconds: number, now = Date.now()): boolean {
  return isPastRetention(job.finishedAt, job.retentionSeconds ?? retentionSeconds, now);
}

export function sweepExpired(jobs: JobStore, files: FileStore, retentionSeconds: number, now = Date.now()): number {
  const expired = jobs.expiredAt(now, retentionSeconds);
  for (const id of expired) {
    files.deleteResults(id);
    jobs.delete(id);
  }
  for (const name of fs.readdirSync(files.uploadsDir)) {
    const file = path.join(files.uploadsDir, name);
    const jobId = name.replace(/\.[a-z]+$/, '');
    if (!jobs.get(jobId) && now - fs.statSync(file).mtimeMs > ORPHAN_UPLOAD_AGE_MS) fs.rmSync(file, { force: true });
  }
  if (expired.length > 0) log(jobLines.expired(expired.length, retentionSeconds));
  return expired.length;
}

/**
 * Sweeps often enough that a result outlives its retention by at most a minute: a tenant's own
 * retention is an hour at least, so the booth's own decides how often.
 */
export function startRetention(jobs: JobStore, files: FileStore, retentionSeconds: number): () => void {
  sweepExpired(jobs, files, retentionSeconds);
  const timer = setInterval(() => sweepExpired(jobs, files, retentionSeconds), sweepEveryMs(retentionSeconds));
  timer.unref();
  return () => clearInterval(timer);
}

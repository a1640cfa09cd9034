// A job's life, written once for both stores: created (its id), run (restyled, its results kept
// unless it was deleted meanwhile, or its failure put in a sentence), ended, deleted, expired. The
// embedded default keeps jobs in SQLite and files (embedded/: runner.ts, local-jobs.ts, retention.ts), the
// scale-out path in BullMQ and S3 (scale/worker.ts, scale/queue.ts); each says only how its store
// does a step, through the narrow interface below, and the log says the same of both.
import crypto from 'node:crypto';
import { JOB_STATUS, type JobStatus } from '../../contract/index.ts';
import { failureOf, restyle, type Restyled, type RestyleDeps, type RestyleJob } from '../run/restyle.ts';

/** A new job's id: 96 random bits, as a URL segment. */
export const newJobId = () => crypto.randomBytes(12).toString('base64url');

/** How a job ended, as the store keeps it and GET /transformations/jobs/{id} answers it. */
export interface JobEnd {
  status: JobStatus;
  images: string[];
  previews: string[];
  message: string;
  /** Deleted from the console while it ran: it answers 404, and what it made is dropped. */
  deleted?: boolean;
  /** Each image's caption, same order, when the job made more than one picture (several per guest). */
  captions?: string[];
  /** The engine that made a completed job's pictures (local, or a provider). */
  engine?: string;
  /** The style that made them when the job's own style gave way to its fallback. */
  fallback?: string;
}

/** What a run asks of the store that holds the job. */
export interface RunStore {
  /**
   * Keeps the results under the job's id and ends it COMPLETED; 'deleted' (nothing kept) when the
   * job was deleted from the console while it ran. `why` goes in the job's last log line.
   */
  complete(jobId: string, made: Restyled): Promise<{ images: string[]; previews: string[]; why?: string } | 'deleted'>;
  /** Ends the job ERROR with the visitor's sentence. */
  fail(jobId: string, message: string): Promise<void>;
  /** A failure that leaves the job to be run again (its store out of reach) instead of ending it. */
  retries(error: unknown): boolean;
}

const NONE = { images: [], previews: [], message: '' };

/** The log's lines of a job's life, the same on both paths. */
export const jobLines = {
  pending: (id: string, styleId: string, how = '') =>
    `job ${id} style=${styleId} ${JOB_STATUS.pending}${how ? ` (${how})` : ''}`,
  processing: (id: string, styleId: string, again = false) =>
    `job ${id} style=${styleId} ${JOB_STATUS.processing}${again ? ' (run again)' : ''}`,
  ended: (id: string, styleId: string, end: Pick<JobEnd, 'status' | 'message'>, ms: number, why = '') =>
    `job ${id} style=${styleId} ${end.status} ${ms}ms${end.message ? ` "${end.message}"` : ''}${why ? ` (${why})` : ''}`,
  /** A job deleted from the console while it ran, once what it made is gone. */
  dropped: (id: string, styleId: string) =>
    `job ${id} style=${styleId} ended after it was deleted; its results were dropped`,
  /** Jobs deleted from the console; null for none. */
  deleted: (jobs: readonly { id: string; styleId: string; status: string }[]) =>
    jobs.length === 1
      ? `job ${jobs[0]!.id} style=${jobs[0]!.styleId} deleted from the console (${jobs[0]!.status})`
      : jobs.length > 1
        ? `${jobs.length} jobs deleted from the console`
        : null,
  expired: (count: number, retentionSeconds: number) =>
    `retention: deleted ${count} job(s) older than ${retentionSeconds}s`,
};

/** Whether a job that ended at `finishedAt` is past retention: its results are gone for the visitor. */
export function isPastRetention(
  finishedAt: number | null | undefined,
  retentionSeconds: number,
  now = Date.now(),
): boolean {
  return (
    finishedAt !== null && finishedAt !== undefined && finishedAt > 0 && finishedAt + retentionSeconds * 1000 <= now
  );
}

/** Sweeps often enough that a result outlives its retention by at most a minute. */
export const sweepEveryMs = (retentionSeconds: number) =>
  Math.min(60_000, Math.max(1_000, (retentionSeconds * 1000) / 4));

/**
 * Runs a job whose photo is read: restyles it, then ends it in its store, COMPLETED with its
 * results or ERROR with the visitor's sentence, and logs how it ended. A failure the store retries,
 * or any failure once the process is stopping, is thrown: the job is left to run again.
 */
export async function runJob(
  deps: RestyleDeps,
  store: RunStore,
  job: RestyleJob,
  events: { onStart: () => void; stopping: AbortSignal },
  log: (line: string) => void,
): Promise<JobEnd> {
  const started = Date.now();
  let end: JobEnd;
  let why = '';
  try {
    const made = await restyle(deps, job, events);
    if (events.stopping.aborted) throw events.stopping.reason;
    const kept = await store.complete(job.jobId, made);
    if (kept === 'deleted') {
      end = { ...NONE, status: JOB_STATUS.error, deleted: true };
      why = 'deleted from the console';
    } else {
      const madeBy = {
        engine: made.engine,
        ...(made.fallback ? { fallback: made.fallback } : {}),
        ...(made.images.length > 1 ? { captions: made.captions } : {}),
      };
      end = { ...NONE, status: JOB_STATUS.completed, images: kept.images, previews: kept.previews, ...madeBy };
      why = [made.fallback ? `made by the fallback ${made.fallback} (${made.engine})` : '', kept.why ?? '']
        .filter(Boolean)
        .join('; ');
    }
  } catch (error) {
    if (events.stopping.aborted || store.retries(error)) throw error;
    const failure = failureOf(error, job);
    await store.fail(job.jobId, failure.message);
    end = { ...NONE, status: JOB_STATUS.error, message: failure.message };
    why = failure.why ?? '';
  }
  log(jobLines.ended(job.jobId, job.styleId, end, Date.now() - started, why));
  return end;
}

// A tenant's jobs as Redis keeps them (BullMQ's job hashes), read for the console's event view:
// what the figures read of them (jobs/event-figures.ts), and the gallery's order.
import { JOB_STATUS } from '../../contract/index.ts';
import type { FigureJob } from '../jobs/event-figures.ts';
import { isPastRetention } from '../jobs/lifecycle.ts';
import { keptSecondsOf } from './job-index.ts';
import { outcomeOf, type JobOutcome, type QueuedJob } from './queued-job.ts';

/** The fields of a job's hash the view reads, in the order stored jobs are parsed from. */
export const JOB_FIELDS = ['timestamp', 'processedOn', 'finishedOn', 'returnvalue', 'failedReason', 'data'] as const;

export interface StoredJob extends FigureJob {
  id: string;
  styleId: string;
  /** Where its photo waits in the store until it ends; null when its data was not read. */
  photoKey: string | null;
  images: string[];
  previews: string[];
  /** How long its results are kept: its tenant's, fixed when it was created; null for the booth's own. */
  retentionSeconds: number | null;
}

const numberOf = (value: string | null | undefined) => (value ? Number(value) : undefined);

function parsed<T>(text: string | null | undefined): T | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** A job from its hash's JOB_FIELDS; null when the job is gone (its hash deleted by retention or a delete). */
export function storedJob(id: string, fields: readonly (string | null)[]): StoredJob | null {
  const [timestamp, processedOn, finishedOn, returnvalue, failedReason, data] = fields;
  const createdAt = numberOf(timestamp);
  if (createdAt === undefined || Number.isNaN(createdAt)) return null;
  const finished = numberOf(finishedOn);
  const outcome = outcomeOf({
    finishedOn: finished,
    processedOn: numberOf(processedOn),
    returnvalue: parsed<JobOutcome>(returnvalue) as JobOutcome,
    failedReason: failedReason ?? '',
  });
  const queued = parsed<QueuedJob>(data);
  return {
    id,
    createdAt,
    finishedAt: finished ?? null,
    styleId: queued?.styleId ?? '',
    photoKey: queued?.photoKey ?? null,
    status: outcome.status,
    message: outcome.message,
    images: outcome.images,
    previews: outcome.previews,
    pictures: outcome.images.length,
    ...(outcome.fallback ? { fallback: outcome.fallback } : {}),
    retentionSeconds: keptSecondsOf(queued),
    ...(outcome.deleted ? { deleted: true } : {}),
  };
}

/**
 * Completed jobs created since `since` that are still kept, newest first (as the SQL of
 * storage/job-events.ts): one with a retention of its own within it, any other finished after
 * `finishedAfter` (the booth's retention).
 */
export function resultsOf(
  jobs: readonly StoredJob[],
  since: number,
  finishedAfter: number,
  limit: number,
  now = Date.now(),
): StoredJob[] {
  return jobs
    .filter(
      (job) =>
        !job.deleted &&
        job.createdAt >= since &&
        job.status === JOB_STATUS.completed &&
        job.finishedAt !== null &&
        (job.retentionSeconds === null
          ? job.finishedAt > finishedAfter
          : !isPastRetention(job.finishedAt, job.retentionSeconds, now)),
    )
    .sort((a, b) => b.finishedAt! - a.finishedAt! || b.createdAt - a.createdAt)
    .slice(0, limit);
}

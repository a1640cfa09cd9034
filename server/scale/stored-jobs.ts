// The console's event figures from a tenant's jobs as Redis keeps them (BullMQ's job hashes),
// with the meaning the embedded default's SQL gives them (storage/job-events.ts): the windows
// are of creation time, completed and failed are the contract's COMPLETED and ERROR.
import { JOB_STATUS } from '../../contract/index.ts';
import type { JobCounts } from '../../contract/console-api.ts';
import { nearestRankIndex } from '../storage/percentile.ts';
import { outcomeOf, type JobOutcome, type QueuedJob } from './queue.ts';

/** The fields of a job's hash the view reads, in the order stored jobs are parsed from. */
export const JOB_FIELDS = ['timestamp', 'processedOn', 'finishedOn', 'returnvalue', 'failedReason', 'data'] as const;

export interface StoredJob {
  id: string;
  createdAt: number;
  finishedAt: number | null;
  styleId: string;
  /** Where its photo waits in the store until it ends; null when its data was not read. */
  photoKey: string | null;
  outcome: JobOutcome;
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
    finishedOn: finished, processedOn: numberOf(processedOn),
    returnvalue: parsed<JobOutcome>(returnvalue) as JobOutcome, failedReason: failedReason ?? '',
  });
  const queued = parsed<QueuedJob>(data);
  return { id, createdAt, finishedAt: finished ?? null, styleId: queued?.styleId ?? '', photoKey: queued?.photoKey ?? null, outcome };
}

/** Jobs counted for no tenant: deleted while they ran, and ended since. */
const shown = (job: StoredJob) => !job.outcome.deleted;

/**
 * The counts of the jobs created since `since`; the jobs deleted from the console (with their
 * status when deleted) still count, and are counted as deleted, as storage/job-events.ts does.
 */
export function countsOf(jobs: readonly StoredJob[], since: number, deleted: readonly { createdAt: number; status: string }[] = []): JobCounts {
  const statuses = [
    ...jobs.filter((job) => shown(job) && job.createdAt >= since).map((job) => job.outcome.status as string),
    ...deleted.filter((job) => job.createdAt >= since).map((job) => job.status),
  ];
  return {
    created: statuses.length,
    completed: statuses.filter((status) => status === JOB_STATUS.completed).length,
    failed: statuses.filter((status) => status === JOB_STATUS.error).length,
    deleted: deleted.filter((job) => job.createdAt >= since).length,
  };
}

/** Created → finished of the completed jobs created since `since`, at each percentile (nearest rank). */
export function turnaroundOf(jobs: readonly StoredJob[], since: number, percentiles: readonly number[]): (number | null)[] {
  const took = jobs
    .filter((job) => shown(job) && job.createdAt >= since && job.outcome.status === JOB_STATUS.completed && job.finishedAt !== null)
    .map((job) => job.finishedAt! - job.createdAt)
    .sort((a, b) => a - b);
  return percentiles.map((p) => {
    const at = nearestRankIndex(took.length, p);
    return at === null ? null : took[at]!;
  });
}

/** The messages of the failed jobs created since `since`, most frequent first (then by message). */
export function errorsOf(jobs: readonly StoredJob[], since: number, limit: number): { message: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const job of jobs) {
    if (!shown(job) || job.createdAt < since || job.outcome.status !== JOB_STATUS.error) continue;
    counts.set(job.outcome.message, (counts.get(job.outcome.message) ?? 0) + 1);
  }
  return [...counts]
    .map(([message, count]) => ({ message, count }))
    .sort((a, b) => b.count - a.count || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0))
    .slice(0, limit);
}

/** Completed jobs created since `since` that finished after `finishedAfter`, newest first. */
export function resultsOf(jobs: readonly StoredJob[], since: number, finishedAfter: number, limit: number): StoredJob[] {
  return jobs
    .filter((job) => shown(job) && job.createdAt >= since && job.outcome.status === JOB_STATUS.completed && job.finishedAt !== null && job.finishedAt > finishedAfter)
    .sort((a, b) => b.finishedAt! - a.finishedAt! || b.createdAt - a.createdAt)
    .slice(0, limit);
}

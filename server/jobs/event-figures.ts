// The console's event figures, computed once for both stores from the jobs each reads of a
// tenant's window (storage/job-events.ts from SQLite, scale/redis-event-jobs.ts from Redis): the
// windows are of creation time, completed and failed are the contract's COMPLETED and ERROR, and a
// job deleted from the console still counts, as deleted, with its status when it was deleted (but in
// no style's figures: the mark keeps no style).
import { JOB_STATUS } from '../../contract/index.ts';
import type { EventFigures, JobCounts, StyleFigures } from '../../contract/console-api.ts';
import { nearestRankIndex } from '../storage/percentile.ts';

/** What the figures read of a job. */
export interface FigureJob {
  createdAt: number;
  finishedAt: number | null;
  status: string;
  message: string;
  /** Deleted from the console while it ran, and ended since: counted by its mark (DeletedMark), not here. */
  deleted?: boolean;
  /** The style the guest picked. */
  styleId: string;
  /** How many pictures it made (several per guest), 0 until it completed. */
  pictures: number;
  /** The style that made them when the job's own style gave way to its fallback. */
  fallback?: string | null;
}

/** A job deleted from the console, as its tenant's figures keep counting it. */
export interface DeletedMark {
  createdAt: number;
  status: string;
}

/** The windows the figures are read for (ms): the last hour's start, and today's. */
export interface EventWindows {
  hour: number;
  day: number;
}

const counted = (job: FigureJob, since: number) => !job.deleted && job.createdAt >= since;

/** The counts of the jobs created since `since`, the deleted ones among them. */
export function countsOf(jobs: readonly FigureJob[], since: number, deleted: readonly DeletedMark[] = []): JobCounts {
  const gone = deleted.filter((job) => job.createdAt >= since);
  const statuses = [
    ...jobs.filter((job) => counted(job, since)).map((job) => job.status),
    ...gone.map((job) => job.status),
  ];
  return {
    created: statuses.length,
    completed: statuses.filter((status) => status === JOB_STATUS.completed).length,
    failed: statuses.filter((status) => status === JOB_STATUS.error).length,
    deleted: gone.length,
  };
}

/** Created → finished of the completed jobs created since `since`, at each percentile (nearest rank). */
export function turnaroundOf(
  jobs: readonly FigureJob[],
  since: number,
  percentiles: readonly number[],
): (number | null)[] {
  const took = jobs
    .filter((job) => counted(job, since) && job.status === JOB_STATUS.completed && job.finishedAt !== null)
    .map((job) => job.finishedAt! - job.createdAt)
    .sort((a, b) => a - b);
  return percentiles.map((p) => {
    const at = nearestRankIndex(took.length, p);
    return at === null ? null : took[at]!;
  });
}

/** The messages of the failed jobs created since `since`, most frequent first (then by message). */
export function errorsOf(
  jobs: readonly FigureJob[],
  since: number,
  limit: number,
): { message: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const job of jobs) {
    if (!counted(job, since) || job.status !== JOB_STATUS.error) continue;
    counts.set(job.message, (counts.get(job.message) ?? 0) + 1);
  }
  return [...counts]
    .map(([message, count]) => ({ message, count }))
    .sort((a, b) => b.count - a.count || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0))
    .slice(0, limit);
}

/** Each style's figures of the jobs created since `since`, most jobs first (then by id). */
export function stylesOf(jobs: readonly FigureJob[], since: number): StyleFigures[] {
  const byStyle = new Map<string, FigureJob[]>();
  for (const job of jobs) {
    if (!counted(job, since)) continue;
    const list = byStyle.get(job.styleId) ?? [];
    list.push(job);
    byStyle.set(job.styleId, list);
  }
  return [...byStyle]
    .map(([style, list]): StyleFigures => {
      const completed = list.filter((job) => job.status === JOB_STATUS.completed);
      const [p50, p95] = turnaroundOf(list, since, [50, 95]);
      return {
        style,
        jobs: list.length,
        pictures: completed.reduce((sum, job) => sum + job.pictures, 0),
        failed: list.filter((job) => job.status === JOB_STATUS.error).length,
        fallbacks: completed.filter((job) => job.fallback).length,
        turnaroundMs: { p50: p50 ?? null, p95: p95 ?? null },
      };
    })
    .sort((a, b) => b.jobs - a.jobs || (a.style < b.style ? -1 : a.style > b.style ? 1 : 0));
}

/** A tenant's figures from its jobs and deletion marks created since the earlier window, and the booth's queue. */
export function figuresOf(
  jobs: readonly FigureJob[],
  deleted: readonly DeletedMark[],
  since: EventWindows,
  maxErrors: number,
  queue: EventFigures['queue'],
): Omit<EventFigures, 'tenant'> {
  const [p50, p95] = turnaroundOf(jobs, since.day, [50, 95]);
  return {
    lastHour: countsOf(jobs, since.hour, deleted),
    today: countsOf(jobs, since.day, deleted),
    turnaroundMs: { p50: p50 ?? null, p95: p95 ?? null },
    errors: errorsOf(jobs, since.day, maxErrors),
    queue,
    styles: stylesOf(jobs, since.day),
  };
}

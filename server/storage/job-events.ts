// A tenant's jobs as the console's event view reads them: counts, turnaround, errors and results
// of a time window, every query narrowed by the (tenant, created_at) index first. A job deleted
// from the console leaves a row in deleted_jobs (created, status when deleted), so the counts
// keep it, as deleted; turnaround and errors are of the jobs still kept.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { JOB_STATUS } from '../../contract/index.ts';
import { nearestRankIndex } from './percentile.ts';
import type { JobCounts } from '../../contract/console-api.ts';
import { toJob, type JobRecord, type JobRow } from './jobs.ts';

export class JobEvents {
  #counts: StatementSync;
  #completedCount: StatementSync;
  #turnaroundAt: StatementSync;
  #errors: StatementSync;
  #results: StatementSync;
  #ids: StatementSync;
  #byStatus: StatementSync;
  #deletedCounts: StatementSync;
  #remember: StatementSync;
  #forget: StatementSync;
  #prune: StatementSync;

  constructor(db: DatabaseSync) {
    // Named: with status in the query SQLite might take jobs_by_status and read every tenant's jobs.
    const window = 'FROM jobs INDEXED BY jobs_by_tenant WHERE tenant = ? AND created_at >= ?';
    this.#counts = db.prepare(`SELECT COUNT(*) AS created, COALESCE(SUM(status = '${JOB_STATUS.completed}'), 0) AS completed, COALESCE(SUM(status = '${JOB_STATUS.error}'), 0) AS failed ${window}`);
    this.#completedCount = db.prepare(`SELECT COUNT(*) AS n ${window} AND status = '${JOB_STATUS.completed}'`);
    this.#turnaroundAt = db.prepare(`SELECT finished_at - created_at AS ms ${window} AND status = '${JOB_STATUS.completed}' ORDER BY ms LIMIT 1 OFFSET ?`);
    this.#errors = db.prepare(`SELECT message, COUNT(*) AS count ${window} AND status = '${JOB_STATUS.error}' GROUP BY message ORDER BY count DESC, message LIMIT ?`);
    this.#results = db.prepare(`SELECT * ${window} AND status = '${JOB_STATUS.completed}' AND finished_at > ? ORDER BY finished_at DESC, created_at DESC LIMIT ?`);
    this.#ids = db.prepare('SELECT id FROM jobs WHERE tenant = ?');
    this.#byStatus = db.prepare('SELECT status, COUNT(*) AS n FROM jobs WHERE status IN (?, ?) GROUP BY status');
    this.#deletedCounts = db.prepare(`SELECT COUNT(*) AS created, COALESCE(SUM(status = '${JOB_STATUS.completed}'), 0) AS completed, COALESCE(SUM(status = '${JOB_STATUS.error}'), 0) AS failed FROM deleted_jobs WHERE tenant = ? AND created_at >= ?`);
    this.#remember = db.prepare('INSERT OR REPLACE INTO deleted_jobs (id, tenant, created_at, status) VALUES (?, ?, ?, ?)');
    this.#forget = db.prepare('DELETE FROM deleted_jobs WHERE tenant = ?');
    this.#prune = db.prepare('DELETE FROM deleted_jobs WHERE created_at < ?');
  }

  /** Jobs of the tenant created since `since` (ms), and how many of them have completed, failed, or were deleted since. */
  counts(tenant: string, since: number): JobCounts {
    const row = this.#counts.get(tenant, since) as unknown as JobCounts;
    const gone = this.#deletedCounts.get(tenant, since) as unknown as JobCounts;
    return { created: row.created + gone.created, completed: row.completed + gone.completed, failed: row.failed + gone.failed, deleted: gone.created };
  }

  /**
   * Keeps a count of jobs about to be deleted from the console; marks older than `keepSince` (ms)
   * go, as the figures read today at most.
   */
  rememberDeleted(jobs: readonly { id: string; tenant: string | null; createdAt: number; status: string }[], keepSince: number) {
    for (const job of jobs) if (job.tenant) this.#remember.run(job.id, job.tenant, job.createdAt, job.status);
    this.#prune.run(keepSince);
  }

  /** A deleted tenant's marks: a tenant made again with its slug starts from nothing. */
  forgetDeleted(tenant: string) {
    this.#forget.run(tenant);
  }

  /** Created → finished of the tenant's completed jobs created since `since`, at each percentile asked for. */
  turnaround(tenant: string, since: number, percentiles: readonly number[]): (number | null)[] {
    const { n } = this.#completedCount.get(tenant, since) as { n: number };
    return percentiles.map((p) => {
      const at = nearestRankIndex(n, p);
      return at === null ? null : (this.#turnaroundAt.get(tenant, since, at) as { ms: number } | undefined)?.ms ?? null;
    });
  }

  /** The messages of the tenant's failed jobs created since `since`, most frequent first. */
  errors(tenant: string, since: number, limit: number): { message: string; count: number }[] {
    return (this.#errors.all(tenant, since, limit) as { message: string; count: number }[]).map(({ message, count }) => ({ message, count }));
  }

  /** Completed jobs created since `since` that finished after `finishedAfter` (ms), newest first. */
  results(tenant: string, since: number, finishedAfter: number, limit: number): JobRecord[] {
    return (this.#results.all(tenant, since, finishedAfter, limit) as unknown as JobRow[]).map(toJob);
  }

  /** Every job id of the tenant, whatever its state. */
  ids(tenant: string): string[] {
    return (this.#ids.all(tenant) as { id: string }[]).map((r) => r.id);
  }

  /** Jobs of every tenant (and of none) waiting for a worker, and running. */
  unfinished(): { waiting: number; running: number } {
    const rows = this.#byStatus.all(JOB_STATUS.pending, JOB_STATUS.processing) as { status: string; n: number }[];
    const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
    return { waiting: of(JOB_STATUS.pending), running: of(JOB_STATUS.processing) };
  }
}

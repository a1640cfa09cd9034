// A tenant's jobs as the console's event view reads them: the jobs and deletion marks of a time
// window, from which the figures are computed (jobs/event-figures.ts, as on the scale-out path), and
// the results of a window, every query narrowed by the (tenant, created_at) index first. A job
// deleted from the console leaves a row in deleted_jobs (created, status when deleted), so the
// counts keep it, as deleted.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { JOB_STATUS } from '../../contract/index.ts';
import { toJob, type JobRecord, type JobRow } from './jobs.ts';

/** What the figures read of a job (jobs/event-figures.ts FigureJob): its times, end, style, pictures and fallback. */
export interface WindowJob {
  createdAt: number;
  finishedAt: number | null;
  status: string;
  message: string;
  styleId: string;
  pictures: number;
  fallback: string | null;
}

/** Still kept at :now: past the booth's own retention (:finishedAfter), or the job's own when it has one. */
const KEPT =
  '(CASE WHEN retention_seconds IS NULL THEN finished_at > :finishedAfter ELSE finished_at + retention_seconds * 1000 > :now END)';

export class JobEvents {
  #current: StatementSync;
  #window: StatementSync;
  #results: StatementSync;
  #ids: StatementSync;
  #byStatus: StatementSync;
  #deletedSince: StatementSync;
  #remember: StatementSync;
  #forget: StatementSync;
  #prune: StatementSync;

  constructor(db: DatabaseSync) {
    // Named: with status in the query SQLite might take jobs_by_status and read every tenant's jobs.
    const window = 'FROM jobs INDEXED BY jobs_by_tenant WHERE tenant = ? AND created_at >= ?';
    this.#window = db.prepare(
      `SELECT created_at AS createdAt, finished_at AS finishedAt, status, message, style_id AS styleId, json_array_length(images) AS pictures, fallback ${window}`,
    );
    this.#results = db.prepare(
      `SELECT * ${window} AND status = '${JOB_STATUS.completed}' AND ${KEPT} ORDER BY finished_at DESC, created_at DESC LIMIT ?`,
    );
    this.#current = db.prepare(
      `SELECT * FROM jobs INDEXED BY jobs_by_tenant WHERE tenant = ? AND status = '${JOB_STATUS.completed}' AND ${KEPT} ORDER BY finished_at`,
    );
    this.#ids = db.prepare('SELECT id FROM jobs WHERE tenant = ?');
    this.#byStatus = db.prepare('SELECT status, COUNT(*) AS n FROM jobs WHERE status IN (?, ?) GROUP BY status');
    this.#deletedSince = db.prepare(
      'SELECT created_at AS createdAt, status FROM deleted_jobs WHERE tenant = ? AND created_at >= ?',
    );
    this.#remember = db.prepare(
      'INSERT OR REPLACE INTO deleted_jobs (id, tenant, created_at, status) VALUES (?, ?, ?, ?)',
    );
    this.#forget = db.prepare('DELETE FROM deleted_jobs WHERE tenant = ?');
    this.#prune = db.prepare('DELETE FROM deleted_jobs WHERE created_at < ?');
  }

  /** What the figures read of the tenant's jobs created since `since` (ms). */
  window(tenant: string, since: number): WindowJob[] {
    return this.#window.all(tenant, since) as unknown as WindowJob[];
  }

  /** The tenant's jobs deleted from the console, created since `since` (ms), with their status when deleted. */
  deletedSince(tenant: string, since: number): { createdAt: number; status: string }[] {
    return this.#deletedSince.all(tenant, since) as { createdAt: number; status: string }[];
  }

  /**
   * Keeps a count of jobs about to be deleted from the console; marks older than `keepSince` (ms)
   * go, as the figures read today at most.
   */
  rememberDeleted(
    jobs: readonly { id: string; tenant: string | null; createdAt: number; status: string }[],
    keepSince: number,
  ) {
    for (const job of jobs) if (job.tenant) this.#remember.run(job.id, job.tenant, job.createdAt, job.status);
    this.#prune.run(keepSince);
  }

  /** A deleted tenant's marks: a tenant made again with its slug starts from nothing. */
  forgetDeleted(tenant: string) {
    this.#forget.run(tenant);
  }

  /** Completed jobs created since `since` that finished after `finishedAfter` (ms), newest first. */
  results(tenant: string, since: number, finishedAfter: number, limit: number, now = Date.now()): JobRecord[] {
    return (this.#results.all({ finishedAfter, now }, tenant, since, limit) as unknown as JobRow[]).map(toJob);
  }

  /** Every completed job of the tenant still kept, oldest first (the event's ZIP). */
  current(tenant: string, finishedAfter: number, now = Date.now()): JobRecord[] {
    return (this.#current.all({ finishedAfter, now }, tenant) as unknown as JobRow[]).map(toJob);
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

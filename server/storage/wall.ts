// The event wall's rows: on each job, its guest's say (wall_consent), an operator's review
// (wall_review) and when it entered the wall (wall_at). They live and go with the job: a job
// deleted from the console or past retention takes its say and review with it.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { JOB_STATUS, type JobStatus } from '../../contract/index.ts';

export type WallReview = 'approved' | 'hidden';

export interface WallRow {
  id: string;
  tenant: string | null;
  status: JobStatus;
  finishedAt: number | null;
  images: string[];
  previews: string[];
  /** The guest's say: true, false, or null when never asked. */
  consent: boolean | null;
  review: WallReview | null;
  /** When it entered the wall (approved, or said yes under "show at once"), or when its guest said yes. */
  wallAt: number | null;
}

interface Row {
  id: string;
  tenant: string | null;
  status: string;
  finished_at: number | null;
  images: string;
  previews: string;
  wall_consent: number | null;
  wall_review: string | null;
  wall_at: number | null;
}

const COLUMNS = 'id, tenant, status, finished_at, images, previews, wall_consent, wall_review, wall_at';

const toRow = (r: Row): WallRow => ({
  id: r.id,
  tenant: r.tenant,
  status: r.status as JobStatus,
  finishedAt: r.finished_at,
  images: JSON.parse(r.images) as string[],
  previews: JSON.parse(r.previews) as string[],
  consent: r.wall_consent === null ? null : r.wall_consent === 1,
  review: r.wall_review === 'approved' || r.wall_review === 'hidden' ? r.wall_review : null,
  wallAt: r.wall_at,
});

export class WallRows {
  #get: StatementSync;
  #yes: StatementSync;
  #no: StatementSync;
  #review: StatementSync;
  #shown: StatementSync;
  #waiting: StatementSync;

  constructor(db: DatabaseSync) {
    this.#get = db.prepare(`SELECT ${COLUMNS} FROM jobs WHERE id = ?`);
    // A second yes keeps the first one's place; "show at once" approves what nobody has reviewed.
    this.#yes = db.prepare(
      `UPDATE jobs SET wall_at = CASE WHEN wall_consent = 1 THEN wall_at ELSE ? END, wall_consent = 1,
         wall_review = CASE WHEN ? = 1 AND wall_review IS NULL THEN 'approved' ELSE wall_review END
       WHERE id = ?`,
    );
    this.#no = db.prepare('UPDATE jobs SET wall_consent = 0 WHERE id = ?');
    this.#review = db.prepare(
      'UPDATE jobs SET wall_review = ?, wall_at = ? WHERE id = ? AND tenant = ? AND wall_consent = 1',
    );
    // Through the (tenant, wall_consent, wall_review, wall_at) index: a wall reads a few rows, not the tenant's day.
    const on = `FROM jobs INDEXED BY jobs_on_wall WHERE tenant = ? AND wall_consent = 1 AND status = '${JOB_STATUS.completed}' AND finished_at > ?`;
    this.#shown = db.prepare(`SELECT ${COLUMNS} ${on} AND wall_review = 'approved' ORDER BY wall_at DESC LIMIT ?`);
    this.#waiting = db.prepare(`SELECT ${COLUMNS} ${on} AND wall_review IS NULL ORDER BY wall_at ASC LIMIT ?`);
  }

  get(id: string): WallRow | undefined {
    const row = this.#get.get(id) as unknown as Row | undefined;
    return row && toRow(row);
  }

  /** The guest's say; with `approveAtOnce` (the tenant's "show at once"), a yes puts it on the wall. */
  say(id: string, show: boolean, approveAtOnce: boolean, now = Date.now()) {
    if (show) this.#yes.run(now, approveAtOnce ? 1 : 0, id);
    else this.#no.run(id);
  }

  /** An operator's review of a picture its guest said yes to; false when there is none such of the tenant. */
  review(tenant: string, id: string, review: WallReview, now = Date.now()): boolean {
    return this.#review.run(review, now, id, tenant).changes > 0;
  }

  /** The tenant's pictures on the wall, finished after `finishedAfter` (ms, retention), newest first. */
  shown(tenant: string, finishedAfter: number, limit: number): WallRow[] {
    return (this.#shown.all(tenant, finishedAfter, limit) as unknown as Row[]).map(toRow);
  }

  /** The tenant's pictures waiting for an operator, oldest first. */
  waiting(tenant: string, finishedAfter: number, limit: number): WallRow[] {
    return (this.#waiting.all(tenant, finishedAfter, limit) as unknown as Row[]).map(toRow);
  }
}

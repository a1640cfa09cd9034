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
  /** Its own retention (its tenant's, fixed when it was created); null for the booth's own. */
  retentionSeconds: number | null;
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
  retention_seconds: number | null;
}

const COLUMNS =
  'id, tenant, status, finished_at, images, previews, wall_consent, wall_review, wall_at, retention_seconds';

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
  retentionSeconds: r.retention_seconds ?? null,
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
    // A picture stays while its result is kept: its own retention, else the booth's (:booth seconds).
    const on = `FROM jobs INDEXED BY jobs_on_wall WHERE tenant = :tenant AND wall_consent = 1 AND status = '${JOB_STATUS.completed}'
      AND finished_at + COALESCE(retention_seconds, :booth) * 1000 > :now`;
    this.#shown = db.prepare(`SELECT ${COLUMNS} ${on} AND wall_review = 'approved' ORDER BY wall_at DESC LIMIT :limit`);
    this.#waiting = db.prepare(`SELECT ${COLUMNS} ${on} AND wall_review IS NULL ORDER BY wall_at ASC LIMIT :limit`);
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

  /** The tenant's pictures on the wall whose results are kept at `now` (ms; `booth`: the booth's retention in seconds), newest first. */
  shown(tenant: string, now: number, booth: number, limit: number): WallRow[] {
    return (this.#shown.all({ tenant, now, booth, limit }) as unknown as Row[]).map(toRow);
  }

  /** The tenant's pictures waiting for an operator, oldest first. */
  waiting(tenant: string, now: number, booth: number, limit: number): WallRow[] {
    return (this.#waiting.all({ tenant, now, booth, limit }) as unknown as Row[]).map(toRow);
  }
}

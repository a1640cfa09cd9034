// Where the event wall reads and writes a picture's say and review: the embedded default's SQLite
// rows (below), or the scale-out path's Redis (scale/redis-wall-jobs.ts). The routes (hosts/wall.ts,
// hosts/admin-wall.ts) and the live feed (wall/wall-feeds.ts) see only this interface.
import { JOB_STATUS, previewsFor, type JobStatus } from '../../contract/index.ts';
import type { WallState } from '../../contract/wall.ts';
import { resultPath } from '../embedded/local-jobs.ts';
import { isPastRetention } from '../jobs/lifecycle.ts';
import type { WallReview, WallRow, WallRows } from '../storage/wall.ts';

/** A picture of the wall or its queue: its display copy's path on this server, and when its time is up. */
export interface WallEntry {
  id: string;
  /** Root-relative (each wall puts the origin it connected to in front), or the store's absolute URL on the scale-out path. */
  path: string;
  /** When it entered the wall, or its guest said yes (ms). */
  at: number;
  /** When the result passes retention and leaves every wall (ms). */
  expiresAt: number;
}

/** A job as the wall's calls see it: whose it is, whether it is done, and where it stands. */
export interface WallJob {
  tenant: string | null;
  status: JobStatus;
  state: WallState;
  /** The guest's say, or null when never asked. */
  show: boolean | null;
}

export interface WallJobs {
  /** The job, or undefined when there is none (deleted, or past retention). */
  find(id: string): Promise<WallJob | undefined>;
  /** The guest's say; `approveAtOnce`: the tenant shows pictures without approval. */
  say(id: string, show: boolean, approveAtOnce: boolean): Promise<void>;
  /** An operator's review; false when the tenant has no such picture its guest said yes to. */
  review(tenant: string, id: string, review: WallReview): Promise<boolean>;
  /** The tenant's pictures on the wall now, newest first. */
  shown(tenant: string, limit: number): Promise<WallEntry[]>;
  /** The tenant's pictures waiting for approval, oldest first. */
  waiting(tenant: string, limit: number): Promise<WallEntry[]>;
}

/** Where a guest's picture stands: a hidden one reads as waiting (contract/wall.ts). */
export function wallState(consent: boolean | null, review: WallReview | null): WallState {
  if (consent !== true) return 'off';
  return review === 'approved' ? 'shown' : 'waiting';
}

/**
 * The embedded default's: the wall columns of the jobs table (storage/wall.ts). A picture leaves
 * the wall when its own result expires: its tenant's retention, fixed on the job, else the booth's.
 */
export class LocalWallJobs implements WallJobs {
  #rows: WallRows;
  #retentionSeconds: number;

  constructor(rows: WallRows, retentionSeconds: number) {
    this.#rows = rows;
    this.#retentionSeconds = retentionSeconds;
  }

  async find(id: string): Promise<WallJob | undefined> {
    const row = this.#rows.get(id);
    if (!row || isPastRetention(row.finishedAt, row.retentionSeconds ?? this.#retentionSeconds)) return undefined;
    return { tenant: row.tenant, status: row.status, state: wallState(row.consent, row.review), show: row.consent };
  }

  async say(id: string, show: boolean, approveAtOnce: boolean) {
    this.#rows.say(id, show, approveAtOnce);
  }

  async review(tenant: string, id: string, review: WallReview) {
    return this.#rows.review(tenant, id, review);
  }

  async shown(tenant: string, limit: number) {
    return this.#entries(this.#rows.shown(tenant, Date.now(), this.#retentionSeconds, limit));
  }

  async waiting(tenant: string, limit: number) {
    return this.#entries(this.#rows.waiting(tenant, Date.now(), this.#retentionSeconds, limit));
  }

  #entries(rows: WallRow[]): WallEntry[] {
    return rows.flatMap((row) => {
      const name = previewsFor(row.images, row.previews)?.[0] ?? row.images[0];
      if (!name || row.status !== JOB_STATUS.completed) return [];
      return [
        {
          id: row.id,
          path: resultPath(row.id, name),
          at: row.wallAt ?? row.finishedAt ?? 0,
          expiresAt: (row.finishedAt ?? 0) + (row.retentionSeconds ?? this.#retentionSeconds) * 1000,
        },
      ];
    });
  }
}

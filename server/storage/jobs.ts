// Jobs in SQLite: the one source of truth for a job's status, so a restart loses none.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { JOB_STATUS, type JobStatus } from '../../contract/index.ts';

import type { JobFrame } from '../brand/frames.ts';

export interface JobRecord {
  id: string;
  styleId: string;
  status: JobStatus;
  prompt: string;
  /** File names under the job's result folder. */
  images: string[];
  /** Display copies of `images`, same order; empty when there are none. */
  previews: string[];
  message: string;
  uploadPath: string | null;
  /** The brand frame or logo mark to put on the results, and whether to mirror them; null for none. */
  frame: JobFrame | null;
  /** The slug of the tenant whose booth sent it; null for none or an unknown one. */
  tenant: string | null;
  /** How long its results are kept after it ended (its tenant's, fixed at creation); null: the booth's own. */
  retentionSeconds: number | null;
  /** Each image's caption when the job made several pictures, same order; null for one. */
  captions: string[] | null;
  /** The engine that made a completed job's pictures (local, or a provider); null before it ended. */
  engine: string | null;
  /** The style that made them when the job's own style gave way to its fallback; null for none. */
  fallback: string | null;
  attempts: number;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
}

export interface JobRow {
  id: string;
  style_id: string;
  status: string;
  prompt: string;
  images: string;
  previews: string;
  message: string;
  upload_path: string | null;
  frame: string | null;
  tenant: string | null;
  retention_seconds: number | null;
  engine: string | null;
  fallback: string | null;
  captions: string | null;
  attempts: number;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

export const toJob = (r: JobRow): JobRecord => ({
  id: r.id,
  styleId: r.style_id,
  status: r.status as JobStatus,
  prompt: r.prompt,
  images: JSON.parse(r.images) as string[],
  previews: JSON.parse(r.previews) as string[],
  message: r.message,
  uploadPath: r.upload_path,
  frame: r.frame ? (JSON.parse(r.frame) as JobFrame) : null,
  tenant: r.tenant,
  retentionSeconds: r.retention_seconds ?? null,
  captions: r.captions ? (JSON.parse(r.captions) as string[]) : null,
  engine: r.engine ?? null,
  fallback: r.fallback ?? null,
  attempts: r.attempts,
  createdAt: r.created_at,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
});

export class JobStore {
  #byId: StatementSync;
  #insert: StatementSync;
  #start: StatementSync;
  #finish: StatementSync;
  #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
    // Prepared once: polling reads a job by id hundreds of times a second.
    this.#byId = db.prepare('SELECT * FROM jobs WHERE id = ?');
    this.#insert = db.prepare(
      'INSERT INTO jobs (id, style_id, status, prompt, upload_path, frame, tenant, retention_seconds, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.#start = db.prepare('UPDATE jobs SET status = ?, started_at = ?, attempts = attempts + 1 WHERE id = ?');
    this.#finish = db.prepare(
      'UPDATE jobs SET status = ?, images = ?, previews = ?, message = ?, engine = ?, fallback = ?, captions = ?, upload_path = NULL, finished_at = ? WHERE id = ?',
    );
  }

  get(id: string): JobRecord | undefined {
    const row = this.#byId.get(id) as unknown as JobRow | undefined;
    return row && toJob(row);
  }

  create(job: {
    id: string;
    styleId: string;
    prompt: string;
    uploadPath: string;
    frame?: JobFrame | null;
    tenant?: string | null;
    retentionSeconds?: number | null;
  }) {
    this.#insert.run(
      job.id,
      job.styleId,
      JOB_STATUS.pending,
      job.prompt,
      job.uploadPath,
      job.frame ? JSON.stringify(job.frame) : null,
      job.tenant ?? null,
      job.retentionSeconds ?? null,
      Date.now(),
    );
  }

  markProcessing(id: string) {
    this.#start.run(JOB_STATUS.processing, Date.now(), id);
  }

  /** `madeBy`: the engine that made the pictures, the fallback style when one made them, the captions of several. */
  complete(
    id: string,
    images: string[],
    previews: string[] = [],
    madeBy: { engine?: string; fallback?: string; captions?: string[] } = {},
  ) {
    this.#finish.run(
      JOB_STATUS.completed,
      JSON.stringify(images),
      JSON.stringify(previews),
      '',
      madeBy.engine ?? null,
      madeBy.fallback ?? null,
      madeBy.captions ? JSON.stringify(madeBy.captions) : null,
      Date.now(),
      id,
    );
  }

  fail(id: string, message: string) {
    this.#finish.run(JOB_STATUS.error, '[]', '[]', message, null, null, null, Date.now(), id);
  }

  /** Jobs a stop interrupted, oldest first. */
  unfinished(): JobRecord[] {
    const rows = this.#db
      .prepare('SELECT * FROM jobs WHERE status IN (?, ?) ORDER BY created_at')
      .all(JOB_STATUS.pending, JOB_STATUS.processing);
    return (rows as unknown as JobRow[]).map(toJob);
  }

  /** Ids of jobs past their retention at `now` (ms): each its own, or `retentionSeconds` when it has none. */
  expiredAt(now: number, retentionSeconds: number): string[] {
    return (
      this.#db
        .prepare(
          'SELECT id FROM jobs WHERE finished_at IS NOT NULL AND finished_at + COALESCE(retention_seconds, ?) * 1000 <= ?',
        )
        .all(retentionSeconds, now) as { id: string }[]
    ).map((r) => r.id);
  }

  delete(id: string) {
    this.#db.prepare('DELETE FROM jobs WHERE id = ?').run(id);
  }

  /** Deletes these jobs in one transaction. */
  deleteMany(ids: readonly string[]) {
    if (ids.length === 0) return;
    const remove = this.#db.prepare('DELETE FROM jobs WHERE id = ?');
    this.#db.exec('BEGIN');
    try {
      for (const id of ids) remove.run(id);
      this.#db.exec('COMMIT');
    } catch (error) {
      this.#db.exec('ROLLBACK');
      throw error;
    }
  }
}

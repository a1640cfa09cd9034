// Emails waiting for the SMTP server, in SQLite so a restart or a night offline loses none. A row
// names the job, the guest's address and language, never a copy of the picture (read from the
// job's results when it is sent); it is deleted once the message is sent or given up.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { isLanguage, type Language } from '../../contract/i18n/languages.ts';

export interface OutboxMessage {
  id: number;
  jobId: string;
  address: string;
  /** The guest's language, one the tenant offers; null: the tenant's own. */
  language: Language | null;
  createdAt: number;
  attempts: number;
  nextAt: number;
}

interface OutboxRow {
  id: number;
  job_id: string;
  address: string;
  language: string | null;
  created_at: number;
  attempts: number;
  next_at: number;
}

const toMessage = (r: OutboxRow): OutboxMessage => ({
  id: r.id,
  jobId: r.job_id,
  address: r.address,
  language: isLanguage(r.language) ? r.language : null,
  createdAt: r.created_at,
  attempts: r.attempts,
  nextAt: r.next_at,
});

export class OutboxStore {
  #add: StatementSync;
  #due: StatementSync;
  #retry: StatementSync;
  #remove: StatementSync;
  #count: StatementSync;
  #next: StatementSync;

  constructor(db: DatabaseSync) {
    this.#add = db.prepare(
      'INSERT INTO outbox (job_id, address, language, created_at, next_at) VALUES (?, ?, ?, ?, ?)',
    );
    this.#due = db.prepare('SELECT * FROM outbox WHERE next_at <= ? ORDER BY next_at, id LIMIT ?');
    this.#retry = db.prepare('UPDATE outbox SET attempts = attempts + 1, next_at = ?, last_error = ? WHERE id = ?');
    this.#remove = db.prepare('DELETE FROM outbox WHERE id = ?');
    this.#count = db.prepare('SELECT COUNT(*) AS n FROM outbox');
    this.#next = db.prepare('SELECT MIN(next_at) AS at FROM outbox');
  }

  add(jobId: string, address: string, language: Language | null, now = Date.now()): number {
    return Number(this.#add.run(jobId, address, language, now, now).lastInsertRowid);
  }

  /** Messages whose turn has come, oldest turn first. */
  due(now: number, limit: number): OutboxMessage[] {
    return (this.#due.all(now, limit) as unknown as OutboxRow[]).map(toMessage);
  }

  /** One more failed attempt; tried again at `nextAt`. The error is kept for ops, never the address in a log. */
  retryAt(id: number, nextAt: number, error: string) {
    this.#retry.run(nextAt, error.slice(0, 500), id);
  }

  /** Sent or given up: the row, and with it the guest's address, is gone. */
  remove(id: number) {
    this.#remove.run(id);
  }

  get size(): number {
    return (this.#count.get() as { n: number }).n;
  }

  /** When the next message is due; null for an empty outbox. */
  nextAt(): number | null {
    return (this.#next.get() as { at: number | null }).at;
  }
}

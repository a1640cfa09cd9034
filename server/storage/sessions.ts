// Console sessions: a random id (32 bytes from the CSPRNG) in an HttpOnly cookie; the database
// keeps only its SHA-256, so neither a copy of booth.sqlite nor a log line can sign anyone in.
import crypto from 'node:crypto';
import type { DatabaseSync, StatementSync } from 'node:sqlite';

const digest = (id: string) => crypto.createHash('sha256').update(id).digest('base64url');

export class SessionStore {
  readonly #ttlMs: number;
  readonly #now: () => number;
  // Prepared once: every console call looks its session up.
  readonly #sweep: StatementSync;
  readonly #insert: StatementSync;
  readonly #find: StatementSync;
  readonly #delete: StatementSync;
  readonly #deleteUser: StatementSync;

  constructor(db: DatabaseSync, ttlMs: number, now = () => Date.now()) {
    this.#ttlMs = ttlMs;
    this.#now = now;
    this.#sweep = db.prepare('DELETE FROM console_sessions WHERE expires_at <= ?');
    this.#insert = db.prepare('INSERT INTO console_sessions (id_hash, username, expires_at) VALUES (?, ?, ?)');
    this.#find = db.prepare('SELECT username, expires_at FROM console_sessions WHERE id_hash = ?');
    this.#delete = db.prepare('DELETE FROM console_sessions WHERE id_hash = ?');
    this.#deleteUser = db.prepare('DELETE FROM console_sessions WHERE username = ?');
  }

  get ttlSeconds() {
    return Math.floor(this.#ttlMs / 1000);
  }

  /** A new session for the user; the id goes into the cookie and nowhere else. */
  create(username: string): string {
    const id = crypto.randomBytes(32).toString('base64url');
    const now = this.#now();
    this.#sweep.run(now);
    this.#insert.run(digest(id), username, now + this.#ttlMs);
    return id;
  }

  /** The user name of a live session, or null. Looked up by hash: no comparison of secrets to time. */
  user(id: string | undefined): string | null {
    if (!id || id.length > 100) return null;
    const row = this.#find.get(digest(id)) as { username: string; expires_at: number } | undefined;
    return row && row.expires_at > this.#now() ? row.username : null;
  }

  end(id: string | undefined) {
    if (id) this.#delete.run(digest(id));
  }

  /** Every session of the user (its account deleted). */
  endAll(username: string) {
    this.#deleteUser.run(username);
  }
}

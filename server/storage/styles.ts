// The styles the engine offers, mirrored into SQLite at start so jobs refer to a stored style.
import type { DatabaseSync } from 'node:sqlite';
import type { EngineStyle } from '../engine/engine.ts';

export interface StoredStyle {
  id: string;
  description: string;
  prompt: string;
  beta: boolean;
  thumbnailPath: string | null;
}

interface StyleRow {
  id: string;
  description: string;
  prompt: string;
  beta: number;
  thumbnail_path: string | null;
}
const toStyle = (r: StyleRow): StoredStyle => ({
  id: r.id,
  description: r.description,
  prompt: r.prompt,
  beta: r.beta === 1,
  thumbnailPath: r.thumbnail_path,
});

export class StyleStore {
  #db: DatabaseSync;
  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** Styles the engine no longer offers stay in the table (old jobs name them) but are hidden. */
  sync(styles: EngineStyle[]) {
    this.#db.exec('BEGIN');
    try {
      this.#db.exec('UPDATE styles SET active = 0');
      const upsert =
        this.#db.prepare(`INSERT INTO styles (id, description, prompt, beta, thumbnail_path, position, active) VALUES (?, ?, ?, ?, ?, ?, 1)
        ON CONFLICT (id) DO UPDATE SET description = excluded.description, prompt = excluded.prompt, beta = excluded.beta,
          thumbnail_path = excluded.thumbnail_path, position = excluded.position, active = 1`);
      styles.forEach((s, i) => {
        upsert.run(s.id, s.description, s.prompt, s.beta ? 1 : 0, s.thumbnail ?? null, i);
      });
      this.#db.exec('COMMIT');
    } catch (error) {
      this.#db.exec('ROLLBACK');
      throw error;
    }
  }

  active(): StoredStyle[] {
    return (
      this.#db.prepare('SELECT * FROM styles WHERE active = 1 ORDER BY position').all() as unknown as StyleRow[]
    ).map(toStyle);
  }

  find(id: string): StoredStyle | undefined {
    const row = this.#db.prepare('SELECT * FROM styles WHERE id = ? AND active = 1').get(id) as unknown as
      | StyleRow
      | undefined;
    return row && toStyle(row);
  }
}

// The server's one SQLite file (node:sqlite, WAL): tenants' branding, styles and jobs.
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

// Each entry upgrades the schema by one version; never edit a released entry, append a new one.
const MIGRATIONS = [
  `CREATE TABLE tenants (
     dataset_id TEXT NOT NULL,
     slug TEXT NOT NULL,
     position INTEGER NOT NULL,
     branding TEXT NOT NULL,
     updated_at INTEGER NOT NULL,
     PRIMARY KEY (dataset_id, slug)
   );
   CREATE TABLE styles (
     id TEXT PRIMARY KEY,
     description TEXT NOT NULL,
     prompt TEXT NOT NULL,
     beta INTEGER NOT NULL,
     thumbnail_path TEXT,
     position INTEGER NOT NULL,
     active INTEGER NOT NULL
   );
   CREATE TABLE jobs (
     id TEXT PRIMARY KEY,
     style_id TEXT NOT NULL,
     status TEXT NOT NULL,
     prompt TEXT NOT NULL,
     images TEXT NOT NULL DEFAULT '[]',
     message TEXT NOT NULL DEFAULT '',
     upload_path TEXT,
     attempts INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL,
     started_at INTEGER,
     finished_at INTEGER
   );
   CREATE INDEX jobs_by_status ON jobs (status, created_at);
   CREATE INDEX jobs_by_finish ON jobs (finished_at);`,
  // Display copies of the results (file names, same order as images); [] for jobs before them.
  `ALTER TABLE jobs ADD COLUMN previews TEXT NOT NULL DEFAULT '[]';`,
];

export function openDatabase(dataDir: string): DatabaseSync {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(path.join(dataDir, 'booth.sqlite'));
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
  const { user_version: version } = db.prepare('PRAGMA user_version').get() as { user_version: number };
  for (let v = version; v < MIGRATIONS.length; v++) {
    db.exec('BEGIN');
    try {
      db.exec(MIGRATIONS[v]!);
      db.exec(`PRAGMA user_version = ${v + 1}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
  return db;
}

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
  // The tenant's brand frame or logo mark for the results (JSON of image names), NULL for none:
  // kept with the job so that a job run again after a restart still gets it.
  `ALTER TABLE jobs ADD COLUMN frame TEXT;`,
  // The operator console: its accounts (the service account is not stored: it is a setting) and
  // their sessions, kept by the SHA-256 of their id so a copy of the file signs nobody in.
  `CREATE TABLE console_accounts (
     username TEXT PRIMARY KEY,
     password_hash TEXT NOT NULL,
     role TEXT NOT NULL,
     tenant TEXT,
     created_at INTEGER NOT NULL
   );
   CREATE TABLE console_sessions (
     id_hash TEXT PRIMARY KEY,
     username TEXT NOT NULL,
     expires_at INTEGER NOT NULL
   );`,
  // The tenant whose booth sent the job (its slug, NULL for none or an unknown one): the
  // console's event view counts and lists a tenant's jobs through the index.
  `ALTER TABLE jobs ADD COLUMN tenant TEXT;
   CREATE INDEX jobs_by_tenant ON jobs (tenant, created_at);`,
  // Jobs deleted from the console (a guest's deletion request): the job, its photo and results
  // are gone, but the event's figures still count it, as deleted (storage/job-events.ts).
  `CREATE TABLE deleted_jobs (
     id TEXT PRIMARY KEY,
     tenant TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     status TEXT NOT NULL
   );
   CREATE INDEX deleted_jobs_by_tenant ON deleted_jobs (tenant, created_at);`,
  // The event wall (storage/wall.ts): the guest's say (1 yes, 0 no, NULL not asked), an operator's
  // review ('approved', 'hidden', NULL not yet) and when the guest said yes; deleted with the job.
  `ALTER TABLE jobs ADD COLUMN wall_consent INTEGER;
   ALTER TABLE jobs ADD COLUMN wall_review TEXT;
   ALTER TABLE jobs ADD COLUMN wall_at INTEGER;
   CREATE INDEX jobs_on_wall ON jobs (tenant, wall_consent, wall_review, wall_at);`,
  // The tenant's retention (resultHours) as the job was created, in seconds; NULL: the booth's
  // own (BOOTH_RETENTION_SECONDS). Fixed with the job, so a later change neither brings back a
  // result nor takes one away early. The outbox: emails waiting for the SMTP server, each naming
  // its job and the guest's address (never a copy of the picture), deleted once sent or given up.
  `ALTER TABLE jobs ADD COLUMN retention_seconds INTEGER;
   CREATE TABLE outbox (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     job_id TEXT NOT NULL,
     address TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0,
     next_at INTEGER NOT NULL,
     last_error TEXT NOT NULL DEFAULT ''
   );
   CREATE INDEX outbox_by_next ON outbox (next_at);`,
  // Which engine made a completed job's pictures, and the fallback style when the job's own
  // style gave way to it (a slow or failing provider); NULL for jobs before them. The caption of
  // each picture when a job made several (JSON, same order as images); NULL for one.
  `ALTER TABLE jobs ADD COLUMN engine TEXT;
   ALTER TABLE jobs ADD COLUMN fallback TEXT;
   ALTER TABLE jobs ADD COLUMN captions TEXT;`,
  // Opt-in leads (storage/leads.ts): what a guest gave a tenant, kept for the tenant's lead
  // retention; deleted with the tenant or on request for one address. The figures of the email
  // outbox per tenant (messages sent, given up), which the outbox itself forgets once done.
  `CREATE TABLE leads (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     tenant TEXT NOT NULL,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     company TEXT NOT NULL,
     consent INTEGER NOT NULL,
     created_at INTEGER NOT NULL
   );
   CREATE INDEX leads_by_tenant ON leads (tenant, created_at);
   CREATE INDEX leads_by_email ON leads (email COLLATE NOCASE);
   CREATE TABLE mail_figures (
     tenant TEXT PRIMARY KEY,
     sent INTEGER NOT NULL DEFAULT 0,
     failed INTEGER NOT NULL DEFAULT 0
   );`,
  // The guest's language of an email in the outbox (a code of contract/i18n/languages.ts), one its
  // tenant offers; NULL, as for every message queued before it: the tenant's own language.
  `ALTER TABLE outbox ADD COLUMN language TEXT;`,
];

/** The SQLite result codes an operator can do something about (https://sqlite.org/rescode.html). */
const SQLITE = { perm: 3, readonly: 8, corrupt: 11, full: 13, cantopen: 14, notadb: 26 } as const;

export function openDatabase(dataDir: string): DatabaseSync {
  const file = path.join(dataDir, 'booth.sqlite');
  let db: DatabaseSync | undefined;
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    db = new DatabaseSync(file);
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
    migrate(db);
    return db;
  } catch (error) {
    try {
      db?.close();
    } catch {
      // It is being given up anyway.
    }
    throw explained(error, file, dataDir);
  }
}

function migrate(db: DatabaseSync) {
  const { user_version: version } = db.prepare('PRAGMA user_version').get() as { user_version: number };
  // A read-only file opens without complaint and fails at the first write, far from here; writing
  // the version back unchanged makes it fail here, where the error gets the file's name.
  db.exec(`PRAGMA user_version = ${version}`);
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
}

/** SQLite's own words ("file is not a database") name neither the file nor a way out; these do. */
function explained(error: unknown, file: string, dataDir: string): unknown {
  const { code, errcode, errstr } = error as { code?: string; errcode?: number; errstr?: string };
  const permission = `make ${dataDir} and the files in it writable for this user, or set BOOTH_DATA_DIR to another folder`;
  let message: string | undefined;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    message = `cannot create the data folder ${dataDir} (${code}); ${permission}.`;
  } else if (code === 'ERR_SQLITE_ERROR' && errcode !== undefined) {
    // Extended codes (SQLITE_READONLY_DIRECTORY, ...) keep the primary code in their low byte.
    switch (errcode & 0xff) {
      case SQLITE.notadb:
      case SQLITE.corrupt:
        message = `the database ${file} is damaged (${errstr}); move it aside, with any booth.sqlite-wal and booth.sqlite-shm next to it, to start with an empty one (the demo tenants are seeded again), or restore it from a backup.`;
        break;
      case SQLITE.readonly:
      case SQLITE.perm:
        message = `cannot write the database ${file} (${errstr}); ${permission}.`;
        break;
      case SQLITE.cantopen:
        message = `cannot open the database ${file} (${errstr}); ${permission}.`;
        break;
      case SQLITE.full:
        message = `the disk holding ${file} is full; free some space, or set BOOTH_DATA_DIR to a folder on another disk.`;
        break;
    }
  }
  return message ? new Error(message, { cause: error }) : error;
}

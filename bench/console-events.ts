// The console's event view over a full jobs table: 100 000 jobs of three days in a real SQLite
// file, answered by the event routes in this process (no HTTP, no session). Twice: one tenant
// among twenty, and one tenant holding every job of the day. Run alone with
// `npx node bench/console-events.ts`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { JOB_STATUS } from '../contract/index.ts';
import type { Account } from '../server/storage/accounts.ts';
import { adminEvents, startOfDay } from '../server/hosts/admin-events.ts';
import { LocalJobs } from '../server/embedded/local-jobs.ts';
import type { JobRunner } from '../server/embedded/runner.ts';
import { JobWaiters } from '../server/jobs/waiters.ts';
import { openDatabase } from '../server/storage/database.ts';
import { FileStore } from '../server/storage/files.ts';
import { JobEvents } from '../server/storage/job-events.ts';
import { LocalEventJobs } from '../server/jobs/event-jobs.ts';
import { JobStore } from '../server/storage/jobs.ts';
import { StyleStore } from '../server/storage/styles.ts';
import { TenantStore } from '../server/storage/tenants.ts';
import { seed } from '../server/seed/seed.ts';
import { medianTime } from './stats.ts';
import type { BenchRow } from './row.ts';

const JOBS = 100_000;
const TENANTS = 20;
const RUNS = 15;
const MESSAGES = ['No person found in the photo.', 'The photo is too dark.', 'The style failed; please try again.'];

function fill(db: ReturnType<typeof openDatabase>, tenantOf: (i: number) => string | null, now: number) {
  const insert =
    db.prepare(`INSERT INTO jobs (id, style_id, status, prompt, images, previews, message, tenant, created_at, started_at, finished_at)
    VALUES (?, 'comic', ?, 'p', ?, ?, ?, ?, ?, ?, ?)`);
  db.exec('BEGIN');
  for (let i = 0; i < JOBS; i++) {
    // Spread over the last three days, one in ten failed.
    const created = now - Math.floor((i / JOBS) * 3 * 86_400_000);
    const failed = i % 10 === 0;
    const finished = created + 2_000 + (i % 97) * 50;
    insert.run(
      `job-${i}`,
      failed ? JOB_STATUS.error : JOB_STATUS.completed,
      failed ? '[]' : '["1.jpg"]',
      failed ? '[]' : '["1.preview.webp"]',
      failed ? MESSAGES[i % MESSAGES.length]! : '',
      tenantOf(i),
      created,
      created + 500,
      Math.min(finished, now),
    );
  }
  db.exec('COMMIT');
}

async function scenario(name: string, tenantOf: (i: number) => string | null): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-console-events-'));
  try {
    const db = openDatabase(dir);
    const tenants = new TenantStore(db);
    seed(tenants, 'bench', path.join(dir, 'tenants'));
    const jobs = new JobStore(db);
    const files = new FileStore(dir);
    const waiters = new JobWaiters();
    const local = new LocalJobs({
      jobs,
      files,
      waiters,
      runner: { inFlight: 0 } as unknown as JobRunner,
      retentionSeconds: 7 * 86_400,
    });
    const now = Date.now();
    fill(db, tenantOf, now);
    const app = new Hono<{ Variables: { account: Account } }>();
    app.use('*', async (c, next) => {
      c.set('account', { username: 'bench', role: 'operator', tenant: null });
      return next();
    });
    app.route(
      '/',
      adminEvents({
        tenants,
        styles: new StyleStore(db),
        datasetId: 'bench',
        reserved: new Set(),
        jobs: new LocalEventJobs({ events: new JobEvents(db), jobs, local, workers: 2, retentionSeconds: 7 * 86_400 }),
      }),
    );
    const ask = async (method: string, p: string) => {
      const res = await app.request(p, { method });
      if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<Record<string, unknown>>;
    };
    const today = (
      db
        .prepare('SELECT COUNT(*) AS n FROM jobs WHERE tenant = ? AND created_at >= ?')
        .get('aurora', startOfDay(now)) as { n: number }
    ).n;
    const held = (db.prepare('SELECT COUNT(*) AS n FROM jobs WHERE tenant = ?').get('aurora') as { n: number }).n;
    const how = `${JOBS} jobs over 3 days, ${name}: ${held} of aurora's, ${today} of them today; median of ${RUNS}`;
    const events = await medianTime(RUNS, () => ask('GET', '/tenants/aurora/events'));
    const results = await medianTime(RUNS, () => ask('GET', '/tenants/aurora/results'));
    const started = performance.now();
    const { deleted } = await ask('DELETE', '/tenants/aurora/results');
    const deleteMs = performance.now() - started;
    db.close();
    return [
      { area: 'console-events', figure: `GET events (${name})`, value: `${events.toFixed(1)} ms`, how },
      { area: 'console-events', figure: `GET results, 500 newest (${name})`, value: `${results.toFixed(1)} ms`, how },
      {
        area: 'console-events',
        figure: `DELETE all results (${name})`,
        value: `${(deleteMs / 1000).toFixed(2)} s`,
        how: `${String(deleted)} jobs deleted, no result files on disk`,
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export default async function bench(): Promise<BenchRow[]> {
  const slugs = ['aurora', 'meadow', 'gala', 'default'];
  return [
    // One in twenty jobs is aurora's, one in twenty has no tenant; the rest go to other slugs.
    ...(await scenario('1 tenant of 20', (i) =>
      i % TENANTS === 0 ? 'aurora' : i % TENANTS === 1 ? null : slugs[1 + (i % 3)]!,
    )),
    ...(await scenario('1 tenant holds all', () => 'aurora')),
  ];
}

if (import.meta.main) {
  const { formatTable } = await import('./row.ts');
  console.log(formatTable(await bench()));
}

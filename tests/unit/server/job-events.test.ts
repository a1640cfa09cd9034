// The event view's queries on a real SQLite file, with jobs written at chosen times: windows,
// percentiles, errors grouped most first, the gallery's order, and the index they go through.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JOB_STATUS } from '../../../contract/index.ts';
import { startOfDay } from '../../../server/hosts/admin-events.ts';
import { openDatabase } from '../../../server/storage/database.ts';
import { JobEvents } from '../../../server/storage/job-events.ts';
import { JobStore } from '../../../server/storage/jobs.ts';

let dir: string;
let db: DatabaseSync;
let events: JobEvents;
const NOW = Date.parse('2026-11-23T15:00:00Z');
const MIN = 60_000;

let n = 0;
function job(tenant: string | null, createdAgoMs: number, status: string, opts: { tookMs?: number; message?: string } = {}) {
  const id = `job-${++n}`;
  const created = NOW - createdAgoMs;
  const ended = status === JOB_STATUS.completed || status === JOB_STATUS.error;
  db.prepare('INSERT INTO jobs (id, style_id, status, prompt, images, message, tenant, created_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)').run(
    id, 'comic', status, 'p', status === JOB_STATUS.completed ? '["1.jpg"]' : '[]', opts.message ?? '', tenant, created, ended ? created + (opts.tookMs ?? 1000) : null,
  );
  return id;
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'job-events-'));
  db = openDatabase(dir);
  events = new JobEvents(db);
  n = 0;
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the event view of a tenant', () => {
  it('counts jobs created in the window, and how many of them completed or failed', () => {
    job('aurora', 10 * MIN, JOB_STATUS.completed);
    job('aurora', 20 * MIN, JOB_STATUS.error, { message: 'x' });
    job('aurora', 30 * MIN, JOB_STATUS.processing);
    job('aurora', 90 * MIN, JOB_STATUS.completed);
    job('meadow', 5 * MIN, JOB_STATUS.completed);
    job(null, 5 * MIN, JOB_STATUS.completed);
    expect(events.counts('aurora', NOW - 60 * MIN)).toEqual({ created: 3, completed: 1, failed: 1, deleted: 0 });
    expect(events.counts('aurora', NOW - 120 * MIN)).toEqual({ created: 4, completed: 2, failed: 1, deleted: 0 });
    expect(events.counts('nobody', NOW - 120 * MIN)).toEqual({ created: 0, completed: 0, failed: 0, deleted: 0 });
  });

  it('reads p50 and p95 of the completed jobs by nearest rank, and null without any', () => {
    expect(events.turnaround('aurora', 0, [50, 95])).toEqual([null, null]);
    // 20 completed jobs taking 1..20 s, in no order; failed and other tenants' jobs do not count.
    for (const s of [7, 3, 20, 1, 15, 9, 11, 2, 18, 5, 4, 6, 8, 10, 12, 13, 14, 16, 17, 19]) job('aurora', s * MIN, JOB_STATUS.completed, { tookMs: s * 1000 });
    job('aurora', MIN, JOB_STATUS.error, { tookMs: 999_000, message: 'x' });
    job('meadow', MIN, JOB_STATUS.completed, { tookMs: 999_000 });
    expect(events.turnaround('aurora', 0, [50, 95])).toEqual([10_000, 19_000]);
    // Only the window's: the jobs created in the last 4.5 minutes took 1..4 s.
    expect(events.turnaround('aurora', NOW - 4.5 * MIN, [50, 95])).toEqual([2_000, 4_000]);
  });

  it('groups failed jobs by message, most first, ties by message, up to the limit', () => {
    for (const message of ['dark', 'no person', 'no person', 'no person', 'blurred', 'dark']) job('aurora', MIN, JOB_STATUS.error, { message });
    job('aurora', MIN, JOB_STATUS.completed);
    job('meadow', MIN, JOB_STATUS.error, { message: 'dark' });
    job('aurora', 2 * 24 * 60 * MIN, JOB_STATUS.error, { message: 'yesterday' });
    expect(events.errors('aurora', NOW - 60 * MIN, 20)).toEqual([
      { message: 'no person', count: 3 }, { message: 'dark', count: 2 }, { message: 'blurred', count: 1 },
    ]);
    expect(events.errors('aurora', NOW - 60 * MIN, 2)).toHaveLength(2);
  });

  it("lists the window's completed jobs that are still kept, newest finished first", () => {
    const a = job('aurora', 30 * MIN, JOB_STATUS.completed, { tookMs: 20 * MIN });
    const b = job('aurora', 20 * MIN, JOB_STATUS.completed, { tookMs: 1000 });
    const c = job('aurora', 40 * MIN, JOB_STATUS.completed, { tookMs: 1000 });
    job('aurora', 10 * MIN, JOB_STATUS.error, { message: 'x' });
    job('aurora', 5 * MIN, JOB_STATUS.pending);
    job(null, 5 * MIN, JOB_STATUS.completed);
    // a finished 10 minutes ago, b 20 minus a second, c 40 minus a second.
    expect(events.results('aurora', 0, 0, 10).map((j) => j.id)).toEqual([a, b, c]);
    expect(events.results('aurora', 0, NOW - 30 * MIN, 10).map((j) => j.id)).toEqual([a, b]);
    expect(events.results('aurora', 0, 0, 1).map((j) => j.id)).toEqual([a]);
    expect(events.results('aurora', 0, 0, 10)[0]).toMatchObject({ tenant: 'aurora', images: ['1.jpg'], status: JOB_STATUS.completed });
  });

  it("names every job of a tenant, and counts the booth's unfinished jobs of every tenant", () => {
    const ids = [job('aurora', MIN, JOB_STATUS.pending), job('aurora', MIN, JOB_STATUS.completed), job('aurora', 9e9, JOB_STATUS.error, { message: 'x' })];
    job('meadow', MIN, JOB_STATUS.pending);
    job(null, MIN, JOB_STATUS.processing);
    expect(events.ids('aurora').sort()).toEqual(ids.sort());
    expect(events.unfinished()).toEqual({ waiting: 2, running: 1 });
  });

  it('stores the tenant with a job, on an index of (tenant, created_at) that every query names', () => {
    // The queries say INDEXED BY jobs_by_tenant: without the index they would not even prepare.
    const index = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'jobs_by_tenant'").get() as { sql: string } | undefined;
    expect(index?.sql).toMatch(/ON jobs \(tenant, created_at\)$/);
    const store = new JobStore(db);
    store.create({ id: 'x', styleId: 'comic', prompt: 'p', uploadPath: '/tmp/x.jpg', tenant: 'gala' });
    store.create({ id: 'y', styleId: 'comic', prompt: 'p', uploadPath: '/tmp/y.jpg' });
    expect(store.get('x')?.tenant).toBe('gala');
    expect(store.get('y')?.tenant).toBeNull();
    store.deleteMany(['x', 'y', 'not-there']);
    expect(store.get('x')).toBeUndefined();
  });
});

describe('today', () => {
  it("starts at midnight of the booth's time zone", () => {
    const start = new Date(startOfDay(NOW));
    expect([start.getHours(), start.getMinutes(), start.getSeconds(), start.getMilliseconds()]).toEqual([0, 0, 0, 0]);
    expect(NOW - start.getTime()).toBeLessThan(24 * 60 * MIN);
    expect(NOW - start.getTime()).toBeGreaterThanOrEqual(0);
  });
});

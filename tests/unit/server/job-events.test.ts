// The event view's queries on a real SQLite file, with jobs written at chosen times: what a window
// reads for the figures, the gallery's order, and the index they go through. The figures
// themselves, on both stores, are in tests/integration/conformance/event-jobs.test.ts.
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
function job(
  tenant: string | null,
  createdAgoMs: number,
  status: string,
  opts: { tookMs?: number; message?: string } = {},
) {
  const id = `job-${++n}`;
  const created = NOW - createdAgoMs;
  const ended = status === JOB_STATUS.completed || status === JOB_STATUS.error;
  db.prepare(
    'INSERT INTO jobs (id, style_id, status, prompt, images, message, tenant, created_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(
    id,
    'comic',
    status,
    'p',
    status === JOB_STATUS.completed ? '["1.jpg"]' : '[]',
    opts.message ?? '',
    tenant,
    created,
    ended ? created + (opts.tookMs ?? 1000) : null,
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
  it("reads a window's jobs of the tenant for the figures, and the marks of its deleted jobs", () => {
    job('aurora', 10 * MIN, JOB_STATUS.completed, { tookMs: 3000 });
    job('aurora', 20 * MIN, JOB_STATUS.error, { message: 'x' });
    job('aurora', 30 * MIN, JOB_STATUS.processing);
    job('aurora', 90 * MIN, JOB_STATUS.completed);
    job('meadow', 5 * MIN, JOB_STATUS.completed);
    job(null, 5 * MIN, JOB_STATUS.completed);
    const read = events.window('aurora', NOW - 60 * MIN).sort((a, b) => b.createdAt - a.createdAt);
    expect(read).toEqual(
      [
        { createdAt: NOW - 10 * MIN, finishedAt: NOW - 10 * MIN + 3000, status: JOB_STATUS.completed, message: '' },
        { createdAt: NOW - 20 * MIN, finishedAt: NOW - 20 * MIN + 1000, status: JOB_STATUS.error, message: 'x' },
        { createdAt: NOW - 30 * MIN, finishedAt: null, status: JOB_STATUS.processing, message: '' },
      ].map((row, i) => ({ ...row, styleId: 'comic', pictures: i === 0 ? 1 : 0, fallback: null })),
    );
    expect(events.window('nobody', 0)).toEqual([]);
    events.rememberDeleted(
      [
        { id: 'gone', tenant: 'aurora', createdAt: NOW - 5 * MIN, status: JOB_STATUS.completed },
        { id: 'none', tenant: null, createdAt: NOW, status: JOB_STATUS.error },
      ],
      0,
    );
    expect(events.deletedSince('aurora', NOW - 60 * MIN)).toEqual([
      { createdAt: NOW - 5 * MIN, status: JOB_STATUS.completed },
    ]);
    expect(events.deletedSince('aurora', NOW - MIN)).toEqual([]);
    events.forgetDeleted('aurora');
    expect(events.deletedSince('aurora', 0)).toEqual([]);
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
    expect(events.results('aurora', 0, 0, 10)[0]).toMatchObject({
      tenant: 'aurora',
      images: ['1.jpg'],
      status: JOB_STATUS.completed,
    });
  });

  it("names every job of a tenant, and counts the booth's unfinished jobs of every tenant", () => {
    const ids = [
      job('aurora', MIN, JOB_STATUS.pending),
      job('aurora', MIN, JOB_STATUS.completed),
      job('aurora', 9e9, JOB_STATUS.error, { message: 'x' }),
    ];
    job('meadow', MIN, JOB_STATUS.pending);
    job(null, MIN, JOB_STATUS.processing);
    expect(events.ids('aurora').sort()).toEqual(ids.sort());
    expect(events.unfinished()).toEqual({ waiting: 2, running: 1 });
  });

  it('stores the tenant with a job, on an index of (tenant, created_at) that every query names', () => {
    // The queries say INDEXED BY jobs_by_tenant: without the index they would not even prepare.
    const index = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'jobs_by_tenant'").get() as
      | { sql: string }
      | undefined;
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

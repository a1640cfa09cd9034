// The event routes over the one interface both job paths implement (jobs/event-jobs.ts): the
// checks come first and in order (400, 403, 404), each route answers from the source, and a
// tenant account reaches its own tenant's jobs only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Account } from '../../../server/storage/accounts.ts';
import { adminEvents } from '../../../server/hosts/admin-events.ts';
import type { EventJobs } from '../../../server/jobs/event-jobs.ts';
import { seed } from '../../../server/seed/seed.ts';
import { openDatabase } from '../../../server/storage/database.ts';
import { StyleStore } from '../../../server/storage/styles.ts';
import { TenantStore } from '../../../server/storage/tenants.ts';

let dir: string;
let db: DatabaseSync;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-events-'));
  db = openDatabase(dir);
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const ROUTES = [
  ['GET', '/tenants/aurora/events'],
  ['GET', '/tenants/aurora/results'],
  ['DELETE', '/tenants/aurora/results/x'],
  ['DELETE', '/tenants/aurora/results'],
] as const;

/** A source that records what it was asked, and answers as set. */
function source(answers: Partial<EventJobs> = {}) {
  const asked: string[] = [];
  const jobs: EventJobs = {
    retentionSeconds: 3600,
    figures: async (tenant) => {
      asked.push(`figures ${tenant}`);
      return {
        lastHour: { created: 1, completed: 1, failed: 0, deleted: 0 },
        today: { created: 2, completed: 1, failed: 1, deleted: 1 },
        turnaroundMs: { p50: 900, p95: 1200 },
        errors: [{ message: 'Nobody is in the photo.', count: 1 }],
        queue: { waiting: 3, running: 2, workers: 2 },
      };
    },
    results: async (tenant) => {
      asked.push(`results ${tenant}`);
      return [
        {
          id: 'j1',
          styleId: 'gone-style',
          finishedAt: Date.parse('2026-11-23T10:00:00Z'),
          previewUrl: 'https://store.example/results/j1/1.preview.webp?X-Amz-Signature=a',
          imageUrls: ['https://store.example/results/j1/1.png?X-Amz-Signature=b'],
        },
      ];
    },
    archive: async (tenant) => {
      asked.push(`archive ${tenant}`);
      return [];
    },
    tenantOf: async (id) => (id === 'j1' ? 'aurora' : id === 'm1' ? 'meadow' : undefined),
    remove: async (tenant, ids) => {
      asked.push(`remove ${tenant} ${ids.join(',')}`);
      return ids.length;
    },
    removeAll: async (tenant) => {
      asked.push(`removeAll ${tenant}`);
      return 7;
    },
    ...answers,
  };
  return { jobs, asked };
}

function app(account: Account, jobs: EventJobs) {
  const tenants = new TenantStore(db);
  seed(tenants, 'test', path.join(dir, 'tenants'));
  const host = new Hono<{ Variables: { account: Account } }>();
  host.use('*', async (c, next) => {
    c.set('account', account);
    return next();
  });
  host.route('/', adminEvents({ tenants, styles: new StyleStore(db), datasetId: 'test', reserved: new Set(), jobs }));
  return host;
}

const operator: Account = { username: 'op', role: 'operator', tenant: null };
const json = async (res: Response) => (await res.json()) as Record<string, unknown>;

describe('the event routes', () => {
  it('check the slug (400), the account (403) and the tenant (404) in that order, before the source is asked', async () => {
    const { jobs, asked } = source();
    const staff = app({ username: 'staff', role: 'tenant', tenant: 'meadow' }, jobs);
    const op = app(operator, jobs);
    for (const [method, p] of ROUTES) {
      expect((await op.request(p.replace('aurora', 'Not%20A%20Slug'), { method })).status, `${method} ${p}`).toBe(400);
      // Even about a tenant that does not exist: nothing is told before the 403.
      expect((await staff.request(p, { method })).status, `${method} ${p}`).toBe(403);
      expect((await staff.request(p.replace('aurora', 'nobody'), { method })).status, `${method} ${p}`).toBe(403);
      expect((await op.request(p.replace('aurora', 'nobody'), { method })).status, `${method} ${p}`).toBe(404);
    }
    expect(asked).toEqual([]);
  });

  it('answer the figures and the results from the source, a style off the offer named by its id', async () => {
    const { jobs, asked } = source();
    const op = app(operator, jobs);
    const events = await op.request('/tenants/aurora/events');
    expect(events.status).toBe(200);
    expect(await json(events)).toEqual({
      tenant: 'aurora',
      lastHour: { created: 1, completed: 1, failed: 0, deleted: 0 },
      today: { created: 2, completed: 1, failed: 1, deleted: 1 },
      turnaroundMs: { p50: 900, p95: 1200 },
      errors: [{ message: 'Nobody is in the photo.', count: 1 }],
      queue: { waiting: 3, running: 2, workers: 2 },
    });
    const results = await op.request('/tenants/aurora/results');
    expect(await json(results)).toEqual({
      results: [
        {
          id: 'j1',
          style: 'gone-style',
          finishedAt: '2026-11-23T10:00:00.000Z',
          previewUrl: 'https://store.example/results/j1/1.preview.webp?X-Amz-Signature=a',
          imageUrls: ['https://store.example/results/j1/1.png?X-Amz-Signature=b'],
        },
      ],
    });
    expect(asked).toEqual(['figures aurora', 'results aurora']);
  });

  it("delete a job of the tenant only: another tenant's job, or none, is a 404 and nothing is removed", async () => {
    const { jobs, asked } = source();
    const op = app(operator, jobs);
    expect((await op.request('/tenants/aurora/results/m1', { method: 'DELETE' })).status).toBe(404);
    const none = await op.request('/tenants/aurora/results/nothing', { method: 'DELETE' });
    expect(none.status).toBe(404);
    expect((await json(none)).error).toMatch(/has no job with that id/);
    expect(asked).toEqual([]);
    expect((await op.request('/tenants/aurora/results/j1', { method: 'DELETE' })).status).toBe(204);
    const all = await op.request('/tenants/aurora/results', { method: 'DELETE' });
    expect(await json(all)).toEqual({ deleted: 7 });
    expect(asked).toEqual(['remove aurora j1', 'removeAll aurora']);
  });
});

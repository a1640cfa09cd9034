// What the console's event routes do on the embedded booth only (the rest, on both job paths, is
// tests/integration/conformance/event-routes.test.ts): the SQLite file files a job under a known
// tenant's slug or under none, and a local job waiting for the booth's one CPU worker is deleted
// at once, its worker dropping what it makes.
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUS } from '../../../contract/index.ts';
import type { EventFigures } from '../../../contract/console-api.ts';
import { startServer, type RunningServer } from '../../support/server-process.ts';
import { patience } from '../../support/patience.ts';
import { createJob, fixture, getJob, waitForJob } from './support/client.ts';
import { call, signIn } from './support/console.ts';

describe('the console: the event on the embedded booth', () => {
  let server: RunningServer;
  let operator: string;
  beforeAll(async () => {
    server = await startServer({
      env: { BOOTH_WORKERS: '1', BOOTH_HTTPS: 'off', BOOTH_CLIENT_JOBS: '50', BOOTH_CLIENT_JOBS_PER_MINUTE: '500' },
    });
    operator = await signIn(server.url);
  });
  afterAll(() => server?.stop());

  const figures = async (slug: string) =>
    (await call<EventFigures>(server.url, 'GET', `/tenants/${slug}/events`, { cookie: operator })).body;
  const send = (photo: string, tenant?: string) => createJob(server.url, fixture(photo), 'comic', tenant);
  const tenantsInDb = () => {
    const db = new DatabaseSync(path.join(server.dataDir, 'booth.sqlite'), { readOnly: true });
    try {
      const rows = db.prepare('SELECT id, tenant FROM jobs').all() as { id: string; tenant: string | null }[];
      return Object.fromEntries(rows.map((r) => [r.id, r.tenant]));
    } finally {
      db.close();
    }
  };

  it("files each job under a known tenant's slug, and a job of no tenant or an unknown one under none", async () => {
    const ids = {
      aurora: await send('astronaut.jpg', 'aurora'),
      none: await send('astronaut.jpg'),
      unknown: await send('astronaut.jpg', 'no-such-tenant'),
      default: await send('astronaut.jpg', 'default'),
    };
    for (const id of Object.values(ids)) expect((await waitForJob(server.url, id)).result.status).toBe('COMPLETED');
    // Stored as the frame rule reads the slug: a known tenant's, else NULL.
    expect(tenantsInDb()).toMatchObject({
      [ids.aurora]: 'aurora',
      [ids.none]: null,
      [ids.unknown]: null,
      [ids.default]: 'default',
    });
  });

  it('deletes a local job waiting for the one worker at once; the worker drops what it made', async () => {
    // One worker: the second job waits behind the first.
    const busy = await send('grace_hopper.jpg', 'meadow');
    const early = await send('astronaut.jpg', 'aurora');
    expect([JOB_STATUS.pending, JOB_STATUS.processing]).toContain((await getJob(server.url, early)).job.result.status);
    const queue = (await figures('aurora')).queue;
    expect(queue.waiting + queue.running).toBeGreaterThanOrEqual(1);
    const before = (await figures('aurora')).today;

    expect((await call(server.url, 'DELETE', `/tenants/aurora/results/${early}`, { cookie: operator })).status).toBe(
      204,
    );
    expect((await fetch(`${server.url}/transformations/jobs/${early}/`)).status).toBe(404);
    expect((await waitForJob(server.url, busy)).result.status).toBe(JOB_STATUS.completed);
    // The worker still ran it (it was taken before the delete, or next in line): nothing of it is kept.
    await expect
      .poll(() => server.output(), { timeout: patience(30_000) })
      .toMatch(new RegExp(`job ${early} .*results were dropped`));
    expect(fs.existsSync(path.join(server.dataDir, 'results', early))).toBe(false);
    expect(fs.readdirSync(path.join(server.dataDir, 'uploads')).filter((f) => f.startsWith(early))).toEqual([]);
    expect(tenantsInDb()[early]).toBeUndefined();
    // Counted as created (it was), not as completed: it was deleted before it ended.
    expect((await figures('aurora')).today).toEqual({ ...before, deleted: before.deleted + 1 });
  });
});

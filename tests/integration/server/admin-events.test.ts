// The event at a glance against the real server and its SQLite file: jobs created with real
// photos for two tenants, for none and for an unknown one are counted, listed and deleted per
// tenant; no session → 401, a tenant account across tenants → 403; a deleted result's URLs 404,
// and it stays counted in the figures, as deleted.
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUS } from '../../../contract/index.ts';
import { ENGINE_MESSAGES } from '../../../server/engine/index.ts';
import { startServer, type RunningServer } from '../../support/server-process.ts';
import { call, signIn } from './support/console.ts';
import { createJob, fixture, getJob, waitForJob } from './support/client.ts';
import type { EventFigures as Events, EventResult } from '../../../contract/console-api.ts';
import { patience } from '../../support/patience.ts';

/** Every result here has a display copy. */
type Result = EventResult & { previewUrl: string };

const ROUTES: [string, string][] = [
  ['GET', '/tenants/meadow/events'],
  ['GET', '/tenants/meadow/results'],
  ['DELETE', '/tenants/meadow/results/some-job'],
  ['DELETE', '/tenants/meadow/results'],
];

describe('the console: the event at a glance', () => {
  let server: RunningServer;
  let operator: string;
  let staff: string;
  beforeAll(async () => {
    server = await startServer({
      env: { BOOTH_WORKERS: '1', BOOTH_HTTPS: 'off', BOOTH_CLIENT_JOBS: '50', BOOTH_CLIENT_JOBS_PER_MINUTE: '500' },
    });
    operator = await signIn(server.url);
    const password = 'aurora-staff-password';
    expect(
      (
        await call(server.url, 'POST', '/accounts', {
          cookie: operator,
          body: { username: 'aurora-staff', password, role: 'tenant', tenant: 'aurora' },
        })
      ).status,
    ).toBe(201);
    staff = await signIn(server.url, 'aurora-staff', password);
  });
  afterAll(() => server?.stop());
  const api = <T = Record<string, unknown>>(method: string, p: string, cookie = operator) =>
    call<T>(server.url, method, p, { cookie });

  const send = (photo: string, tenant?: string) => createJob(server.url, fixture(photo), 'comic', tenant);
  const create = async (photo: string, tenant?: string) => {
    const id = await send(photo, tenant);
    return { id, job: await waitForJob(server.url, id) };
  };
  const status = async (url: string) => (await fetch(url.startsWith('/') ? server.url + url : url)).status;
  const tenantsInDb = () => {
    const db = new DatabaseSync(path.join(server.dataDir, 'booth.sqlite'), { readOnly: true });
    try {
      return Object.fromEntries(
        (db.prepare('SELECT id, tenant FROM jobs').all() as { id: string; tenant: string | null }[]).map((r) => [
          r.id,
          r.tenant,
        ]),
      );
    } finally {
      db.close();
    }
  };

  const turnaroundInDb = (id: string) => {
    const db = new DatabaseSync(path.join(server.dataDir, 'booth.sqlite'), { readOnly: true });
    try {
      return (db.prepare('SELECT finished_at - created_at AS ms FROM jobs WHERE id = ?').get(id) as { ms: number }).ms;
    } finally {
      db.close();
    }
  };

  it('answers 401 to each route without a session, 403 to a tenant account reaching another tenant', async () => {
    for (const [method, p] of ROUTES) {
      const anonymous = await call(server.url, method, p);
      expect(anonymous.status, `${method} ${p}`).toBe(401);
      expect(anonymous.body.error).toBe('Sign in to the console first.');
      const across = await api(method, p, staff);
      expect(across.status, `${method} ${p}`).toBe(403);
      expect(across.body.error).toBe('This account manages the tenant "aurora" only.');
      // Even about a tenant that does not exist: nothing is told before the 403.
      expect((await api(method, p.replace('meadow', 'no-such-tenant'), staff)).status).toBe(403);
    }
    const own = await api('GET', '/tenants/aurora/events', staff);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('no-store');
    expect((await api('GET', '/tenants/no-such-tenant/events')).status).toBe(404);
    const bad = await api('GET', '/tenants/Not%20A%20Slug/events');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/not a tenant slug/);
  });

  let auroraDone: string[] = [];
  let meadowDone: string;
  let untenanted: string[] = [];

  it('counts, times and groups the jobs of each tenant; a job of no tenant or an unknown one counts for none', async () => {
    const before = await api<Events>('GET', '/tenants/aurora/events');
    expect(before.body).toEqual({
      tenant: 'aurora',
      lastHour: { created: 0, completed: 0, failed: 0, deleted: 0 },
      today: { created: 0, completed: 0, failed: 0, deleted: 0 },
      turnaroundMs: { p50: null, p95: null },
      errors: [],
      queue: { waiting: 0, running: 0, workers: 1 },
    });

    const first = await create('astronaut.jpg', 'aurora');
    const second = await create('grace_hopper.jpg', 'aurora');
    const noPerson = await create('coffee.jpg', 'aurora');
    const cat = await create('cat.jpg', 'aurora');
    for (const { job } of [first, second]) expect(job.result.status).toBe(JOB_STATUS.completed);
    for (const { job } of [noPerson, cat])
      expect(job.result).toEqual({ status: JOB_STATUS.error, message: ENGINE_MESSAGES.noPerson });
    auroraDone = [first.id, second.id];
    meadowDone = (await create('astronaut.jpg', 'meadow')).id;
    untenanted = [(await create('astronaut.jpg')).id, (await create('astronaut.jpg', 'no-such-tenant')).id];
    const defaultJob = (await create('astronaut.jpg', 'default')).id;

    // Stored as the frame rule reads the slug: a known tenant's, else NULL.
    expect(tenantsInDb()).toMatchObject({
      [first.id]: 'aurora',
      [meadowDone]: 'meadow',
      [untenanted[0]!]: null,
      [untenanted[1]!]: null,
      [defaultJob]: 'default',
    });

    const aurora = (await api<Events>('GET', '/tenants/aurora/events')).body;
    expect(aurora.lastHour).toEqual({ created: 4, completed: 2, failed: 2, deleted: 0 });
    expect(aurora.today).toEqual({ created: 4, completed: 2, failed: 2, deleted: 0 });
    expect(aurora.errors).toEqual([{ message: ENGINE_MESSAGES.noPerson, count: 2 }]);
    expect(aurora.queue).toEqual({ waiting: 0, running: 0, workers: 1 });
    // Two completed jobs: the nearest-rank p50 is the quicker one's, p95 the slower one's.
    const took = [first.id, second.id].map((id) => turnaroundInDb(id)).sort((a, b) => a - b);
    expect(took[0]).toBeGreaterThan(0);
    expect(aurora.turnaroundMs).toEqual({ p50: took[0], p95: took[1] });

    const meadow = (await api<Events>('GET', '/tenants/meadow/events')).body;
    expect(meadow.today).toEqual({ created: 1, completed: 1, failed: 0, deleted: 0 });
    expect(meadow.errors).toEqual([]);
    expect((await api<Events>('GET', '/tenants/default/events')).body.today).toEqual({
      created: 1,
      completed: 1,
      failed: 0,
      deleted: 0,
    });
    // A tenant account sees its own.
    expect((await api<Events>('GET', '/tenants/aurora/events', staff)).body.today.created).toBe(4);
  });

  it("lists today's completed jobs of the tenant, newest first, with the URLs the site shows", async () => {
    const aurora = (await api<{ results: Result[] }>('GET', '/tenants/aurora/results')).body.results;
    expect(aurora.map((r) => r.id)).toEqual([...auroraDone].reverse());
    expect(Date.parse(aurora[0]!.finishedAt)).toBeGreaterThanOrEqual(Date.parse(aurora[1]!.finishedAt));
    for (const result of aurora) {
      expect(result.style).toBe('Comic');
      expect(result.previewUrl).toMatch(new RegExp(`^/media/results/${result.id}/1\\.preview\\.webp$`));
      expect(result.imageUrls).toHaveLength(1);
      expect(result.imageUrls[0]).toMatch(new RegExp(`^/media/results/${result.id}/1\\.jpg$`));
      // The same files the visitor's job answer points to.
      const { job } = await getJob(server.url, result.id);
      expect(job.images).toEqual(result.imageUrls.map((u) => server.url + u));
      expect(job.previews).toEqual([server.url + result.previewUrl]);
      expect(await status(result.previewUrl)).toBe(200);
    }
    const meadow = (await api<{ results: Result[] }>('GET', '/tenants/meadow/results')).body.results;
    expect(meadow.map((r) => r.id)).toEqual([meadowDone]);
    const everyListed = new Set<string>();
    for (const slug of ['aurora', 'meadow', 'gala', 'default']) {
      for (const r of (await api<{ results: Result[] }>('GET', `/tenants/${slug}/results`)).body.results)
        everyListed.add(r.id);
    }
    for (const id of untenanted) expect(everyListed.has(id)).toBe(false);
  });

  it("deletes one result: its URLs answer 404, another tenant's job cannot be deleted through this tenant, the others stay", async () => {
    const [gone, kept] = auroraDone as [string, string];
    const listed = (await api<{ results: Result[] }>('GET', '/tenants/aurora/results')).body.results;
    const urlsOf = (id: string) => [
      ...listed.find((r) => r.id === id)!.imageUrls,
      listed.find((r) => r.id === id)!.previewUrl,
    ];
    const goneUrls = urlsOf(gone);
    for (const url of goneUrls) expect(await status(url), url).toBe(200);

    // Meadow's job through aurora: not aurora's, so not found; through meadow by aurora's account: 403.
    const across = await api('DELETE', `/tenants/aurora/results/${meadowDone}`);
    expect(across.status).toBe(404);
    expect(across.body.error).toMatch(/has no job with that id/);
    expect((await api('DELETE', `/tenants/meadow/results/${meadowDone}`, staff)).status).toBe(403);
    expect((await getJob(server.url, meadowDone)).status).toBe(200);

    expect((await api('DELETE', `/tenants/aurora/results/${gone}`, staff)).status).toBe(204);
    expect((await fetch(`${server.url}/transformations/jobs/${gone}/`)).status).toBe(404);
    for (const url of goneUrls) expect(await status(url), url).toBe(404);
    expect(fs.existsSync(path.join(server.dataDir, 'results', gone))).toBe(false);
    expect((await api('DELETE', `/tenants/aurora/results/${gone}`)).status).toBe(404);

    expect((await getJob(server.url, kept)).status).toBe(200);
    for (const url of urlsOf(kept)) expect(await status(url), url).toBe(200);
    expect((await api<{ results: Result[] }>('GET', '/tenants/aurora/results')).body.results.map((r) => r.id)).toEqual([
      kept,
    ]);
    // A guest's deletion does not shrink the event: the result still counts, and as deleted.
    expect((await api<Events>('GET', '/tenants/aurora/events')).body.today).toEqual({
      created: 4,
      completed: 2,
      failed: 2,
      deleted: 1,
    });
  });

  it('deletes a job that has not ended yet at once; its results are dropped when its worker ends', async () => {
    // One worker: the second job waits behind the first.
    const busy = await send('grace_hopper.jpg', 'meadow');
    const early = await send('astronaut.jpg', 'aurora');
    expect([JOB_STATUS.pending, JOB_STATUS.processing]).toContain((await getJob(server.url, early)).job.result.status);
    const running = (await api<Events>('GET', '/tenants/aurora/events')).body.queue;
    expect(running.waiting + running.running).toBeGreaterThanOrEqual(1);

    expect((await api('DELETE', `/tenants/aurora/results/${early}`)).status).toBe(204);
    expect((await fetch(`${server.url}/transformations/jobs/${early}/`)).status).toBe(404);
    expect((await waitForJob(server.url, busy)).result.status).toBe(JOB_STATUS.completed);
    // The worker still ran it (it was taken before the delete, or next in line): nothing of it is kept.
    await expect
      .poll(() => server.output(), { timeout: patience(30_000) })
      .toMatch(new RegExp(`job ${early} .*results were dropped`));
    expect(fs.existsSync(path.join(server.dataDir, 'results', early))).toBe(false);
    expect(fs.readdirSync(path.join(server.dataDir, 'uploads')).filter((f) => f.startsWith(early))).toEqual([]);
    expect((await fetch(`${server.url}/transformations/jobs/${early}/`)).status).toBe(404);
    expect(tenantsInDb()[early]).toBeUndefined();
    // Counted as created (it was), not as completed: it was deleted before it ended.
    expect((await api<Events>('GET', '/tenants/aurora/events')).body.today).toEqual({
      created: 5,
      completed: 2,
      failed: 2,
      deleted: 2,
    });
  });

  it("deletes every job and result of a tenant, and only that tenant's", async () => {
    const kept = auroraDone[1]!;
    // From another site, even with the session: refused, nothing deleted.
    const forged = await call(server.url, 'DELETE', '/tenants/aurora/results', {
      cookie: operator,
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect((await getJob(server.url, kept)).status).toBe(200);
    expect(await status(`/media/results/${kept}/1.preview.webp`)).toBe(200);
    const all = await api('DELETE', '/tenants/aurora/results', staff);
    expect(all.status).toBe(200);
    // The completed job and the two failed ones.
    expect(all.body).toEqual({ deleted: 3 });
    expect((await fetch(`${server.url}/transformations/jobs/${kept}/`)).status).toBe(404);
    for (const file of ['1.jpg', '1.preview.webp']) expect(await status(`/media/results/${kept}/${file}`)).toBe(404);
    expect(fs.existsSync(path.join(server.dataDir, 'results', kept))).toBe(false);
    expect((await api<{ results: Result[] }>('GET', '/tenants/aurora/results')).body.results).toEqual([]);
    const aurora = (await api<Events>('GET', '/tenants/aurora/events')).body;
    // Every job deleted, none uncounted: the figures keep them, as deleted; turnaround and errors are of kept jobs.
    expect(aurora.today).toEqual({ created: 5, completed: 2, failed: 2, deleted: 5 });
    expect(aurora.lastHour).toEqual(aurora.today);
    expect(aurora.errors).toEqual([]);
    expect(aurora.turnaroundMs).toEqual({ p50: null, p95: null });
    expect((await api('DELETE', '/tenants/aurora/results')).body).toEqual({ deleted: 0 });

    // Meadow's and the untenanted jobs stay.
    expect((await api<{ results: Result[] }>('GET', '/tenants/meadow/results')).body.results.length).toBe(2);
    for (const id of [meadowDone, ...untenanted]) expect((await getJob(server.url, id)).status).toBe(200);
  });

  it("takes a deleted tenant's jobs and results with it, so a tenant made again with its slug starts empty", async () => {
    const brand = { slug: 'harbour', client: 'Harbour Days', backgroundColor: '#102030' };
    expect((await call(server.url, 'POST', '/tenants', { cookie: operator, body: brand })).status).toBe(201);
    const { id } = await create('grace_hopper.jpg', 'harbour');
    expect(tenantsInDb()[id]).toBe('harbour');
    expect((await api('DELETE', '/tenants/harbour')).status).toBe(204);
    expect((await getJob(server.url, id)).status).toBe(404);
    expect(fs.existsSync(path.join(server.dataDir, 'results', id))).toBe(false);
    expect((await call(server.url, 'POST', '/tenants', { cookie: operator, body: brand })).status).toBe(201);
    expect((await api<{ results: Result[] }>('GET', '/tenants/harbour/results')).body.results).toEqual([]);
    expect((await api<Events>('GET', '/tenants/harbour/events')).body.today).toEqual({
      created: 0,
      completed: 0,
      failed: 0,
      deleted: 0,
    });
    // Meadow's jobs are not touched.
    expect((await getJob(server.url, meadowDone)).status).toBe(200);
  });
});

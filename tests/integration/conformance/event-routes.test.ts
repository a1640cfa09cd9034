// The console's event routes, one suite on both job paths (support/event-booths.ts): the figures,
// the list of results, deleting one result, one that is running, all of a tenant's and a whole
// tenant, with real photos, real processes and real stores. What only one path has stays in its
// own file: admin-events.test.ts (the embedded booth) and scale-events.test.ts (Redis and S3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUS } from '../../../contract/index.ts';
import type { EventFigures, EventResult } from '../../../contract/console-api.ts';
import { ENGINE_MESSAGES } from '../../../server/engine/index.ts';
import { patience } from '../../support/patience.ts';
import { createJob, fixture, getJob, waitForJob } from '../server/support/client.ts';
import { call, signIn } from '../server/support/console.ts';
import { embedded, scaleOut, type EventBooth } from './support/event-booths.ts';

const ROUTES = [
  ['GET', '/tenants/gala/events'],
  ['GET', '/tenants/gala/results'],
  ['DELETE', '/tenants/gala/results/some-job'],
  ['DELETE', '/tenants/gala/results'],
] as const;
const NONE = { created: 0, completed: 0, failed: 0, deleted: 0 };

describe.each([embedded, scaleOut])('the event view on $name', (eventPath) => {
  let booth: EventBooth;
  let operator: string;
  let staff: string;
  beforeAll(async () => {
    booth = await eventPath.start();
    operator = await signIn(booth.consoleUrl);
    const password = 'aurora-staff-password';
    const account = { username: 'aurora-staff', password, role: 'tenant', tenant: 'aurora' };
    expect((await call(booth.consoleUrl, 'POST', '/accounts', { cookie: operator, body: account })).status).toBe(201);
    staff = await signIn(booth.consoleUrl, 'aurora-staff', password);
  });
  afterAll(() => booth?.close());

  const consoleApi = <T = Record<string, unknown>>(method: string, p: string, cookie = operator) =>
    call<T>(booth.consoleUrl, method, p, { cookie });
  const figures = async (slug: string) => (await consoleApi<EventFigures>('GET', `/tenants/${slug}/events`)).body;
  const results = async (slug: string) =>
    (await consoleApi<{ results: EventResult[] }>('GET', `/tenants/${slug}/results`)).body.results;
  const send = (photo: string, tenant?: string, style = 'comic') =>
    createJob(booth.apiUrl, fixture(photo), style, tenant);
  const create = async (photo: string, tenant?: string) => {
    const id = await send(photo, tenant);
    return { id, job: await waitForJob(booth.apiUrl, id) };
  };
  const jobStatus = async (id: string) => (await fetch(`${booth.apiUrl}/transformations/jobs/${id}/`)).status;
  const absolute = (url: string) => new URL(url, booth.consoleUrl).href;
  const urlStatus = async (url: string) => (await fetch(absolute(url))).status;
  const urlsOf = (result: EventResult) => [result.previewUrl!, ...result.imageUrls];

  const done: string[] = [];
  const untenanted: string[] = [];
  let failed: string;
  let auroraJob: string;

  it('answers 401 without a session, 403 across tenants, then 404 and 400, before anything about the jobs', async () => {
    for (const [method, p] of ROUTES) {
      const anonymous = await call(booth.consoleUrl, method, p);
      expect(anonymous.status, `${method} ${p}`).toBe(401);
      expect(anonymous.body.error).toBe('Sign in to the console first.');
      const across = await consoleApi(method, p, staff);
      expect(across.status, `${method} ${p}`).toBe(403);
      expect(across.body.error).toBe('This account manages the tenant "aurora" only.');
      // Even about a tenant that does not exist: nothing is told before the 403.
      expect((await consoleApi(method, p.replace('gala', 'no-such-tenant'), staff)).status).toBe(403);
      expect((await consoleApi(method, p.replace('gala', 'no-such-tenant'))).status, `${method} ${p}`).toBe(404);
      const bad = await consoleApi(method, p.replace('gala', 'Not%20A%20Slug'));
      expect(bad.status, `${method} ${p}`).toBe(400);
      expect(bad.body.error).toMatch(/not a tenant slug/);
    }
    const own = await consoleApi('GET', '/tenants/aurora/events', staff);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('no-store');
    expect(await figures('gala')).toEqual({
      tenant: 'gala',
      lastHour: NONE,
      today: NONE,
      turnaroundMs: { p50: null, p95: null },
      errors: [],
      queue: { waiting: 0, running: 0, workers: booth.workers },
      styles: [],
    });
  });

  it('counts, times and groups the jobs of each tenant; a job of no tenant or an unknown one counts for none', async () => {
    const first = await create('astronaut.jpg', 'gala');
    const second = await create('grace_hopper.jpg', 'gala');
    const nobody = await create('coffee.jpg', 'gala');
    for (const { job } of [first, second]) expect(job.result.status).toBe(JOB_STATUS.completed);
    expect(nobody.job.result).toEqual({ status: JOB_STATUS.error, message: ENGINE_MESSAGES.noPerson });
    done.push(first.id, second.id);
    failed = nobody.id;
    auroraJob = (await create('astronaut.jpg', 'aurora')).id;
    untenanted.push((await create('astronaut.jpg')).id, (await create('astronaut.jpg', 'no-such-tenant')).id);
    await create('astronaut.jpg', 'default');

    // The scale-out path writes its index after the create answered: it may land a moment later.
    await expect.poll(async () => (await figures('gala')).today.created).toBe(3);
    const gala = await figures('gala');
    expect(gala.lastHour).toEqual({ created: 3, completed: 2, failed: 1, deleted: 0 });
    expect(gala.today).toEqual(gala.lastHour);
    expect(gala.errors).toEqual([{ message: ENGINE_MESSAGES.noPerson, count: 1 }]);
    expect(gala.queue).toEqual({ waiting: 0, running: 0, workers: booth.workers });
    // Two completed jobs: the nearest-rank p50 is the quicker one's, p95 the slower one's.
    const took = (await Promise.all(done.map((id) => booth.turnaround(id)))).sort((a, b) => a - b);
    expect(took[0]).toBeGreaterThan(0);
    expect(gala.turnaroundMs).toEqual({ p50: took[0], p95: took[1] });
    // Each style's figures, read the same on both job paths: here all three are comic's. Gala Night
    // gives several pictures per guest: each completed job counts those it made.
    const pictures = first.job.images.length + second.job.images.length;
    expect(pictures).toBeGreaterThan(2);
    expect(gala.styles).toEqual([
      { style: 'comic', jobs: 3, pictures, failed: 1, fallbacks: 0, turnaroundMs: gala.turnaroundMs },
    ]);

    await expect.poll(async () => (await figures('aurora')).today).toEqual({ ...NONE, created: 1, completed: 1 });
    await expect.poll(async () => (await figures('default')).today).toEqual({ ...NONE, created: 1, completed: 1 });
    expect((await figures('meadow')).today).toEqual(NONE);
    // A tenant account sees its own.
    expect((await consoleApi<EventFigures>('GET', '/tenants/aurora/events', staff)).body.today.created).toBe(1);
  });

  it("lists today's completed jobs of the tenant, newest first, with the URLs of the images the guest got", async () => {
    const listed = await results('gala');
    expect(listed.map((r) => r.id)).toEqual([...done].reverse());
    expect(Date.parse(listed[0]!.finishedAt)).toBeGreaterThanOrEqual(Date.parse(listed[1]!.finishedAt));
    for (const result of listed) {
      expect(result.style).toBe('Comic');
      // Every picture of the job (Gala Night gives several per guest).
      expect(result.imageUrls.length).toBeGreaterThan(1);
      expect(result.previewUrl).toMatch(/\/1\.preview\.webp(\?|$)/);
      for (const url of urlsOf(result)) {
        const image = await fetch(absolute(url));
        expect(image.status, url).toBe(200);
        expect(image.headers.get('content-type')).toMatch(/^image\//);
        expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      }
      // The same files the guest's job answer points to.
      const { job } = await getJob(booth.apiUrl, result.id);
      const paths = (urls: string[]) => urls.map((u) => new URL(absolute(u)).pathname);
      expect(paths(job.images)).toEqual(paths(result.imageUrls));
    }
    expect((await results('aurora')).map((r) => r.id)).toEqual([auroraJob]);
    const everyListed = new Set<string>();
    for (const slug of ['gala', 'aurora', 'meadow', 'default'])
      for (const r of await results(slug)) everyListed.add(r.id);
    for (const id of untenanted) expect(everyListed.has(id)).toBe(false);
  });

  it("deletes one result: its URLs answer 404, another tenant's job cannot be deleted through this tenant, the others stay", async () => {
    const [gone, kept] = done as [string, string];
    const listed = await results('gala');
    const goneUrls = urlsOf(listed.find((r) => r.id === gone)!);
    const keptUrls = urlsOf(listed.find((r) => r.id === kept)!);
    expect(await booth.resultFiles(gone)).not.toEqual([]);

    // Aurora's job through gala: not gala's, so not found; gala's by aurora's account: 403.
    const across = await consoleApi('DELETE', `/tenants/gala/results/${auroraJob}`);
    expect(across.status).toBe(404);
    expect(across.body.error).toMatch(/has no job with that id/);
    expect((await consoleApi('DELETE', `/tenants/gala/results/${gone}`, staff)).status).toBe(403);
    expect(await jobStatus(auroraJob)).toBe(200);

    expect((await consoleApi('DELETE', `/tenants/gala/results/${gone}`)).status).toBe(204);
    expect(await jobStatus(gone)).toBe(404);
    for (const url of goneUrls) expect(await urlStatus(url), url).toBe(404);
    expect(await booth.resultFiles(gone)).toEqual([]);
    expect((await consoleApi('DELETE', `/tenants/gala/results/${gone}`)).status).toBe(404);

    expect(await jobStatus(kept)).toBe(200);
    for (const url of keptUrls) expect(await urlStatus(url), url).toBe(200);
    expect((await results('gala')).map((r) => r.id)).toEqual([kept]);
    // A guest's deletion does not shrink the event: the result still counts, and as deleted.
    expect((await figures('gala')).today).toEqual({ created: 3, completed: 2, failed: 1, deleted: 1 });
  });

  it('deletes a job while it runs: it answers 404 at once, and what it made is dropped when it ends', async () => {
    booth.openai.behave({ kind: 'ok', delayMs: 3000 });
    const id = await send('astronaut.jpg', 'gala', 'anime');
    await booth.printed(new RegExp(`job ${id} style=anime PROCESSING`));
    expect((await consoleApi('DELETE', `/tenants/gala/results/${id}`)).status).toBe(204);
    expect(await jobStatus(id)).toBe(404);
    // Counted as created (it was), not as completed: it was deleted before it ended.
    expect((await figures('gala')).today).toEqual({ created: 4, completed: 2, failed: 1, deleted: 2 });
    await booth.printed(
      new RegExp(`job ${id} style=anime ended after it was deleted; its results were dropped`),
      patience(30_000),
    );
    expect(await booth.resultFiles(id)).toEqual([]);
    expect(await booth.photoFiles(id)).toEqual([]);
    expect(await jobStatus(id)).toBe(404);
  });

  it("deletes every job of a tenant with its files, and only that tenant's", async () => {
    const kept = done[1]!;
    // From another site, even with the session: refused, nothing deleted.
    const forged = await call(booth.consoleUrl, 'DELETE', '/tenants/gala/results', {
      cookie: operator,
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect((await consoleApi('DELETE', '/tenants/gala/results', staff)).status).toBe(403);
    expect(await jobStatus(kept)).toBe(200);

    const deleted = await consoleApi('DELETE', '/tenants/gala/results');
    expect(deleted.status).toBe(200);
    // The completed job and the failed one.
    expect(deleted.body).toEqual({ deleted: 2 });
    for (const id of [kept, failed]) expect(await jobStatus(id)).toBe(404);
    expect(await booth.resultFiles(kept)).toEqual([]);
    expect(await results('gala')).toEqual([]);
    const gala = await figures('gala');
    // Every job deleted, none uncounted; turnaround and errors are of kept jobs.
    expect(gala.today).toEqual({ created: 4, completed: 2, failed: 1, deleted: 4 });
    expect(gala.lastHour).toEqual(gala.today);
    expect(gala.errors).toEqual([]);
    expect(gala.turnaroundMs).toEqual({ p50: null, p95: null });
    expect((await consoleApi('DELETE', '/tenants/gala/results')).body).toEqual({ deleted: 0 });
    // Aurora's and the untenanted jobs stay, with their files.
    for (const id of [auroraJob, ...untenanted]) expect(await jobStatus(id)).toBe(200);
    expect(await booth.resultFiles(auroraJob)).not.toEqual([]);
  });

  it("takes a deleted tenant's jobs and files with it, so a tenant made again with its slug starts empty", async () => {
    const brand = { slug: 'harbour', client: 'Harbour Days', backgroundColor: '#102030' };
    expect((await call(booth.consoleUrl, 'POST', '/tenants', { cookie: operator, body: brand })).status).toBe(201);
    const { id } = await create('grace_hopper.jpg', 'harbour');
    await expect.poll(async () => (await figures('harbour')).today.created).toBe(1);
    expect((await consoleApi('DELETE', '/tenants/harbour')).status).toBe(204);
    expect(await jobStatus(id)).toBe(404);
    expect(await booth.resultFiles(id)).toEqual([]);
    expect((await call(booth.consoleUrl, 'POST', '/tenants', { cookie: operator, body: brand })).status).toBe(201);
    expect((await figures('harbour')).today).toEqual(NONE);
    expect(await results('harbour')).toEqual([]);
    expect(await jobStatus(auroraJob)).toBe(200);
  });

  it("lets a tenant's own account delete its tenant's results", async () => {
    expect((await consoleApi('DELETE', `/tenants/aurora/results/${auroraJob}`, staff)).status).toBe(204);
    expect(await jobStatus(auroraJob)).toBe(404);
    expect((await consoleApi<EventFigures>('GET', '/tenants/aurora/events', staff)).body.today).toEqual({
      created: 1,
      completed: 1,
      failed: 0,
      deleted: 1,
    });
  });
});

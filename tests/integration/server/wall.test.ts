// The event wall against the real server and its SQLite file, with real photos: a guest's say,
// an operator's approval or hiding in the console, the wall as it is and live (Server-Sent
// Events); a picture deleted in the console, withdrawn by its guest or past retention leaves
// every wall at once. Bad input (a slug that is none, an unknown tenant, a tenant whose wall is
// off, a job of another tenant, a body that is not the call's) gets a 4xx with a sentence.
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALL_SIZE, wallPath, wallSayPath, type WallQueue, type WallSnapshot } from '../../../contract/wall.ts';
import { startServer, type RunningServer } from '../../support/server-process.ts';
import { call, signIn } from './support/console.ts';
import { createJob, fixture, waitForJob } from './support/client.ts';
import { get, say } from './support/wall-calls.ts';
import { idsOf, openWall, type WallStream } from '../../support/wall-stream.ts';
import { patience } from '../../support/patience.ts';

/** A completed picture of the tenant's booth. */
async function picture(url: string, tenant: string, photo = 'astronaut.jpg') {
  const id = await createJob(url, fixture(photo), 'comic', tenant);
  expect((await waitForJob(url, id)).result.status).toBe('COMPLETED');
  return id;
}

describe('the event wall', () => {
  let server: RunningServer;
  let operator: string;
  let auroraStaff: string;
  let galaStaff: string;
  const walls: WallStream[] = [];
  beforeAll(async () => {
    server = await startServer({
      env: { BOOTH_WORKERS: '1', BOOTH_HTTPS: 'off', BOOTH_CLIENT_JOBS: '50', BOOTH_CLIENT_JOBS_PER_MINUTE: '500' },
    });
    operator = await signIn(server.url);
    for (const tenant of ['aurora', 'gala']) {
      const body = { username: `${tenant}-staff`, password: `${tenant}-staff-password`, role: 'tenant', tenant };
      expect((await call(server.url, 'POST', '/accounts', { cookie: operator, body })).status).toBe(201);
    }
    auroraStaff = await signIn(server.url, 'aurora-staff', 'aurora-staff-password');
    galaStaff = await signIn(server.url, 'gala-staff', 'gala-staff-password');
  });
  afterAll(async () => {
    for (const wall of walls) wall.close();
    await server?.stop();
  });
  const wall = async (tenant: string) => {
    const stream = await openWall(server.url, tenant);
    walls.push(stream);
    return stream;
  };
  const decide = (tenant: string, id: string, decision: string, cookie = galaStaff) =>
    call(server.url, 'POST', `/tenants/${tenant}/wall/${id}`, { cookie, body: { decision } });

  let galaPicture: string;
  let auroraPicture: string;

  it('refuses, with a sentence, a slug that is none, an unknown tenant, a wall that is off, a job of another tenant', async () => {
    galaPicture = await picture(server.url, 'gala');
    auroraPicture = await picture(server.url, 'aurora');

    const notASlug = await say(server.url, 'Not_A_Slug', galaPicture, { show: true });
    expect(notASlug.status).toBe(400);
    expect(notASlug.body.error).toBe('"Not_A_Slug" is not a tenant slug: lowercase letters, digits and hyphens.');

    const unknown = await say(server.url, 'no-such-tenant', galaPicture, { show: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('There is no tenant "no-such-tenant" on this booth.');

    const off = await say(server.url, 'aurora', auroraPicture, { show: true });
    expect(off.status).toBe(409);
    expect(off.body.error).toBe(
      `The event wall of tenant "aurora" is off. The event team can turn it on in the console's tenant editor.`,
    );
    for (const path of [wallPath('aurora'), `${wallPath('aurora')}/events`, wallSayPath('aurora', auroraPicture)])
      expect((await get(server.url, path)).status, path).toBe(409);

    const theirs = await say(server.url, 'gala', auroraPicture, { show: true });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toMatch(/^Tenant "gala" has no picture with that id\./);
    expect((await say(server.url, 'gala', 'no-such-job', { show: true })).status).toBe(404);
    expect((await get(server.url, wallSayPath('gala', auroraPicture))).status).toBe(404);

    for (const body of [{ show: 'yes' }, {}, 'not json', '[]']) {
      const bad = await say(server.url, 'gala', galaPicture, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error).toMatch(/Send \{"show": true\}|not valid JSON/);
    }
    expect((await say(server.url, 'gala', galaPicture, { show: true }, 'text/plain')).status).toBe(415);
    // Nothing of it was kept: the guest has not said.
    expect((await get(server.url, wallSayPath('gala', galaPicture))).body).toEqual({ show: null, state: 'off' });
  });

  it('keeps a picture off the wall until its guest says yes and an operator approves it; then every wall shows it', async () => {
    const live = await wall('gala');
    expect(live.status).toBe(200);
    await live.until((w) => w.pictures.length === 0, patience(2_000));

    const yes = await say(server.url, 'gala', galaPicture, { show: true });
    expect(yes).toEqual({ status: 200, body: { show: true, state: 'waiting' } });
    expect(((await get(server.url, wallPath('gala'))).body as WallSnapshot).pictures).toEqual([]);

    const queue = await call<WallQueue>(server.url, 'GET', '/tenants/gala/wall', { cookie: galaStaff });
    expect(queue.status).toBe(200);
    expect(queue.body.moderation).toBe('approve');
    expect(queue.body.waiting.map((p) => p.id)).toEqual([galaPicture]);
    expect(queue.body.waiting[0]!.url).toMatch(new RegExp(`^${server.url}/media/results/${galaPicture}/`));
    expect(queue.body.shown).toEqual([]);

    const second = await wall('gala');
    expect((await decide('gala', galaPicture, 'approve')).status).toBe(204);
    for (const stream of [live, second]) await stream.until((w) => idsOf(w).includes(galaPicture), patience(2_000));
    expect(idsOf(live.walls[0]!)).toEqual([]);
    const shown = (await get(server.url, wallPath('gala'))).body as WallSnapshot;
    expect(idsOf(shown)).toEqual([galaPicture]);
    // The picture itself is served, as the wall's image.
    expect((await fetch(shown.pictures[0]!.url)).headers.get('content-type')).toMatch(/^image\//);
    expect((await get(server.url, wallSayPath('gala', galaPicture))).body).toEqual({ show: true, state: 'shown' });
  });

  it('never shows a picture an operator hid, nor one whose guest did not say yes, and lets a guest take theirs off', async () => {
    const live = await wall('gala');
    const hidden = await picture(server.url, 'gala', 'grace_hopper.jpg');
    const unasked = await picture(server.url, 'gala');
    // Approval of a picture whose guest never said yes: there is none such.
    const notAsked = await decide('gala', unasked, 'approve');
    expect(notAsked.status).toBe(404);
    expect(notAsked.body.error).toMatch(/no picture with that id whose guest asked for the wall/);

    await say(server.url, 'gala', hidden, { show: true });
    expect((await decide('gala', hidden, 'hide')).status).toBe(204);
    // Asking again changes nothing: the event hid it.
    expect((await say(server.url, 'gala', hidden, { show: true })).body).toEqual({ show: true, state: 'waiting' });
    const queue = await call<WallQueue>(server.url, 'GET', '/tenants/gala/wall', { cookie: galaStaff });
    expect(queue.body.waiting).toEqual([]);
    expect(idsOf((await get(server.url, wallPath('gala'))).body as WallSnapshot)).toEqual([galaPicture]);
    expect(live.walls.every((w) => !idsOf(w).includes(hidden) && !idsOf(w).includes(unasked))).toBe(true);

    // The guest says no: off every wall.
    expect((await say(server.url, 'gala', galaPicture, { show: false })).body).toEqual({ show: false, state: 'off' });
    await live.until((w) => w.pictures.length === 0, patience(2_000));
    // And yes again: it was approved, so back at once.
    expect((await say(server.url, 'gala', galaPicture, { show: true })).body).toEqual({ show: true, state: 'shown' });
    await live.until((w) => idsOf(w).includes(galaPicture), patience(2_000));
  });

  it('takes a picture deleted in the console off every wall within 2 seconds', async () => {
    const live = await wall('gala');
    await live.until((w) => idsOf(w).includes(galaPicture), patience(2_000));
    const started = Date.now();
    const deleted = await call(server.url, 'DELETE', `/tenants/gala/results/${galaPicture}`, { cookie: operator });
    expect(deleted.status).toBe(204);
    await live.until((w) => !idsOf(w).includes(galaPicture), patience(2_000));
    expect(Date.now() - started).toBeLessThan(patience(2_000));
    expect((await get(server.url, wallSayPath('gala', galaPicture))).status).toBe(404);
  });

  it('lets a tenant account moderate its own tenant only; an operator any', async () => {
    const across = await call(server.url, 'GET', '/tenants/gala/wall', { cookie: auroraStaff });
    expect(across.status).toBe(403);
    expect(across.body.error).toBe('This account manages the tenant "aurora" only.');
    expect((await decide('gala', 'some-job', 'approve', auroraStaff)).status).toBe(403);
    expect((await call(server.url, 'GET', '/tenants/gala/wall')).status).toBe(401);
    expect((await call(server.url, 'GET', '/tenants/gala/wall', { cookie: operator })).status).toBe(200);
    const off = await decide('aurora', auroraPicture, 'approve', auroraStaff);
    expect(off.status).toBe(409);
    expect(off.body.error).toMatch(/event wall of tenant "aurora" is off/);
    const bad = await decide('gala', 'some-job', 'publish');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Send {"decision": "approve"} or {"decision": "hide"}.');
    expect((await call(server.url, 'GET', '/tenants/no-such-tenant/wall', { cookie: operator })).status).toBe(404);
  });

  it('shows a picture at once for a tenant that shows without approval, newest first, at most a wall full', async () => {
    const saved = await call<{ branding: Record<string, unknown> }>(server.url, 'GET', '/tenants/meadow', {
      cookie: operator,
    });
    const branding = { ...saved.body.branding, wall: true, wallModeration: 'show' };
    expect((await call(server.url, 'PUT', '/tenants/meadow', { cookie: operator, body: branding })).status).toBe(200);
    const live = await wall('meadow');
    const first = await picture(server.url, 'meadow');
    const second = await picture(server.url, 'meadow', 'grace_hopper.jpg');
    expect((await say(server.url, 'meadow', first, { show: true })).body).toEqual({ show: true, state: 'shown' });
    expect((await say(server.url, 'meadow', second, { show: true })).body).toEqual({ show: true, state: 'shown' });
    const shown = await live.until((w) => w.pictures.length === 2, patience(2_000));
    expect(idsOf(shown)).toEqual([second, first]);
    expect(WALL_SIZE).toBeGreaterThanOrEqual(2);
    const queue = await call<WallQueue>(server.url, 'GET', '/tenants/meadow/wall', { cookie: operator });
    expect(queue.body).toMatchObject({ wall: true, moderation: 'show', waiting: [] });
  });
});

describe('the event wall and retention', () => {
  let server: RunningServer;
  const RETENTION_SECONDS = 15;
  beforeAll(async () => {
    server = await startServer({
      env: { BOOTH_WORKERS: '1', BOOTH_HTTPS: 'off', BOOTH_RETENTION_SECONDS: String(RETENTION_SECONDS) },
    });
  });
  afterAll(() => server?.stop());

  it("takes a picture off every wall as its own result passes retention, not the booth's", async () => {
    const operator = await signIn(server.url);
    const id = await picture(server.url, 'gala');
    const finished = Date.now();
    // Gala Night keeps its results 72 hours, fixed on the job: its picture outlives the booth's
    // short retention. The job's own is set to the test's seconds here, as a tenant's would be.
    const db = new DatabaseSync(path.join(server.dataDir, 'booth.sqlite'));
    try {
      expect(db.prepare('SELECT retention_seconds AS kept FROM jobs WHERE id = ?').get(id)).toEqual({
        kept: 72 * 3600,
      });
      db.prepare('UPDATE jobs SET retention_seconds = ? WHERE id = ?').run(RETENTION_SECONDS, id);
    } finally {
      db.close();
    }
    await say(server.url, 'gala', id, { show: true });
    expect(
      (await call(server.url, 'POST', `/tenants/gala/wall/${id}`, { cookie: operator, body: { decision: 'approve' } }))
        .status,
    ).toBe(204);
    const live = await openWall(server.url, 'gala');
    try {
      await live.until((w) => idsOf(w).includes(id), patience(2_000));
      await live.until((w) => !idsOf(w).includes(id), RETENTION_SECONDS * 1000 + patience(2_000));
      // Gone when its result went, not at the next sweep.
      expect(Date.now() - finished).toBeLessThan(RETENTION_SECONDS * 1000 + 2_000);
      expect((await get(server.url, wallPath('gala'))).body).toEqual({ pictures: [] });
    } finally {
      live.close();
    }
  });
});

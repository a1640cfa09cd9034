import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../support/server-process.ts';
import { patience } from '../../support/patience.ts';
import { createJob, getJob, waitForJob } from './support/client.ts';
import { call, signIn } from './support/console.ts';

const run = promisify(execFile);

async function setResultHours(url: string, cookie: string, slug: string, resultHours: unknown) {
  const view = await call<{ branding: Record<string, unknown> }>(url, 'GET', `/tenants/${slug}`, { cookie });
  return call<{ error?: string; fields?: Record<string, string[]> }>(url, 'PUT', `/tenants/${slug}`, {
    cookie,
    body: { ...view.body.branding, resultHours },
  });
}

const retentionOf = (dataDir: string, id: string) => {
  const db = new DatabaseSync(path.join(dataDir, 'booth.sqlite'), { readOnly: true });
  try {
    return (db.prepare('SELECT retention_seconds AS s FROM jobs WHERE id = ?').get(id) as { s: number | null }).s;
  } finally {
    db.close();
  }
};

describe("results kept for the tenant's hours", () => {
  let server: RunningServer;
  let cookie: string;

  beforeAll(async () => {
    // The booth's own retention is two seconds: a result without its tenant's hours goes at the next sweep.
    server = await startServer({ env: { BOOTH_WORKERS: '1', BOOTH_HTTPS: 'off', BOOTH_RETENTION_SECONDS: '2' } });
    cookie = await signIn(server.url);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps a result of a tenant with 1 hour past the booth sweep, and deletes one of a tenant without', async () => {
    expect((await setResultHours(server.url, cookie, 'aurora', 1)).status).toBe(200);
    const kept = await createJob(server.url, undefined, 'pop-art', 'aurora');
    const keptJob = await waitForJob(server.url, kept);
    expect(keptJob.result.status).toBe('COMPLETED');
    // Fixed on the job when it was created.
    expect(retentionOf(server.dataDir, kept)).toBe(3600);

    const swept = await createJob(server.url, undefined, 'pop-art', 'meadow');
    const sweptJob = await waitForJob(server.url, swept);
    expect(retentionOf(server.dataDir, swept)).toBeNull();
    await expect
      .poll(async () => (await getJob(server.url, swept)).status, { timeout: patience(15_000), interval: 250 })
      .toBe(404);
    expect((await fetch(sweptJob.images[0]!)).status).toBe(404);

    // The same sweeps passed over the older result of the tenant with an hour: it is all there.
    expect((await getJob(server.url, kept)).status).toBe(200);
    expect((await fetch(keptJob.images[0]!)).status).toBe(200);
    expect(fs.existsSync(path.join(server.dataDir, 'results', kept))).toBe(true);

    // A later change does not bring back or take away what was made before it.
    expect((await setResultHours(server.url, cookie, 'aurora', 0)).status).toBe(200);
    expect(retentionOf(server.dataDir, kept)).toBe(3600);
  });

  it.each([
    [0.5, 'half an hour'],
    [721, 'over 30 days'],
    ['a day', 'words'],
  ])('refuses %s (%s) with a sentence that names the field', async (value, _what) => {
    const res = await setResultHours(server.url, cookie, 'aurora', value);
    expect(res.status).toBe(400);
    expect(res.body.fields?.resultHours?.[0]).toMatch(
      /^Results kept for \(hours\) is not a whole number of hours from 1 to 720 \(30 days\)/,
    );
  });
});

describe("the event's ZIP", () => {
  let server: RunningServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startServer({ env: { BOOTH_WORKERS: '1', BOOTH_HTTPS: 'off', BOOTH_CLIENT_JOBS: '6' } });
    cookie = await signIn(server.url);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("holds every current result of the tenant, each picture whole, and no other tenant's", async () => {
    const ids = await Promise.all(['pop-art', 'comic'].map((style) => createJob(server.url, undefined, style, 'gala')));
    const other = await createJob(server.url, undefined, 'pop-art', 'aurora');
    const jobs = await Promise.all(ids.map((id) => waitForJob(server.url, id)));
    await waitForJob(server.url, other);

    const res = await fetch(`${server.url}/admin/api/tenants/gala/results.zip`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="gala-results.zip"');
    const file = path.join(server.dataDir, 'gala.zip');
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));

    // Read by Info-ZIP's unzip, not by the code that wrote it.
    const { stdout: test } = await run('unzip', ['-t', file]);
    expect(test).toMatch(/No errors detected/);
    const { stdout: names } = await run('unzip', ['-Z1', file]);
    const entries = names.trim().split('\n');
    // Every picture of each job (Gala Night gives several per guest), each whole.
    expect(entries).toHaveLength(jobs.reduce((n, job) => n + job.images.length, 0));
    for (const [i, job] of jobs.entries()) {
      const mine = entries.filter((name) => name.includes(ids[i]!));
      expect(mine).toHaveLength(job.images.length);
      for (const entry of mine) expect(entry).toMatch(/^\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d_(pop-art|comic)_[\w-]+\.\w+$/);
      const zipped = await Promise.all(
        mine.map(
          async (entry) =>
            (await run('unzip', ['-p', file, entry], { encoding: 'buffer', maxBuffer: 64 << 20 })).stdout,
        ),
      );
      for (const url of job.images) {
        const served = Buffer.from(await (await fetch(url)).arrayBuffer());
        expect(
          zipped.some((bytes) => bytes.equals(served)),
          url,
        ).toBe(true);
      }
      const decoded = await sharp(zipped[0]!).metadata();
      expect(decoded.width).toBeGreaterThan(100);
    }
    expect(entries.some((name) => name.includes(other))).toBe(false);
  });

  it('answers only a signed-in account that may manage the tenant', async () => {
    expect((await fetch(`${server.url}/admin/api/tenants/gala/results.zip`)).status).toBe(401);
    const missing = await fetch(`${server.url}/admin/api/tenants/nobody/results.zip`, { headers: { cookie } });
    expect(missing.status).toBe(404);
  });
});

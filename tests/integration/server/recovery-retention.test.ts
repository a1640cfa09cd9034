import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../support/server-process.ts';
import { createJob, fixture, getJob, waitForJob } from './support/client.ts';
import { patience } from '../../support/patience.ts';

describe('restart recovery', () => {
  it(
    'runs again every job a kill -9 interrupted, and each reaches COMPLETED or ERROR',
    async () => {
      // Six jobs at once from this one test: more than one visitor may have in flight.
      const first = await startServer({ env: { BOOTH_WORKERS: '1', BOOTH_CLIENT_JOBS: '6' } });
      const photos = [
        'astronaut.jpg',
        'grace_hopper.jpg',
        'coffee.jpg',
        'astronaut.jpg',
        'grace_hopper.jpg',
        'astronaut.jpg',
      ];
      const ids = await Promise.all(photos.map((name) => createJob(first.url, fixture(name))));
      first.kill();
      await first.exited;

      const db = new DatabaseSync(path.join(first.dataDir, 'booth.sqlite'));
      const interrupted = db
        .prepare("SELECT COUNT(*) AS n FROM jobs WHERE status IN ('PENDING', 'PROCESSING')")
        .get() as { n: number };
      db.close();
      // Otherwise this test would prove nothing: the kill must have caught work in progress.
      expect(interrupted.n).toBeGreaterThan(0);

      const second = await startServer({ dataDir: first.dataDir, env: { BOOTH_WORKERS: '1' } });
      try {
        for (const [i, id] of ids.entries()) {
          const job = await waitForJob(second.url, id);
          expect(job.result.status, photos[i]).toBe(photos[i] === 'coffee.jpg' ? 'ERROR' : 'COMPLETED');
        }
        expect(second.output()).toMatch(/recovery: \d+ unfinished job/);
        expect(fs.readdirSync(path.join(first.dataDir, 'uploads'))).toEqual([]);
      } finally {
        await second.stop();
      }
      // Two server starts and six jobs on one worker: generous on a busy machine.
    },
    patience(180_000),
  );

  it('stops cleanly on SIGTERM with exit code 0', async () => {
    const server = await startServer({ env: { BOOTH_WORKERS: '1' } });
    await server.stop();
    expect(await server.exited).toBe(0);
  });
});

describe('retention', () => {
  it('deletes results after the retention period, and the job then answers 404', async () => {
    const server = await startServer({ env: { BOOTH_WORKERS: '1', BOOTH_RETENTION_SECONDS: '2' } });
    try {
      const id = await createJob(server.url);
      const job = await waitForJob(server.url, id);
      expect(job.result.status).toBe('COMPLETED');
      expect((await fetch(job.images[0]!)).status).toBe(200);
      // Gone once the period is over: the sweep runs every second, so within a few seconds.
      await expect
        .poll(async () => (await getJob(server.url, id)).status, { timeout: patience(15_000), interval: 250 })
        .toBe(404);
      expect((await fetch(job.images[0]!)).status).toBe(404);
      await expect
        .poll(() => fs.existsSync(path.join(server.dataDir, 'results', id)), { timeout: patience(5_000) })
        .toBe(false);
    } finally {
      await server.stop();
    }
  });
});

describe('settings', () => {
  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ BOOTH_WORKERS: '0' }, /BOOTH_WORKERS/],
    [{ BOOTH_PUBLIC_URL: 'ftp://booth.local' }, /BOOTH_PUBLIC_URL/],
    // A secret's value is never printed: logs get copied into tickets and chats.
    [
      { BOOTH_JWT_SECRET: 'short-s3cret-value' },
      /^Invalid setting BOOTH_JWT_SECRET \(value not shown\): must be at least 32 characters$/,
    ],
    // PORT+1, the default HTTPS port, does not exist: the line blames PORT, not the unset BOOTH_HTTPS_PORT.
    [{ PORT: '65535' }, /^Invalid setting PORT="65535": .*no port for HTTPS.*BOOTH_HTTPS_PORT.*BOOTH_HTTPS=off/],
    [{ BOOTH_BUCKET_PREFIX: 'booth-assets' }, /BOOTH_BUCKET_PREFIX/],
    [{ BOOTH_ENGINE: 'magic' }, /Unknown engine "magic"/],
    // Larger bodies no longer fit in one JavaScript string.
    [{ BOOTH_MAX_BODY_BYTES: String(512 * 1024 * 1024) }, /BOOTH_MAX_BODY_BYTES.*at most 268435456/],
    [{ BOOTH_PROXY_SIGNATURE: 'camera' }, /BOOTH_PROXY_SIGNATURE="camera": .*hide the site's \/camera/],
    [{ BOOTH_PROXY_SIGNATURE: '_astro' }, /BOOTH_PROXY_SIGNATURE="_astro": .*hide the site's \/_astro/],
    [{ BOOTH_PROXY_SIGNATURE: 'media' }, /BOOTH_PROXY_SIGNATURE="media": .*hide the server's own \/media/],
  ])('stops with one clear line for %o', async (env, message) => {
    // A server that starts anyway is stopped, so a failing case leaves no process behind.
    const error = await startServer({ env: { BOOTH_WORKERS: '1', ...env } }).then(
      async (s) => {
        await s.stop();
        return null;
      },
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/exited with code 1/);
    const lines = error!.message.split('\n').filter((l) => l.trim() && !/exited with code/.test(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    for (const [name, value] of Object.entries(env))
      if (/SECRET|PASSWORD/.test(name)) expect(lines[0]).not.toContain(value);
  });

  it('takes PORT=65535 when HTTPS is off: no second port is needed', async () => {
    const server = await startServer({ env: { BOOTH_WORKERS: '1', PORT: '65535', BOOTH_HTTPS: 'off' } });
    try {
      expect(server.port).toBe(65535);
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

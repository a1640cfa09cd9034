// The data folder belongs to one server at a time (server.lock), and a folder or database the
// server cannot use stops the start with one line saying what to do.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { REPO_ROOT, newDataDir, startServer } from '../../support/server-process.ts';
import { createJob, fixture, waitForJob } from './support/client.ts';

// Root ignores file permissions: run as root (as CI does), these tests start the server as the
// unprivileged user nobody, in a data folder that user owns, so that read-only means read-only.
const asRoot = process.getuid?.() === 0;
const NOBODY = { uid: 65534, gid: 65534 };
const user = asRoot ? NOBODY : undefined;
/** nobody can read the project (a checkout under a private home folder would not let it). */
const userCanRun =
  !user ||
  spawnSync(
    process.execPath,
    ['-e', `require('fs').accessSync(${JSON.stringify(path.join(REPO_ROOT, 'server', 'main.ts'))})`],
    user,
  ).status === 0;

/** A data folder the server's user owns. */
function ownDataDir(): string {
  const dataDir = newDataDir();
  if (user) fs.chownSync(dataDir, user.uid, user.gid);
  return dataDir;
}

/** The lines a server that failed to start printed, or null when it started (it is then stopped). */
async function startFailure(dataDir: string, as?: { uid: number; gid: number }): Promise<string[] | null> {
  const error = await startServer({ dataDir, env: { BOOTH_WORKERS: '1' }, user: as }).then(
    async (s) => {
      await s.stop();
      return null;
    },
    (e: Error) => e,
  );
  if (!error) return null;
  expect(error.message).toMatch(/exited with code 1/);
  return error.message.split('\n').filter((l) => l.trim() && !/exited with code/.test(l));
}

describe('data folder lock', () => {
  it('stops a second server on the same data folder, which leaves the first one and its jobs alone', async () => {
    const first = await startServer({ env: { BOOTH_WORKERS: '1' } });
    try {
      const ids = await Promise.all(
        ['astronaut.jpg', 'grace_hopper.jpg', 'astronaut.jpg'].map((name) => createJob(first.url, fixture(name))),
      );

      const lines = await startFailure(first.dataDir);
      expect(lines).toHaveLength(1);
      const pid = fs.readFileSync(path.join(first.dataDir, 'server.lock'), 'utf8').trim();
      expect(pid).toMatch(/^\d+$/);
      expect(lines![0]).toBe(
        `Another booth server (pid ${pid}) is using the data folder ${first.dataDir}; stop it, or give this one its own BOOTH_DATA_DIR.`,
      );

      expect((await fetch(`${first.url}/health`)).status).toBe(200);
      for (const id of ids) {
        expect((await waitForJob(first.url, id)).result.status).toBe('COMPLETED');
        // Run once, by the first server: the second never requeued it.
        expect(first.output().match(new RegExp(`job ${id} .*COMPLETED`, 'g'))).toHaveLength(1);
      }
      expect(first.output()).not.toMatch(/requeued|recovery/);
    } finally {
      await first.stop();
    }
  });

  it('takes over the lock of a server that was killed (kill -9)', async () => {
    const first = await startServer({ env: { BOOTH_WORKERS: '1' } });
    first.kill();
    await first.exited;
    // A crash leaves its lock behind; its process is gone, so the lock is stale.
    expect(fs.existsSync(path.join(first.dataDir, 'server.lock'))).toBe(true);
    const second = await startServer({ dataDir: first.dataDir, env: { BOOTH_WORKERS: '1' } });
    try {
      expect((await fetch(`${second.url}/health`)).status).toBe(200);
    } finally {
      await second.stop();
    }
  });

  it('removes the lock when it stops cleanly', async () => {
    const server = await startServer({ env: { BOOTH_WORKERS: '1' } });
    const lock = path.join(server.dataDir, 'server.lock');
    expect(fs.existsSync(lock)).toBe(true);
    await server.stop();
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(lock)).toBe(false);
  });
});

describe('a database the server cannot use', () => {
  it('stops with one line naming a corrupted booth.sqlite and saying to move it aside', async () => {
    const dataDir = newDataDir();
    const file = path.join(dataDir, 'booth.sqlite');
    fs.writeFileSync(file, 'this is not a SQLite database, just some bytes that got in the way\n'.repeat(100));
    const lines = await startFailure(dataDir);
    expect(lines).toHaveLength(1);
    expect(lines![0]).toContain(file);
    expect(lines![0]).toMatch(/move it .*aside/);
    // Nothing was written over it: the operator may still want to restore or inspect it.
    expect(fs.readFileSync(file, 'utf8')).toMatch(/^this is not a SQLite database/);
  });

  it.skipIf(!userCanRun)('stops with one line naming a read-only data folder and how to fix it', async () => {
    const dataDir = ownDataDir();
    fs.chmodSync(dataDir, 0o555);
    try {
      const lines = await startFailure(dataDir, user);
      expect(lines).toHaveLength(1);
      expect(lines![0]).toContain(dataDir);
      expect(lines![0]).toMatch(/writable.*BOOTH_DATA_DIR/);
    } finally {
      fs.chmodSync(dataDir, 0o755);
    }
  });

  it.skipIf(!userCanRun)('stops with one line naming a read-only booth.sqlite and how to fix it', async () => {
    const first = await startServer({ dataDir: ownDataDir(), env: { BOOTH_WORKERS: '1' }, user });
    await first.stop();
    const file = path.join(first.dataDir, 'booth.sqlite');
    fs.chmodSync(file, 0o444);
    const lines = await startFailure(first.dataDir, user);
    expect(lines).toHaveLength(1);
    expect(lines![0]).toContain(file);
    expect(lines![0]).toMatch(/writable.*BOOTH_DATA_DIR/);
  });
});

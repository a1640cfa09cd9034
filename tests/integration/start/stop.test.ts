// Stopping `npm start` stops every process of the booth, however it is stopped: a signal to npm
// (how systemd, Docker and process managers stop a service), to the start script, or to the
// whole group, or npm killed outright. Afterwards the port and the data folder are free, so the
// next start works.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { patience } from '../../support/patience.ts';

const root = join(import.meta.dirname, '..', '..', '..');

interface Proc {
  pid: number;
  command: string;
}

/** The live processes of a process group (zombies left to a parent that is gone do not count). */
function groupMembers(pgid: number): Proc[] {
  const members: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid pgrp ...: comm may hold spaces, so read after its closing parenthesis.
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) !== pgid || state === 'Z') continue;
      members.push({
        pid: Number(entry),
        command: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim(),
      });
    } catch {
      // Gone while being read.
    }
  }
  return members;
}

/** `npm start` in a process group of its own, as a service manager starts it. */
function startBooth(dir: string) {
  const npm = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      PORT: '0',
      BOOTH_WORKERS: '1',
      BOOTH_DATA_DIR: join(dir, 'data'),
      BOOTH_OUT_DIR: join(dir, 'dist'),
      BOOTH_SITE_DATA: join(dir, 'tenants.generated.json'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout.on('data', (d) => (output += d));
  npm.stderr.on('data', (d) => (output += d));
  const seen = (text: string) =>
    expect.poll(() => output, { timeout: patience(120_000), interval: 100 }).toContain(text);
  return { npm, pgid: npm.pid!, seen, output: () => output };
}

const waitGone = (pgid: number) =>
  expect.poll(() => groupMembers(pgid).map((p) => p.command), { timeout: patience(8_000), interval: 100 }).toEqual([]);

type Stop = (booth: ReturnType<typeof startBooth>) => void;
const startScript = (pgid: number) => groupMembers(pgid).find((p) => p.command.endsWith('scripts/start.ts'))!.pid;

const WAYS: [string, 'serving' | 'building', Stop][] = [
  ['SIGTERM to npm, while serving', 'serving', ({ npm }) => npm.kill('SIGTERM')],
  ['SIGINT to npm, while building', 'building', ({ npm }) => npm.kill('SIGINT')],
  ['SIGTERM to the start script, while serving', 'serving', ({ pgid }) => process.kill(startScript(pgid), 'SIGTERM')],
  ['SIGTERM to the whole group, while building', 'building', ({ pgid }) => process.kill(-pgid, 'SIGTERM')],
  ['npm killed outright (the parent gone), while serving', 'serving', ({ npm }) => npm.kill('SIGKILL')],
];

describe('stopping npm start', () => {
  const dir = mkdtempSync(join(root, '.test-runs', 'stop-'));

  it.each(WAYS)('%s: every process ends, the port and data folder are let go', async (_, when, stop) => {
    const booth = startBooth(dir);
    try {
      await booth.seen(when === 'serving' ? 'Press Ctrl-C to stop.' : 'booth server listening on');
      expect(groupMembers(booth.pgid).some((p) => p.command.endsWith('server/main.ts'))).toBe(true);
      stop(booth);
      await waitGone(booth.pgid);
    } finally {
      try {
        process.kill(-booth.pgid, 'SIGKILL');
      } catch {
        // Already gone, as it should be.
      }
    }
    // The data folder's lock went with the server: the next start (the next case) would refuse
    // to run otherwise, and says so in one line.
    expect(booth.output()).not.toMatch(/already in use|is used by another booth server/);
  });
});

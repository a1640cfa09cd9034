// A picture leaves the event wall when its own result expires: its tenant's retention, fixed on
// the job when it was created, else the booth's (the embedded default's SQLite rows).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/storage/database.ts';
import { JobStore } from '../../../server/storage/jobs.ts';
import { WallRows } from '../../../server/storage/wall.ts';
import { LocalWallJobs } from '../../../server/wall/wall-jobs.ts';

const BOOTH_SECONDS = 60;
const TENANT_SECONDS = 2 * 3600;

let dir: string;
let db: DatabaseSync;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wall-expiry-'));
  db = openDatabase(dir);
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A completed picture of gala's on the wall, that ended `agoSeconds` ago. */
function onWall(jobs: JobStore, rows: WallRows, id: string, agoSeconds: number, retentionSeconds: number | null) {
  jobs.create({ id, styleId: 'comic', prompt: 'comic', uploadPath: `${id}.jpg`, tenant: 'gala', retentionSeconds });
  jobs.complete(id, ['1.png'], ['1.preview.webp']);
  const finished = Date.now() - agoSeconds * 1000;
  db.prepare('UPDATE jobs SET finished_at = ? WHERE id = ?').run(finished, id);
  rows.say(id, true, true);
  return finished;
}

describe('the wall and retention', () => {
  it("keeps a picture with its tenant's longer retention past the booth's, and drops one past its own", async () => {
    const jobs = new JobStore(db);
    const rows = new WallRows(db);
    const wall = new LocalWallJobs(rows, BOOTH_SECONDS);
    const kept = onWall(jobs, rows, 'kept-by-tenant', 2 * BOOTH_SECONDS, TENANT_SECONDS);
    onWall(jobs, rows, 'past-booth', 2 * BOOTH_SECONDS, null);
    onWall(jobs, rows, 'past-own', TENANT_SECONDS + 1, TENANT_SECONDS);
    onWall(jobs, rows, 'within-booth', BOOTH_SECONDS / 2, null);

    const shown = await wall.shown('gala', 10);
    expect(shown.map((e) => e.id).sort()).toEqual(['kept-by-tenant', 'within-booth']);
    expect(shown.find((e) => e.id === 'kept-by-tenant')?.expiresAt).toBe(kept + TENANT_SECONDS * 1000);
    expect(await wall.find('kept-by-tenant')).toBeDefined();
    expect(await wall.find('past-own')).toBeUndefined();
    expect(await wall.find('past-booth')).toBeUndefined();
  });

  it('shows waiting pictures for approval by the same rule', async () => {
    const jobs = new JobStore(db);
    const rows = new WallRows(db);
    const wall = new LocalWallJobs(rows, BOOTH_SECONDS);
    for (const [id, ago, own] of [
      ['waiting-kept', 2 * BOOTH_SECONDS, TENANT_SECONDS],
      ['waiting-gone', 2 * BOOTH_SECONDS, null],
    ] as const) {
      jobs.create({
        id,
        styleId: 'comic',
        prompt: 'comic',
        uploadPath: `${id}.jpg`,
        tenant: 'gala',
        retentionSeconds: own,
      });
      jobs.complete(id, ['1.png']);
      db.prepare('UPDATE jobs SET finished_at = ? WHERE id = ?').run(Date.now() - ago * 1000, id);
      rows.say(id, true, false);
    }
    expect((await wall.waiting('gala', 10)).map((e) => e.id)).toEqual(['waiting-kept']);
  });
});

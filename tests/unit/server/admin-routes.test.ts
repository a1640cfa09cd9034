// The console API's routes, as its Hono app registers them, against the list the 401 and 403
// tests walk (tests/integration/server/support/console-routes.ts): a route added without being
// listed there fails here, so "every route answers 401 / 403" stays true of every route.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AccountStore } from '../../../server/storage/accounts.ts';
import { SessionStore } from '../../../server/storage/sessions.ts';
import { adminApi } from '../../../server/hosts/admin-api.ts';
import type { EventJobs } from '../../../server/jobs/event-jobs.ts';
import type { AdminWallDeps } from '../../../server/hosts/admin-wall.ts';
import { LoginThrottle } from '../../../server/limits/login-throttle.ts';
import { Publisher } from '../../../server/publish/runs.ts';
import { TenantBundles } from '../../../server/publish/bundles.ts';
import { openDatabase } from '../../../server/storage/database.ts';
import { StyleStore } from '../../../server/storage/styles.ts';
import { TenantStore } from '../../../server/storage/tenants.ts';
import { CONSOLE_ROUTES } from '../../integration/server/support/console-routes.ts';

describe('the console API routes', () => {
  it('are the ones the 401 and 403 tests walk, no more and no fewer', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-routes-'));
    const db = openDatabase(dir);
    try {
      const api = adminApi({
        accounts: new AccountStore(db, { username: 'op', password: 'a long enough password' }),
        sessions: new SessionStore(db, 3600_000),
        tenants: new TenantStore(db),
        styles: new StyleStore(db),
        datasetId: 'test',
        extraReserved: [],
        tenantAssetsDir: dir,
        throttle: new LoginThrottle(5, 60_000),
        trustedProxies: new Set(),
        defaultPassword: false,
        uploads: { imageBytes: 1, videoBytes: 1, maxPixels: 1 },
        publish: {
          publisher: new Publisher({ buildEnv: () => null, siteDataFile: path.join(dir, 'site.json') }),
          siteDataFile: path.join(dir, 'site.json'),
          bundles: new TenantBundles({
            dir,
            siteDataFile: path.join(dir, 'site.json'),
            siteDir: dir,
            buildEnv: () => null,
          }),
        },
        // Routes are only listed here, never called.
        events: {} as EventJobs,
        wall: {} as AdminWallDeps,
      });
      // Handlers only: middleware (method ALL) and the catch-all 404 are not routes of their own.
      const registered = [
        ...new Set(api.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`)),
      ].sort();
      const listed = CONSOLE_ROUTES.map(
        (r) =>
          `${r.method} ${r.path
            .replace('{slug}', ':slug')
            .replace(/\/results\/x$/, '/results/:jobId')
            .replace(/\/wall\/x$/, '/wall/:jobId')
            .replace(/\/accounts\/x$/, '/accounts/:username')
            .replace(/\/publish\/x$/, '/publish/:id')
            .replace(/\/files\/logo$/, '/files/:kind')}`,
      ).sort();
      expect(registered).toEqual(listed);
    } finally {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

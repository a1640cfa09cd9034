// The event routes on the scale-out path, whose jobs are in Redis and S3: a sentence, not a
// made-up count, once the account and the tenant are checked.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Account } from '../../../server/admin/accounts.ts';
import { adminEvents } from '../../../server/hosts/admin-events.ts';
import { seed } from '../../../server/seed/seed.ts';
import { openDatabase } from '../../../server/storage/database.ts';
import { StyleStore } from '../../../server/storage/styles.ts';
import { TenantStore } from '../../../server/storage/tenants.ts';

let dir: string;
let db: DatabaseSync;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-events-'));
  db = openDatabase(dir);
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function app(account: Account) {
  const tenants = new TenantStore(db);
  seed(tenants, 'test', path.join(dir, 'tenants'));
  const host = new Hono<{ Variables: { account: Account } }>();
  host.use('*', async (c, next) => {
    c.set('account', account);
    return next();
  });
  host.route('/', adminEvents({ tenants, styles: new StyleStore(db), datasetId: 'test', reserved: new Set(), jobs: null }));
  return host;
}

describe('the event routes on the scale-out path', () => {
  it('answer 501 with a sentence for a tenant the account may see, after the 403 and 404', async () => {
    const operator = app({ username: 'op', role: 'operator', tenant: null });
    for (const [method, p] of [['GET', '/tenants/aurora/events'], ['GET', '/tenants/aurora/results'], ['DELETE', '/tenants/aurora/results/x'], ['DELETE', '/tenants/aurora/results']] as const) {
      const res = await operator.request(p, { method });
      expect(res.status, `${method} ${p}`).toBe(501);
      expect(((await res.json()) as { error: string }).error).toMatch(/BOOTH_REDIS_URL/);
    }
    expect((await operator.request('/tenants/nobody/events')).status).toBe(404);
    const staff = app({ username: 'staff', role: 'tenant', tenant: 'meadow' });
    expect((await staff.request('/tenants/aurora/events')).status).toBe(403);
  });
});

// The console's passwords, sessions and accounts on a real SQLite file, with a clock the test moves.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseSync } from 'node:sqlite';
import { AccountStore } from '../../../server/storage/accounts.ts';
import { hashPassword, passwordMatches, passwordProblem } from '../../../server/storage/passwords.ts';
import { SessionStore } from '../../../server/storage/sessions.ts';
import { openDatabase } from '../../../server/storage/database.ts';

let dir: string;
let db: DatabaseSync;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-auth-'));
  db = openDatabase(dir);
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('console passwords', () => {
  it('are scrypt hashes with their own salt, matched only by the password', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(await passwordMatches('correct horse battery', a)).toBe(true);
    expect(await passwordMatches('correct horse batterY', a)).toBe(false);
    expect(await passwordMatches('anything', 'not-a-hash')).toBe(false);
    expect(passwordProblem('short')).toMatch(/at least 12/);
    expect(passwordProblem('long enough now')).toBeNull();
  });
});

describe('console sessions', () => {
  it('open for their lifetime, keep only a hash of their id, and end on sign-out', () => {
    let now = 1_000_000;
    const sessions = new SessionStore(db, 60_000, () => now);
    const id = sessions.create('ops');
    expect(id).toMatch(/^[\w-]{43}$/);
    expect(sessions.user(id)).toBe('ops');
    expect(sessions.user(`${id}x`)).toBeNull();
    const stored = db.prepare('SELECT id_hash FROM console_sessions').all() as { id_hash: string }[];
    expect(stored.map((r) => r.id_hash)).not.toContain(id);
    now += 60_000;
    expect(sessions.user(id)).toBeNull();
    const again = sessions.create('ops');
    sessions.end(again);
    expect(sessions.user(again)).toBeNull();
  });

  it('all end when their account is deleted', () => {
    const sessions = new SessionStore(db, 60_000);
    const one = sessions.create('staff');
    const two = sessions.create('staff');
    const other = sessions.create('ops');
    sessions.endAll('staff');
    expect([sessions.user(one), sessions.user(two), sessions.user(other)]).toEqual([null, null, 'ops']);
  });
});

describe('console accounts', () => {
  it('sign in the service account as an operator and stored accounts with their role and tenant', async () => {
    const accounts = new AccountStore(db, { username: 'booth-build', password: 'service-secret' });
    expect(await accounts.verify('booth-build', 'service-secret')).toEqual({
      username: 'booth-build',
      role: 'operator',
      tenant: null,
    });
    expect(await accounts.verify('booth-build', 'wrong')).toBeNull();
    expect(await accounts.add({ username: 'booth-build', role: 'tenant', tenant: 'aurora' }, 'a long password')).toBe(
      false,
    );
    expect(await accounts.add({ username: 'staff', role: 'tenant', tenant: 'aurora' }, 'a long password')).toBe(true);
    expect(await accounts.verify('staff', 'a long password')).toEqual({
      username: 'staff',
      role: 'tenant',
      tenant: 'aurora',
    });
    expect(await accounts.verify('staff', 'a long passworD')).toBeNull();
    expect(await accounts.verify('nobody', 'a long password')).toBeNull();
    const row = db.prepare('SELECT password_hash FROM console_accounts').get() as { password_hash: string };
    expect(row.password_hash).not.toContain('a long password');
    accounts.removeTenant('aurora');
    expect(accounts.find('staff')).toBeNull();
  });
});

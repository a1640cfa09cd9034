// Console accounts: operators manage every tenant, a tenant account one tenant only. The service
// account of the settings (BOOTH_SERVICE_USERNAME / _PASSWORD) is the first operator; it is never
// stored, so changing the setting changes it.
import type { DatabaseSync } from 'node:sqlite';
import { sameSecret } from '../auth/jwt.ts';
import { DUMMY_HASH, hashPassword, passwordMatches } from './passwords.ts';

export type Role = 'operator' | 'tenant';

export interface Account {
  username: string;
  role: Role;
  /** The one tenant a tenant account manages; null for operators. */
  tenant: string | null;
}

export interface ServiceAccount {
  username: string;
  password: string;
}

type AccountRow = { username: string; password_hash: string; role: string; tenant: string | null };
const toAccount = (row: AccountRow): Account => ({
  username: row.username,
  role: row.role === 'operator' ? 'operator' : 'tenant',
  tenant: row.tenant,
});

export class AccountStore {
  readonly #db: DatabaseSync;
  readonly #service: ServiceAccount;

  constructor(db: DatabaseSync, service: ServiceAccount) {
    this.#db = db;
    this.#service = service;
  }

  get serviceUsername() {
    return this.#service.username;
  }

  #row(username: string): AccountRow | undefined {
    return this.#db.prepare('SELECT * FROM console_accounts WHERE username = ?').get(username) as
      | AccountRow
      | undefined;
  }

  /** The account the name and password sign in, or null. Every path does one scrypt check. */
  async verify(username: string, password: string): Promise<Account | null> {
    const row = this.#row(username);
    const stored = await passwordMatches(password, row?.password_hash ?? DUMMY_HASH);
    // Both compared every time, so a wrong name takes as long as a wrong password.
    const serviceOk = sameSecret(username, this.#service.username) && sameSecret(password, this.#service.password);
    if (serviceOk) return this.find(username);
    return row && stored ? toAccount(row) : null;
  }

  find(username: string): Account | null {
    if (username === this.#service.username) return { username, role: 'operator', tenant: null };
    const row = this.#row(username);
    return row ? toAccount(row) : null;
  }

  list(): Account[] {
    const rows = this.#db.prepare('SELECT * FROM console_accounts ORDER BY username').all() as AccountRow[];
    return [{ username: this.#service.username, role: 'operator', tenant: null }, ...rows.map(toAccount)];
  }

  /** False when the name is taken (the service account's included). */
  async add(account: Account, password: string): Promise<boolean> {
    if (account.username === this.#service.username) return false;
    const hash = await hashPassword(password);
    const result = this.#db
      .prepare(
        'INSERT OR IGNORE INTO console_accounts (username, password_hash, role, tenant, created_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(account.username, hash, account.role, account.tenant, Date.now());
    return result.changes > 0;
  }

  remove(username: string): boolean {
    return this.#db.prepare('DELETE FROM console_accounts WHERE username = ?').run(username).changes > 0;
  }

  /** A deleted tenant's accounts go with it. */
  removeTenant(tenant: string) {
    this.#db.prepare('DELETE FROM console_accounts WHERE tenant = ?').run(tenant);
  }
}

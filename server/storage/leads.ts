// Opt-in leads in SQLite: what a guest gave a tenant (contract/leads.ts), kept for the tenant's
// lead retention, deleted with the tenant and on request for one address. Nothing here is ever
// written to a log.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Lead } from '../../contract/leads.ts';

export interface StoredLead extends Lead {
  id: number;
  tenant: string;
  createdAt: number;
}

interface LeadRow {
  id: number;
  tenant: string;
  name: string;
  email: string;
  company: string;
  consent: number;
  created_at: number;
}

const toLead = (r: LeadRow): StoredLead => ({
  id: r.id,
  tenant: r.tenant,
  name: r.name,
  email: r.email,
  company: r.company,
  consent: r.consent === 1,
  createdAt: r.created_at,
});

export class LeadStore {
  #add: StatementSync;
  #list: StatementSync;
  #count: StatementSync;
  #forgetAddress: StatementSync;
  #forgetTenant: StatementSync;
  #expire: StatementSync;
  #tenants: StatementSync;

  constructor(db: DatabaseSync) {
    this.#add = db.prepare(
      'INSERT INTO leads (tenant, name, email, company, consent, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.#list = db.prepare('SELECT * FROM leads WHERE tenant = ? ORDER BY created_at, id');
    this.#count = db.prepare('SELECT COUNT(*) AS n FROM leads WHERE tenant = ?');
    this.#forgetAddress = db.prepare('DELETE FROM leads WHERE tenant = ? AND email = ? COLLATE NOCASE');
    this.#forgetTenant = db.prepare('DELETE FROM leads WHERE tenant = ?');
    this.#expire = db.prepare('DELETE FROM leads WHERE tenant = ? AND created_at < ?');
    this.#tenants = db.prepare('SELECT DISTINCT tenant FROM leads');
  }

  add(tenant: string, lead: Lead, now = Date.now()): number {
    return Number(
      this.#add.run(tenant, lead.name, lead.email, lead.company, lead.consent ? 1 : 0, now).lastInsertRowid,
    );
  }

  /** The tenant's leads, oldest first. */
  list(tenant: string): StoredLead[] {
    return (this.#list.all(tenant) as unknown as LeadRow[]).map(toLead);
  }

  count(tenant: string): number {
    return (this.#count.get(tenant) as { n: number }).n;
  }

  /** Every lead of the tenant with this address (any case); how many there were. */
  forgetAddress(tenant: string, address: string): number {
    return Number(this.#forgetAddress.run(tenant, address.trim()).changes);
  }

  forgetTenant(tenant: string): number {
    return Number(this.#forgetTenant.run(tenant).changes);
  }

  /** The tenant's leads given before `before` (ms); how many. */
  expire(tenant: string, before: number): number {
    return Number(this.#expire.run(tenant, before).changes);
  }

  /** The tenants that have leads. */
  tenants(): string[] {
    return (this.#tenants.all() as { tenant: string }[]).map((r) => r.tenant);
  }
}

/** Emails sent and given up per tenant: the outbox forgets a message once it is done. */
export class MailFigures {
  #count: StatementSync;
  #get: StatementSync;
  #forget: StatementSync;

  constructor(db: DatabaseSync) {
    this.#count = db.prepare(
      `INSERT INTO mail_figures (tenant, sent, failed) VALUES (?, ?, ?)
       ON CONFLICT (tenant) DO UPDATE SET sent = sent + excluded.sent, failed = failed + excluded.failed`,
    );
    this.#get = db.prepare('SELECT sent, failed FROM mail_figures WHERE tenant = ?');
    this.#forget = db.prepare('DELETE FROM mail_figures WHERE tenant = ?');
  }

  count(tenant: string, outcome: 'sent' | 'failed') {
    this.#count.run(tenant, outcome === 'sent' ? 1 : 0, outcome === 'failed' ? 1 : 0);
  }

  of(tenant: string): { sent: number; failed: number } {
    return (this.#get.get(tenant) as { sent: number; failed: number } | undefined) ?? { sent: 0, failed: 0 };
  }

  forgetTenant(tenant: string) {
    this.#forget.run(tenant);
  }
}

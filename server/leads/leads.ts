// Opt-in leads on the booth that holds the tenants' SQLite file, wired once: the store, the
// tenant's published settings (as its pages ask), the sweep that deletes leads past the tenant's
// lead retention (at start, then every hour), and the email figures the event page shows.
import type { DatabaseSync } from 'node:sqlite';
import { LEADS_OFF, leadRetentionDaysOf, type Lead, type LeadKit } from '../../contract/leads.ts';
import { brandingOf } from '../brand/tenant-branding.ts';
import type { FrameLookup } from '../brand/job-frame.ts';
import { LeadStore, MailFigures } from '../storage/leads.ts';

const SWEEP_MS = 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

export interface BoothLeads {
  store: LeadStore;
  mail: MailFigures;
  settings(tenant: string): LeadKit | undefined;
  add(tenant: string, lead: Lead): void;
  /** A lead given at `at` (ms) and queued meanwhile (the scale-out path): stored, or false when its tenant is gone or it is past the tenant's lead retention. */
  keep(tenant: string, lead: Lead, at: number): boolean;
  /** Deletes the leads past each tenant's retention; how many. */
  sweep(now?: number): number;
  /** Everything kept about the tenant's guests here: its leads and its email figures. */
  forgetTenant(tenant: string): void;
  stop(): void;
}

export function startLeads(db: DatabaseSync, lookup: FrameLookup, log: (line: string) => void): BoothLeads {
  const store = new LeadStore(db);
  const mail = new MailFigures(db);
  const settings = (tenant: string): LeadKit | undefined => {
    if (!lookup.tenants.find(lookup.datasetId, tenant)) return undefined;
    const b = brandingOf(lookup, tenant);
    return { ...LEADS_OFF, ...(b ?? {}) } as LeadKit;
  };
  const sweep = (now = Date.now()) => {
    let gone = 0;
    for (const tenant of store.tenants()) {
      // A tenant deleted meanwhile keeps nothing; otherwise its own retention (the default 90 days).
      const days = lookup.tenants.find(lookup.datasetId, tenant) ? leadRetentionDaysOf(brandingOf(lookup, tenant)) : 0;
      gone += store.expire(tenant, now - days * DAY_MS);
    }
    if (gone > 0) log(`leads: ${gone} lead(s) past their tenant's retention deleted`);
    return gone;
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_MS);
  timer.unref();
  return {
    store,
    mail,
    settings,
    add: (tenant, lead) => {
      store.add(tenant, lead);
    },
    keep: (tenant, lead, at) => {
      if (!lookup.tenants.find(lookup.datasetId, tenant)) return false;
      if (at < Date.now() - leadRetentionDaysOf(brandingOf(lookup, tenant)) * DAY_MS) return false;
      store.add(tenant, lead, at);
      return true;
    },
    sweep,
    forgetTenant: (tenant) => {
      store.forgetTenant(tenant);
      mail.forgetTenant(tenant);
    },
    stop: () => clearInterval(timer),
  };
}

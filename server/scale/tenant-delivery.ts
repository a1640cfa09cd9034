// What happens to a tenant's results after the results screen, on the scale-out path: how long
// they are kept (its resultHours), whether its guests may have them sent by email and in which
// languages (its own and its menu's), and which lead fields it asks them for (its leadFields;
// none: no lead form). The control
// node has the tenant store and the published site, so it works them out (brand/tenant-branding.ts)
// and writes them all to one Redis hash, slug → settings, at start, after a publish, when the
// console changes a tenant, and every minute (as tenant-walls.ts does the walls). An API node,
// which knows no tenants, reads a tenant's there when a job is created, an email asked for or a lead sent,
// and keeps it a few seconds (BOOTH_TENANT_FRAME_SECONDS, as it keeps a brand frame).
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { RESULT_HOURS_MAX } from '../../contract/delivery.ts';
import { LANGUAGES, type Language } from '../../contract/i18n/languages.ts';
import { LEAD_FIELDS, type LeadField } from '../../contract/leads.ts';
import { KeptTenantHash, TenantHashMirror } from './tenant-hash.ts';

export const TENANT_DELIVERY_KEY = 'booth:tenant-delivery';

export interface TenantDelivery {
  /** Its results' retention in seconds; null: the booth's own. */
  resultSeconds: number | null;
  /** "Email me my picture" is offered (the tenant's setting, on a booth that sends mail). */
  email: boolean;
  /** The languages its guests may have the email in, its own first (contract/i18n/languages.ts); []: not known. */
  languages: readonly Language[];
  /** The lead fields its pages ask for; []: no lead form. */
  leadFields: readonly LeadField[];
}

const TenantDeliverySchema = z.object({
  resultSeconds: z
    .number()
    .int()
    .min(1)
    .max(RESULT_HOURS_MAX * 3600)
    .nullable(),
  email: z.boolean(),
  // Written by a control node older than the guest's language of an email: the tenant's own, at sending.
  languages: z.array(z.enum(LANGUAGES)).default([]),
  // Written by a control node older than leads on this path: no lead form.
  leadFields: z.array(z.enum(LEAD_FIELDS)).default([]),
});

/** The control node's side: every tenant's settings. */
export class TenantDeliveryMirror extends TenantHashMirror<TenantDelivery> {
  constructor(deps: {
    client: Redis;
    slugs: () => string[];
    of: (slug: string) => TenantDelivery | null;
    log: (line: string) => void;
  }) {
    super({ ...deps, key: TENANT_DELIVERY_KEY, what: "results: the tenants' retention, email and lead settings" });
  }
}

/** An API node's side: a tenant's settings as the control node last wrote them; undefined for no such tenant. */
export class StoredTenantDelivery extends KeptTenantHash<TenantDelivery> {
  constructor(client: Redis, options: { timeoutMs: number; keptSeconds: number }) {
    super(client, TENANT_DELIVERY_KEY, TenantDeliverySchema, options);
  }
}

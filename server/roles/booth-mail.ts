// Email delivery and opt-in leads on the booth's control node. On the embedded default the outbox
// is a table of this SQLite file; on the scale-out path the outbox is in Redis and this node sends
// it, and writes each tenant's retention, email setting and refused words to Redis for the API
// nodes. Leads and the email figures are tables of this SQLite file on either path.
import type { DatabaseSync } from 'node:sqlite';
import type { FrameLookup } from '../brand/job-frame.ts';
import { startLeads } from '../leads/leads.ts';
import type { VisitorTokens } from '../limits/visitor-tokens.ts';
import { startDelivery } from '../mail/delivery.ts';
import { log } from '../process/log.ts';
import type { Settings } from '../process/settings.ts';
import { startScaleDelivery } from '../scale/scale-delivery.ts';
import { startTenantWords } from '../scale/tenant-words.ts';
import type { FileStore } from '../storage/files.ts';
import type { JobStore } from '../storage/jobs.ts';
import type { TenantStore } from '../storage/tenants.ts';
import type { startScalePath } from './scale-path.ts';

export interface BoothMailParts {
  db: DatabaseSync;
  jobs: JobStore;
  files: FileStore;
  tenants: TenantStore;
  tenantLookup: FrameLookup;
  visitorTokens: VisitorTokens;
  scale: ReturnType<typeof startScalePath> | null;
}

export function startBoothMail(settings: Settings, parts: BoothMailParts) {
  const { db, jobs, files, tenants, tenantLookup, visitorTokens, scale } = parts;
  const leads = startLeads(db, tenantLookup, log);
  const delivery = scale
    ? null
    : startDelivery({
        settings,
        db,
        jobs,
        files,
        lookup: tenantLookup,
        visitors: visitorTokens,
        log,
        counted: (tenant, outcome) => leads.mail.count(tenant, outcome),
      });
  const scaleDelivery =
    scale &&
    startScaleDelivery(settings, settings.scale!, {
      jobs: scale.jobs!,
      store: scale.store,
      visitors: visitorTokens,
      log,
      control: { slugs: () => tenants.slugs(settings.datasetId), lookup: tenantLookup, keepLead: leads.keep },
      counted: (tenant, outcome) => leads.mail.count(tenant, outcome),
    });
  // The tenants' refused words, written to Redis for the API nodes, which check a guest's words with them.
  const scaleWords =
    scale &&
    startTenantWords(settings.scale!, {
      log,
      control: { slugs: () => tenants.slugs(settings.datasetId), lookup: tenantLookup },
    });
  const sendsMail = scaleDelivery ? scaleDelivery.sendsMail : (delivery?.sendsMail ?? false);
  return {
    leads,
    sendsMail,
    jobEmail: scaleDelivery ? scaleDelivery.jobEmail : delivery!.jobEmail,
    /** On the scale-out path, counted in Redis with the API nodes' leads. */
    limits: scaleDelivery ? scaleDelivery.limits : undefined,
    /** After a change to the tenants: what the API nodes read of them written again. */
    tenantsChanged: () => [scaleDelivery?.tenantsChanged(), scaleWords?.tenantsChanged()],
    async close() {
      await delivery?.stop();
      await scaleDelivery?.close();
      scaleWords?.close();
      leads.stop();
    },
  };
}

// Email delivery on the embedded default, wired once: the outbox (a table of the booth's SQLite
// file, sent through the SMTP server of the settings) and what the call needs to check a request
// (hosts/job-email.ts). Without SMTP settings there is no outbox, and the call answers 503.
import type { DatabaseSync } from 'node:sqlite';
import { languagesOffered } from '../../contract/i18n/languages.ts';
import { brandingOf } from '../brand/tenant-branding.ts';
import type { FrameLookup } from '../brand/job-frame.ts';
import type { JobEmailDeps } from '../hosts/job-email.ts';
import { isExpired } from '../embedded/retention.ts';
import type { VisitorTokens } from '../limits/visitor-tokens.ts';
import type { Settings } from '../process/settings.ts';
import type { FileStore } from '../storage/files.ts';
import type { JobStore } from '../storage/jobs.ts';
import { OutboxStore } from '../storage/outbox.ts';
import { composer } from './compose.ts';
import { Outbox } from './outbox.ts';

export interface DeliveryDeps {
  settings: Settings;
  db: DatabaseSync;
  jobs: JobStore;
  files: FileStore;
  lookup: FrameLookup;
  visitors: VisitorTokens;
  log: (line: string) => void;
  /** Counts each message sent or given up for its job's tenant (the event page's figures). */
  counted?: (tenant: string, outcome: 'sent' | 'failed') => void;
}

export function startDelivery({ settings, db, jobs, files, lookup, visitors, log, counted }: DeliveryDeps) {
  const mail = settings.mail;
  const outbox = mail
    ? new Outbox({
        store: new OutboxStore(db),
        settings: mail,
        compose: composer({
          jobs,
          files,
          lookup,
          tenantAssetsDir: settings.tenantAssetsDir,
          retentionSeconds: settings.retentionSeconds,
          publicUrl: settings.publicUrl,
        }),
        log,
        done: (jobId, outcome) => {
          const tenant = jobs.get(jobId)?.tenant;
          if (tenant) counted?.(tenant, outcome);
        },
      })
    : null;
  outbox?.start();
  const jobEmail: JobEmailDeps = {
    outbox,
    job: (id) => {
      const job = jobs.get(id);
      return job && !isExpired(job, settings.retentionSeconds) ? job : undefined;
    },
    offers: (tenant) => brandingOf(lookup, tenant)?.email === true,
    languages: (tenant) => {
      const branding = brandingOf(lookup, tenant);
      return branding ? languagesOffered(branding) : [];
    },
    visitors,
    trustedProxies: settings.trustedProxies,
    perVisitor: mail?.perVisitor ?? 1,
    perMinute: mail?.perMinute ?? 1,
  };
  return { jobEmail, sendsMail: outbox !== null, stop: async () => outbox?.stop() };
}

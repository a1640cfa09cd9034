// What happens to a picture after the results screen, on the scale-out path, as a node composes it:
// each tenant's retention, email and lead settings (tenant-delivery.ts: the control node writes
// them, an API node reads them), "Email me my picture" checked against Redis (the job, the limits of
// every API node together) and stored in the outbox in Redis (mail-queue.ts), a guest's lead queued
// in Redis (lead-queue.ts), and, on the control node, the sender (the picture read from the store,
// the tenant's branding from its own tenant store) and the keeper that stores the queued leads.
import { Redis } from 'ioredis';
import { JOB_STATUS } from '../../contract/index.ts';
import { isLanguage, languagesOffered } from '../../contract/i18n/languages.ts';
import type { FrameLookup } from '../brand/job-frame.ts';
import { brandingOf, resultSecondsOf } from '../brand/tenant-branding.ts';
import type { JobEmailDeps } from '../hosts/job-email.ts';
import { LEADS_PER_VISITOR_PER_MINUTE, type LeadsHostDeps } from '../hosts/leads.ts';
import type { VisitorTokens } from '../limits/visitor-tokens.ts';
import { logoFileOf } from '../mail/compose.ts';
import { pictureMail } from '../mail/message.ts';
import type { Settings } from '../process/settings.ts';
import { MailQueue, startMailSender, type QueuedMail } from './mail-queue.ts';
import type { RedisJobs } from './queue.ts';
import { LeadQueue, startLeadKeeper, type LeadKeeperDeps } from './lead-queue.ts';
import { RedisMinuteLimits } from './redis-minute-limits.ts';
import type { S3Store } from './s3-store.ts';
import type { ScaleSettings } from './settings.ts';
import { StoredTenantDelivery, TenantDeliveryMirror, type TenantDelivery } from './tenant-delivery.ts';

export interface ScaleDeliveryParts {
  jobs: RedisJobs;
  store: S3Store;
  visitors: VisitorTokens;
  log: (line: string) => void;
  /** The control node: its tenants, their branding as its pages show it, where it keeps the queued leads. */
  control?: { slugs: () => string[]; lookup: FrameLookup; keepLead: LeadKeeperDeps['keep'] };
  /** The control node's count of emails sent and given up per tenant (the event's figures). */
  counted?: (tenant: string, outcome: 'sent' | 'failed') => void;
}

/** The results page of a job, on the booth's public address: it shows the picture as long as it is kept. */
const resultsPageOf = (publicUrl: string, tenant: string | null, jobId: string) =>
  `${publicUrl}${tenant ? `/${encodeURIComponent(tenant)}` : ''}/results/${encodeURIComponent(jobId)}`;

export function startScaleDelivery(settings: Settings, scale: ScaleSettings, parts: ScaleDeliveryParts) {
  const { jobs, store, log, control } = parts;
  const mail = settings.mail;
  // Calls made before it connects wait for it (the control node's first write at start); each is bounded all the same.
  const client = new Redis(scale.redisUrl, { maxRetriesPerRequest: 1 });
  client.on('error', () => {});

  const controlOf = (slug: string): TenantDelivery | null => {
    const branding = control ? brandingOf(control.lookup, slug) : null;
    if (!control || !branding) return null;
    return {
      resultSeconds: resultSecondsOf(control.lookup, slug),
      email: mail !== null && branding.email === true,
      languages: languagesOffered(branding),
      leadFields: branding.leadFields ?? [],
    };
  };
  const mirror = control && new TenantDeliveryMirror({ client, slugs: control.slugs, of: controlOf, log });
  mirror?.start();
  const stored = control
    ? null
    : new StoredTenantDelivery(client, { timeoutMs: scale.serviceTimeoutMs, keptSeconds: scale.tenantFrameSeconds });
  const deliveryOf = async (tenant: string | null): Promise<TenantDelivery | null> => {
    if (tenant === null) return null;
    return control ? controlOf(tenant) : ((await stored!.of(tenant)) ?? null);
  };

  const outbox = mail ? new MailQueue(scale.redisUrl, { timeoutMs: scale.serviceTimeoutMs, log }) : null;
  // A guest's emails and leads, counted for every node together.
  const limits = new RedisMinuteLimits((work) => jobs.withRedis(work));
  const jobEmail: JobEmailDeps = {
    outbox,
    job: (id) => jobs.find(id),
    offers: async (tenant) => (await deliveryOf(tenant))?.email === true,
    languages: async (tenant) => (await deliveryOf(tenant))?.languages ?? [],
    visitors: parts.visitors,
    trustedProxies: settings.trustedProxies,
    perVisitor: mail?.perVisitor ?? 1,
    perMinute: mail?.perMinute ?? 1,
    limits,
  };

  // An API node's leads: checked as on the embedded default, queued in Redis for the control node.
  const leadQueue = control ? null : new LeadQueue(scale.redisUrl, { timeoutMs: scale.serviceTimeoutMs });
  const leads: LeadsHostDeps = {
    settings: async (tenant) => {
      const delivery = await deliveryOf(tenant);
      return delivery ? { leadFields: delivery.leadFields } : undefined;
    },
    store: (tenant, lead) => leadQueue!.queue(tenant, lead),
    visitors: parts.visitors,
    trustedProxies: settings.trustedProxies,
    perVisitor: LEADS_PER_VISITOR_PER_MINUTE,
    limits,
  };
  const keeper = control ? startLeadKeeper({ redisUrl: scale.redisUrl, keep: control.keepLead, log }) : null;

  // The message when its turn comes, from what is there then: a picture deleted or expired meanwhile is not sent.
  const compose = async ({ jobId, address, language }: QueuedMail) => {
    const job = await jobs.find(jobId);
    if (!job || job.status !== JOB_STATUS.completed || !job.image) return null;
    const data = await store.getObject(store.resultKey(jobId, job.image));
    if (!data) return null;
    const branding = brandingOf(control!.lookup, job.tenant);
    // A public base URL (a CDN) never expires; a signed URL would, before the result does.
    const url = scale.resultsPublicUrl
      ? await store.resultUrl(jobId, job.image)
      : settings.publicUrl
        ? resultsPageOf(settings.publicUrl, job.tenant, jobId)
        : null;
    return pictureMail(
      branding,
      address,
      { file: job.image, data, url, keptUntil: job.keptUntil },
      logoFileOf(branding, settings.tenantAssetsDir),
      // Queued by a node older than the guest's language: the tenant's own.
      isLanguage(language) ? language : null,
    );
  };
  // Counted under the job's tenant; a job gone meanwhile (deleted, expired) is in no tenant's figures.
  const done = (message: QueuedMail, outcome: 'sent' | 'failed') =>
    void jobs
      .find(message.jobId)
      .then((job) => job?.tenant && parts.counted?.(job.tenant, outcome))
      .catch(() => {});
  const sender =
    control && mail ? startMailSender({ redisUrl: scale.redisUrl, settings: mail, compose, log, done }) : null;

  return {
    jobEmail,
    /** An API node's lead form; the control node keeps its own (in its SQLite file) and counts with `limits`. */
    leads,
    limits,
    sendsMail: mail !== null,
    /** A job's retention by its tenant; null: the booth's own. */
    resultSeconds: async (tenant: string | null) => (await deliveryOf(tenant))?.resultSeconds ?? null,
    /** The control node, after a publish or a console change: the API nodes follow within BOOTH_TENANT_FRAME_SECONDS. */
    tenantsChanged: async () => mirror?.sync(),
    async close() {
      mirror?.stop();
      await sender?.close();
      await keeper?.close();
      await outbox?.close();
      await leadQueue?.close();
      client.disconnect();
    },
  };
}

// The words a tenant's guests may not type into a style's inputs (its branding's refusedWords and
// refusedWordsText), on the scale-out path. The control node has the tenant store and the published
// site, so it works each tenant's out (brand/tenant-branding.ts, as the embedded default does) and
// writes them all to one Redis hash, slug → words, at start, after a publish, when the console
// changes a tenant, and every minute (tenant-hash.ts). An API node, which knows no tenants, reads a
// tenant's there when a job is created and keeps it a few seconds (BOOTH_TENANT_FRAME_SECONDS), so
// it refuses the same words, with the same sentence, as the embedded default.
import { Redis } from 'ioredis';
import { z } from 'zod';
import {
  MAX_REFUSED_WORDS,
  REFUSED_WORDS_TEXT_LIMIT,
  TEXT_INPUT_MAX_LENGTH,
  type RefusedWords,
} from '../../contract/style-inputs.ts';
import type { FrameLookup } from '../brand/job-frame.ts';
import { refusedWordsOf } from '../brand/tenant-branding.ts';
import type { ScaleSettings } from './settings.ts';
import { KeptTenantHash, TenantHashMirror } from './tenant-hash.ts';

export const TENANT_WORDS_KEY = 'booth:tenant-words';

const RefusedWordsSchema = z.object({
  words: z.array(z.string().min(1).max(TEXT_INPUT_MAX_LENGTH)).min(1).max(MAX_REFUSED_WORDS),
  sentence: z.string().min(1).max(REFUSED_WORDS_TEXT_LIMIT),
});

export interface TenantWordsParts {
  log: (line: string) => void;
  /** The control node: its tenants, their branding as its pages show it. */
  control?: { slugs: () => string[]; lookup: FrameLookup };
}

/** Each tenant's refused words on the scale-out path: written by the control node, read by an API node. */
export function startTenantWords(scale: ScaleSettings, { log, control }: TenantWordsParts) {
  const client = new Redis(scale.redisUrl, { maxRetriesPerRequest: 1 });
  client.on('error', () => {});
  const mirror =
    control &&
    new TenantHashMirror<RefusedWords>({
      client,
      key: TENANT_WORDS_KEY,
      slugs: control.slugs,
      of: (slug) => refusedWordsOf(control.lookup, slug),
      log,
      what: "the guest's words: the tenants' refused words",
    });
  mirror?.start();
  const stored = control
    ? null
    : new KeptTenantHash(client, TENANT_WORDS_KEY, RefusedWordsSchema, {
        timeoutMs: scale.serviceTimeoutMs,
        keptSeconds: scale.tenantFrameSeconds,
      });
  return {
    /** The tenant's refused words and its sentence; null for none, or no tenant. */
    refusedWords: async (tenant: string | null): Promise<RefusedWords | null> => {
      if (tenant === null) return null;
      return control ? refusedWordsOf(control.lookup, tenant) : ((await stored!.of(tenant)) ?? null);
    },
    /** The control node, after a publish or a console change: the API nodes follow within BOOTH_TENANT_FRAME_SECONDS. */
    tenantsChanged: async () => mirror?.sync(),
    close() {
      mirror?.stop();
      client.disconnect();
    },
  };
}

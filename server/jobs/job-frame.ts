// Which brand a tenant puts on its results, decided when the job is created and stored with it:
// its frame, else its logo as a corner mark, else nothing. The tenant's branding goes through
// the same rule the build applies (contract/branding.ts), so a field the build refuses is
// refused here too. Only images inside the tenant bucket are used: the server reads no other host.
import path from 'node:path';
import { STICKER_PROMPT_WORD, slugProblem } from '../../contract/index.ts';
import { DEFAULT_BRANDING, resolveBranding } from '../../contract/branding.ts';
import { resolveInside } from '../files/safe-path.ts';
import type { JobFrame } from '../storage/jobs.ts';
import type { TenantStore } from '../storage/tenants.ts';
import type { FrameFiles } from './brand-frame.ts';

export interface FrameLookup {
  tenants: TenantStore;
  datasetId: string;
}

const isBucketName = (value: string) => value !== '' && !/^https?:/i.test(value);

/** Why a `tenant` value of the create call cannot be a slug, as the sentence of a 400; null when it can. */
export function tenantProblem(tenant: string | undefined): string | null {
  if (tenant === undefined) return null;
  // The form only: a reserved or unknown slug is simply a tenant without a frame.
  const why = slugProblem(tenant, new Set());
  return why ? `tenant must be a tenant's slug: ${why}. Send the slug of the booth's tenant, or leave tenant out.` : null;
}

/** The slug stored with a job: one of the booth's tenants, else null, as an unknown tenant gets no frame either. */
export function knownTenant(lookup: FrameLookup, tenant: string | undefined): string | null {
  return tenant !== undefined && lookup.tenants.item(lookup.datasetId, tenant) ? tenant : null;
}

/** The brand for a job of this tenant; null for a missing or unknown tenant, or one with neither frame nor logo mark. */
export function frameForTenant(lookup: FrameLookup, tenant: string | undefined): JobFrame | null {
  if (tenant === undefined) return null;
  const item = lookup.tenants.find(lookup.datasetId, tenant);
  if (!item) return null;
  // Not the build's fallback images: the default tenant's local files are not in the bucket.
  const { branding } = resolveBranding(item, { ...DEFAULT_BRANDING, logoUrl: '' });
  if (isBucketName(branding.frameUrl)) return { frame: branding.frameUrl };
  if (branding.logoMark && isBucketName(branding.logoUrl)) return { mark: branding.logoUrl };
  return null;
}

/** A sticker gets no brand: its transparent die-cut is the picture, and a frame or a mark would be drawn outside the cut, on nothing, and stop it peeling. */
export const takesFrame = (prompt: string) => !prompt.toLowerCase().includes(STICKER_PROMPT_WORD);

/** The files of a job's brand in the tenant asset folder, or why they cannot be used (none for a sticker). */
export function frameFiles(frame: JobFrame | null, prompt: string, tenantAssetsDir: string | undefined): { files?: FrameFiles; problem?: string } {
  if (!frame || !tenantAssetsDir || !takesFrame(prompt)) return {};
  const name = frame.frame ?? frame.mark;
  if (!name) return {};
  const file = resolveInside(tenantAssetsDir, name);
  if (!file) return { problem: `${path.join(tenantAssetsDir, name)} is missing` };
  return { files: frame.frame ? { frame: file } : { mark: file } };
}

// A tenant's branding as its published pages show it, for what the booth does with a result after
// its job: how long it is kept (resultHours, fixed on the job when it is created) and the email a
// guest asks for (its name, colours, logo, and whether it offers email at all). From the last
// publish (publish/published.ts), as the finish is (job-frame.ts): a change reaches guests at
// Publish; before the booth's first build, the saved branding through the build's rule.
import { DEFAULT_BRANDING, resolveBranding } from '../../contract/branding.ts';
import type { TenantBranding } from '../../contract/index.ts';
import type { FrameLookup } from './job-frame.ts';
import { REFUSED_WORDS_TEXT, type RefusedWords } from '../../contract/style-inputs.ts';

/** The tenant's branding; null for none, a deleted tenant, or one whose pages are not published. */
export function brandingOf(lookup: FrameLookup, tenant: string | null): TenantBranding | null {
  if (tenant === null) return null;
  const item = lookup.tenants.find(lookup.datasetId, tenant);
  if (!item) return null;
  const published = lookup.published?.branding(tenant);
  if (published === null) return null;
  // Not the build's fallback images: the default tenant's local files are not in the bucket.
  return published ?? resolveBranding(item, { ...DEFAULT_BRANDING, logoUrl: '' }).branding;
}

/** The tenant's retention in seconds; null for none set or no tenant (the booth's own applies). */
export function resultSecondsOf(lookup: FrameLookup, tenant: string | null): number | null {
  const hours = brandingOf(lookup, tenant)?.resultHours ?? 0;
  return hours && hours > 0 ? hours * 3600 : null;
}

/** The words the tenant's guests may not type into a style's inputs, and its sentence; null for none. */
export function refusedWordsOf(lookup: FrameLookup, tenant: string | null): RefusedWords | null {
  const branding = brandingOf(lookup, tenant);
  if (!branding?.refusedWords?.length) return null;
  return { words: branding.refusedWords, sentence: branding.refusedWordsText || REFUSED_WORDS_TEXT };
}

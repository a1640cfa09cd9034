// Which tenants changed since the site was last built: each stored branding, read as the build
// reads it (contract/branding.ts), against what the last build baked in (the site data file it
// wrote). Uploads get a new file name per content (admin/uploads.ts), so a new logo is a changed
// field too. Nothing is recorded on the side: a restart or a build by hand is seen the same way.
import { servedForMail } from '../../contract/delivery.ts';
import fs from 'node:fs';
import { DEFAULT_TENANT_SLUG, type SiteData } from '../../contract/index.ts';
import { DEFAULT_BRANDING, resolveBranding } from '../../contract/branding.ts';
import type { TenantStore } from '../storage/tenants.ts';

/** The last build's site data, or null when there is none (or it cannot be read). */
export function lastBuild(siteDataFile: string): SiteData | null {
  try {
    return JSON.parse(fs.readFileSync(siteDataFile, 'utf8')) as SiteData;
  } catch {
    return null;
  }
}

/**
 * Tenants deleted since the last build: their pages were taken out of the served site when they
 * were deleted, and the next publish drops them from the site data and the host's rules.
 */
export function removedTenants(tenants: TenantStore, datasetId: string, siteDataFile: string): string[] {
  const built = lastBuild(siteDataFile);
  if (!built) return [];
  const present = new Set(tenants.slugs(datasetId));
  return built.tenants.map((t) => t.slug).filter((slug) => !present.has(slug));
}

/** Slugs whose pages differ from their stored branding, in the content host's order (deleted tenants: removedTenants). */
export function changedTenants(
  tenants: TenantStore,
  datasetId: string,
  siteDataFile: string,
  sendsMail = true,
): string[] {
  const slugs = tenants.slugs(datasetId);
  const built = lastBuild(siteDataFile);
  if (!built) return slugs;
  const changed: string[] = [];
  for (const slug of slugs) {
    const stored = tenants.item(datasetId, slug);
    if (!stored || 'problem' in stored) continue;
    const isDefault = slug === DEFAULT_TENANT_SLUG;
    // As scripts/pipeline/tenants.ts resolves it: the default tenant keeps its local images.
    // As the content host serves it (server/hosts/content.ts): without a mail server, email off.
    const served = servedForMail(stored.item, sendsMail);
    const now = isDefault ? resolveBranding(served, DEFAULT_BRANDING, { keepImages: true }) : resolveBranding(served);
    const before = isDefault ? built.defaultTenant : built.tenants.find((t) => t.slug === slug);
    if (!before || JSON.stringify(now.branding) !== JSON.stringify(before)) changed.push(slug);
  }
  return changed;
}

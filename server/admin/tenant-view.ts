// A tenant as the console shows it: what is stored, what the build makes of it, and its problems.
import { DEFAULT_TENANT_SLUG } from '../../contract/index.ts';
import { DEFAULT_BRANDING, resolveBranding } from '../../contract/branding.ts';
import type { TenantStore } from '../storage/tenants.ts';
import { missingFiles } from './tenant-files.ts';

export interface TenantViewDeps {
  tenants: TenantStore;
  datasetId: string;
  /** Where a tenant's files live: {dir}/{slug}/. */
  tenantAssetsDir: string;
}

/** The tenant's view, or null when there is no tenant with this slug. */
export function tenantView(deps: TenantViewDeps, slug: string) {
  const stored = deps.tenants.item(deps.datasetId, slug);
  if (!stored) return null;
  if ('problem' in stored)
    return {
      slug,
      branding: null,
      resolved: null,
      problems: [`Its stored branding cannot be read: ${stored.problem}.`],
    };
  // As the build reads it: the default tenant keeps its local images (scripts/pipeline/tenants.ts).
  const resolved = resolveBranding(stored.item, DEFAULT_BRANDING, { keepImages: slug === DEFAULT_TENANT_SLUG });
  // A file the branding names that is not there is reported like a refused value.
  const missing = missingFiles(resolved.branding, deps.tenantAssetsDir);
  return {
    slug,
    branding: stored.item,
    resolved: resolved.branding,
    problems: [...resolved.problems, ...missing.problems],
    files: missing.fields,
  };
}

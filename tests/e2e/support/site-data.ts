// What the e2e build produced: the tenants and styles the pages were built from.
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { SiteData, TenantBranding } from '../../../contract/index.ts';

export function readSiteData(): SiteData {
  return JSON.parse(readFileSync(inject('siteDataFile'), 'utf8'));
}

export function tenant(slug: string): TenantBranding {
  const data = readSiteData();
  const found = data.tenants.find((t) => t.slug === slug);
  if (!found) throw new Error(`tenant ${slug} was not built`);
  return found;
}

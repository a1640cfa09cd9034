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

/**
 * A tenant added for the e2e run: no background image, and a logo the build refuses. Its pages
 * fall back to the default tenant's local images.
 */
export const IMAGELESS_TENANT = {
  slug: 'plainfolk',
  client: 'Plainfolk Fair',
  viewFinderTitle: 'Plainfolk Fair booth',
  viewFinderDesc: 'A tenant with no images of its own.',
  logoUrl: 'javascript:alert(1)',
  backgroundColor: '#1d1d3a',
  textColor: '#f4f4f4',
  accentColor: '#ffcc33',
} as const;

/** A tenant added for the e2e run that asks for leads before the camera (contract/leads.ts). */
export const LEAD_TENANT = {
  slug: 'leadfolk',
  client: 'Leadfolk Expo',
  backgroundColor: '#14213d',
  textColor: '#ffffff',
  accentColor: '#fca311',
  leadFields: ['name', 'email', 'company'],
  leadPlace: 'camera',
  leadConsentText: 'Yes, Leadfolk Expo may email me about its next expo.',
  leadPrivacyUrl: 'https://leadfolk.example/privacy',
} as const;

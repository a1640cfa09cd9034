// Build-time only: reads the SiteData the build pipeline wrote and turns it into page sets.
// Pages call this from getStaticPaths; browsers never fetch tenants.generated.json.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SiteData, TenantBranding } from '../../contract/index.ts';
import { SITE_DATA_HANDOFF } from '../../contract/site-data.ts';
import { tenantBase } from './paths.ts';

/** One tenant's page set: its branding and the path prefix its screens live under. */
export interface TenantPage {
  branding: TenantBranding;
  /** '' (served from the root) or '/{slug}'. */
  base: string;
  /** The default tenant uses local static images; every other tenant goes through the proxy. */
  localImages: boolean;
  site: SiteData;
}

let cached: SiteData | undefined;

/**
 * The site data the pages are rendered with: the one a publish hands the kept renderer
 * (SITE_DATA_HANDOFF), else the file `astro build` was pointed at, read once per build.
 */
export function loadSiteData(file = process.env.BOOTH_SITE_DATA || 'tenants.generated.json'): SiteData {
  const handed = (globalThis as { [SITE_DATA_HANDOFF]?: SiteData })[SITE_DATA_HANDOFF];
  if (handed) return handed;
  if (cached) return cached;
  const path = resolve(process.cwd(), file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new Error(
      `The site data file ${path} is missing. Run "npm run build", which writes it before building the pages.`,
    );
  }
  cached = JSON.parse(text) as SiteData;
  return cached;
}

/**
 * Every page set of the site. With BOOTH_ROOT_TENANT={slug} only that tenant is built, served
 * from the root with no prefix: the per-tenant bundle a tenant uploads to its own static host.
 */
export function tenantPages(site = loadSiteData(), rootTenant = process.env.BOOTH_ROOT_TENANT): TenantPage[] {
  if (rootTenant) {
    const branding = site.tenants.find((t) => t.slug === rootTenant);
    if (branding) return [{ branding, base: '', localImages: false, site }];
    if (rootTenant !== site.defaultTenant.slug)
      throw new Error(`BOOTH_ROOT_TENANT: no tenant has the slug "${rootTenant}".`);
  }
  const pages: TenantPage[] = [{ branding: site.defaultTenant, base: '', localImages: true, site }];
  if (rootTenant) return pages;
  for (const branding of site.tenants)
    pages.push({ branding, base: tenantBase(branding.slug), localImages: false, site });
  return pages;
}

/** getStaticPaths of a [...tenant] route: the default page set has no tenant parameter. */
export function tenantStaticPaths() {
  return tenantPages().map((page) => ({
    params: { tenant: page.base ? page.base.slice(1) : undefined },
    props: { page },
  }));
}

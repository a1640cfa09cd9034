// Build-time only: reads the SiteData the build pipeline wrote and turns it into page sets.
// Pages call this from getStaticPaths; browsers never fetch tenants.generated.json.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SiteData, TenantBranding } from '../../contract/index.ts';
import type { Language } from '../../contract/i18n/languages.ts';
import { SITE_DATA_HANDOFF } from '../../contract/site-data.ts';
import { tenantBase } from './paths.ts';

/** One tenant's page set: its branding and the path prefix its screens live under. */
export interface TenantPage {
  branding: TenantBranding;
  /** '' (served from the root) or '/{slug}', and '/{code}' after it for a guest's language. */
  base: string;
  /** The base of the tenant's page set in its own language: the language menu's way back. */
  home: string;
  /** A guest's language other than the tenant's own (its branding's `languages`); absent: the tenant's. */
  language?: Language;
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
    if (branding) return withLanguages({ branding, base: '', home: '', localImages: false, site });
    if (rootTenant !== site.defaultTenant.slug)
      throw new Error(`BOOTH_ROOT_TENANT: no tenant has the slug "${rootTenant}".`);
  }
  const pages = withLanguages({ branding: site.defaultTenant, base: '', home: '', localImages: true, site });
  if (rootTenant) return pages;
  for (const branding of site.tenants) {
    const base = tenantBase(branding.slug);
    pages.push(...withLanguages({ branding, base, home: base, localImages: false, site }));
  }
  return pages;
}

/** A tenant's page set, and one more under /{code} for each other language its guests may choose. */
function withLanguages(page: TenantPage): TenantPage[] {
  const [, ...others] = page.branding.languages ?? [];
  return [page, ...others.map((language) => ({ ...page, base: `${page.base}/${language}`, language }))];
}

/** getStaticPaths of a [...tenant] route: the default page set has no tenant parameter. */
export function tenantStaticPaths() {
  return tenantPages().map((page) => ({
    params: { tenant: page.base ? page.base.slice(1) : undefined },
    props: { page },
  }));
}

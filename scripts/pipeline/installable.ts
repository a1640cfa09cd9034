// After astro build: every page set of the site made an installable web app (web-app.ts) with
// its service worker (service-worker.ts). The logo of a tenant other than the default is read
// through the image proxy, as its pages show it; one that cannot be read gives icons with the
// client's initial instead, and a line saying so.
import { existsSync } from 'node:fs';
import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { proxyImageUrl, signedImageKey, signedSizeFor } from '../../contract/proxy-url.ts';
import type { SiteData, TenantBranding } from '../../contract/site-data.ts';
import { writeServiceWorker } from './service-worker.ts';
import { ICONS, ICONS_DIR, writeLanguageManifests, writeWebApp } from './web-app.ts';

/** An icon's logo is asked at this size (the largest icon is 512 px). */
const LOGO_SIZE = { width: 512, height: 512 };
const LOGO_TIMEOUT_MS = 15_000;
/** Logos fetched and icons drawn at once: a build of a thousand tenants must not open a thousand sockets. */
const AT_ONCE = 8;

export interface InstallableOptions {
  /** Only this tenant, served from the root (a per-tenant bundle). */
  rootTenant?: string;
  /** The last full build: a bundle takes each tenant's icons from it instead of fetching its logo again. */
  lastSiteDir?: string;
  /** Origin of the image proxy when the site data says '' (the site's own origin): the embedded server's. */
  proxyOrigin: string;
  fetch?: typeof fetch;
  warn?: (line: string) => void;
}

/** Where the tenant's logo can be fetched from, or the local file it is. */
export function logoSource(
  site: SiteData,
  branding: TenantBranding,
  proxyOrigin: string,
): { url: string } | { file: string } {
  const logo = branding.logoUrl;
  if (logo.startsWith('/')) return { file: logo };
  if (/^https?:\/\//i.test(logo)) return { url: logo };
  const proxy = { ...site.imageProxy, host: site.imageProxy.host || proxyOrigin };
  const signatures = site.imageProxy.signatures?.[signedImageKey(logo, 'fit')];
  if (!signatures) return { url: proxyImageUrl(proxy, logo, LOGO_SIZE, 'fit') };
  const size = signedSizeFor(LOGO_SIZE);
  return { url: proxyImageUrl(proxy, logo, size, 'fit', signatures[size.index]) };
}

async function readLogo(
  siteDir: string,
  site: SiteData,
  branding: TenantBranding,
  options: InstallableOptions,
): Promise<Buffer | null> {
  const source = logoSource(site, branding, options.proxyOrigin);
  try {
    if ('file' in source) return await readFile(join(siteDir, source.file));
    const response = await (options.fetch ?? fetch)(source.url, { signal: AbortSignal.timeout(LOGO_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  } catch (error) {
    const where = 'file' in source ? source.file : source.url;
    options.warn?.(
      `Tenant ${JSON.stringify(branding.slug)}: its logo could not be read for the app icons (${where}: ${(error as Error).message}); the icons show its initial.`,
    );
    return null;
  }
}

/** The page sets this build wrote, each with the folder it is in. */
function pageSets(siteDir: string, site: SiteData, rootTenant?: string): { branding: TenantBranding; dir: string }[] {
  const root = rootTenant ? site.tenants.find((t) => t.slug === rootTenant) : undefined;
  if (root) return [{ branding: root, dir: siteDir }];
  const sets = [{ branding: site.defaultTenant, dir: siteDir }];
  if (!rootTenant) sets.push(...site.tenants.map((branding) => ({ branding, dir: join(siteDir, branding.slug) })));
  return sets;
}

/** The tenant's icons from the last full build, when it made all of them: true when copied. */
async function copyIcons(
  lastSiteDir: string | undefined,
  site: SiteData,
  branding: TenantBranding,
  dir: string,
): Promise<boolean> {
  if (!lastSiteDir) return false;
  const from = join(
    branding.slug === site.defaultTenant.slug ? lastSiteDir : join(lastSiteDir, branding.slug),
    ICONS_DIR,
  );
  if (!ICONS.every((icon) => existsSync(join(from, icon.file)))) return false;
  await cp(from, join(dir, ICONS_DIR), { recursive: true });
  return true;
}

/** The guest languages (not the tenant's own) whose page sets the build wrote under `dir`. */
export function guestLanguageDirs(dir: string, branding: TenantBranding) {
  const [, ...others] = branding.languages ?? [];
  return others.filter((code) => existsSync(join(dir, code, 'index.html')));
}

/**
 * One tenant's manifests (one per language page set), icons and service worker; `dir` may lie
 * outside `siteDir` (a one-tenant publish). The worker is one for all its languages, at its root:
 * a guest switches language without a page load (the client router), so the worker that controls
 * the page must have every language's screens.
 */
export async function writeInstallableApp(
  siteDir: string,
  site: SiteData,
  branding: TenantBranding,
  dir: string,
  options: InstallableOptions,
): Promise<void> {
  const copied = await copyIcons(options.lastSiteDir, site, branding, dir);
  const logo = copied ? null : await readLogo(siteDir, site, branding, options);
  const own = await writeWebApp(dir, branding, logo, { icons: !copied });
  const languages = guestLanguageDirs(dir, branding);
  const manifests = await writeLanguageManifests(dir, branding, languages);
  await writeServiceWorker(siteDir, dir, [...own, ...manifests], languages);
}

export async function writeInstallableApps(
  siteDir: string,
  site: SiteData,
  options: InstallableOptions,
): Promise<void> {
  const queue = pageSets(siteDir, site, options.rootTenant);
  const work = async () => {
    for (let next = queue.shift(); next; next = queue.shift())
      await writeInstallableApp(siteDir, site, next.branding, next.dir, options);
  };
  await Promise.all(Array.from({ length: AT_ONCE }, work));
}

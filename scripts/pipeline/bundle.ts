// One tenant's page set as a static bundle: the tenant served from the root (no prefix), its
// assets and the rewrite rules, packed as {slug}.tar.gz for upload to any static host.
import { readFile, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { create } from 'tar';
import type { SiteData } from '../../contract/index.ts';
import { astroBuild, type BuildSite } from './astro.ts';
import { BuildError } from './errors.ts';
import { trackStaged } from './interrupt.ts';
import { discard, ensureParent, stagingPath } from './publish.ts';
import { writeRewriteRules } from './rewrites.ts';

export async function readSiteData(file: string): Promise<SiteData> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new BuildError(
      `There is no site data at ${file}. Run "npm run build" first: a bundle is made from the last build's tenants.`,
    );
  }
  try {
    return JSON.parse(text) as SiteData;
  } catch {
    throw new BuildError(`The site data at ${file} is not JSON. Run "npm run build" again.`);
  }
}

/** Which slugs can be bundled: every tenant, and the default tenant by its slug. */
export function bundleSlugs(site: SiteData): string[] {
  return [site.defaultTenant.slug, ...site.tenants.map((t) => t.slug)];
}

/**
 * What a bundle still needs from elsewhere, said before someone uploads it: calls to '' go to
 * whatever origin serves the bundle, which a plain static host cannot answer.
 */
export function bundleWarnings(site: SiteData, slug: string): string[] {
  const tenant = site.tenants.find((t) => t.slug === slug);
  // The default tenant's logo and background are local files in the bundle; its video may not be.
  const video = (tenant ?? site.defaultTenant).video;
  const warnings: string[] = [];
  if (!site.aiHost)
    warnings.push(
      'it calls the AI host on its own origin: build with BOOTH_PUBLIC_AI_HOST set unless that host forwards /transformations/ to the AI host.',
    );
  if (tenant && !site.imageProxy.host)
    warnings.push(
      'it loads its logo and background through the image proxy on its own origin: build with BOOTH_IMAGE_PROXY_HOST set.',
    );
  if (video.startsWith('/') && !video.startsWith('/assets/'))
    warnings.push(`its processing video ${video} is a path on the booth server, not in the bundle.`);
  return warnings;
}

export interface BundleRequest {
  site: SiteData;
  siteDataFile: string;
  /** The content host the site was built against (its web apps' icons come through it). */
  contentHost: string;
  slug: string;
  /** Where {slug}.tar.gz goes. */
  bundleDir: string;
  /** The last build's site folder: its app icons are reused (no logo is fetched again). */
  lastSiteDir?: string;
  buildSite?: BuildSite;
}

export async function makeBundle({
  site,
  siteDataFile,
  contentHost,
  slug,
  bundleDir,
  lastSiteDir,
  buildSite = astroBuild,
}: BundleRequest): Promise<string> {
  if (!bundleSlugs(site).includes(slug)) {
    throw new BuildError(
      `No tenant has the slug "${slug}" in the last build. Bundles can be made for: ${bundleSlugs(site).join(', ')}.`,
    );
  }
  const archive = join(bundleDir, `${slug}.tar.gz`);
  await ensureParent(archive);
  const staged = stagingPath(join(bundleDir, slug), 'building');
  const stagedArchive = `${staged}.tar.gz`;
  trackStaged(stagedArchive);
  try {
    await buildSite({
      outDir: staged,
      siteDataFile,
      contentHost,
      rootTenant: slug === site.defaultTenant.slug ? undefined : slug,
      lastSiteDir,
    });
    if (slug === site.defaultTenant.slug) await dropTenantFolders(staged, site);
    await writeRewriteRules(staged, { tenantPrefixes: false });
    // portable: no user names or ids of this machine in the archive.
    await create({ gzip: true, file: stagedArchive, cwd: staged, portable: true }, await readdir(staged));
    await rename(stagedArchive, archive);
  } finally {
    await discard(staged, stagedArchive);
  }
  return archive;
}

/** The default tenant's bundle is the full build without the other tenants' folders. */
async function dropTenantFolders(dir: string, site: SiteData): Promise<void> {
  await Promise.all(site.tenants.map((t) => rm(join(dir, t.slug), { recursive: true, force: true })));
}

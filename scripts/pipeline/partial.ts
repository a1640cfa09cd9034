// A publish of some tenants: their page sets rendered again with the renderer the last full
// build kept (render-tenants.ts), their web-app files made again, and each tenant's folder
// renamed over the old one; the other tenants' pages are not touched. When that cannot give what
// a full build would (no earlier build or renderer, the default tenant, site-wide settings or
// the styles changed), it is a full build instead, and says why.
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteData, TenantBranding } from '../../contract/index.ts';
import { placeTenantNotFoundPages } from './astro.ts';
import { BuildError } from './errors.ts';
import { writeInstallableApp } from './installable.ts';
import { uninterrupted } from './interrupt.ts';
import { discard, ensureParent, replaceDir, replaceFile, stagingPath } from './publish.ts';
import { renderTenantPages, rendererDirFor, rendererReady } from './render-tenants.ts';
import { writeRewriteRules } from './rewrites.ts';
import { collectSiteData, runPipeline, type BuildSummary, type PipelineDeps } from './run.ts';
import type { BuildSettings } from './settings.ts';

export interface PartialSummary extends BuildSummary {
  /** The tenants published, or 'all' when it became a full build. */
  published: string[] | 'all';
  /** Why it became a full build, or null. */
  fullBecause: string | null;
}

async function readLast(file: string): Promise<SiteData | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as SiteData;
  } catch {
    return null;
  }
}

/** What every page set reads besides its own branding: when it changed, every page may differ. */
const siteWide = (site: SiteData) =>
  JSON.stringify({
    styles: site.styles,
    aiHost: site.aiHost,
    publicSiteUrl: site.publicSiteUrl,
    imageProxy: { ...site.imageProxy, signatures: undefined },
  });

/** Why these tenants cannot be published alone, or null. */
function fullBuildReason(
  last: SiteData | null,
  fresh: SiteData,
  slugs: string[],
  settings: BuildSettings,
): string | null {
  if (!last || !existsSync(join(settings.outDir, 'index.html'))) return 'the site has not been built yet';
  if (!rendererReady(rendererDirFor(settings.outDir)))
    return 'the last build left no page renderer for the packages installed now';
  if (slugs.includes(fresh.defaultTenant.slug)) return "the default tenant's pages are the site's root";
  if (siteWide(last) !== siteWide(fresh)) return 'the styles or the site-wide settings changed since the last build';
  return null;
}

/**
 * The site data after publishing `slugs`: theirs from `fresh`, every other tenant's as the last
 * build had it, in the content host's order; a chosen slug that is gone from `fresh` is removed.
 */
export function mergeSiteData(last: SiteData, fresh: SiteData, slugs: string[]): SiteData {
  const chosen = new Set(slugs);
  const before = new Map(last.tenants.map((t) => [t.slug, t]));
  const tenants: TenantBranding[] = [];
  for (const tenant of fresh.tenants) {
    const kept = chosen.has(tenant.slug) ? tenant : before.get(tenant.slug);
    if (kept) tenants.push(kept);
  }
  const listed = new Set(tenants.map((t) => t.slug));
  tenants.push(...last.tenants.filter((t) => !listed.has(t.slug) && !chosen.has(t.slug)));
  const signatures =
    last.imageProxy.signatures || fresh.imageProxy.signatures
      ? { ...last.imageProxy.signatures, ...fresh.imageProxy.signatures }
      : undefined;
  return {
    ...fresh,
    defaultTenant: last.defaultTenant,
    tenants,
    imageProxy: { ...fresh.imageProxy, ...(signatures ? { signatures } : {}) },
  };
}

export async function publishTenants(
  settings: BuildSettings,
  slugs: string[],
  deps: PipelineDeps = {},
): Promise<PartialSummary> {
  const fetchStarted = performance.now();
  deps.progress?.('Reading the tenants and styles');
  const [fresh, last] = await Promise.all([collectSiteData(settings, deps), readLast(settings.siteDataFile)]);
  const fetchMs = performance.now() - fetchStarted;
  const why = fullBuildReason(last, fresh, slugs, settings);
  if (why) {
    deps.progress?.(`A full build, because ${why}`);
    return { ...(await runPipeline(settings, { ...deps, siteData: fresh })), published: 'all', fullBecause: why };
  }
  const known = new Set([...fresh.tenants, ...last!.tenants].map((t) => t.slug));
  const unknown = slugs.filter((slug) => !known.has(slug));
  if (unknown.length) throw new BuildError(`No tenant has the slug ${unknown.map((s) => `"${s}"`).join(', ')}.`);

  const siteData = mergeSiteData(last!, fresh, slugs);
  const present = slugs.filter((slug) => siteData.tenants.some((t) => t.slug === slug));
  const siteStarted = performance.now();
  const stagedData = stagingPath(settings.siteDataFile, 'building');
  const staged = stagingPath(settings.outDir, 'building');
  try {
    await ensureParent(settings.siteDataFile);
    await writeFile(stagedData, `${JSON.stringify(siteData, null, 2)}\n`);
    if (present.length) {
      deps.progress?.(`Rendering the pages of ${present.join(', ')}`);
      await renderTenantPages(rendererDirFor(settings.outDir), siteData, present, staged).catch((error: unknown) => {
        const why = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.replace(/\.$/, '');
        throw new BuildError(
          `The pages of ${present.join(', ')} could not be rendered with the renderer the last full build kept (${why}). Publish every tenant to build the site and its renderer again.`,
        );
      });
      await placeTenantNotFoundPages(staged);
      deps.progress?.('Making the web-app files');
      const proxyOrigin = new URL(settings.contentHost).origin;
      for (const slug of present) {
        const branding = siteData.tenants.find((t) => t.slug === slug)!;
        await writeInstallableApp(settings.outDir, siteData, branding, join(staged, slug), {
          proxyOrigin,
          warn: (line) => console.log(`note: ${line}`),
        });
      }
    }
    deps.progress?.('Putting the new pages in place');
    await uninterrupted(async () => {
      for (const slug of slugs) {
        if (present.includes(slug)) await replaceDir(join(staged, slug), join(settings.outDir, slug));
        else await rm(join(settings.outDir, slug), { recursive: true, force: true });
      }
      // The policy lists every inline script of the site: read again from the pages now in place.
      await writeRewriteRules(settings.outDir, { tenantPrefixes: true });
      await replaceFile(stagedData, settings.siteDataFile);
    });
  } finally {
    await discard(stagedData, staged);
  }
  return {
    siteData,
    outDir: settings.outDir,
    siteDataFile: settings.siteDataFile,
    fetchMs,
    siteMs: performance.now() - siteStarted,
    published: slugs,
    fullBecause: null,
  };
}

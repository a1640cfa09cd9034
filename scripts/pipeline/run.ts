// The whole build: login -> dataset -> styles -> tenants.generated.json -> astro build ->
// rewrite rules. Nothing is written where the previous build lives until every step worked.
import { existsSync } from 'node:fs';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteData } from '../../contract/index.ts';
import { astroBuild, type BuildSite } from './astro.ts';
import { fetchBrandingItems } from './dataset.ts';
import type { Fetch } from './http.ts';
import { obtainToken } from './login.ts';
import { BuildError } from './errors.ts';
import { uninterrupted } from './interrupt.ts';
import { discard, ensureParent, outDirProblem, replaceDir, replaceFile, stagingPath } from './publish.ts';
import { writeRewriteRules } from './rewrites.ts';
import { ROOT, type BuildSettings } from './settings.ts';
import { fetchStyles } from './styles.ts';
import { signTenantImages } from './sign-images.ts';
import { resolveTenants } from './tenants.ts';
import { markRenderer, pruneRenderers, rendererDirFor } from './render-tenants.ts';

export interface PipelineDeps {
  fetch?: Fetch;
  /** Branding items given directly (benchmarks): no login, no content host. */
  brandingItems?: unknown[];
  buildSite?: BuildSite;
  /** Site data read already (a publish that turned into a full build). */
  siteData?: SiteData;
  /** Told each step as it starts, as a sentence. */
  progress?: (step: string) => void;
}

export interface BuildSummary {
  siteData: SiteData;
  outDir: string;
  siteDataFile: string;
  /** Milliseconds spent fetching from the hosts, and in astro build. */
  fetchMs: number;
  siteMs: number;
}

/** Top-level names of public/: they sit beside the tenant folders in dist/, so no slug may take one. */
async function publicNames(): Promise<string[]> {
  try {
    return (await readdir(join(ROOT, 'public'))).map((name) => name.toLowerCase());
  } catch {
    return [];
  }
}

export async function collectSiteData(settings: BuildSettings, deps: PipelineDeps = {}): Promise<SiteData> {
  const items = async () =>
    deps.brandingItems ?? fetchBrandingItems(settings, await obtainToken(settings, deps.fetch), deps.fetch);
  const [brandingItems, styles, publicFiles] = await Promise.all([
    items(),
    fetchStyles(settings, deps.fetch),
    publicNames(),
  ]);
  const tenants = resolveTenants(brandingItems, [settings.proxySignature, ...publicFiles]);
  const imageProxy = {
    host: settings.imageProxyHost,
    signature: settings.proxySignature,
    bucketPrefix: settings.bucketPrefix,
    appName: settings.appName,
  };
  return {
    generatedAt: new Date().toISOString(),
    defaultTenant: tenants.defaultTenant,
    tenants: tenants.tenants,
    styles: styles.styles,
    aiHost: settings.publicAiHost,
    publicSiteUrl: settings.publicSiteUrl,
    imageProxy: {
      ...imageProxy,
      ...(settings.proxyKey ? { signatures: signTenantImages(tenants.tenants, imageProxy, settings.proxyKey) } : {}),
    },
    problems: [...tenants.problems, ...styles.problems],
  };
}

export async function runPipeline(settings: BuildSettings, deps: PipelineDeps = {}): Promise<BuildSummary> {
  const unsafe = await outDirProblem(settings.outDir);
  if (unsafe)
    throw new BuildError(
      `BOOTH_OUT_DIR must be a new or empty folder, or one an earlier build made: ${unsafe}. Pick another folder.`,
    );
  const fetchStarted = performance.now();
  deps.progress?.('Reading the tenants and styles');
  const siteData = deps.siteData ?? (await collectSiteData(settings, deps));
  const fetchMs = performance.now() - fetchStarted;

  const stagedData = stagingPath(settings.siteDataFile, 'building');
  const stagedSite = stagingPath(settings.outDir, 'building');
  const renderer = rendererDirFor(settings.outDir);
  const stagedRenderer = stagingPath(renderer, 'building');
  const siteStarted = performance.now();
  try {
    await ensureParent(settings.siteDataFile);
    await ensureParent(settings.outDir);
    await ensureParent(renderer);
    await writeFile(stagedData, `${JSON.stringify(siteData, null, 2)}\n`);
    deps.progress?.('Building every page set with astro');
    await (deps.buildSite ?? astroBuild)({
      outDir: stagedSite,
      siteDataFile: stagedData,
      contentHost: settings.contentHost,
      rendererDir: stagedRenderer,
    });
    await writeRewriteRules(stagedSite, { tenantPrefixes: true });
    deps.progress?.('Putting the new site in place');
    await uninterrupted(async () => {
      await replaceDir(stagedSite, settings.outDir);
      await replaceFile(stagedData, settings.siteDataFile);
      // Without a kept renderer (a stand-in build), the old one no longer matches the site: gone.
      if (existsSync(stagedRenderer)) {
        await markRenderer(stagedRenderer, settings.outDir);
        await replaceDir(stagedRenderer, renderer);
      } else await rm(renderer, { recursive: true, force: true });
    });
    await pruneRenderers();
  } finally {
    await discard(stagedData, stagedSite, stagedRenderer);
  }
  return {
    siteData,
    outDir: settings.outDir,
    siteDataFile: settings.siteDataFile,
    fetchMs,
    siteMs: performance.now() - siteStarted,
  };
}

// `npm run bundle -- {slug} [{slug}...]`: one archive per tenant, bundles/{slug}.tar.gz, holding
// that tenant's page set served from the archive's root, its assets and the rewrite rules.
// No slug: every tenant of the last build. Made from the last build's tenants.generated.json,
// so no credentials are needed here. Settings: scripts/README.md.
import { relative } from 'node:path';
import { bundleSlugs, bundleWarnings, makeBundle, readSiteData } from './pipeline/bundle.ts';
import { BuildError } from './pipeline/errors.ts';
import { ROOT, readSettings } from './pipeline/settings.ts';
import { cleanUpOnInterrupt } from './pipeline/interrupt.ts';
import { SITE_FILE_SETTINGS, SettingsError, fromRoot, readEnv, text } from '../contract/settings.ts';

cleanUpOnInterrupt('bundle');

const BUNDLE_SETTINGS = { ...SITE_FILE_SETTINGS, BOOTH_BUNDLE_DIR: text.default('bundles') };

try {
  const settings = readEnv(BUNDLE_SETTINGS, process.env);
  const siteDataFile = fromRoot(ROOT, settings.BOOTH_SITE_DATA);
  const bundleDir = fromRoot(ROOT, settings.BOOTH_BUNDLE_DIR);
  // The last build's app icons are reused: its tenants' logos need not be reachable now.
  const lastSiteDir = fromRoot(ROOT, settings.BOOTH_OUT_DIR);
  const { contentHost } = readSettings(process.env);
  const site = await readSiteData(siteDataFile);
  const asked = process.argv.slice(2).filter((a) => a !== '--');
  const slugs = asked.length ? asked : site.tenants.map((t) => t.slug);
  if (slugs.length === 0)
    throw new BuildError(
      `The last build has no tenants besides the default one; name it to bundle it: npm run bundle -- ${site.defaultTenant.slug}`,
    );
  const unknown = slugs.filter((s) => !bundleSlugs(site).includes(s));
  if (unknown.length)
    throw new BuildError(
      `No tenant has the slug ${unknown.map((s) => `"${s}"`).join(', ')} in the last build. Bundles can be made for: ${bundleSlugs(site).join(', ')}.`,
    );
  for (const slug of slugs) {
    const started = performance.now();
    const archive = await makeBundle({ site, siteDataFile, contentHost, slug, bundleDir, lastSiteDir });
    console.log(
      `${relative(ROOT, archive)} (${((performance.now() - started) / 1000).toFixed(1)} s): serve its contents from the root of a static host.`,
    );
    for (const warning of bundleWarnings(site, slug)) console.log(`  note: ${warning}`);
  }
} catch (error) {
  const message =
    error instanceof BuildError || error instanceof SettingsError
      ? error.message
      : `Unexpected failure: ${error instanceof Error ? error.message : String(error)}`;
  console.error(`The bundle failed. ${message}`);
  process.exitCode = 1;
}

// `npm run build` (or `npx node scripts/build.ts`): every tenant's page set, branding baked in.
// `npm run build -- SLUG…`: only those tenants' page sets again (partial.ts), the rest as built.
// Each step is printed as a line "step: …" as it starts (the server's publish reads them).
// Settings: scripts/README.md. Exit 0 with a summary, or 1 with one paragraph saying what to fix;
// a failed build leaves the previous dist/ and tenants.generated.json untouched.
import { relative } from 'node:path';
import { BuildError, redact } from './pipeline/errors.ts';
import { runPipeline } from './pipeline/run.ts';
import { publishTenants } from './pipeline/partial.ts';
import { ROOT, readSettings, type BuildSettings } from './pipeline/settings.ts';
import { cleanUpOnInterrupt } from './pipeline/interrupt.ts';
import { SettingsError } from '../contract/settings.ts';

cleanUpOnInterrupt('build');

let settings: BuildSettings | undefined;
try {
  settings = readSettings();
  const slugs = process.argv.slice(2).filter((a) => a !== '--');
  const progress = (step: string) => console.log(`step: ${step}`);
  const summary = slugs.length
    ? await publishTenants(settings, slugs, { progress })
    : await runPipeline(settings, { progress });
  const { siteData } = summary;
  const published = 'published' in summary ? summary.published : 'all';
  const partial = Array.isArray(published) ? published : null;
  const lines = [
    partial
      ? `Published ${partial.join(', ')} in ${relative(ROOT, summary.outDir) || '.'}/ (${((summary.fetchMs + summary.siteMs) / 1000).toFixed(1)} s); the other tenants' pages were left as they were.`
      : `Built the booth site in ${relative(ROOT, summary.outDir) || '.'}/ (${((summary.fetchMs + summary.siteMs) / 1000).toFixed(1)} s).`,
    `  default tenant: ${siteData.defaultTenant.client} at /`,
    `  tenants: ${siteData.tenants.length}${
      siteData.tenants.length
        ? ` (${siteData.tenants
            .slice(0, 10)
            .map((t) => `/${t.slug}/`)
            .join(' ')}${siteData.tenants.length > 10 ? ' …' : ''})`
        : ''
    }`,
    `  styles baked in: ${siteData.styles.length}`,
    `  site data: ${relative(ROOT, summary.siteDataFile)}`,
    `  problems: ${siteData.problems.length}`,
    ...siteData.problems.map((p) => `    - ${p}`),
  ];
  console.log(lines.join('\n'));
} catch (error) {
  process.exitCode = 1;
  if (error instanceof SettingsError) {
    // Nothing was called or touched yet: the one line says it all.
    console.error(error.message);
  } else {
    const secrets = [settings?.password];
    const message =
      error instanceof BuildError
        ? error.message
        : `Unexpected failure: ${error instanceof Error ? error.message : String(error)}`;
    console.error(
      `The site build failed. ${redact(message, secrets)}\nThe previous site and tenants.generated.json were left as they were.`,
    );
  }
}

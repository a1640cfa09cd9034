// Build time of the whole site for 10, 200 and 1000 generated tenants: the real pipeline and the
// real astro build, with the dataset handed in directly (no login, no content host) so only
// the build itself is timed. BENCH_SITE_BUILD_TENANTS=10,200 picks other counts.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Fetch } from '../scripts/pipeline/http.ts';
import { runPipeline } from '../scripts/pipeline/run.ts';
import { ROOT, readSettings } from '../scripts/pipeline/settings.ts';
import type { BenchRow } from './row.ts';

const COUNTS = (process.env.BENCH_SITE_BUILD_TENANTS || '10,200,1000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);

const STYLES = [
  { id: 1, description: 'Die-cut sticker', thumbnail: '/thumbnails/sticker.jpg', beta: false },
  { id: 2, description: 'Pop art', thumbnail: null, beta: true },
];
const stylesOnly: Fetch = (async () => new Response(JSON.stringify(STYLES), { status: 200 })) as Fetch;

/** Tenants that look like real ones: every field set, one in ten with a value the build must replace. */
export function generatedTenants(count: number): unknown[] {
  return Array.from({ length: count }, (_, i) => ({
    slug: `tenant-${i + 1}`,
    client: `Tenant ${i + 1} Events`,
    viewFinderTitle: `Welcome to event ${i + 1}`,
    viewFinderDesc: 'Take a selfie and pick a style.\nWait 15-20 seconds while the AI works.',
    backgroundColor: `hsl(${(i * 37) % 360}, 40%, 15%)`,
    textColor: '#ffffff',
    accentColor: i % 10 === 9 ? 'javascript:alert(1)' : '#94d83d',
    logoUrl: `tenant-${i + 1}/logo.png`,
    backgroundImageUrl: `tenant-${i + 1}/background.jpg`,
    video: '/media/processing.mp4',
  }));
}

export default async function siteBuildBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const count of COUNTS) {
    const dir = join(ROOT, '.test-runs', 'bench', 'site-build');
    rmSync(dir, { recursive: true, force: true });
    const settings = readSettings({
      ...process.env,
      BOOTH_OUT_DIR: join(dir, 'dist'),
      BOOTH_SITE_DATA: join(dir, 'tenants.generated.json'),
    });
    const summary = await runPipeline(settings, { brandingItems: generatedTenants(count), fetch: stylesOnly });
    const pages = readdirSync(summary.outDir, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.html'),
    ).length;
    rows.push({
      area: 'site-build',
      figure: `build, ${count} tenants (${pages} pages)`,
      value: `${((summary.fetchMs + summary.siteMs) / 1000).toFixed(1)} s`,
      how: `runPipeline with a generated dataset; tenant checks ${summary.fetchMs.toFixed(0)} ms, astro build + swap ${(summary.siteMs / 1000).toFixed(1)} s`,
    });
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

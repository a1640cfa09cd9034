// `npm run bench -- site`: what each screen costs a visitor's phone. JS bytes (raw and gzip)
// per screen of the default tenant, a demo tenant and the event-kit tenant, read from the built
// site; then Lighthouse mobile performance per screen of the default tenant, the event-kit tenant
// and the first tenant of each other language (the demo tenants lumiere, French, and noor, Arabic,
// right to left), served by the real embedded server.
// The site measured: a fresh build of the sources as they are, against the embedded server, in
// .test-runs/bench-site/ (dist/ may be older than the sources); BENCH_SITE_DIST measures a build
// made elsewhere (its tenants.generated.json from BOOTH_SITE_DATA).
// BENCH_SITE_ONLY=gala/results,default/results runs Lighthouse on those screens only (tenant, or
// `default`, and screen name); BENCH_SITE_REPORTS=DIR keeps each run's Lighthouse JSON there, to
// read which element is the LCP, the long tasks and the unused JS.
// Each Lighthouse figure names the host's benchmark index in each run: the simulated phone is
// the host's CPU slowed 4x, so a host half as fast scores lower on the same page (TBT doubles).
// The page's renderer runs on a core of its own, the browser, Lighthouse and the server on the
// others (site/page-core.ts): on 2 cores they otherwise stand in the page's way, and Lighthouse
// counts their time four times over as the page's.
// Compare figures of one machine on one day, before and after back to back.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CREATE_JOB_PATH, type SiteData } from '../contract/index.ts';
import { startServer, type RunningServer } from '../tests/support/server-process.ts';
import type { BenchRow } from './row.ts';
import { pageJs } from './site/js-bytes.ts';
import { runLighthouse } from './site/lighthouse.ts';
import { hostCoreSplit, moveToOtherCores, splitInWords } from './site/page-core.ts';

const root = join(import.meta.dirname, '..');
const SCREENS = [
  { name: 'intro', file: 'index.html', path: '/' },
  { name: 'camera', file: 'camera/index.html', path: '/camera' },
  { name: 'styles', file: 'styles/index.html', path: '/styles' },
  { name: 'results', file: 'results/index.html', path: '/results/' },
] as const;
const LIGHTHOUSE_RUNS = 3;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function buildInto(server: RunningServer, outDir: string, siteData: string) {
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.ts')], {
    cwd: root,
    env: {
      ...process.env,
      BOOTH_AUTH_HOST: server.url,
      BOOTH_CONTENT_HOST: server.url,
      BOOTH_AI_HOST: server.url,
      BOOTH_OUT_DIR: outDir,
      BOOTH_SITE_DATA: siteData,
    },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`the site build failed: ${build.stderr.trim().split('\n')[0]}`);
}

/** A real job made for the tenant (its pictures per guest, frame…), so the results screen is measured showing a result. */
async function createJob(server: RunningServer, tenant: string): Promise<string> {
  const photo = readFileSync(join(root, 'tests', 'fixtures', 'astronaut.jpg')).toString('base64');
  const styles = (await (await fetch(`${server.url}/transformations/styles`)).json()) as { id: string }[];
  const res = await fetch(`${server.url}${CREATE_JOB_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      style_id: styles[0].id,
      image: `data:image/jpeg;base64,${photo}`,
      ...(tenant ? { tenant } : {}),
    }),
  });
  const { id } = (await res.json()) as { id: string };
  await fetch(`${server.url}/transformations/jobs/${id}/?wait=20`);
  return String(id);
}

export default async function benchSite(): Promise<BenchRow[]> {
  const given = process.env.BENCH_SITE_DIST;
  const dist = given ? join(root, given) : join(root, '.test-runs', 'bench-site', 'dist');
  const siteData = given
    ? join(root, process.env.BOOTH_SITE_DATA || 'tenants.generated.json')
    : join(root, '.test-runs', 'bench-site', 'tenants.generated.json');
  const rows: BenchRow[] = [];
  let server: RunningServer | undefined;
  try {
    server = await startServer({ env: { BOOTH_SITE_DIR: dist } });
    if (!given) buildInto(server, dist, siteData);
    const split = hostCoreSplit();
    // The server only (it stops at the end): the bench's own process idles while Lighthouse runs.
    if (split) moveToOtherCores(server.pid, split);

    // The default tenant, the first demo tenant (the spec's booth in another brand) and the first
    // tenant with the event kit on (consent, kiosk…), whose screens carry the most.
    const tenants = (JSON.parse(readFileSync(siteData, 'utf8')) as SiteData).tenants ?? [];
    const eventKit = tenants.find((t) => t.consentText || t.kioskIdleSeconds > 0)?.slug;
    const measured = [...new Set([tenants[0]?.slug, eventKit])].filter(
      (slug): slug is string => Boolean(slug) && existsSync(join(dist, slug!, 'index.html')),
    );
    for (const prefix of ['', ...measured]) {
      for (const screen of SCREENS) {
        const js = pageJs(dist, prefix ? `${prefix}/${screen.file}` : screen.file);
        rows.push({
          area: 'site',
          figure: `JS of ${prefix ? `/${prefix}` : 'the default'} ${screen.name} screen`,
          value: `${kb(js.gzip)} gzip (${kb(js.raw)} raw)${js.framework ? '' : ', no framework'}`,
          how: `${js.files.length} module files + inline scripts, from ${dist.replace(`${root}/`, '')}, gzip -9 per file, inline scripts by what they add to the gzipped page`,
        });
      }
    }

    const only = (process.env.BENCH_SITE_ONLY ?? '').split(',').filter(Boolean);
    const reports = process.env.BENCH_SITE_REPORTS ? join(root, process.env.BENCH_SITE_REPORTS) : undefined;
    // Each language's pages carry their own texts (and Arabic's are mirrored): its first tenant too.
    const languages = new Set(['en']);
    const ofOtherLanguages = tenants
      .filter((t) => {
        const language = t.language ?? 'en';
        return !languages.has(language) && languages.add(language);
      })
      .map((t) => t.slug);
    const lighthouseTenants = [...new Set([eventKit, ...ofOtherLanguages])].filter(
      (slug): slug is string => Boolean(slug) && existsSync(join(dist, slug!, 'index.html')),
    );
    for (const prefix of ['', ...lighthouseTenants]) {
      const screens = SCREENS.filter((s) => !only.length || only.includes(`${prefix || 'default'}/${s.name}`));
      // A job of the tenant's own: Gala Night's makes four pictures per guest, the default's one.
      const jobId = screens.some((s) => s.name === 'results') ? await createJob(server, prefix) : '';
      for (const screen of screens) {
        const url = `${server.url}${prefix ? `/${prefix}` : ''}${screen.path}${screen.name === 'results' ? jobId : ''}`;
        const figure = `Lighthouse mobile performance, ${prefix ? `/${prefix}` : 'default'} ${screen.name} screen`;
        try {
          // Three runs, the median quoted: one run's TBT swings by 200 ms on a shared 2-core machine.
          // Lighthouse now and then loses its trace of a load (NO_NAVSTART): one more try each.
          const runs = [];
          const report = (i: number) => reports && join(reports, `${prefix || 'default'}-${screen.name}-${i + 1}.json`);
          for (let i = 0; i < LIGHTHOUSE_RUNS; i++)
            runs.push(await runLighthouse(url, report(i), split).catch(() => runLighthouse(url, report(i), split)));
          const run = [...runs].sort((x, y) => x.score - y.score)[Math.floor(runs.length / 2)]!;
          rows.push({
            area: 'site',
            figure,
            value: String(run.score),
            how: `lighthouse 13, simulated mobile, median of ${runs.map((r) => r.score).join(', ')}; FCP ${(run.fcpMs / 1000).toFixed(1)} s, LCP ${(run.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}; host benchmark index ${runs.map((r) => r.benchmarkIndex).join(', ')}; ${splitInWords(split)}`,
          });
        } catch (error) {
          rows.push({ area: 'site', figure, value: '-', how: `failed: ${(error as Error).message}` });
        }
      }
    }
  } finally {
    await server?.stop();
  }
  return rows;
}

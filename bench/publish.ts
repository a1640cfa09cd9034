// Publishing from the console on the real server: 200 tenants added through the console API,
// one full publish, then one tenant changed and published again, several times (the median is
// the figure; the target is at most 3 s). Each run is timed from the POST to the run's end, as an
// operator waits for it, and the new page is fetched to see it served. A tenant's bundle (an
// astro build of one page set) gives astro's own floor for comparison.
// BENCH_PUBLISH_TENANTS and BENCH_PUBLISH_RUNS pick other counts.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { newDataDir, startServer } from '../tests/support/server-process.ts';
import { DEFAULT_SERVICE_PASSWORD, DEFAULT_SERVICE_USERNAME } from '../contract/index.ts';
import type { BenchRow } from './row.ts';
import { median } from './stats.ts';

const TENANTS = Number(process.env.BENCH_PUBLISH_TENANTS || 200);
const RUNS = Number(process.env.BENCH_PUBLISH_RUNS || 7);

interface Run {
  id: string;
  status: string;
  error: string | null;
}

export default async function publishBench(): Promise<BenchRow[]> {
  const dir = newDataDir('bench-publish');
  const server = await startServer({
    dataDir: join(dir, 'data'),
    env: {
      BOOTH_WORKERS: '1',
      BOOTH_HTTPS: 'off',
      BOOTH_SITE_DIR: join(dir, 'dist'),
      BOOTH_SITE_DATA: join(dir, 'tenants.generated.json'),
    },
  });
  try {
    const api = async (method: string, path: string, body?: unknown, cookie = '') => {
      const res = await fetch(`${server.url}/admin/api${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(cookie ? { cookie } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        status: res.status,
        body: (await res.json()) as Record<string, unknown>,
        cookie: res.headers.getSetCookie()[0]?.split(';')[0] ?? '',
      };
    };
    const { cookie } = await api('POST', '/session', {
      username: DEFAULT_SERVICE_USERNAME,
      password: DEFAULT_SERVICE_PASSWORD,
    });
    const call = (method: string, path: string, body?: unknown) => api(method, path, body, cookie);
    for (let i = 1; i <= TENANTS; i++) {
      const added = await call('POST', '/tenants', {
        slug: `tenant-${i}`,
        client: `Tenant ${i} Events`,
        viewFinderTitle: `Welcome to event ${i}`,
        backgroundColor: `hsl(${(i * 37) % 360}, 40%, 15%)`,
        textColor: '#ffffff',
        accentColor: '#94d83d',
      });
      if (added.status !== 201) throw new Error(`adding tenant-${i}: ${JSON.stringify(added.body)}`);
    }
    const publish = async (body: unknown): Promise<number> => {
      const started = performance.now();
      const answer = await call('POST', '/publish', body);
      if (answer.status !== 202) throw new Error(`publish: ${JSON.stringify(answer.body)}`);
      let run = answer.body as unknown as Run;
      while (run.status === 'running') run = (await call('GET', `/publish/${run.id}?wait=30`)).body as unknown as Run;
      if (run.status !== 'succeeded') throw new Error(`publish failed: ${run.error}`);
      return performance.now() - started;
    };

    const fullMs = await publish({ all: true });
    const times: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const client = `Tenant 100 Events, take ${run}`;
      await call('PUT', '/tenants/tenant-100', { client, viewFinderTitle: 'Welcome', backgroundColor: '#203040' });
      times.push(await publish({ tenants: ['tenant-100'] }));
      const page = await (await fetch(`${server.url}/tenant-100/`)).text();
      if (!page.includes(client)) throw new Error(`run ${run}: the published page does not show "${client}"`);
    }
    const bundleStarted = performance.now();
    const bundle = await fetch(`${server.url}/admin/api/tenants/tenant-100/bundle.tar.gz`, { headers: { cookie } });
    await bundle.arrayBuffer();
    const bundleMs = performance.now() - bundleStarted;

    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    return [
      {
        area: 'publish',
        figure: `republish 1 tenant of ${TENANTS}, median of ${RUNS}`,
        value: s(median(times)),
        how: `POST /admin/api/publish {"tenants":[one]} to the run's end, page then served; runs: ${times.map((t) => (t / 1000).toFixed(2)).join(', ')} s`,
      },
      {
        area: 'publish',
        figure: `publish all ${TENANTS} tenants (full astro build)`,
        value: s(fullMs),
        how: 'POST /admin/api/publish {"all":true} to the run\'s end',
      },
      {
        area: 'publish',
        figure: "one tenant's bundle (astro build of one page set)",
        value: s(bundleMs),
        how: "GET /admin/api/tenants/{slug}/bundle.tar.gz, made fresh: astro's own start-up floor",
      },
    ];
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

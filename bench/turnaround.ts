// Job turnaround through the real embedded server: create -> COMPLETED for a 3000x2400 photo,
// as the results screen sees it (GET with wait=20 until the job ends).
import sharp from 'sharp';
import { join } from 'node:path';
import { startServer } from '../tests/support/server-process.ts';
import { CREATE_JOB_PATH, STYLES_PATH, jobPath, jobPhase, StylesResponseSchema } from '../contract/index.ts';
import { formatTable, type BenchRow } from './row.ts';
import { percentile } from './stats.ts';

const JOBS = Number(process.env.BENCH_TURNAROUND_JOBS ?? 24);
const CONCURRENCY = 2;

export default async function bench(): Promise<BenchRow[]> {
  const photo = await sharp(join(import.meta.dirname, '..', 'tests', 'fixtures', 'astronaut.jpg'))
    .resize(3000, 2400, { fit: 'cover', position: 'north' })
    .jpeg({ quality: 92 })
    .toBuffer();
  const image = `data:image/jpeg;base64,${photo.toString('base64')}`;
  // Two visitors, each its own client (by X-Forwarded-For, believed from 127.0.0.1 here), each
  // sending jobs one after another; the per-client limits are measured in bench/abuse.ts.
  const server = await startServer({
    env: { BOOTH_TRUSTED_PROXIES: '127.0.0.1', BOOTH_CLIENT_JOBS_PER_MINUTE: '100000' },
  });
  try {
    const styles = StylesResponseSchema.parse(await (await fetch(server.url + STYLES_PATH)).json());
    const style = styles.find((s) => /sticker/i.test(String(s.id))) ?? styles[0];
    const one = async (visitor = 0) => {
      const started = performance.now();
      const created = await fetch(server.url + CREATE_JOB_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${visitor + 1}` },
        body: JSON.stringify({ style_id: style.id, image }),
      });
      const { id } = (await created.json()) as { id: string };
      for (;;) {
        const job = (await (await fetch(server.url + jobPath(id, 20))).json()) as { result: { status: string } };
        const phase = jobPhase(job.result.status);
        if (phase === 'error') throw new Error(`job ${id} ended ERROR`);
        if (phase === 'completed') return performance.now() - started;
      }
    };
    await one(); // the first job warms the HTTP path; the engine warmed at start
    const times: number[] = [];
    const wallStart = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, visitor) => {
        while (next++ < JOBS) times.push(await one(visitor));
      }),
    );
    const wall = (performance.now() - wallStart) / 1000;
    const how = `${JOBS} jobs, ${CONCURRENCY} visitors at a time, real server + local engine, 3000x2400 JPEG`;
    return [
      {
        area: 'turnaround',
        figure: `create -> COMPLETED p50 (${style.id})`,
        value: `${(percentile(times, 50) / 1000).toFixed(2)} s`,
        how,
      },
      {
        area: 'turnaround',
        figure: `create -> COMPLETED p95 (${style.id})`,
        value: `${(percentile(times, 95) / 1000).toFixed(2)} s`,
        how,
      },
      { area: 'turnaround', figure: `jobs per minute (${style.id})`, value: `${((JOBS / wall) * 60).toFixed(0)}`, how },
    ];
  } finally {
    await server.stop();
  }
}

if (import.meta.main) console.log(formatTable(await bench()));

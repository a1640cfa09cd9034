// The console's event view on the scale-out path: a real redis-server holding job hashes in
// BullMQ's layout and the per-tenant index, s3rver as the store, and the event routes answered in
// this process (no HTTP, no session), as the control node answers them. A tenant's busy day
// (its jobs of today spread from midnight to now) among two earlier days and other tenants' jobs,
// at two sizes. Run alone with `npx node bench/scale-events.ts`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { Queue } from 'bullmq';
import { JOB_STATUS } from '../contract/index.ts';
import type { Account } from '../server/storage/accounts.ts';
import { adminEvents, startOfDay } from '../server/hosts/admin-events.ts';
import { failFast, QUEUE_NAME } from '../server/scale/queue.ts';
import { RedisEventJobs } from '../server/scale/redis-event-jobs.ts';
import { S3Store } from '../server/scale/s3-store.ts';
import { redisOf, tenantJobsKey } from '../server/scale/job-index.ts';
import type { ScaleSettings } from '../server/scale/settings.ts';
import { seed } from '../server/seed/seed.ts';
import { openDatabase } from '../server/storage/database.ts';
import { StyleStore } from '../server/storage/styles.ts';
import { TenantStore } from '../server/storage/tenants.ts';
import { startRedis } from '../tests/support/redis.ts';
import { startS3 } from '../tests/support/s3.ts';
import { medianTime } from './stats.ts';
import type { BenchRow } from './row.ts';

/** The tenant's jobs of today, in each run. */
const SIZES = [1_000, 20_000];
/** Other tenants' jobs, and the tenant's own of the two days before, in the queue besides. */
const OTHERS = 20_000;
const EARLIER = 10_000;
const RUNS = 15;
const MESSAGES = ['No person found in the photo.', 'The photo is too dark.', 'The style failed; please try again.'];

/** Writes jobs as BullMQ keeps them (the hash fields the view reads) and files the tenant's in its index. */
async function fill(queue: Queue, tenant: string, count: number, from: number, to: number, prefix: string) {
  const client = await redisOf(queue);
  for (let start = 0; start < count; start += 2_000) {
    const pipeline = client.pipeline();
    for (let i = start; i < Math.min(count, start + 2_000); i++) {
      const id = `${prefix}-${i}`;
      const created = from + Math.floor((i / count) * (to - from));
      const failed = i % 10 === 0;
      const finished = created + 2_000 + (i % 97) * 50;
      const outcome = failed
        ? { status: JOB_STATUS.error, images: [], previews: [], message: MESSAGES[i % MESSAGES.length], prompt: 'p' }
        : { status: JOB_STATUS.completed, images: ['1.png'], previews: ['1.preview.webp'], message: '', prompt: 'p' };
      pipeline.hset(queue.toKey(id), {
        name: 'restyle',
        timestamp: created,
        processedOn: created + 500,
        finishedOn: finished,
        returnvalue: JSON.stringify(outcome),
        data: JSON.stringify({ styleId: 'comic', prompt: 'p', photoKey: `photos/${id}.jpg`, tenant }),
      });
      pipeline.zadd(tenantJobsKey(tenant), created, id);
    }
    await pipeline.exec();
  }
}

async function scenario(today: number): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-events-'));
  const [redis, s3] = await Promise.all([startRedis(path.join(dir, 'redis')), startS3(path.join(dir, 's3'))]);
  const db = openDatabase(dir);
  const settings: ScaleSettings = {
    redisUrl: redis.url,
    s3: {
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      pathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    resultsUrlSeconds: 3600,
    serviceTimeoutMs: 30_000,
    stalledSeconds: 30,
    workerJobs: 1,
    tenantFrameSeconds: 10,
  };
  const store = new S3Store(settings);
  const queue = new Queue(QUEUE_NAME, { connection: failFast(redis.url) });
  const jobs = new RedisEventJobs(settings, store, { retentionSeconds: 7 * 86_400, log: () => {} });
  try {
    const tenants = new TenantStore(db);
    seed(tenants, 'bench', path.join(dir, 'tenants'));
    const now = Date.now();
    const midnight = startOfDay(now);
    await fill(queue, 'aurora', today, midnight, now, 'today');
    await fill(queue, 'aurora', EARLIER, midnight - 2 * 86_400_000, midnight - 1, 'earlier');
    await fill(queue, 'meadow', OTHERS, midnight - 2 * 86_400_000, now, 'other');
    const app = new Hono<{ Variables: { account: Account } }>();
    app.use('*', async (c, next) => {
      c.set('account', { username: 'bench', role: 'operator', tenant: null });
      return next();
    });
    app.route('/', adminEvents({ tenants, styles: new StyleStore(db), datasetId: 'bench', reserved: new Set(), jobs }));
    const ask = async (method: string, p: string) => {
      const res = await app.request(p, { method });
      if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<Record<string, unknown>>;
    };
    const how = `aurora's ${today} jobs of today, ${EARLIER} of two days before and ${OTHERS} of another tenant in Redis; median of ${RUNS}`;
    const events = await medianTime(RUNS, () => ask('GET', '/tenants/aurora/events'));
    const results = await medianTime(RUNS, () => ask('GET', '/tenants/aurora/results'));
    const started = performance.now();
    const { deleted } = await ask('DELETE', '/tenants/aurora/results');
    const deleteMs = performance.now() - started;
    return [
      { area: 'scale-events', figure: `GET events (${today} jobs today)`, value: `${events.toFixed(1)} ms`, how },
      {
        area: 'scale-events',
        figure: `GET results, 500 newest signed (${today} jobs today)`,
        value: `${results.toFixed(1)} ms`,
        how,
      },
      {
        area: 'scale-events',
        figure: `DELETE all results (${today} jobs today)`,
        value: `${(deleteMs / 1000).toFixed(2)} s`,
        how: `${String(deleted)} jobs deleted: their keys in s3rver, their hashes in Redis`,
      },
    ];
  } finally {
    await Promise.allSettled([jobs.close(), queue.close()]);
    store.close();
    db.close();
    await Promise.allSettled([redis.stop(), s3.stop()]);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export default async function bench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const size of SIZES) rows.push(...(await scenario(size)));
  return rows;
}

if (import.meta.main) {
  const { formatTable } = await import('./row.ts');
  console.log(formatTable(await bench()));
}

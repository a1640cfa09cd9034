// The local engine under the server's load shape: 2 worker threads, one engine each, fed
// 3000x2400 JPEGs (the camera's ideal size). Run alone with `npx node bench/engine.ts`.
// BENCH_ENGINE_JOBS sets the jobs per style (default 12).
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import sharp from 'sharp';
import type { BenchRow } from './row.ts';

const WORKERS = 2;
const PHOTO = { width: 3000, height: 2400 };
const SHAPE = `${PHOTO.width}x${PHOTO.height} JPEG`;

type Reply =
  | { kind: 'ready'; startMs: number; firstJobMs: number }
  | { kind: 'done'; ms: number }
  | { kind: 'memory'; rss: number; heap: number; external: number };

if (!isMainThread && workerData?.benchEngine) await serveJobs(workerData.photo as Uint8Array);

/** Inside a worker: start the engine as the server does, time the first job, then serve jobs. */
async function serveJobs(photo: Uint8Array): Promise<void> {
  const { createEngine } = await import('../server/engine/index.ts');
  const engine = createEngine();
  const started = performance.now();
  await engine.start();
  const startMs = performance.now() - started;
  const first = performance.now();
  await engine.restyle({ photo, styleId: 'die-cut-sticker' });
  parentPort?.postMessage({ kind: 'ready', startMs, firstJobMs: performance.now() - first } satisfies Reply);
  parentPort?.on('message', async (message: { styleId?: string; memory?: boolean }) => {
    if (message.memory) {
      const usage = process.memoryUsage();
      parentPort?.postMessage({
        kind: 'memory',
        rss: usage.rss,
        heap: usage.heapTotal,
        external: usage.external,
      } satisfies Reply);
      return;
    }
    const begun = performance.now();
    await engine.restyle({ photo, styleId: message.styleId as string });
    parentPort?.postMessage({ kind: 'done', ms: performance.now() - begun } satisfies Reply);
  });
}

export async function benchPhoto(): Promise<Buffer> {
  const source = await readFile(new URL('../tests/fixtures/astronaut.jpg', import.meta.url));
  return sharp(source)
    .resize(PHOTO.width, PHOTO.height, { fit: 'cover', kernel: 'lanczos3' })
    .jpeg({ quality: 92 })
    .toBuffer();
}

function ask(worker: Worker, message: object): Promise<Reply> {
  worker.postMessage(message);
  return once(worker, 'message').then(([reply]) => reply as Reply);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export default async function bench(): Promise<BenchRow[]> {
  const jobsPerStyle = Number(process.env.BENCH_ENGINE_JOBS ?? 12);
  const photo = await benchPhoto();
  const { createEngine } = await import('../server/engine/index.ts');
  const styleIds = createEngine()
    .styles()
    .map((style) => style.id);
  const rssBefore = process.memoryUsage().rss;
  const workers = Array.from(
    { length: WORKERS },
    () => new Worker(new URL(import.meta.url), { workerData: { benchEngine: true, photo } }),
  );
  const rows: BenchRow[] = [];
  try {
    const ready = (await Promise.all(
      workers.map((worker) => once(worker, 'message').then(([reply]) => reply as Reply)),
    )) as Extract<Reply, { kind: 'ready' }>[];
    const row = (figure: string, value: string, how: string) => rows.push({ area: 'engine', figure, value, how });
    row(
      'engine start: load + warm models',
      seconds(Math.max(...ready.map((r) => r.startMs))),
      `slowest of ${WORKERS} workers starting together`,
    );
    row(
      `first job after start (die-cut-sticker, ${SHAPE})`,
      seconds(Math.max(...ready.map((r) => r.firstJobMs))),
      `slowest of ${WORKERS} workers, right after start()`,
    );

    for (const styleId of styleIds) {
      const times: number[] = [];
      let next = 0;
      const began = performance.now();
      // Each worker takes the next job as soon as it is free, as the server's queue does.
      await Promise.all(
        workers.map(async (worker) => {
          while (next < jobsPerStyle) {
            next++;
            const reply = await ask(worker, { styleId });
            if (reply.kind === 'done') times.push(reply.ms);
          }
        }),
      );
      const wallMs = performance.now() - began;
      times.sort((a, b) => a - b);
      const how = `${times.length} jobs on ${WORKERS} workers, engine.restyle time`;
      row(`job time p50 (${styleId}, ${SHAPE})`, seconds(percentile(times, 50)), how);
      row(`job time p95 (${styleId}, ${SHAPE})`, seconds(percentile(times, 95)), how);
      row(
        `throughput (${styleId}, ${SHAPE})`,
        `${Math.round((times.length / wallMs) * 60_000)} jobs/min`,
        `${times.length} jobs, wall clock, ${WORKERS} workers busy`,
      );
    }

    const memory = (await Promise.all(workers.map((worker) => ask(worker, { memory: true })))) as Extract<
      Reply,
      { kind: 'memory' }
    >[];
    // RSS is one figure for the whole process; the workers' share is what they added to it.
    const rssAfter = Math.max(...memory.map((m) => m.rss));
    row(
      `resident memory per worker (all styles, ${SHAPE})`,
      mb((rssAfter - rssBefore) / WORKERS),
      `(process RSS after run - RSS before workers) / ${WORKERS}`,
    );
    row('process resident memory, 2 workers', mb(rssAfter), 'process.memoryUsage().rss after the run');
    row(
      'JS heap + external per worker',
      mb(Math.max(...memory.map((m) => m.heap + m.external))),
      'largest worker, process.memoryUsage() inside it',
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return rows;
}

if (isMainThread && import.meta.url === new URL(process.argv[1] ?? '', 'file://').href) {
  const { formatTable } = await import('./row.ts');
  console.log(formatTable(await bench()));
}

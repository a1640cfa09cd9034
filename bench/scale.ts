// The scale-out job path (BullMQ on a real redis-server, s3rver in a process of its own as the
// S3-compatible store): jobs
// per minute for 1, 2, 4 and 8 worker processes while a stand-in model takes 1 s per job (the
// OpenAI stand-in, as a remote model would); the queue + storage overhead per job against the
// embedded default; and the local CPU engine with 1 and 2 worker processes on this machine's cores.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { CREATE_JOB_PATH, jobPath, jobPhase } from '../contract/index.ts';
import { newDataDir, startServer, type RunningServer } from '../tests/support/server-process.ts';
import { startRedis } from '../tests/support/redis.ts';
import { startS3 } from '../tests/support/s3.ts';
import { startOpenAiStandIn } from '../tests/support/stand-ins/openai.ts';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { S3Store } from '../server/scale/s3-store.ts';
import { formatTable, type BenchRow } from './row.ts';
import { median, percentile } from './stats.ts';

const WORKER_COUNTS = [1, 2, 4, 8];
/** Jobs per worker process in each throughput run: enough that the start and the tail weigh little. */
const JOBS_PER_WORKER = 10;
const MODEL_MS = 1000;
/** Sequential jobs measured on each path: about ten seconds, so that a slow moment of the shared machine weighs little. */
const SEQUENTIAL = 200;
/** Jobs each before the measured ones: connections opened, code compiled, as in a booth that has been up a while. */
const WARM_UP = 20;
/** Calls of each kind in the breakdown rows. */
const PART_CALLS = 60;
/**
 * The breakdown's calls are spaced as a job's calls are (one every few ms, with other processes
 * working between): back to back, a call finds every cache warm and costs a good deal less.
 */
const PART_GAP_MS = 10;
const pause = () => new Promise((resolve) => setTimeout(resolve, PART_GAP_MS));
const LOCAL_JOBS = 16;

let visitors = 0;

/** Create to COMPLETED, as a visitor's phone does it (long polls), each visitor an address of its own. */
async function job(api: RunningServer, body: string): Promise<void> {
  const visitor = visitors++;
  const created = await fetch(api.url + CREATE_JOB_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.8.${(visitor >> 8) & 255}.${visitor & 255}` },
    body,
  });
  const { id, error } = (await created.json()) as { id?: string; error?: string };
  if (!id) throw new Error(`job refused: ${created.status} ${error}`);
  for (;;) {
    const answer = (await (await fetch(api.url + jobPath(id, 20))).json()) as {
      result: { status: string; message: string };
    };
    const phase = jobPhase(answer.result.status);
    if (phase === 'error') throw new Error(`job ${id} ended ERROR: ${answer.result.message}`);
    if (phase === 'completed') return;
  }
}

/** Jobs per minute: `count` jobs sent at once, first create to last COMPLETED. */
async function throughput(api: RunningServer, body: string, count: number): Promise<number> {
  const started = performance.now();
  await Promise.all(Array.from({ length: count }, () => job(api, body)));
  return count / ((performance.now() - started) / 60_000);
}

async function ready(server: RunningServer) {
  while (!/worker \d+ ready/.test(server.output())) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Put, get and delete of a photo, PART_CALLS times each: every call's time. */
async function storeCalls(store: S3Store, photo: Uint8Array) {
  const times: number[] = [];
  for (let i = 0; i < PART_CALLS; i++) {
    const key = `bench/${i}.jpg`;
    for (const call of [() => store.putPhoto(key, photo), () => store.getPhoto(key), () => store.delete([key])]) {
      await pause();
      const started = performance.now();
      await call();
      times.push(performance.now() - started);
    }
  }
  return times;
}

/** A loopback HTTP server that answers every S3 call at once (the photo to a GET): what is left of a call is the client's. */
async function startInstantStore(photo: Uint8Array) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'GET')
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photo.byteLength }).end(photo);
      else if (req.method === 'POST')
        res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end('<?xml version="1.0" encoding="UTF-8"?><DeleteResult></DeleteResult>');
      else res.writeHead(200, { etag: '"0"' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** Where the overhead goes: one S3 call of a photo's size, and one job through BullMQ with a worker that does nothing. */
async function parts(redisUrl: string, s3env: Record<string, string>, photo: Uint8Array) {
  const settings = {
    redisUrl,
    resultsUrlSeconds: 3600,
    serviceTimeoutMs: 5000,
    stalledSeconds: 30,
    workerJobs: 1,
    tenantFrameSeconds: 10,
    s3: {
      bucket: s3env.BOOTH_S3_BUCKET!,
      endpoint: s3env.BOOTH_S3_ENDPOINT,
      region: 'us-east-1',
      pathStyle: true,
      credentials: { accessKeyId: s3env.BOOTH_S3_ACCESS_KEY_ID!, secretAccessKey: s3env.BOOTH_S3_SECRET_ACCESS_KEY! },
    },
  };
  const store = new S3Store(settings);
  const s3Calls = await storeCalls(store, photo);
  store.close();
  const instant = await startInstantStore(photo);
  const client = new S3Store({ ...settings, s3: { ...settings.s3, endpoint: instant.url } });
  const clientCalls = await storeCalls(client, photo);
  client.close();
  instant.close();
  const connection = { url: redisUrl, maxRetriesPerRequest: null };
  const queue = new Queue('bench-parts', { connection });
  const events = new QueueEvents('bench-parts', { connection });
  const worker = new Worker('bench-parts', async () => ({}), { connection });
  await Promise.all([queue.waitUntilReady(), events.waitUntilReady(), worker.waitUntilReady()]);
  const queueTrips: number[] = [];
  for (let i = 0; i < PART_CALLS; i++) {
    const jobId = `trip-${i}`;
    const done = new Promise<void>((resolve) => {
      const onCompleted = (event: { jobId: string }) => {
        if (event.jobId !== jobId) return;
        events.off('completed', onCompleted);
        resolve();
      };
      events.on('completed', onCompleted);
    });
    await pause();
    const started = performance.now();
    await queue.add('trip', {}, { jobId });
    await done;
    queueTrips.push(performance.now() - started);
  }
  await Promise.all([worker.close(), events.close()]);
  await queue.obliterate({ force: true });
  await queue.close();
  return { s3Call: median(s3Calls), s3Client: median(clientCalls), queueTrip: median(queueTrips) };
}

export default async function bench(): Promise<BenchRow[]> {
  const fixture = join(import.meta.dirname, '..', 'tests', 'fixtures', 'astronaut.jpg');
  const photo = await sharp(fixture)
    .resize(1024, 768, { fit: 'cover', position: 'north' })
    .jpeg({ quality: 90 })
    .toBuffer();
  const bodyOf = (style: string) =>
    JSON.stringify({ style_id: style, image: `data:image/jpeg;base64,${photo.toString('base64')}` });
  const picture = await sharp(fixture).resize(1024, 1024, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer();
  const dir = newDataDir('bench-scale');
  const [redis, s3, model] = await Promise.all([
    startRedis(join(dir, 'redis')),
    startS3(join(dir, 's3')),
    startOpenAiStandIn(),
  ]);
  const stylesFile = join(dir, 'styles.json');
  writeFileSync(
    stylesFile,
    JSON.stringify({
      styles: [
        { id: 'anime', description: 'Anime hero', prompt: 'Turn the person into an anime hero', engine: 'openai' },
        { id: 'die-cut-sticker', engine: 'local' },
      ],
    }),
  );
  const env = {
    BOOTH_STYLES_FILE: stylesFile,
    BOOTH_OPENAI_API_KEY: model.key,
    BOOTH_OPENAI_BASE_URL: model.url,
    BOOTH_TRUSTED_PROXIES: '127.0.0.1',
    BOOTH_WORKERS: '1',
    BOOTH_WORKER_JOBS: '1',
    BOOTH_JOB_TIMEOUT_MS: '60000',
  };
  const scaleEnv = { ...env, ...s3.env, BOOTH_REDIS_URL: redis.url };
  const servers: RunningServer[] = [];
  const start = async (args: string[], extra: Record<string, string>) => {
    const server = await startServer({ args, env: extra, dataDir: newDataDir('bench-scale') });
    servers.push(server);
    return server;
  };
  const rows: BenchRow[] = [];
  try {
    // Queue + storage overhead: the same sequential jobs, model at once, on the embedded default and
    // on Redis + S3. Both run at once and take their jobs in turn (the order swapped each round), so
    // that a slower minute of the shared machine weighs on both alike.
    model.behave({ kind: 'ok', picture });
    const embedded = await start([], { ...env, BOOTH_HTTPS: 'off' });
    const api = await start(['--role', 'api'], scaleEnv);
    const workers = [await start(['--role', 'worker'], scaleEnv)];
    await Promise.all([ready(embedded), ready(workers[0]!)]);
    const hubTime = async (server: RunningServer) => {
      const served = model.received.length;
      const started = performance.now();
      await job(server, bodyOf('anime'));
      return (
        performance.now() - started - model.visits.slice(served).reduce((sum, v) => sum + (v.answered - v.arrived), 0)
      );
    };
    for (let i = 0; i < WARM_UP; i++) for (const server of [embedded, api]) await hubTime(server);
    const embeddedTimes: number[] = [];
    const scaleTimes: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) {
      for (const server of i % 2 === 0 ? [embedded, api] : [api, embedded]) {
        (server === embedded ? embeddedTimes : scaleTimes).push(await hubTime(server));
      }
    }
    await embedded.stop();
    const path = `${SEQUENTIAL} sequential jobs each, the two taken in turn after ${WARM_UP} each to warm up; create to COMPLETED minus the stand-in model's own time, p50 / p95`;
    const breakdown = await parts(redis.url, s3.env, photo);
    const both = (times: number[]) => `${median(times).toFixed(1)} / ${percentile(times, 95).toFixed(1)} ms`;
    const overhead = (p: number) =>
      (p === 50
        ? median(scaleTimes) - median(embeddedTimes)
        : percentile(scaleTimes, p) - percentile(embeddedTimes, p)
      ).toFixed(1);
    rows.push(
      {
        area: 'scale',
        figure: 'hub time per job, embedded default (SQLite, disk)',
        value: both(embeddedTimes),
        how: path,
      },
      {
        area: 'scale',
        figure: 'hub time per job, Redis + S3 (1 API node, 1 worker)',
        value: both(scaleTimes),
        how: path,
      },
      {
        area: 'scale',
        figure: 'queue + storage overhead per job p50 / p95',
        value: `${overhead(50)} / ${overhead(95)} ms`,
        how: 'the differences of the two rows above: what BullMQ, Redis and S3 add to a job',
      },
      {
        area: 'scale',
        figure: 'of which: one S3 call p50 (s3rver on this machine)',
        value: `${breakdown.s3Call.toFixed(1)} ms`,
        how: `put, get and delete of the ${Math.round(photo.byteLength / 1024)} KB photo, ${PART_CALLS} times each, ${PART_GAP_MS} ms apart as on a job's path, where a job makes 3 (photo in, photo out, result in)`,
      },
      {
        area: 'scale',
        figure: "of which: the S3 client's own part of a call p50",
        value: `${breakdown.s3Client.toFixed(1)} ms`,
        how: "the same calls, same client settings, to a loopback server that answers at once: the rest of a call is s3rver's",
      },
      {
        area: 'scale',
        figure: 'of which: one job through BullMQ p50',
        value: `${breakdown.queueTrip.toFixed(1)} ms`,
        how: `add to the completed event at a listener, a worker that does nothing, ${PART_CALLS} times, ${PART_GAP_MS} ms apart`,
      },
    );

    // Throughput with a model that takes 1 s: each worker process takes one job at a time.
    model.behave({ kind: 'ok', picture, delayMs: MODEL_MS });
    let one = 0;
    for (const count of WORKER_COUNTS) {
      while (workers.length < count) workers.push(await start(['--role', 'worker'], scaleEnv));
      await Promise.all(workers.map(ready));
      const perMinute = await throughput(api, bodyOf('anime'), count * JOBS_PER_WORKER);
      if (count === 1) one = perMinute;
      rows.push({
        area: 'scale',
        figure: `jobs per minute, ${count} worker process${count > 1 ? 'es' : ''}, model 1 s per job`,
        value: `${perMinute.toFixed(0)}`,
        how: `${count * JOBS_PER_WORKER} jobs sent at once, first create to last COMPLETED; ${((perMinute / (one * count)) * 100).toFixed(0)} % of ${count} x the 1-worker figure`,
      });
    }
    // The local CPU engine: 1 worker process, then 2, on this machine's cores.
    while (workers.length > 2) await workers.pop()!.stop();
    await workers.pop()!.stop();
    let cpuOne = 0;
    for (const count of [1, 2]) {
      await Promise.all(workers.map(ready));
      await job(api, bodyOf('die-cut-sticker'));
      const perMinute = await throughput(api, bodyOf('die-cut-sticker'), LOCAL_JOBS);
      if (count === 1) cpuOne = perMinute;
      rows.push({
        area: 'scale',
        figure: `jobs per minute, local CPU engine (die-cut sticker), ${count} worker process${count > 1 ? 'es' : ''}`,
        value: `${perMinute.toFixed(0)}`,
        how: `${LOCAL_JOBS} jobs at once, 1024x768 JPEG, BOOTH_WORKERS=1 each${count === 2 ? `; ${(perMinute / cpuOne).toFixed(2)} x the 1-worker figure` : ''}`,
      });
      if (count === 1) workers.push(await start(['--role', 'worker'], scaleEnv));
    }
    return rows;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await Promise.all([redis.stop(), s3.stop(), model.close()]);
  }
}

if (import.meta.main) console.log(formatTable(await bench()));

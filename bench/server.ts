// The embedded server under load, on loopback:
//  - poll latency of GET /transformations/jobs/{id}/ with 500 concurrent pollers while the
//    engine workers restyle real 3000x2400 photos;
//  - the same polls over HTTPS, as phones on the event network send them (workers idle);
//  - image-proxy time for a 1920x1080 background to 450x800 with smart gravity, cold and cached.
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { CREATE_JOB_PATH, jobPath } from '../contract/index.ts';
import { newDataDir, startServer } from '../tests/support/server-process.ts';
import { formatTable, type BenchRow } from './row.ts';
import { percentile } from './stats.ts';

const POLLERS = 500;
const POLL_SECONDS = Number(process.env.BENCH_POLL_SECONDS ?? 6);
const BUSY_JOBS = 40;
const PROXY_COLD = 5;
const PROXY_CACHED = 50;

const ms = (v: number) => `${v.toFixed(1)} ms`;

async function timed(url: string): Promise<number> {
  const started = performance.now();
  // Node's fetch opens as many loopback connections as there are requests in flight.
  const res = await fetch(url);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - started;
}

/** One GET over TLS, trusting the server's self-signed certificate; connections are kept. */
function timedHttps(url: string, agent: https.Agent): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    https
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(performance.now() - started)
            : reject(new Error(`${url} answered ${res.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

/** Closed loop: each poller sends its next request as soon as the last one is answered. */
async function pollFor(url: string, seconds: number, get: (url: string) => Promise<number> = timed): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: POLLERS }, async () => {
      while (performance.now() < until) latencies.push(await get(url));
    }),
  );
  return latencies;
}

export default async function bench(): Promise<BenchRow[]> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const photo = await sharp(path.join(root, 'tests/fixtures/astronaut.jpg'))
    .resize(3000, 2400, { fit: 'cover', position: 'north' })
    .jpeg({ quality: 92 })
    .toBuffer();
  const body = JSON.stringify({
    style_id: 'die-cut-sticker',
    image: `data:image/jpeg;base64,${photo.toString('base64')}`,
  });
  const server = await startServer({ dataDir: newDataDir('bench') });
  const rows: BenchRow[] = [];
  try {
    const create = async () => {
      const res = await fetch(server.url + CREATE_JOB_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      return ((await res.json()) as { id: string }).id;
    };
    const polledId = await create();
    await fetch(server.url + jobPath(polledId, 20));

    await pollFor(server.url + jobPath(polledId), 1); // opens the connections; not counted
    const idle = await pollFor(server.url + jobPath(polledId), 2);
    rows.push({
      area: 'server',
      figure: 'job poll latency p50 / p99 (workers idle)',
      value: `${ms(percentile(idle, 50))} / ${ms(percentile(idle, 99))}`,
      how: `${POLLERS} concurrent pollers for 2 s (${idle.length} requests), baseline`,
    });

    // Phones poll over HTTPS: the same 500 pollers through TLS, with kept connections as browsers do.
    const ca = fs.readFileSync(path.join(server.dataDir, 'tls', 'cert.pem'));
    const agent = new https.Agent({ ca, keepAlive: true, maxSockets: POLLERS });
    const secureUrl = `https://localhost:${new URL(server.httpsUrl!).port}${jobPath(polledId)}`;
    const get = (url: string) => timedHttps(url, agent);
    await pollFor(secureUrl, 1, get); // TLS handshakes; not counted
    const secure = await pollFor(secureUrl, 2, get);
    agent.destroy();
    rows.push({
      area: 'server',
      figure: 'job poll latency p50 / p99 over HTTPS (workers idle)',
      value: `${ms(percentile(secure, 50))} / ${ms(percentile(secure, 99))}`,
      how: `${POLLERS} concurrent pollers for 2 s over TLS (${secure.length} requests), kept connections, self-signed certificate`,
    });

    // Keep every worker busy for the whole polling window, with a bounded number of jobs.
    let stop = false;
    let submitted = 1;
    const feed = async () => {
      while (!stop && submitted < BUSY_JOBS) {
        submitted++;
        await fetch(server.url + jobPath(await create(), 20));
      }
    };
    // Two jobs in flight at a time: one per worker on this machine's two cores.
    const feeders = [feed(), feed()];

    const latencies = await pollFor(server.url + jobPath(polledId), POLL_SECONDS);
    stop = true;
    await Promise.all(feeders);
    const how = `${POLLERS} concurrent pollers for ${POLL_SECONDS} s (${latencies.length} requests), ${submitted} sticker jobs of 3000x2400 photos running, loopback`;
    rows.push({
      area: 'server',
      figure: 'job poll latency p50 (workers busy)',
      value: ms(percentile(latencies, 50)),
      how,
    });
    rows.push({
      area: 'server',
      figure: 'job poll latency p99 (workers busy)',
      value: ms(percentile(latencies, 99)),
      how,
    });
    rows.push({
      area: 'server',
      figure: 'job poll throughput (workers busy)',
      value: `${Math.round(latencies.length / POLL_SECONDS)} req/s`,
      how,
    });

    // Workers idle again, so the proxy figures measure the proxy.
    const proxy = (q: number) =>
      `${server.url}/insecure/rs:fill:450:800/g:sm/q:${q}/plain/s3://booth-assets/photobooth/aurora/background.jpg`;
    // A different quality is a different cache entry: each of these is a cold resize.
    const cold: number[] = [];
    for (let i = 0; i < PROXY_COLD; i++) cold.push(await timed(proxy(80 + i)));
    const cached: number[] = [];
    for (let i = 0; i < PROXY_CACHED; i++) cached.push(await timed(proxy(80)));
    rows.push({
      area: 'server',
      figure: 'image proxy 1920x1080 -> 450x800 g:sm, cold (p50)',
      value: ms(percentile(cold, 50)),
      how: `${PROXY_COLD} uncached requests, one at a time, JPEG out`,
    });
    rows.push({
      area: 'server',
      figure: 'image proxy 1920x1080 -> 450x800 g:sm, cached (p50)',
      value: ms(percentile(cached, 50)),
      how: `${PROXY_CACHED} requests of one cached URL, one at a time`,
    });
  } finally {
    await server.stop();
  }
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(formatTable(await bench()));
}

// A visitor's job under attack (issue: one hostile client must not slow the booth down): the
// job's time idle and while each attack runs in a process of its own (bench/abuse/attacker.ts),
// /health's p99 under the body flood, and the server's peak memory through all of it.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { CREATE_JOB_PATH, VISITOR_HEADER, VISITORS_PATH, jobPath, jobPhase } from '../contract/index.ts';
import { currentRss, peakRss, startServer, type RunningServer } from '../tests/support/server-process.ts';
import type { BenchRow } from './row.ts';
import { median, percentile } from './stats.ts';

const VISITOR_JOBS = Number(process.env.BENCH_ABUSE_JOBS ?? 7);
/** How long an attack runs before the visitor starts, so it is at full strength. */
const RAMP_MS = 3000;
/** /health is probed at least this long under the body flood, so its p99 rests on many probes. */
const HEALTH_MS = 15_000;
const atLeast = async <T>(ms: number, work: Promise<T>): Promise<T> =>
  (await Promise.all([work, new Promise((r) => setTimeout(r, ms))]))[0];
const VISITOR = { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.9.9.9' };

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Guests of one venue: one address, a visitor token each. */
const VENUE_GUESTS = 40;
const VENUE_ADDRESS = '10.6.0.1';

async function visitorJob(
  server: RunningServer,
  body: string,
  headers: Record<string, string> = VISITOR,
): Promise<number> {
  const started = performance.now();
  const created = await fetch(server.url + CREATE_JOB_PATH, { method: 'POST', headers, body });
  const answer = (await created.json()) as { id?: string; error?: string };
  if (!answer.id) throw new Error(`the visitor's job was refused: ${created.status} ${answer.error}`);
  for (;;) {
    const job = (await (await fetch(server.url + jobPath(answer.id, 20))).json()) as { result: { status: string } };
    const phase = jobPhase(job.result.status);
    if (phase === 'error') throw new Error(`the visitor's job ${answer.id} ended ERROR`);
    if (phase === 'completed') return performance.now() - started;
  }
}

async function visitorJobs(server: RunningServer, body: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < VISITOR_JOBS; i++) times.push(await visitorJob(server, body));
  return times;
}

/** Each guest of the venue sends one job, all at once: their create-to-COMPLETED times. */
async function venueJobs(server: RunningServer, body: string): Promise<number[]> {
  const tokens = await Promise.all(
    Array.from({ length: VENUE_GUESTS }, async () => {
      const res = await fetch(server.url + VISITORS_PATH, {
        method: 'POST',
        headers: { 'X-Forwarded-For': VENUE_ADDRESS },
      });
      return ((await res.json()) as { token: string }).token;
    }),
  );
  return Promise.all(
    tokens.map((token) =>
      visitorJob(server, body, { ...VISITOR, 'X-Forwarded-For': VENUE_ADDRESS, [VISITOR_HEADER]: token }),
    ),
  );
}

/** /health answered every 20 ms while `during` runs: the answer times. */
async function healthTimes<T>(server: RunningServer, during: Promise<T>): Promise<{ result: T; times: number[] }> {
  const times: number[] = [];
  let done = false;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(`${server.url}/health`).then((r) => r.arrayBuffer());
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const result = await during.finally(() => (done = true));
  await probe;
  return { result, times };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
/** The most resident memory seen in each attack, sampled every 100 ms. */
const peaks = new Map<string, number>();

async function underAttack<T>(kind: string, server: RunningServer, measure: () => Promise<T>): Promise<T> {
  const attacker = spawn(process.execPath, [join(import.meta.dirname, 'abuse', 'attacker.ts'), kind, server.url], {
    stdio: 'inherit',
  });
  // The attacker's own CPU is not the booth's: on a real network it is another machine. At the
  // lowest priority it takes only what the booth leaves idle.
  os.setPriority(attacker.pid!, 19);
  const sampler = setInterval(() => peaks.set(kind, Math.max(peaks.get(kind) ?? 0, currentRss(server.pid))), 100);
  try {
    await new Promise((resolve) => setTimeout(resolve, RAMP_MS));
    return await measure();
  } finally {
    clearInterval(sampler);
    attacker.kill('SIGKILL');
    await new Promise((resolve) => attacker.once('exit', resolve));
    // Let the server finish what the attack left before the next measurement.
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}

export default async function bench(): Promise<BenchRow[]> {
  // A photo as the booth's camera sends it: 1024 px wide, JPEG.
  const photo = await sharp(join(import.meta.dirname, '..', 'tests', 'fixtures', 'astronaut.jpg'))
    .resize(1024, 768, { fit: 'cover', position: 'north' })
    .jpeg({ quality: 90 })
    .toBuffer();
  const body = JSON.stringify({
    style_id: 'die-cut-sticker',
    image: `data:image/jpeg;base64,${photo.toString('base64')}`,
  });
  const server = await startServer({ env: { BOOTH_TRUSTED_PROXIES: '127.0.0.1' } });
  try {
    await visitorJob(server, body); // warms the HTTP path; the engine warmed at start
    const idle = median(await visitorJobs(server, body));
    const rows: BenchRow[] = [
      {
        area: 'abuse',
        figure: 'visitor job, idle (median)',
        value: seconds(idle),
        how: `${VISITOR_JOBS} sequential die-cut sticker jobs of a 1024x768 JPEG, create to COMPLETED`,
      },
    ];
    for (const [kind, what] of [
      ['proxy', '8 clients asking the image proxy a new enlarged size each time'],
      ['queue', 'one client sending 3000x2400 jobs 20 at a time, without pause'],
    ] as const) {
      const times = await underAttack(kind, server, () => visitorJobs(server, body));
      rows.push({
        area: 'abuse',
        figure: `visitor job, ${kind} flood (median)`,
        value: `${seconds(median(times))} (${(median(times) / idle).toFixed(1)}x idle)`,
        how: what,
      });
    }
    // The venue's guests' jobs queue behind each other on the engine workers: their own idle p50 is the measure.
    const venueIdle = median(await venueJobs(server, body));
    const venueFlooded = median(await underAttack('venue', server, () => venueJobs(server, body)));
    rows.push(
      {
        area: 'abuse',
        figure: `venue: ${VENUE_GUESTS} visitors behind one address, idle (p50)`,
        value: seconds(venueIdle),
        how: `${VENUE_GUESTS} visitor tokens, one die-cut sticker job each, all at once, create to COMPLETED`,
      },
      {
        area: 'abuse',
        figure: `venue: the same, one client flooding from their address (p50)`,
        value: `${seconds(venueFlooded)} (${(venueFlooded / venueIdle).toFixed(1)}x idle)`,
        how: "the flooder (no token) sends 3000x2400 jobs 20 at a time from the venue's address",
      },
    );
    const { result: times, times: health } = await underAttack('bodies', server, () =>
      healthTimes(server, atLeast(HEALTH_MS, visitorJobs(server, body))),
    );
    rows.push(
      {
        area: 'abuse',
        figure: 'visitor job, 100 x 20 MB bodies (median)',
        value: `${seconds(median(times))} (${(median(times) / idle).toFixed(1)}x idle)`,
        how: '100 clients each sending 20 MB JSON bodies, again and again',
      },
      {
        area: 'abuse',
        figure: '/health p99 under the body flood',
        value: `${percentile(health, 99).toFixed(0)} ms`,
        how: `${health.length} probes, one every 20 ms, from the measuring process`,
      },
      {
        area: 'abuse',
        figure: 'server peak RSS through every attack',
        value: mb(peakRss(server.pid)),
        how: `VmHWM of the server process (engine workers and reader threads included); sampled: ${[...peaks].map(([k, v]) => `${k} ${mb(v)}`).join(', ')}`,
      },
    );
    return rows;
  } finally {
    await server.stop();
  }
}

// Several pictures per guest against the 10 s OpenAI stand-in: 100 guests at once, each job four
// samples (a tenant with picturesPerGuest 4, no frame: the CPU pool is not asked), through the real
// booth. The provider's limit of calls in flight (BOOTH_OPENAI_CONCURRENCY) is what makes samples
// wait: 400 samples in slots of C take ceil(400 / C) rounds of 10 s, so the queueing the limit
// imposes is (ceil(400 / C) - 1) × 10 s. The booth's own work on each sample (the photo sent, the
// answer read and decoded, the result written) is CPU work too, and the 400 answers come back
// within a second of each other: it queues for the cores, about its measured cost per sample
// (jobs with the provider answering at once) × 400 / cores. The target is at most 11 s plus both.
// Measured at a limit that holds every sample at once and at the bench's 100; the booth's default
// is computed.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { CREATE_JOB_PATH, jobPath, jobPhase } from '../contract/index.ts';
import { call, signIn } from '../tests/integration/server/support/console.ts';
import { currentRss, newDataDir, startServer, type RunningServer } from '../tests/support/server-process.ts';
import type { OpenAiStandIn } from '../tests/support/stand-ins/openai.ts';
import type { BenchRow } from './row.ts';
import { median } from './stats.ts';

const GUESTS = 100;
const SAMPLES = 4;
const PROVIDER_MS = 10_000;
/** BOOTH_OPENAI_CONCURRENCY's default (server/process/settings.ts). */
const DEFAULT_CONCURRENCY = 16;
const TENANT = 'samples';
/** Jobs whose time, the provider's left out, gives the booth's own cost per sample. */
const COST_JOBS = 5;

/** The queueing a limit of `concurrency` calls in flight imposes on `calls` calls of `ms` each. */
export const expectedQueueingMs = (calls: number, concurrency: number, ms: number) =>
  (Math.ceil(calls / concurrency) - 1) * ms;

async function job(server: RunningServer, body: string, visitor: number): Promise<number> {
  const created = await fetch(server.url + CREATE_JOB_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.8.${visitor >> 8}.${visitor & 255}` },
    body,
  });
  const { id, error } = (await created.json()) as { id?: string; error?: string };
  if (!id) throw new Error(`job refused: ${created.status} ${error}`);
  for (;;) {
    const answer = (await (await fetch(server.url + jobPath(id, 20))).json()) as {
      images: string[];
      result: { status: string; message: string };
    };
    const phase = jobPhase(answer.result.status);
    if (phase === 'error') throw new Error(`job ${id} ended ERROR: ${answer.result.message}`);
    if (phase === 'completed') return answer.images.length;
  }
}

export async function run(
  standIn: OpenAiStandIn,
  photo: Buffer,
  picture: Buffer,
  concurrency: number,
): Promise<BenchRow[]> {
  const dataDir = newDataDir('bench');
  const stylesFile = join(dataDir, 'styles.json');
  const anime = { id: 'anime', description: 'Anime hero', prompt: 'Turn the person into an anime hero' };
  writeFileSync(stylesFile, JSON.stringify({ styles: [{ ...anime, engine: 'openai' }] }));
  const server = await startServer({
    dataDir,
    env: {
      BOOTH_STYLES_FILE: stylesFile,
      BOOTH_OPENAI_API_KEY: standIn.key,
      BOOTH_OPENAI_BASE_URL: standIn.url,
      BOOTH_OPENAI_CONCURRENCY: String(concurrency),
      BOOTH_TRUSTED_PROXIES: '127.0.0.1',
      BOOTH_JOB_TIMEOUT_MS: '600000',
      BOOTH_HTTPS: 'off',
    },
  });
  try {
    const cookie = await signIn(server.url);
    const made = await call(server.url, 'POST', '/tenants', { cookie, body: { slug: TENANT, client: 'Samples' } });
    if (made.status !== 201) throw new Error(`tenant refused: ${JSON.stringify(made.body)}`);
    const set = await call<{ branding: Record<string, unknown> }>(server.url, 'GET', `/tenants/${TENANT}`, { cookie });
    const saved = await call(server.url, 'PUT', `/tenants/${TENANT}`, {
      cookie,
      body: { ...set.body.branding, picturesPerGuest: SAMPLES },
    });
    if (saved.status !== 200) throw new Error(`picturesPerGuest refused: ${JSON.stringify(saved.body)}`);
    const workers = os.availableParallelism();
    while ((server.output().match(/worker \d+ ready/g) ?? []).length < workers)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const body = JSON.stringify({
      style_id: 'anime',
      tenant: TENANT,
      image: `data:image/jpeg;base64,${photo.toString('base64')}`,
    });
    await job(server, body, 0); // warms the HTTP path and the provider client

    // The booth's CPU time per sample: jobs of four samples with the provider answering at once.
    standIn.behave({ kind: 'ok', picture });
    const costs: number[] = [];
    for (let i = 0; i < COST_JOBS; i++) {
      const served = standIn.visits.length;
      const at = performance.now();
      await job(server, body, 1);
      const provider = Math.max(0, ...standIn.visits.slice(served).map((v) => v.answered - v.arrived));
      costs.push((performance.now() - at - provider) / SAMPLES);
    }
    const perSampleMs = median(costs);
    const cores = os.availableParallelism();
    const cpuQueueingMs = (perSampleMs * GUESTS * SAMPLES) / cores;
    standIn.behave({ kind: 'ok', picture, delayMs: PROVIDER_MS });

    const before = currentRss(server.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, currentRss(server.pid))), 100);
    const sent = standIn.visits.length;
    const started = performance.now();
    const pictures = await Promise.all(Array.from({ length: GUESTS }, (_, i) => job(server, body, 100 + i)));
    const wall = performance.now() - started;
    clearInterval(sampler);
    const calls = standIn.visits.length - sent;
    if (pictures.some((n) => n !== SAMPLES)) throw new Error(`a job made ${Math.min(...pictures)} pictures`);
    const queueing = expectedQueueingMs(GUESTS * SAMPLES, concurrency, PROVIDER_MS);
    const limit = `BOOTH_OPENAI_CONCURRENCY=${concurrency}`;
    return [
      {
        area: 'engines',
        figure: `${GUESTS} guests × ${SAMPLES} samples at once, provider ${PROVIDER_MS / 1000} s, ${limit}: wall`,
        value: `${(wall / 1000).toFixed(2)} s`,
        how: `target ≤ ${(11 + (queueing + cpuQueueingMs) / 1000).toFixed(1)} s: 11 s + the limit's queueing (ceil(${GUESTS * SAMPLES}/${concurrency}) - 1) × ${PROVIDER_MS / 1000} s = ${queueing / 1000} s + the booth's CPU work per sample, ${perSampleMs.toFixed(1)} ms (median of ${COST_JOBS} jobs, provider at once) × ${GUESTS * SAMPLES} / ${cores} core(s) = ${(cpuQueueingMs / 1000).toFixed(1)} s; ${calls} calls reached the stand-in, every job ${SAMPLES} pictures`,
      },
      {
        area: 'engines',
        figure: `server RSS growth, ${GUESTS} guests × ${SAMPLES} samples, ${limit}`,
        value: `${((peak - before) / 1024 / 1024).toFixed(0)} MB`,
        how: 'VmRSS sampled every 100 ms, peak minus before',
      },
    ];
  } finally {
    await server.stop();
  }
}

/** The rows of both runs, and the queueing the booth's default limit would impose (computed). */
export async function samplesBench(standIn: OpenAiStandIn, photo: Buffer, picture: Buffer): Promise<BenchRow[]> {
  standIn.behave({ kind: 'ok', picture, delayMs: PROVIDER_MS });
  const rows = [
    ...(await run(standIn, photo, picture, GUESTS * SAMPLES)),
    ...(await run(standIn, photo, picture, GUESTS)),
  ];
  const queueing = expectedQueueingMs(GUESTS * SAMPLES, DEFAULT_CONCURRENCY, PROVIDER_MS) / 1000;
  rows.push({
    area: 'engines',
    figure: `${GUESTS} guests × ${SAMPLES} samples at the default BOOTH_OPENAI_CONCURRENCY=${DEFAULT_CONCURRENCY}: expected wall`,
    value: `${11 + queueing} s`,
    how: `computed, not run: (ceil(${GUESTS * SAMPLES}/${DEFAULT_CONCURRENCY}) - 1) × ${PROVIDER_MS / 1000} s = ${queueing} s of queueing + 11 s; raise the limit to what the OpenAI account's images-per-minute allows`,
  });
  return rows;
}

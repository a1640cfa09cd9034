// Remote (generative) jobs through the real booth against the OpenAI stand-in: 100 jobs in flight
// while the provider takes 10 s each (wall time, server memory growth), and the hub's own time per
// remote job when the provider answers at once (the job's time minus the provider's); then 100
// guests at once with four samples each (engines-samples.ts).
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { CREATE_JOB_PATH, jobPath, jobPhase } from '../contract/index.ts';
import { currentRss, newDataDir, startServer, type RunningServer } from '../tests/support/server-process.ts';
import { startOpenAiStandIn } from '../tests/support/stand-ins/openai.ts';
import { samplesBench } from './engines-samples.ts';
import { formatTable, type BenchRow } from './row.ts';
import { median } from './stats.ts';

const IN_FLIGHT = 100;
const PROVIDER_MS = 10_000;
const SEQUENTIAL = 30;

const answer201 = (res: Response) => res.json();

async function job(server: RunningServer, body: string, visitor: number, createdAt: number[] = []): Promise<void> {
  const created = await fetch(server.url + CREATE_JOB_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.7.${visitor >> 8}.${visitor & 255}` },
    body,
  });
  const { id, error } = (await answer201(created)) as { id?: string; error?: string };
  if (!id) throw new Error(`job refused: ${created.status} ${error}`);
  createdAt.push(performance.now());
  for (;;) {
    const answer = (await (await fetch(server.url + jobPath(id, 20))).json()) as {
      result: { status: string; message: string };
    };
    const phase = jobPhase(answer.result.status);
    if (phase === 'error') throw new Error(`job ${id} ended ERROR: ${answer.result.message}`);
    if (phase === 'completed') return;
  }
}

export default async function bench(): Promise<BenchRow[]> {
  const fixture = join(import.meta.dirname, '..', 'tests', 'fixtures', 'astronaut.jpg');
  const photo = await sharp(fixture)
    .resize(1024, 768, { fit: 'cover', position: 'north' })
    .jpeg({ quality: 90 })
    .toBuffer();
  const body = JSON.stringify({ style_id: 'anime', image: `data:image/jpeg;base64,${photo.toString('base64')}` });
  // A generated picture as GPT image models send it: 1024x1024 PNG.
  const picture = await sharp(fixture).resize(1024, 1024, { fit: 'cover' }).png().toBuffer();
  const standIn = await startOpenAiStandIn();
  const dataDir = newDataDir('bench');
  const stylesFile = join(dataDir, 'styles.json');
  writeFileSync(
    stylesFile,
    JSON.stringify({
      styles: [
        { id: 'anime', description: 'Anime hero', prompt: 'Turn the person into an anime hero', engine: 'openai' },
      ],
    }),
  );
  const server = await startServer({
    dataDir,
    env: {
      BOOTH_STYLES_FILE: stylesFile,
      BOOTH_OPENAI_API_KEY: standIn.key,
      BOOTH_OPENAI_BASE_URL: standIn.url,
      BOOTH_OPENAI_CONCURRENCY: String(IN_FLIGHT),
      BOOTH_TRUSTED_PROXIES: '127.0.0.1',
      BOOTH_JOB_TIMEOUT_MS: '60000',
    },
  });
  try {
    // The local engine's workers load their models after the server listens: measured before
    // they are ready, remote jobs would share the CPU with that start.
    const workers = os.availableParallelism();
    while ((server.output().match(/worker \d+ ready/g) ?? []).length < workers)
      await new Promise((resolve) => setTimeout(resolve, 100));
    standIn.behave({ kind: 'ok', picture });
    await job(server, body, 0); // warms the HTTP path and the provider client

    const overheads: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) {
      const served = standIn.received.length;
      const started = performance.now();
      await job(server, body, 1);
      const provider = standIn.visits.slice(served).reduce((sum, v) => sum + (v.answered - v.arrived), 0);
      overheads.push(performance.now() - started - provider);
    }

    standIn.behave({ kind: 'ok', picture, delayMs: PROVIDER_MS });
    const before = currentRss(server.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, currentRss(server.pid))), 100);
    const started = performance.now();
    const createdAt: number[] = [];
    const sent = standIn.visits.length;
    await Promise.all(Array.from({ length: IN_FLIGHT }, (_, i) => job(server, body, 100 + i, createdAt)));
    const wall = performance.now() - started;
    clearInterval(sampler);
    const lastCreated = (Math.max(...createdAt) - started) / 1000;
    const lastAtProvider = (Math.max(...standIn.visits.slice(sent).map((v) => v.arrived)) - started) / 1000;

    const how = `OpenAI stand-in, 1024x768 JPEG in, 1024x1024 JPEG out (the default), BOOTH_OPENAI_CONCURRENCY=${IN_FLIGHT}`;
    await server.stop();
    return [
      {
        area: 'engines',
        figure: `${IN_FLIGHT} remote jobs in flight, provider ${PROVIDER_MS / 1000} s each: wall`,
        value: `${(wall / 1000).toFixed(2)} s`,
        how: `${IN_FLIGHT} visitors at once, first create to last COMPLETED (last 201 at ${lastCreated.toFixed(2)} s, last job at the provider at ${lastAtProvider.toFixed(2)} s); ${how}`,
      },
      {
        area: 'engines',
        figure: `server RSS growth with ${IN_FLIGHT} remote jobs in flight`,
        value: `${((peak - before) / 1024 / 1024).toFixed(0)} MB`,
        how: 'VmRSS sampled every 100 ms, peak minus before',
      },
      {
        area: 'engines',
        figure: 'hub overhead per remote job p50 (provider at once)',
        value: `${median(overheads).toFixed(1)} ms`,
        how: `${SEQUENTIAL} sequential jobs: create to COMPLETED minus the stand-in's own time; ${how}`,
      },
      ...(await samplesBench(standIn, photo, picture)),
    ];
  } finally {
    await server.stop();
    await standIn.close();
  }
}

if (import.meta.main) console.log(formatTable(await bench()));

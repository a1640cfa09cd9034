// Several pictures per guest: Gala Night, given four in the console, gets from one photo the local
// style picked and its set of local styles, each with its caption; a generative style makes four
// samples, each with a seed of its own, never more at the provider at once than its limit.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../support/server-process.ts';
import { startStylesBooth } from '../../support/styles-booth.ts';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../support/stand-ins/openai.ts';
import { startReplicateStandIn, STAND_IN_MODEL, type ReplicateStandIn } from '../../support/stand-ins/replicate.ts';
import { createJob, waitForJob } from './support/client.ts';
import { call, signIn } from './support/console.ts';

const STYLES = {
  styles: [
    { id: 'anime', description: 'Anime hero', prompt: 'Turn the person into an anime hero', engine: 'openai' },
    {
      id: 'renaissance',
      description: 'Renaissance',
      prompt: 'A Renaissance painting of you',
      engine: 'replicate',
      options: { model: STAND_IN_MODEL, seed_input: 'seed' },
    },
    { id: 'comic', engine: 'local' },
    { id: 'pop-art', engine: 'local' },
    { id: 'neon', engine: 'local' },
    { id: 'die-cut-sticker', engine: 'local' },
  ],
};

let openai: OpenAiStandIn;
let replicate: ReplicateStandIn;
let server: RunningServer;
beforeAll(async () => {
  [openai, replicate] = await Promise.all([startOpenAiStandIn(), startReplicateStandIn({ token: 'r8_booth-token' })]);
  server = await startStylesBooth(STYLES, openai, {
    env: {
      BOOTH_OPENAI_CONCURRENCY: '2',
      BOOTH_REPLICATE_API_TOKEN: replicate.token,
      BOOTH_REPLICATE_BASE_URL: replicate.url,
      BOOTH_CLIENT_JOBS_PER_MINUTE: '100',
    },
  });
  // Before the booth's first build its saved branding is what a job gets (server/brand/job-frame.ts).
  const cookie = await signIn(server.url);
  const gala = await call<{ branding: Record<string, unknown> }>(server.url, 'GET', '/tenants/gala', { cookie });
  const saved = await call(server.url, 'PUT', '/tenants/gala', {
    cookie,
    body: {
      ...gala.body.branding,
      picturesPerGuest: 4,
      pictureStyles: ['pop-art', 'comic', 'neon', 'die-cut-sticker'],
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});
afterAll(async () => {
  await server?.stop();
  await Promise.all([openai?.close(), replicate?.close()]);
});

async function picture(url: string) {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return sharp(Buffer.from(await res.arrayBuffer()));
}

/** The most requests the stand-in was answering at once, from when each arrived and how long it took. */
function mostAtOnce(visits: { arrived: number; answered: number }[]) {
  const edges = visits.flatMap(({ arrived, answered }) => [
    [arrived, 1],
    [answered, -1],
  ]);
  edges.sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
  let now = 0;
  let most = 0;
  for (const [, step] of edges) most = Math.max(most, (now += step!));
  return most;
}

describe('several pictures per guest', () => {
  it('gives one picture, without captions, to a booth that asks for one', async () => {
    const job = await waitForJob(server.url, await createJob(server.url, undefined, 'comic'));
    expect(job.result.status).toBe('COMPLETED');
    expect(job.images).toHaveLength(1);
    expect(job.captions).toBeUndefined();
  });

  it("makes Gala Night's four pictures from one photo: the style picked, then its set, each with its caption", async () => {
    const job = await waitForJob(server.url, await createJob(server.url, undefined, 'comic', 'gala'));
    expect(job.result.status).toBe('COMPLETED');
    expect(job.prompt).toBe('Comic book portrait with bold ink lines and halftone dots');
    expect(job.images).toHaveLength(4);
    expect(new Set(job.images).size).toBe(4);
    expect(job.previews).toHaveLength(4);
    // Shown two to a row, each display copy is 480 px on its long side (one picture's: 720 px).
    for (const preview of job.previews!) {
      const { width, height, format } = await (await picture(preview)).metadata();
      expect({ format, side: Math.max(width!, height!) }).toEqual({ format: 'webp', side: 480 });
    }
    expect(job.captions).toEqual([
      'Comic book portrait with bold ink lines and halftone dots',
      'Pop art portrait in four colour schemes',
      'Neon portrait glowing in the dark',
      'A die-cut sticker of you with a white outline',
    ]);
    // The sticker is cut out (no frame on it); the others carry Gala Night's frame band at the edge.
    const sticker = await (await picture(job.images[3]!)).metadata();
    expect(sticker).toMatchObject({ format: 'png', hasAlpha: true });
    const comic = await picture(job.images[0]!);
    const { width, height } = await comic.metadata();
    const [r, g, b] = await comic
      .extract({ left: Math.round(width! * 0.04), top: Math.round(height! / 2), width: 1, height: 1 })
      .removeAlpha()
      .raw()
      .toBuffer();
    expect(Math.hypot(r! - 0x1a, g! - 0x14, b! - 0x23)).toBeLessThan(24);
  });

  it('sends four samples of a generative style to its provider, no more at once than BOOTH_OPENAI_CONCURRENCY', async () => {
    openai.behave({ kind: 'ok', delayMs: 400 });
    const before = openai.received.length;
    const job = await waitForJob(server.url, await createJob(server.url, undefined, 'anime', 'gala'));
    expect(job.result.status).toBe('COMPLETED');
    expect(job.images).toHaveLength(4);
    expect(job.captions).toEqual(Array(4).fill('Turn the person into an anime hero'));
    const received = openai.received.slice(before);
    expect(received.map((edit) => edit.prompt)).toEqual(Array(4).fill('Turn the person into an anime hero'));
    expect(mostAtOnce(openai.visits.slice(before))).toBe(2);
    // Each sample is the provider's (tinted) picture, framed on the CPU pool.
    for (const url of job.images) {
      const [red, green] = (await (await picture(url)).stats()).channels;
      expect(red!.mean - green!.mean).toBeGreaterThan(20);
    }
  });

  it('gives each sample a seed of its own', async () => {
    replicate.reset();
    const job = await waitForJob(server.url, await createJob(server.url, undefined, 'renaissance', 'gala'));
    expect(job.result.status).toBe('COMPLETED');
    expect(job.images).toHaveLength(4);
    const seeds = [...replicate.predictions.values()].map((prediction) => prediction.input.seed);
    expect(seeds).toHaveLength(4);
    for (const seed of seeds) expect(Number.isInteger(seed)).toBe(true);
    expect(new Set(seeds).size).toBe(4);
  });
});

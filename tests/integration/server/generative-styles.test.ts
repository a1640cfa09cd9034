// The booth with a styles file mixing generative (OpenAI, against its stand-in) and local styles:
// it offers what can work, completes each, cuts a generative sticker out on the CPU, and ends each
// provider failure with the sentence the visitor can act on.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newDataDir, startServer, type RunningServer } from '../../support/server-process.ts';
import { fileURLToPath } from 'node:url';
import { startComfyuiStandIn, type ComfyuiStandIn } from '../../support/stand-ins/comfyui.ts';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../support/stand-ins/openai.ts';
import { startReplicateStandIn, STAND_IN_MODEL, type ReplicateStandIn } from '../../support/stand-ins/replicate.ts';
import { createJob, dataUrl, fixture, postJob, waitForJob } from './support/client.ts';

const STYLES = {
  styles: [
    {
      id: 'anime',
      description: 'Anime hero',
      prompt: 'Turn the person into an anime hero',
      engine: 'openai',
      options: { model: 'gpt-image-1' },
    },
    {
      id: 'anime-sticker',
      description: 'Anime sticker',
      prompt: 'An anime sticker of you',
      engine: 'openai',
      sticker: true,
    },
    {
      id: 'watercolour',
      description: 'Watercolour',
      prompt: 'A watercolour portrait of you',
      engine: 'comfyui',
      options: { workflow: 'portrait.json' },
    },
    {
      id: 'renaissance',
      description: 'Renaissance',
      prompt: 'A Renaissance painting of you',
      engine: 'replicate',
      options: { model: STAND_IN_MODEL },
    },
    {
      id: 'pixar',
      description: 'Pixar hero',
      prompt: 'A Pixar hero of you',
      engine: 'replicate',
      options: { model: 'nobody/else' },
    },
    { id: 'die-cut-sticker', engine: 'local' },
  ],
};
const EXAMPLE_WORKFLOW = fileURLToPath(
  new URL('../../../server/engine/remote/workflows/portrait-example.json', import.meta.url),
);

let standIn: OpenAiStandIn;
let comfyui: ComfyuiStandIn;
let replicate: ReplicateStandIn;
let server: RunningServer;
beforeAll(async () => {
  [standIn, comfyui, replicate] = await Promise.all([
    startOpenAiStandIn(),
    startComfyuiStandIn(),
    startReplicateStandIn({ token: 'r8_booth-token' }),
  ]);
  const dataDir = newDataDir();
  const stylesFile = path.join(dataDir, 'styles.json');
  fs.writeFileSync(stylesFile, JSON.stringify(STYLES));
  fs.copyFileSync(EXAMPLE_WORKFLOW, path.join(dataDir, 'portrait.json'));
  server = await startServer({
    dataDir,
    env: {
      BOOTH_WORKERS: '1',
      BOOTH_STYLES_FILE: stylesFile,
      BOOTH_OPENAI_API_KEY: standIn.key,
      BOOTH_OPENAI_BASE_URL: standIn.url,
      BOOTH_COMFYUI_URL: comfyui.url,
      BOOTH_REPLICATE_API_TOKEN: replicate.token,
      BOOTH_REPLICATE_BASE_URL: replicate.url,
      // Two retries: their backoff (at most 1 s, then 2 s) ends well within the job's 6 s.
      BOOTH_JOB_TIMEOUT_MS: '6000',
      BOOTH_PROVIDER_RETRIES: '2',
      BOOTH_CLIENT_JOBS_PER_MINUTE: '100',
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await Promise.all([standIn?.close(), comfyui?.close(), replicate?.close()]);
});
beforeEach(() => standIn.behave({ kind: 'ok' }));

async function resultImage(url: string) {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return sharp(Buffer.from(await res.arrayBuffer()));
}

describe('generative styles from a styles file', () => {
  it("offers the styles that can work, in the file's order, and says at start why one is left out", async () => {
    const styles = (await (await fetch(`${server.url}/transformations/styles`)).json()) as {
      id: string;
      description: string;
    }[];
    expect(styles.map((s) => s.id)).toEqual([
      'anime',
      'anime-sticker',
      'watercolour',
      'renaissance',
      'pixar',
      'die-cut-sticker',
    ]);
    expect(styles[0]!.description).toBe('Anime hero');
  });

  it('completes a ComfyUI style: the photo uploaded, the workflow queued with the prompt, the output fetched', async () => {
    const job = await waitForJob(server.url, await createJob(server.url, undefined, 'watercolour'));
    expect(job.result.status).toBe('COMPLETED');
    expect(JSON.stringify(comfyui.received.prompts.at(-1))).toContain('A watercolour portrait of you');
    expect(comfyui.received.uploads.length).toBeGreaterThan(0);
    expect((await (await resultImage(job.images[0]!)).metadata()).width).toBeGreaterThan(100);
  });

  it('completes a Replicate style with the token, the prompt and the photo sent', async () => {
    const job = await waitForJob(server.url, await createJob(server.url, undefined, 'renaissance'));
    expect(job.result.status).toBe('COMPLETED');
    const create = replicate.received.find((r) => r.method === 'POST' && r.path.endsWith('/predictions'));
    expect(create).toMatchObject({ authorization: `Bearer ${replicate.token}` });
    expect(JSON.stringify(create?.body)).toContain('A Renaissance painting of you');
  });

  it('ends a Replicate job whose model is refused with a sentence, the reason in the log', async () => {
    const job = await waitForJob(server.url, await createJob(server.url, undefined, 'pixar'));
    expect(job.result).toEqual({
      status: 'ERROR',
      message: 'Something went wrong while restyling your photo. Please try again.',
    });
    await expect
      .poll(() => server.output())
      .toMatch(/job \S+ replicate: Replicate answered 404 to POST \/v1\/models\/nobody\/else\/predictions/);
  });

  it("completes an OpenAI style with the provider's picture, and deletes the photo", async () => {
    const job = await waitForJob(server.url, await createJob(server.url, undefined, 'anime'));
    expect(job.result).toEqual({ status: 'COMPLETED', message: expect.any(String) });
    expect(job.prompt).toBe('Turn the person into an anime hero');
    const [red, green] = (await (await resultImage(job.images[0]!)).stats()).channels;
    expect(red!.mean - green!.mean).toBeGreaterThan(30);
    expect(standIn.received.at(-1)).toMatchObject({
      prompt: 'Turn the person into an anime hero',
      model: 'gpt-image-1',
    });
    expect(fs.readdirSync(path.join(server.dataDir, 'uploads'))).toEqual([]);
  });

  it("puts the tenant's frame on the provider's picture, on the CPU pool", async () => {
    const res = await postJob(server.url, {
      style_id: 'anime',
      image: dataUrl(fixture('astronaut.jpg')),
      tenant: 'gala',
    });
    expect(res.status).toBe(201);
    const job = await waitForJob(server.url, ((await res.json()) as { id: string }).id);
    expect(job.result.status).toBe('COMPLETED');
    const image = await resultImage(job.images[0]!);
    const { width, height } = await image.metadata();
    // Gala Night's band (#1a1423) on the left edge; the provider's red picture in the window.
    const pixel = async (x: number, y: number) => [
      ...(await image.clone().extract({ left: x, top: y, width: 1, height: 1 }).removeAlpha().raw().toBuffer()),
    ];
    const [r, g, b] = await pixel(Math.round(width! * 0.04), Math.round(height! / 2));
    expect(Math.hypot(r! - 0x1a, g! - 0x14, b! - 0x23)).toBeLessThan(24);
    const [cr, cg] = await pixel(Math.round(width! / 2), Math.round(height! / 2));
    expect(cr! - cg!).toBeGreaterThan(30);
  });

  it('cuts a generative sticker out on the CPU: a transparent PNG of the person with its outline', async () => {
    const job = await waitForJob(server.url, await createJob(server.url, undefined, 'anime-sticker'));
    expect(job.result.status).toBe('COMPLETED');
    const image = await resultImage(job.images[0]!);
    const meta = await image.metadata();
    expect(meta.format).toBe('png');
    expect(meta.hasAlpha).toBe(true);
    const corner = await image.clone().extract({ left: 0, top: 0, width: 8, height: 8 }).raw().toBuffer();
    expect(corner[3]).toBe(0);
  });

  it('still runs a local style on the CPU', async () => {
    const before = standIn.received.length;
    const job = await waitForJob(server.url, await createJob(server.url, undefined, 'die-cut-sticker'));
    expect(job.result.status).toBe('COMPLETED');
    expect(standIn.received.length).toBe(before);
  });

  it('tells the visitor to pick another style when the provider refuses the picture', async () => {
    standIn.behave({ kind: 'moderation' });
    const job = await waitForJob(server.url, await createJob(server.url, undefined, 'anime'));
    expect(job.result).toEqual({
      status: 'ERROR',
      message: "This style couldn't be made from your photo. Please try another style.",
    });
  });

  it('waits out a rate limit as Retry-After says, then completes', async () => {
    standIn.behave({ kind: 'rate-limited', retryAfterSeconds: 1, times: 2 });
    const before = standIn.received.length;
    const job = await waitForJob(server.url, await createJob(server.url, undefined, 'anime'));
    expect(job.result.status).toBe('COMPLETED');
    expect(standIn.received.length - before).toBe(3);
  });

  it('gives up on a provider that keeps failing after its retries, with a sentence', async () => {
    standIn.behave({ kind: 'server-error', times: 100 });
    const before = standIn.received.length;
    const job = await waitForJob(server.url, await createJob(server.url, undefined, 'anime'));
    expect(job.result).toEqual({
      status: 'ERROR',
      message: "The style service isn't answering right now. Please try again in a minute.",
    });
    expect(standIn.received.length - before).toBe(3);
  });

  it('ends a job the provider is too slow for after BOOTH_JOB_TIMEOUT_MS', async () => {
    standIn.behave({ kind: 'ok', delayMs: 20_000 });
    const job = await waitForJob(server.url, await createJob(server.url, undefined, 'anime'));
    expect(job.result).toEqual({ status: 'ERROR', message: 'Restyling your photo took too long. Please try again.' });
  });

  it('on a refused key, tells ops which setting to check, in one line without the key', async () => {
    standIn.behave({ kind: 'revoked-key' });
    const job = await waitForJob(server.url, await createJob(server.url, undefined, 'anime'));
    expect(job.result).toEqual({
      status: 'ERROR',
      message: 'Something went wrong while restyling your photo. Please try again.',
    });
    await expect
      .poll(() => server.output())
      .toMatch(
        /openai: the provider refused this booth's credentials \(OpenAI answered 401 \(invalid_api_key\)\.\); check BOOTH_OPENAI_API_KEY\./,
      );
    expect(server.output()).not.toContain(standIn.key);
  });
});

describe('a styles file naming a provider that is not set up', () => {
  it('leaves its styles out, with one line at start naming the setting', async () => {
    const dataDir = newDataDir();
    const stylesFile = path.join(dataDir, 'styles.json');
    fs.writeFileSync(stylesFile, JSON.stringify({ styles: [STYLES.styles[2], { id: 'neon', engine: 'local' }] }));
    const booth = await startServer({ dataDir, env: { BOOTH_WORKERS: '1', BOOTH_STYLES_FILE: stylesFile } });
    try {
      const styles = (await (await fetch(`${booth.url}/transformations/styles`)).json()) as { id: string }[];
      expect(styles.map((s) => s.id)).toEqual(['neon']);
      expect(booth.output()).toContain('Style "watercolour" is left out: its engine comfyui needs BOOTH_COMFYUI_URL.');
    } finally {
      await booth.stop();
    }
  });
});

describe('a bad styles file', () => {
  it.each([
    [
      { styles: [{ id: 'anime', engine: 'openai', prompt: 'x' }] },
      'style "anime", field description: a generative style needs the label the visitor reads',
    ],
    [{ styles: [{ id: 'neon-x', engine: 'local' }] }, 'style "neon-x", field id: no local style has this id'],
    [
      { styles: [{ id: 'anime', description: 'A', prompt: 'An anime hero', engine: 'openai', sticker: true }] },
      'style "anime", field prompt: a sticker style\'s prompt must contain "sticker"',
    ],
    [
      { styles: [{ id: 'anime', description: 'A', prompt: 'p', engine: 'openai', options: { size: 'huge' } }] },
      'style "anime", field options.size:',
    ],
    [
      { styles: [{ id: 'anime', description: 'A', prompt: 'p', engine: 'midjourney' }] },
      'style "anime", field engine:',
    ],
  ])('stops the start with one line naming the style and the field (%#)', async (file, expected) => {
    const dataDir = newDataDir();
    const stylesFile = path.join(dataDir, 'styles.json');
    fs.writeFileSync(stylesFile, JSON.stringify(file));
    const error = await startServer({
      dataDir,
      env: { BOOTH_WORKERS: '1', BOOTH_STYLES_FILE: stylesFile, BOOTH_OPENAI_API_KEY: 'sk-x' },
    }).then(
      async (s) => {
        await s.stop();
        return null;
      },
      (e: Error) => e,
    );
    expect(error?.message).toContain(`Invalid styles file ${stylesFile}: ${expected}`);
  });
});

// Scene styles on the embedded server: a generative style that names a scene template sends it
// with the guest's photo to its provider; a guest of a tenant with a backdrop (uploaded in the
// console, checked and stored like the branded scene's) has that backdrop sent in its place.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUS } from '../../../contract/index.ts';
import { newDataDir, startServer, type RunningServer } from '../../support/server-process.ts';
import { startComfyuiStandIn, type ComfyuiStandIn } from '../../support/stand-ins/comfyui.ts';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../support/stand-ins/openai.ts';
import { startReplicateStandIn, STAND_IN_MODEL, type ReplicateStandIn } from '../../support/stand-ins/replicate.ts';
import { createJob, fixture, waitForJob } from './support/client.ts';
import { call, signIn } from './support/console.ts';

const FACE_SWAP = fileURLToPath(
  new URL('../../../server/engine/remote/workflows/face-swap-scene-example.json', import.meta.url),
);
const SCENE = fixture('grace_hopper.jpg');
const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

const STYLES = {
  styles: [
    {
      id: 'gala-portrait',
      description: 'You at the gala',
      prompt: 'Put the person of the first picture into the second, in evening dress',
      engine: 'openai',
      scene: 'scenes/ballroom.jpg',
    },
    {
      id: 'gala-restyle',
      description: 'Gala painting',
      prompt: 'The person of the first picture painted into the second',
      engine: 'replicate',
      scene: 'scenes/ballroom.jpg',
      options: { model: STAND_IN_MODEL, scene_input: 'image_2' },
    },
    {
      id: 'gala-swap',
      description: 'Your face at the gala',
      prompt: 'Your face at the gala',
      engine: 'comfyui',
      scene: 'scenes/ballroom.jpg',
      options: { workflow: 'face-swap.json' },
    },
    { id: 'anime', description: 'Anime hero', prompt: 'Turn the person into an anime hero', engine: 'openai' },
  ],
};

let openai: OpenAiStandIn;
let replicate: ReplicateStandIn;
let comfyui: ComfyuiStandIn;
let server: RunningServer;
let backdrop: Buffer;
beforeAll(async () => {
  [openai, replicate, comfyui] = await Promise.all([
    startOpenAiStandIn(),
    startReplicateStandIn({ token: 'r8_booth-token' }),
    startComfyuiStandIn(),
  ]);
  const dataDir = newDataDir();
  fs.mkdirSync(path.join(dataDir, 'scenes'));
  fs.writeFileSync(path.join(dataDir, 'scenes', 'ballroom.jpg'), SCENE);
  fs.copyFileSync(FACE_SWAP, path.join(dataDir, 'face-swap.json'));
  fs.writeFileSync(path.join(dataDir, 'styles.json'), JSON.stringify(STYLES));
  server = await startServer({
    dataDir,
    env: {
      BOOTH_WORKERS: '1',
      BOOTH_HTTPS: 'off',
      BOOTH_STYLES_FILE: path.join(dataDir, 'styles.json'),
      BOOTH_OPENAI_API_KEY: openai.key,
      BOOTH_OPENAI_BASE_URL: openai.url,
      BOOTH_REPLICATE_API_TOKEN: replicate.token,
      BOOTH_REPLICATE_BASE_URL: replicate.url,
      BOOTH_COMFYUI_URL: comfyui.url,
      BOOTH_CLIENT_JOBS_PER_MINUTE: '100',
    },
  });
  // Harbour uploads a backdrop in the console; before the booth's first build its saved branding is used.
  const cookie = await signIn(server.url);
  expect(
    (await call(server.url, 'POST', '/tenants', { cookie, body: { slug: 'harbour', client: 'Harbour' } })).status,
  ).toBe(201);
  const uploaded = await call<{ branding: { sceneUrls: string[] } }>(
    server.url,
    'PUT',
    '/tenants/harbour/files/scene',
    {
      cookie,
      body: fixture('rocket.jpg'),
      headers: { 'content-type': 'application/octet-stream' },
    },
  );
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
  const tenant = await call<{ branding: { sceneUrls: string[] } }>(server.url, 'GET', '/tenants/harbour', { cookie });
  const [name] = tenant.body.branding.sceneUrls;
  backdrop = fs.readFileSync(path.join(dataDir, 'tenant-assets', name!));
});
afterAll(async () => {
  await server?.stop();
  await Promise.all([openai?.close(), replicate?.close(), comfyui?.close()]);
});

async function completed(style: string, tenant?: string) {
  const job = await waitForJob(server.url, await createJob(server.url, undefined, style, tenant));
  expect(job.result.status, job.result.message).toBe(JOB_STATUS.completed);
  expect(job.images).toHaveLength(1);
  return job;
}

describe('a scene style', () => {
  it("sends OpenAI the photo and the style's own scene when the guest's booth has no backdrop", async () => {
    const job = await completed('gala-portrait');
    expect(job.prompt).toBe('Put the person of the first picture into the second, in evening dress');
    const [photo, scene] = openai.received.at(-1)!.images;
    expect(scene).toBe(sha(SCENE));
    expect(photo).not.toBe(sha(SCENE));
  });

  it("sends the tenant's backdrop in place of the style's scene", async () => {
    await completed('gala-portrait', 'harbour');
    expect(openai.received.at(-1)!.images).toHaveLength(2);
    expect(openai.received.at(-1)!.images[1]).toBe(sha(backdrop));
  });

  it("sends Replicate the scene as the model's second image input", async () => {
    replicate.reset();
    await completed('gala-restyle', 'harbour');
    const [prediction] = [...replicate.predictions.values()];
    expect(sha(prediction!.scene!)).toBe(sha(backdrop));
  });

  it('uploads the photo and the scene to ComfyUI and runs the face swap on them', async () => {
    const before = comfyui.received.uploads.length;
    await completed('gala-swap');
    const uploads = comfyui.received.uploads.slice(before);
    expect(uploads).toHaveLength(2);
    expect(sha(uploads[1]!.data)).toBe(sha(SCENE));
    const swap = Object.values(comfyui.received.prompts.at(-1)!.workflow).find(
      (node) => node.class_type === 'ReActorFaceSwap',
    );
    expect(swap).toBeDefined();
  });

  it('sends one image for a style without a scene, whatever the tenant', async () => {
    await completed('anime', 'harbour');
    expect(openai.received.at(-1)!.images).toHaveLength(1);
  });
});

// Scene styles: the provider receives the guest's photo and the scene template together, each byte
// for byte, at the place its API takes a second image: OpenAI's edit as two image[] files,
// Replicate as the model's second image input (inline, or uploaded when large), ComfyUI as a
// second upload named in {{scene}}. The example scene workflows pass the ComfyUI stand-in's checks
// of their nodes' inputs, as they would a real box's.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComfyuiProvider } from '../../../server/engine/remote/comfyui.ts';
import { createOpenAiProvider } from '../../../server/engine/remote/openai.ts';
import type { GenerateInput } from '../../../server/engine/remote/provider.ts';
import { createReplicateProvider, DATA_URL_MAX_BYTES } from '../../../server/engine/remote/replicate.ts';
import { startComfyuiStandIn, type ComfyuiStandIn } from '../../support/stand-ins/comfyui.ts';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../support/stand-ins/openai.ts';
import { startReplicateStandIn, STAND_IN_MODEL, type ReplicateStandIn } from '../../support/stand-ins/replicate.ts';
import { patience } from '../../support/patience.ts';

const WORKFLOWS = fileURLToPath(new URL('../../../server/engine/remote/workflows/', import.meta.url));
const photo = readFileSync(new URL('../../fixtures/astronaut.jpg', import.meta.url));
const smallScene = readFileSync(new URL('../../fixtures/grace_hopper.jpg', import.meta.url));
// A scene past Replicate's 256 KB for data URLs, as a PNG: it goes through the files API.
const largeScene = readFileSync(new URL('../../../../shared/fixtures/portraits/apollo11-crew.png', import.meta.url));
const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

let openai: OpenAiStandIn;
let replicate: ReplicateStandIn;
let comfyui: ComfyuiStandIn;
beforeAll(async () => {
  [openai, replicate, comfyui] = await Promise.all([
    startOpenAiStandIn(),
    startReplicateStandIn({ token: 'r8_scene-token' }),
    startComfyuiStandIn(),
  ]);
});
afterAll(() => Promise.all([openai?.close(), replicate?.close(), comfyui?.close()]));

function job(options: unknown, scene: { data: Buffer; type: string }): GenerateInput {
  return {
    photo,
    photoType: 'image/jpeg',
    prompt: 'You at the gala, in evening dress',
    options,
    seed: 99,
    scene,
    signal: AbortSignal.timeout(patience(4000)),
  };
}

describe('a scene style sends the photo and the scene', () => {
  it('to OpenAI as two images of one edit: the photo first, then the scene, each byte for byte', async () => {
    const provider = createOpenAiProvider({ apiKey: openai.key, baseUrl: openai.url });
    const options = provider.parseOptions({}, { baseDir: '.', scene: true });
    const image = await provider.generate(job(options, { data: smallScene, type: 'image/jpeg' }));
    expect(image.data.byteLength).toBeGreaterThan(1000);
    expect(openai.received.at(-1)!.images).toEqual([sha(photo), sha(smallScene)]);
  });

  it('to OpenAI as one image when the style has no scene', async () => {
    const provider = createOpenAiProvider({ apiKey: openai.key, baseUrl: openai.url });
    const options = provider.parseOptions({}, { baseDir: '.' });
    await provider.generate({ ...job(options, { data: smallScene, type: 'image/jpeg' }), scene: undefined });
    expect(openai.received.at(-1)!.images).toEqual([sha(photo)]);
  });

  it("to Replicate as the model's second image input, inline when small and uploaded when large", async () => {
    expect(largeScene.byteLength).toBeGreaterThan(DATA_URL_MAX_BYTES);
    const provider = createReplicateProvider(
      { apiToken: replicate.token, baseUrl: replicate.url },
      { pollIntervalMs: 20 },
    );
    const options = provider.parseOptions(
      { model: STAND_IN_MODEL, scene_input: 'image_2' },
      { baseDir: '.', scene: true },
    );
    for (const [scene, type] of [
      [smallScene, 'image/jpeg'],
      [largeScene, 'image/png'],
    ] as const) {
      replicate.reset();
      await provider.generate(job(options, { data: scene, type }));
      const [prediction] = [...replicate.predictions.values()];
      expect(sha(prediction!.photo)).toBe(sha(photo));
      expect(sha(prediction!.scene!)).toBe(sha(scene));
    }
    // The large scene went through the files API, and was deleted once its prediction was over.
    expect(replicate.received.some((r) => r.method === 'POST' && r.path === '/v1/files')).toBe(true);
  });

  it('refuses a Replicate scene style without scene_input, and scene_input on a style without a scene', () => {
    const provider = createReplicateProvider({ apiToken: 'r8_x', baseUrl: replicate.url });
    expect(() => provider.parseOptions({ model: STAND_IN_MODEL }, { baseDir: '.', scene: true })).toThrow(
      expect.objectContaining({
        name: 'OptionsError',
        field: 'scene_input',
        message: expect.stringContaining('image_2'),
      }),
    );
    expect(() => provider.parseOptions({ model: STAND_IN_MODEL, scene_input: 'image_2' }, { baseDir: '.' })).toThrow(
      expect.objectContaining({ name: 'OptionsError', field: 'scene_input' }),
    );
    expect(() =>
      provider.parseOptions({ model: STAND_IN_MODEL, scene_input: 'image' }, { baseDir: '.', scene: true }),
    ).toThrow(expect.objectContaining({ field: 'scene_input', message: expect.stringContaining('different inputs') }));
  });

  for (const example of ['identity-scene-example.json', 'face-swap-scene-example.json']) {
    it(`to ComfyUI as two uploads, the scene named in {{scene}} of ${example}`, async () => {
      const provider = createComfyuiProvider({ url: comfyui.url });
      const options = provider.parseOptions({ workflow: example }, { baseDir: WORKFLOWS, scene: true });
      const before = comfyui.received.uploads.length;
      const image = await provider.generate(job(options, { data: smallScene, type: 'image/jpeg' }));
      expect(image.contentType).toBe('image/png');
      const uploads = comfyui.received.uploads.slice(before);
      expect(uploads.map((upload) => sha(upload.data))).toEqual([sha(photo), sha(smallScene)]);
      // The workflow's two LoadImage nodes name those two uploads: the photo, then the scene.
      const workflow = comfyui.received.prompts.at(-1)!.workflow;
      const loaded = Object.values(workflow)
        .filter((node) => node.class_type === 'LoadImage')
        .map((node) => node.inputs.image);
      expect(loaded).toEqual(uploads.map((upload) => upload.name));
    });
  }

  it("refuses a ComfyUI scene style whose workflow has no {{scene}}, and {{scene}} in a style's without a scene", () => {
    const provider = createComfyuiProvider({ url: comfyui.url });
    expect(() =>
      provider.parseOptions({ workflow: 'portrait-example.json' }, { baseDir: WORKFLOWS, scene: true }),
    ).toThrow(expect.objectContaining({ field: 'workflow', message: expect.stringContaining('has no "{{scene}}"') }));
    expect(() => provider.parseOptions({ workflow: 'face-swap-scene-example.json' }, { baseDir: WORKFLOWS })).toThrow(
      expect.objectContaining({ field: 'workflow', message: expect.stringContaining('names no scene') }),
    );
  });
});

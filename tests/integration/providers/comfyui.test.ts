// The ComfyUI provider against a stand-in ComfyUI server over real HTTP and a real websocket,
// with real photos: what it sends, what it brings back, and how each failure reaches the framework.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createComfyuiProvider } from '../../../server/engine/remote/comfyui.ts';
import { HISTORY_POLL_INTERVAL_MS } from '../../../server/engine/remote/comfyui-events.ts';
import {
  OptionsError,
  ProviderError,
  type GenerateInput,
  type Provider,
} from '../../../server/engine/remote/provider.ts';
import { freePort } from '../../support/network.ts';
import { standInPicture, startComfyuiStandIn, type ComfyuiStandIn } from '../../support/stand-ins/comfyui.ts';
import { patience } from '../../support/patience.ts';

const WORKFLOWS = fileURLToPath(new URL('../../../server/engine/remote/workflows/', import.meta.url));
const EXAMPLE = JSON.parse(readFileSync(path.join(WORKFLOWS, 'portrait-example.json'), 'utf8'));
const fixture = (name: string): Buffer => readFileSync(new URL(`../../fixtures/${name}`, import.meta.url));
const astronaut = fixture('astronaut.jpg');
const PROMPT = 'a watercolour portrait, loose brush strokes';

let standIn: ComfyuiStandIn;
let provider: Provider;
let options: unknown;
let folder: string;

beforeAll(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'booth-comfyui-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));
beforeEach(async () => {
  standIn = await startComfyuiStandIn();
  provider = createComfyuiProvider({ url: standIn.url });
  options = provider.parseOptions({ workflow: 'portrait-example.json' }, { baseDir: WORKFLOWS });
});
afterEach(() => standIn.close());

function job(overrides: Partial<GenerateInput> = {}): GenerateInput {
  return {
    photo: astronaut,
    photoType: 'image/jpeg',
    prompt: PROMPT,
    options,
    seed: 1234,
    signal: new AbortController().signal,
    ...overrides,
  };
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

/** A workflow file of the test's own, changed from the example. */
function workflowFile(name: string, change: (workflow: typeof EXAMPLE) => unknown): string {
  const file = path.join(folder, name);
  writeFileSync(file, JSON.stringify(change(structuredClone(EXAMPLE))));
  return name;
}

/** Pearson correlation of two pictures' grey levels at 32x32: how much one is a picture of the other. */
async function likeness(a: Uint8Array, b: Uint8Array): Promise<number> {
  const grey = (image: Uint8Array) => sharp(image).resize(32, 32, { fit: 'fill' }).greyscale().raw().toBuffer();
  const [x, y] = await Promise.all([grey(a), grey(b)]);
  const mean = (v: Buffer) => v.reduce((sum, value) => sum + value, 0) / v.length;
  const [mx, my] = [mean(x), mean(y)];
  let sxy = 0,
    sxx = 0,
    syy = 0;
  for (let i = 0; i < x.length; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
    syy += (y[i] - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

const rawPixels = (image: Uint8Array) => sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });

describe('a job on ComfyUI', () => {
  it('follows the job over the websocket and brings back the picture the workflow saved from the photo', async () => {
    const result = await provider.generate(job());

    expect(result.contentType).toBe('image/png');
    const [got, expected] = await Promise.all([rawPixels(result.data), rawPixels(await standInPicture(astronaut))]);
    expect(got.info).toEqual(expected.info);
    expect(got.data.equals(expected.data)).toBe(true);
    // A picture of this photo, not of another one.
    expect(await likeness(result.data, astronaut)).toBeGreaterThan(0.8);
    expect(await likeness(result.data, fixture('grace_hopper.jpg'))).toBeLessThan(0.5);

    const [upload] = standIn.received.uploads;
    expect(standIn.received.uploads).toHaveLength(1);
    expect(upload).toMatchObject({ type: 'input', overwrite: 'true', contentType: 'image/jpeg', format: 'jpeg' });
    expect(upload.name).toMatch(/^booth-[0-9a-f-]{36}\.jpg$/);
    expect(upload.data.equals(astronaut)).toBe(true);

    const [prompt] = standIn.received.prompts;
    expect(prompt.promptId).toBeTruthy();
    expect(prompt.workflow['2'].inputs.image).toBe(upload.name);
    expect(prompt.workflow['4'].inputs.text).toBe(`${PROMPT}, portrait, detailed face, soft studio light`);
    expect(prompt.workflow['5'].inputs.text).toBe(EXAMPLE['5'].inputs.text);
    expect(prompt.workflow['6'].inputs.seed).toBe(1234);
    expect(prompt.workflow['6'].inputs.denoise).toBe(0.6);

    // Over its own websocket, named by the client_id of its prompt, closed at the end; no history polling.
    expect(standIn.received.websockets).toEqual([{ clientId: prompt.clientId, open: expect.any(Boolean) }]);
    await expect.poll(() => standIn.received.websockets[0].open).toBe(false);
    expect(standIn.received.requests.filter((request) => request.startsWith('GET /history'))).toEqual([]);
    expect(standIn.received.requests).toContain('GET /view?filename=portrait_00001_.png&subfolder=booth&type=output');
  });

  it('follows the job through GET /history when the websocket is refused (a proxy that does not pass websockets)', async () => {
    standIn.setBehaviour({ websocket: 'refused', jobMs: 600 });
    const result = await provider.generate(job());

    expect((await rawPixels(result.data)).data.equals((await rawPixels(await standInPicture(astronaut))).data)).toBe(
      true,
    );
    expect(standIn.received.websockets).toEqual([]);
    expect(
      standIn.received.requests.some(
        (request) => request.startsWith('GET /ws?clientId=') && request.endsWith('(upgrade)'),
      ),
    ).toBe(true);
    const promptId = standIn.received.prompts[0].promptId;
    const polls = standIn.received.requests.filter((request) => request === `GET /history/${promptId}`);
    // Asked while the job ran (600 ms at one ask per HISTORY_POLL_INTERVAL_MS), then once more with the answer.
    expect(polls.length).toBeGreaterThanOrEqual(2);
    expect(polls.length).toBeLessThanOrEqual(Math.ceil(600 / HISTORY_POLL_INTERVAL_MS) + 3);
  });

  it('gives two visitors at once each their own picture', async () => {
    const hopper = fixture('grace_hopper.jpg');
    const [first, second] = await Promise.all([
      provider.generate(job()),
      provider.generate(job({ photo: hopper, seed: 99 })),
    ]);

    expect((await rawPixels(first.data)).data.equals((await rawPixels(await standInPicture(astronaut))).data)).toBe(
      true,
    );
    expect((await rawPixels(second.data)).data.equals((await rawPixels(await standInPicture(hopper))).data)).toBe(true);
    const names = standIn.received.uploads.map((upload) => upload.name);
    expect(new Set(names).size).toBe(2);
    expect(new Set(standIn.received.prompts.map((prompt) => prompt.clientId)).size).toBe(2);
  });

  it('brings back the image of output_node when the style names one (a PreviewImage, kept in temp)', async () => {
    const workflow = workflowFile('with-preview.json', (example) => ({
      ...example,
      9: { class_type: 'PreviewImage', inputs: { images: ['7', 0] } },
    }));
    const result = await provider.generate(
      job({ options: provider.parseOptions({ workflow, output_node: '9' }, { baseDir: folder }) }),
    );

    expect(result.contentType).toBe('image/png');
    expect(standIn.received.requests.filter((request) => request.startsWith('GET /view'))).toEqual([
      expect.stringMatching(/^GET \/view\?filename=ComfyUI_temp_\w+_00001_\.png&subfolder=&type=temp$/),
    ]);
  });

  it("keeps the URL's path: ComfyUI's routes under /api, websocket included", async () => {
    const prefixed = createComfyuiProvider({ url: `${standIn.url}/api` });
    const result = await prefixed.generate(job());
    expect(result.contentType).toBe('image/png');
    expect(standIn.received.websockets).toHaveLength(1);
    expect(standIn.received.requests.filter((request) => request.startsWith('GET /history'))).toEqual([]);
  });

  it('sends a PNG photo as a PNG', async () => {
    const png = await sharp(astronaut).png().toBuffer();
    await provider.generate(job({ photo: png, photoType: 'image/png' }));
    expect(standIn.received.uploads[0]).toMatchObject({ contentType: 'image/png', format: 'png' });
    expect(standIn.received.uploads[0].name).toMatch(/\.png$/);
  });
});

describe('a job on ComfyUI that fails', () => {
  it('is unavailable when POST /prompt answers 500', async () => {
    standIn.setBehaviour({ failure: 'prompt-500' });
    const error = await failure(provider.generate(job()));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('answered 500 to queue the workflow (POST /prompt)');
  });

  it('is unavailable when ComfyUI resets the connection', async () => {
    standIn.setBehaviour({ failure: 'prompt-reset' });
    const error = await failure(provider.generate(job()));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toMatch(/cannot be reached to queue the workflow/);
  });

  it('is unavailable when nothing listens at the URL', async () => {
    const nowhere = createComfyuiProvider({ url: `http://127.0.0.1:${await freePort()}` });
    const error = await failure(nowhere.generate(job()));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toMatch(/cannot be reached to upload the photo .*ECONNREFUSED/);
  });

  it('follows the job through the history when the websocket drops mid-job, without queueing it again', async () => {
    standIn.setBehaviour({ websocket: 'drop-mid-job', jobMs: 2_000 });
    const before = standIn.received.prompts.length;
    const image = await provider.generate(job());
    expect(image.data.byteLength).toBeGreaterThan(1000);
    expect(standIn.received.prompts.length - before).toBe(1);
    expect(standIn.received.requests.some((r) => r.startsWith('GET /history/'))).toBe(true);
  });

  it('fails, asking whether the URL is right, when the address answers 404', async () => {
    const elsewhere = createComfyuiProvider({ url: `${standIn.url}/comfy/` });
    const error = await failure(elsewhere.generate(job()));
    expect(error.kind).toBe('failed');
    expect(error.message).toBe(
      `ComfyUI at ${standIn.url}/comfy/ answered 404 to upload the photo (POST /upload/image): is ${standIn.url}/comfy/ the address of ComfyUI, with the right path? (it said: 404: Not Found)`,
    );
  });

  it('is a credentials failure when an auth proxy in front of ComfyUI answers 401', async () => {
    standIn.setBehaviour({ failure: 'unauthorized' });
    const error = await failure(provider.generate(job()));
    expect(error.kind).toBe('credentials');
    expect(error.message).toContain('answered 401 to upload the photo');
    expect(standIn.received.uploads).toEqual([]);
  });

  it('fails, naming the node, when the sampler fails (execution_error)', async () => {
    standIn.setBehaviour({ failure: 'execution-error' });
    const error = await failure(provider.generate(job()));
    expect(error.kind).toBe('failed');
    expect(error.message).toMatch(
      /^ComfyUI failed at node 6 \(KSampler\): torch\.OutOfMemoryError: CUDA out of memory/,
    );
  });

  it('fails the same way when the job is followed through the history', async () => {
    standIn.setBehaviour({ failure: 'execution-error', websocket: 'refused' });
    const error = await failure(provider.generate(job()));
    expect(error.kind).toBe('failed');
    expect(error.message).toMatch(/^ComfyUI failed at node 6 \(KSampler\): torch\.OutOfMemoryError/);
  });

  it('fails when someone cancels the job on the ComfyUI box (execution_interrupted)', async () => {
    standIn.setBehaviour({ failure: 'interrupted' });
    const error = await failure(provider.generate(job()));
    expect(error.kind).toBe('failed');
    expect(error.message).toMatch(/interrupted the job at node 6 \(KSampler\)/);
  });

  it('fails with a sentence naming the node when ComfyUI refuses the workflow (a checkpoint it does not have)', async () => {
    const workflow = workflowFile('other-model.json', (example) => {
      example['1'].inputs.ckpt_name = 'juggernautXL_v9.safetensors';
      return example;
    });
    const error = await failure(
      provider.generate(job({ options: provider.parseOptions({ workflow }, { baseDir: folder }) })),
    );
    expect(error.kind).toBe('failed');
    expect(error.message).toContain(
      `refused the workflow ${path.join(folder, workflow)}: Prompt outputs failed validation; node 1 (CheckpointLoaderSimple): Value not in list: ckpt_name: 'juggernautXL_v9.safetensors' not in`,
    );
    expect(standIn.received.prompts[0].promptId).toBeUndefined();
  });
});

describe('a job on ComfyUI that is aborted (time limit, server stopping)', () => {
  it('stops at once mid-job and closes its websocket', async () => {
    standIn.setBehaviour({ jobMs: 30_000 });
    const controller = new AbortController();
    const outcome = provider.generate(job({ signal: controller.signal })).then(
      () => 'finished',
      (reason: unknown) => reason,
    );
    await expect.poll(() => standIn.received.prompts[0]?.promptId).toBeTruthy();
    await sleep(200);
    expect(standIn.received.websockets.filter((socket) => socket.open)).toHaveLength(1);

    const reason = new Error('the job took longer than its time limit');
    const abortedAt = performance.now();
    controller.abort(reason);
    expect(await outcome).toBe(reason);
    expect(performance.now() - abortedAt).toBeLessThan(patience(250));
    await expect.poll(() => standIn.received.websockets.filter((socket) => socket.open)).toHaveLength(0);
  });

  it('stops polling the history at once when the websocket was refused', async () => {
    standIn.setBehaviour({ jobMs: 30_000, websocket: 'refused' });
    const controller = new AbortController();
    const outcome = provider.generate(job({ signal: controller.signal })).then(
      () => 'finished',
      (reason: unknown) => reason,
    );
    const polls = () => standIn.received.requests.filter((request) => request.startsWith('GET /history/')).length;
    await expect.poll(polls).toBeGreaterThanOrEqual(2);

    const reason = new Error('the server is stopping');
    const abortedAt = performance.now();
    controller.abort(reason);
    expect(await outcome).toBe(reason);
    expect(performance.now() - abortedAt).toBeLessThan(patience(250));
    const after = polls();
    await sleep(HISTORY_POLL_INTERVAL_MS * 3);
    expect(polls()).toBe(after);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const controller = new AbortController();
    const reason = new Error('aborted before it started');
    controller.abort(reason);
    await expect(provider.generate(job({ signal: controller.signal }))).rejects.toBe(reason);
    await sleep(50);
    expect(standIn.received.requests).toEqual([]);
  });
});

describe("a ComfyUI style's options, checked at start", () => {
  function optionsError(options: unknown, baseDir = folder): OptionsError {
    try {
      provider.parseOptions(options, { baseDir });
    } catch (error) {
      expect(error).toBeInstanceOf(OptionsError);
      return error as OptionsError;
    }
    throw new Error('the options were accepted');
  }

  it('reads the example workflow, relative to the styles file', () => {
    expect(options).toMatchObject({ file: path.join(WORKFLOWS, 'portrait-example.json'), workflow: EXAMPLE });
  });

  it('refuses a workflow file that does not exist', () => {
    const error = optionsError({ workflow: 'workflows/missing.json' });
    expect(error.field).toBe('workflow');
    expect(error.message).toBe(
      `The workflow file ${path.join(folder, 'workflows/missing.json')} does not exist (the path is relative to the styles file's folder).`,
    );
  });

  it('refuses a file that is not JSON', () => {
    writeFileSync(path.join(folder, 'broken.json'), '{ "1": { "class_type": ');
    expect(optionsError({ workflow: 'broken.json' }).message).toMatch(
      /^The workflow file .*broken\.json is not JSON: /,
    );
  });

  it('refuses a workflow saved from the canvas (UI format), saying how to export the API format', () => {
    writeFileSync(
      path.join(folder, 'ui.json'),
      JSON.stringify({
        last_node_id: 9,
        last_link_id: 9,
        nodes: [{ id: 1, type: 'LoadImage' }],
        links: [],
        version: 0.4,
      }),
    );
    const error = optionsError({ workflow: 'ui.json' });
    expect(error.field).toBe('workflow');
    expect(error.message).toMatch(
      /saved from the ComfyUI canvas \(it has "nodes" and "links"\), not in the API format/,
    );
    expect(error.message).toContain('Workflow → Export (API)');
    expect(error.message).toContain('"Save (API Format)"');
  });

  it('refuses a workflow with no {{photo}}', () => {
    const workflow = workflowFile('no-photo.json', (example) => {
      example['2'].inputs.image = 'example.png';
      return example;
    });
    expect(optionsError({ workflow }).message).toMatch(
      /has no "\{\{photo\}\}": set the image of its LoadImage node to "\{\{photo\}\}"/,
    );
  });

  it('refuses a workflow with no {{prompt}}', () => {
    const workflow = workflowFile('no-prompt.json', (example) => {
      example['4'].inputs.text = 'a portrait';
      return example;
    });
    expect(optionsError({ workflow }).message).toMatch(/has no "\{\{prompt\}\}"/);
  });

  it('refuses a placeholder it does not fill (a typo)', () => {
    const workflow = workflowFile('typo.json', (example) => {
      example['4'].inputs.text = '{{Prompt}}';
      return example;
    });
    expect(optionsError({ workflow }).message).toMatch(/has the placeholder \{\{Prompt\}\} \(node 4, input "text"\)/);
  });

  it('refuses an output_node the workflow does not have, and options it does not know', () => {
    const error = optionsError({ workflow: 'portrait-example.json', output_node: '42' }, WORKFLOWS);
    expect(error.field).toBe('output_node');
    expect(error.message).toMatch(/no node with that id/);
    expect(optionsError({ workflow: 'portrait-example.json', workfow: 'x' }, WORKFLOWS).field).toBe('workfow');
    expect(optionsError({}).field).toBe('workflow');
  });
});

describe('the stand-in checks what it receives', () => {
  it("refuses a workflow with its placeholders left, in ComfyUI's error shape", async () => {
    const response = await fetch(`${standIn.url}/prompt`, {
      method: 'POST',
      body: JSON.stringify({ prompt: EXAMPLE, client_id: 'x' }),
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toMatchObject({
      type: 'prompt_outputs_failed_validation',
      message: 'Prompt outputs failed validation',
    });
    expect(Object.keys(body.node_errors).sort()).toEqual(['2', '4', '6']);
    expect(body.node_errors['6']).toMatchObject({
      class_type: 'KSampler',
      dependent_outputs: ['8'],
      errors: [{ type: 'invalid_input_type' }],
    });
  });

  it('refuses an upload that is not an image', async () => {
    const form = new FormData();
    form.append('image', new Blob(['not a photo'], { type: 'image/jpeg' }), 'photo.jpg');
    const response = await fetch(`${standIn.url}/upload/image`, { method: 'POST', body: form });
    expect(response.status).toBe(400);
    expect(standIn.received.uploads).toEqual([]);
  });
});

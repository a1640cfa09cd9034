// The Replicate provider against a stand-in of Replicate's API (real HTTP, real photos): a style
// runs its model on the visitor's photo, every way Replicate fails becomes the failure kind the
// framework acts on, one attempt per call, and an aborted job stops at once and cancels.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import Replicate from 'replicate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OptionsError, ProviderError, type GenerateInput } from '../../../server/engine/remote/provider.ts';
import { createReplicateProvider, DATA_URL_MAX_BYTES } from '../../../server/engine/remote/replicate.ts';
import {
  startReplicateStandIn,
  STAND_IN_MODEL,
  STAND_IN_VERSION,
  type ReplicateStandIn,
} from '../../support/stand-ins/replicate.ts';
import { patience } from '../../support/patience.ts';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/${name}`, import.meta.url));
const ASTRONAUT = fixture('astronaut.jpg');
const PROMPT = 'as a renaissance oil painting';

let standIn: ReplicateStandIn;
beforeAll(async () => {
  standIn = await startReplicateStandIn({ token: 'r8_booth-test-token' });
});
afterAll(() => standIn?.close());
beforeEach(() => standIn.reset());

const provider = (apiToken = standIn.token) =>
  createReplicateProvider({ apiToken, baseUrl: standIn.url }, { pollIntervalMs: 20 });

function generate(options: unknown, job: Partial<GenerateInput> & { apiToken?: string } = {}) {
  const { apiToken, ...rest } = job;
  const replicate = provider(apiToken);
  return replicate.generate({
    photo: ASTRONAUT,
    photoType: 'image/jpeg',
    prompt: PROMPT,
    seed: 1234,
    signal: new AbortController().signal,
    options: replicate.parseOptions(options, { baseDir: '.' }),
    ...rest,
  });
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('it should fail'),
    (error: unknown) => error as ProviderError,
  );
const calls = (method: string, path: RegExp) =>
  standIn.received.filter((r) => r.host === 'api' && r.method === method && path.test(r.path));
const creates = () => calls('POST', /^\/v1\/(models\/[^/]+\/[^/]+\/)?predictions$/);
const polls = () => calls('GET', /^\/v1\/predictions\/[^/]+$/);

/** Mean absolute difference (0..255) between two pictures' luminance, the second scaled to the first. */
async function lumaDifference(a: Uint8Array, b: Uint8Array): Promise<number> {
  const first = await sharp(a).greyscale().raw().toBuffer({ resolveWithObject: true });
  const second = await sharp(b)
    .resize(first.info.width, first.info.height, { fit: 'fill' })
    .greyscale()
    .raw()
    .toBuffer();
  let sum = 0;
  for (let i = 0; i < second.length; i++) sum += Math.abs(first.data[i] - second[i]);
  return sum / second.length;
}

describe('a Replicate style runs its model on the photo', () => {
  it('by model: the picture is painted from the photo, and Replicate got the token, prompt and photo', async () => {
    const image = await generate({ model: STAND_IN_MODEL });

    expect(image.contentType).toBe('image/png');
    const { width, height } = await sharp(image.data).metadata();
    expect([width, height]).toEqual([512, 512]);
    // Same luminance as the astronaut, nothing like another person's photo, and tinted orange.
    expect(await lumaDifference(image.data, ASTRONAUT)).toBeLessThan(6);
    expect(await lumaDifference(image.data, fixture('grace_hopper.jpg'))).toBeGreaterThan(30);
    const { channels } = await sharp(image.data).stats();
    expect(channels[0].mean).toBeGreaterThan(channels[2].mean + 40);

    const [create] = creates();
    expect(create.path).toBe(`/v1/models/${STAND_IN_MODEL}/predictions`);
    expect(create.authorization).toBe('Bearer r8_booth-test-token');
    expect(create.body).toEqual({
      input: { prompt: PROMPT, image: `data:image/jpeg;base64,${ASTRONAUT.toString('base64')}` },
    });
    // Polled through starting → processing → succeeded, every call with the token.
    expect(polls()).toHaveLength(2);
    expect(
      standIn.received.filter((r) => r.host === 'api').every((r) => r.authorization === 'Bearer r8_booth-test-token'),
    ).toBe(true);
  });

  it('by version, with a model that answers a list of files: POST /v1/predictions with the version', async () => {
    standIn.setBehaviour({ output: 'list' });
    const image = await generate({ version: STAND_IN_VERSION });
    expect(await lumaDifference(image.data, ASTRONAUT)).toBeLessThan(6);
    const [create] = creates();
    expect(create.path).toBe('/v1/predictions');
    expect(create.body).toMatchObject({ version: STAND_IN_VERSION, input: { prompt: PROMPT } });
  });

  it("sends the style's fixed inputs, and the seed only under seed_input", async () => {
    await generate(
      { model: STAND_IN_MODEL, seed_input: 'seed', input: { output_format: 'png', guidance: 2.5 } },
      { seed: 987 },
    );
    await generate({ model: STAND_IN_MODEL });
    const [withSeed, withoutSeed] = creates().map((c) => (c.body as { input: Record<string, unknown> }).input);
    expect(withSeed).toMatchObject({ output_format: 'png', guidance: 2.5, seed: 987, prompt: PROMPT });
    expect(withoutSeed).not.toHaveProperty('seed');
  });

  it('uploads a photo over 256 KB through the files API, and deletes it once the prediction is over', async () => {
    const big = await sharp(ASTRONAUT).resize(1600, 1600).jpeg({ quality: 97 }).toBuffer();
    expect(big.byteLength).toBeGreaterThan(DATA_URL_MAX_BYTES);
    const image = await generate({ model: STAND_IN_MODEL }, { photo: big });
    expect(await lumaDifference(image.data, big)).toBeLessThan(6);

    const [upload] = calls('POST', /^\/v1\/files$/);
    expect(upload.authorization).toBe('Bearer r8_booth-test-token');
    await expect.poll(() => calls('DELETE', /^\/v1\/files\//)).toHaveLength(1);
    const fileId = calls('DELETE', /^\/v1\/files\//)[0]
      .path.split('/')
      .pop();
    expect((creates()[0].body as { input: { image: string } }).input.image).toBe(`${standIn.url}/files/${fileId}`);
    expect(standIn.files.size).toBe(0);
  });

  it('sends the token to the API host only: not to the file host, but with an output on the API host', async () => {
    await generate({ model: STAND_IN_MODEL });
    const [fromFileHost] = standIn.received.filter((r) => r.host === 'delivery');
    expect(fromFileHost.authorization).toBeUndefined();

    standIn.reset();
    standIn.setBehaviour({ outputOn: 'api' });
    const image = await generate({ model: STAND_IN_MODEL });
    expect(image.contentType).toBe('image/png');
    expect(calls('GET', /^\/v1\/outputs\//)[0].authorization).toBe('Bearer r8_booth-test-token');
    expect(standIn.received.some((r) => r.host === 'delivery')).toBe(false);
  });
});

describe('each way Replicate fails is the failure kind the framework acts on, after one attempt', () => {
  it("a wrong token is a credentials failure, with Replicate's sentence", async () => {
    const error = await failure(generate({ model: STAND_IN_MODEL }, { apiToken: 'r8_revoked' }));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.kind).toBe('credentials');
    expect(error.message).toContain('You did not pass a valid authentication token');
    expect(error.message).not.toContain('r8_revoked');
    expect(creates()).toHaveLength(1);
  });

  it.each([
    ['create', 'in seconds', 7000],
    ['poll', 'as a date', 60_000],
  ] as const)(
    '429 on %s is rate-limited, after its Retry-After (%s), asked once (the client alone would ask 6 times)',
    async (call, form, ms) => {
      const retryAfter = form === 'in seconds' ? String(ms / 1000) : new Date(Date.now() + ms).toUTCString();
      standIn.setBehaviour({ faults: { [call]: { kind: 'rate-limited', retryAfter } } });
      const error = await failure(generate({ model: STAND_IN_MODEL }));
      expect(error.kind).toBe('rate-limited');
      expect(error.retryAfterMs).toBeGreaterThan(ms - 2000);
      expect(error.retryAfterMs).toBeLessThanOrEqual(ms);
      expect(error.message).toContain('Request was throttled');
      expect(creates()).toHaveLength(1);
      expect(polls()).toHaveLength(call === 'poll' ? 1 : 0);
    },
  );

  it.each([
    ['create', { kind: 'status', status: 500 }],
    ['poll', { kind: 'status', status: 503 }],
    ['create', { kind: 'reset' }],
    ['poll', { kind: 'reset' }],
    ['create', { kind: 'malformed' }],
    ['poll', { kind: 'malformed' }],
    ['output', { kind: 'status', status: 502 }],
  ] as const)('on %s, %o is unavailable, asked once', async (call, fault) => {
    standIn.setBehaviour({ faults: { [call]: fault } });
    const error = await failure(generate({ model: STAND_IN_MODEL }));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.kind).toBe('unavailable');
    expect(creates()).toHaveLength(1);
    expect(polls()).toHaveLength(call === 'create' ? 0 : call === 'poll' ? 1 : 2);
  });

  it("a 422 (the model takes the photo under another input name) fails with Replicate's sentence", async () => {
    const error = await failure(generate({ model: STAND_IN_MODEL, image_input: 'input_image' }));
    expect(error.kind).toBe('failed');
    expect(error.message).toContain('422');
    expect(error.message).toContain('input.image: image is required');
    expect(creates()).toHaveLength(1);
  });

  it('a 422 for a version that does not exist fails', async () => {
    const error = await failure(generate({ version: 'f'.repeat(64) }));
    expect(error.kind).toBe('failed');
    expect(error.message).toContain('The specified version does not exist');
  });

  it.each([
    'NSFW content detected. Try running it again, or try a different prompt.',
    'All generated images contained NSFW content. Try running it again with a different prompt.',
    'The input or output was flagged as sensitive. Please try again with different inputs. (E005)',
    'Generation stopped: the request was rejected by the safety system',
  ])("a prediction failed by the model's safety checker is refused: %s", async (why) => {
    standIn.setBehaviour({ ending: { status: 'failed', error: why } });
    const error = await failure(generate({ model: STAND_IN_MODEL }));
    expect(error.kind).toBe('refused');
    expect(error.message).toContain(why);
  });

  it("a prediction failed for another reason, or canceled on Replicate's side, fails", async () => {
    for (const why of ['CUDA out of memory. Tried to allocate 2.00 GiB', 'Input key "Prompt" is case-sensitive']) {
      standIn.setBehaviour({ ending: { status: 'failed', error: why } });
      const error = await failure(generate({ model: STAND_IN_MODEL }));
      expect(error.kind).toBe('failed');
      expect(error.message).toContain(why);
    }

    standIn.setBehaviour({ ending: { status: 'canceled' } });
    expect((await failure(generate({ model: STAND_IN_MODEL }))).kind).toBe('failed');
  });

  it('a model whose output is not a picture fails, saying what it gave', async () => {
    standIn.setBehaviour({ outputBody: 'text' });
    const error = await failure(generate({ model: STAND_IN_MODEL }));
    expect(error.kind).toBe('failed');
    expect(error.message).toContain('text/plain');
  });
});

describe('an aborted job', () => {
  it('stops at once mid-prediction, throws the abort reason and cancels the prediction', async () => {
    standIn.setBehaviour({ runMs: 30_000 });
    const controller = new AbortController();
    const job = generate({ model: STAND_IN_MODEL }, { signal: controller.signal }).then(
      () => null,
      (error: unknown) => error,
    );
    await expect.poll(() => polls().length).toBeGreaterThanOrEqual(2);

    const reason = new Error('The job took longer than its time limit');
    const abortedAt = performance.now();
    controller.abort(reason);
    expect(await job).toBe(reason);
    expect(performance.now() - abortedAt).toBeLessThan(patience(250));

    await expect.poll(() => calls('POST', /\/cancel$/)).toHaveLength(1);
    expect(standIn.predictions.size).toBe(1);
    const [prediction] = standIn.predictions.values();
    expect(calls('POST', /\/cancel$/)[0].path).toBe(`/v1/predictions/${prediction.id}/cancel`);
    expect(prediction.status).toBe('canceled');
    const pollsAtCancel = polls().length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(polls()).toHaveLength(pollsAtCancel);
  });

  it('already aborted, calls nothing', async () => {
    const reason = new Error('server stopping');
    const error = await generate({ model: STAND_IN_MODEL }, { signal: AbortSignal.abort(reason) }).catch(
      (e: unknown) => e,
    );
    expect(error).toBe(reason);
    expect(standIn.received).toHaveLength(0);
  });
});

describe("a Replicate style's options", () => {
  const parse = (options: unknown) => provider().parseOptions(options, { baseDir: '.' });
  const refusal = (options: unknown) => {
    try {
      parse(options);
    } catch (error) {
      expect(error).toBeInstanceOf(OptionsError);
      return { field: (error as OptionsError).field, message: (error as OptionsError).message };
    }
    return expect.unreachable('the options should be refused');
  };

  it('default the photo and prompt inputs to "image" and "prompt"', () => {
    expect(parse({ model: 'black-forest-labs/flux-kontext-pro' })).toEqual({
      model: 'black-forest-labs/flux-kontext-pro',
      version: undefined,
      imageInput: 'image',
      promptInput: 'prompt',
      seedInput: undefined,
      input: {},
    });
  });

  it.each([
    [undefined, 'model', 'names its model'],
    [{}, 'model', 'names its model'],
    ['acme/restyle', 'options', 'are an object'],
    [{ model: STAND_IN_MODEL, version: STAND_IN_VERSION }, 'version', 'not both'],
    [{ model: 'restyle' }, 'model', '"owner/name"'],
    [{ model: 'acme/../files' }, 'model', '"owner/name"'],
    [{ version: `acme/restyle:${STAND_IN_VERSION}` }, 'version', '64-character id'],
    [{ version: 'abc123' }, 'version', '64-character id'],
    [{ model: STAND_IN_MODEL, modle: 'x' }, 'modle', 'not a Replicate option'],
    [{ model: STAND_IN_MODEL, image_input: 'input image' }, 'image_input', "name of one of the model's inputs"],
    [{ model: STAND_IN_MODEL, prompt_input: 42 }, 'prompt_input', 'as text'],
    [{ model: STAND_IN_MODEL, input: ['png'] }, 'input', "object of the model's inputs"],
    [{ model: STAND_IN_MODEL, input: { prompt: 'fixed' } }, 'input.prompt', 'remove it from "input"'],
    [
      { model: STAND_IN_MODEL, image_input: 'input_image', input: { input_image: 'https://example.com/a.png' } },
      'input.input_image',
      'the photo',
    ],
    [{ model: STAND_IN_MODEL, seed_input: 'prompt' }, 'seed_input', 'different inputs'],
  ])('refuse %j, naming %s', (options, field, words) => {
    const { field: named, message } = refusal(options);
    expect(named).toBe(field);
    expect(message).toContain(words);
  });
});

describe('the stand-in', () => {
  const client = () => new Replicate({ auth: standIn.token, baseUrl: standIn.url });
  const input = { prompt: PROMPT, image: `data:image/jpeg;base64,${ASTRONAUT.toString('base64')}` };

  it('answers "Prefer: wait" with the prediction already ended', async () => {
    const prediction = await client().predictions.create({ model: STAND_IN_MODEL, input, wait: 5 });
    expect(prediction.status).toBe('succeeded');
    expect(standIn.received[0].prefer).toBe('wait=5');
    expect(polls()).toHaveLength(0);
  });

  it('refuses a photo that is not the picture its data URL says', async () => {
    const notJpeg = { ...input, image: `data:image/jpeg;base64,${Buffer.from('hello').toString('base64')}` };
    const refusal = await client()
      .predictions.create({ model: STAND_IN_MODEL, input: notJpeg })
      .then(
        () => '',
        (e: unknown) => (e as Error).message,
      );
    expect(refusal).toContain('422');
    expect(refusal).toContain('is not a readable image/jpeg picture');
    const png = await sharp(ASTRONAUT).png().toBuffer();
    const mislabelled = { ...input, image: `data:image/jpeg;base64,${png.toString('base64')}` };
    expect(
      await client()
        .predictions.create({ model: STAND_IN_MODEL, input: mislabelled })
        .catch((e: unknown) => (e as Error).message),
    ).toContain('(png bytes)');
  });
});

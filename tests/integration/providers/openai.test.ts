// The OpenAI provider against a stand-in of the Images API edit call: one attempt per call, each
// failure as its kind, the key never in a message.
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAiProvider } from '../../../server/engine/remote/openai.ts';
import { ProviderError, type Provider } from '../../../server/engine/remote/provider.ts';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../support/stand-ins/openai.ts';
import { fixture } from '../server/support/client.ts';
import { patience } from '../../support/patience.ts';

let standIn: OpenAiStandIn;
let provider: Provider;
beforeAll(async () => {
  standIn = await startOpenAiStandIn();
  provider = createOpenAiProvider({ apiKey: standIn.key, baseUrl: standIn.url });
});
afterAll(() => standIn?.close());
beforeEach(() => standIn.behave({ kind: 'ok' }));

const photo = fixture('astronaut.jpg');
const generate = (p: Provider, signal: AbortSignal) =>
  p.generate({
    photo,
    photoType: 'image/jpeg',
    prompt: 'Turn the person into an anime hero',
    options: p.parseOptions({}, { baseDir: '.' }),
    seed: 7,
    signal,
  });
const failure = (p: Provider = provider) =>
  generate(p, AbortSignal.timeout(20_000)).then(
    () => null,
    (error: unknown) => error as ProviderError,
  );

describe('the OpenAI provider', () => {
  it('sends the photo, the prompt and the model with the key, and returns the generated picture', async () => {
    const image = await generate(provider, AbortSignal.timeout(20_000));
    // JPEG unless a style asks otherwise: the provider is asked for it, and says it sent it.
    expect(image.contentType).toBe('image/jpeg');
    expect((await sharp(image.data).metadata()).format).toBe('jpeg');
    const [red, green] = (await sharp(image.data).stats()).channels;
    // The stand-in tints what it received magenta: the picture came through it, made from this photo.
    expect(red!.mean - green!.mean).toBeGreaterThan(30);
    expect(standIn.received.at(-1)).toMatchObject({
      authorization: `Bearer ${standIn.key}`,
      model: 'gpt-image-1',
      prompt: 'Turn the person into an anime hero',
      n: '1',
      imageType: 'image/jpeg',
      imageBytes: photo.length,
      format: 'jpeg',
    });
  });

  it("takes a style's model and size, and refuses unknown options with the field named", () => {
    expect(provider.parseOptions({ model: 'gpt-image-1-mini', size: '1024x1536' }, { baseDir: '.' })).toEqual({
      model: 'gpt-image-1-mini',
      size: '1024x1536',
      output_format: 'jpeg',
      output_compression: 92,
    });
    expect(() => provider.parseOptions({ size: 'huge' }, { baseDir: '.' })).toThrow(
      expect.objectContaining({ name: 'OptionsError', field: 'size' }),
    );
    expect(() => provider.parseOptions({ modle: 'x' }, { baseDir: '.' })).toThrow(
      expect.objectContaining({ name: 'OptionsError' }),
    );
  });

  it('asks for a PNG when the style says so, without a compression (the API refuses one for PNG)', async () => {
    const options = provider.parseOptions({ output_format: 'png' }, { baseDir: '.' });
    const image = await provider.generate({
      photo,
      photoType: 'image/jpeg',
      prompt: 'p',
      options,
      seed: 1,
      signal: AbortSignal.timeout(20_000),
    });
    expect(image.contentType).toBe('image/png');
    expect(standIn.received.at(-1)?.format).toBe('png');
  });

  it.each([
    ['a refused picture (moderation)', { kind: 'moderation' } as const, 'refused', undefined],
    [
      'a rate limit, with its Retry-After',
      { kind: 'rate-limited', retryAfterSeconds: 7, times: 1 } as const,
      'rate-limited',
      7000,
    ],
    ['a server error', { kind: 'server-error', times: 1 } as const, 'unavailable', undefined],
    ['a connection reset', { kind: 'reset', times: 1 } as const, 'unavailable', undefined],
    ['an exhausted quota', { kind: 'quota' } as const, 'credentials', undefined],
  ])('reports %s as its failure kind, after one attempt', async (_, behaviour, kind, retryAfterMs) => {
    standIn.behave(behaviour);
    const before = standIn.received.length;
    const error = await failure();
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind, retryAfterMs });
    expect(standIn.received.length - before).toBe(1);
  });

  it('reports a wrong key as credentials, without the key in the message', async () => {
    const wrong = createOpenAiProvider({ apiKey: 'sk-wrong-key-which-must-not-show', baseUrl: standIn.url });
    const error = await failure(wrong);
    expect(error).toMatchObject({ kind: 'credentials' });
    expect(String(error?.message)).not.toContain('sk-wrong');
    expect(standIn.refused).toContain('bad key');
  });

  it('stops waiting at once when its job is aborted', async () => {
    standIn.behave({ kind: 'ok', delayMs: 30_000 });
    const controller = new AbortController();
    const started = performance.now();
    const pending = generate(provider, controller.signal).then(
      () => null,
      (error: unknown) => error,
    );
    setTimeout(() => controller.abort(new Error('job timed out')), 200);
    expect(await pending).toMatchObject({ message: 'job timed out' });
    // Well before the stand-in's answer, on a slow day too.
    expect(performance.now() - started).toBeLessThan(patience(5000));
  });
});

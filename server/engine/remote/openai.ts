// OpenAI's Images API, edit call: the visitor's photo (and a scene style's scene) and the style's
// prompt to a GPT image model, through the official client. BOOTH_OPENAI_BASE_URL points it at
// any OpenAI-compatible service.
// One attempt per call: the client's own retries are off, remote-engines.ts retries for every
// provider alike.
import OpenAI, { APIConnectionError, APIError, APIUserAbortError, toFile } from 'openai';
import { z } from 'zod';
import { extensionOf } from '../../files/media-types.ts';
import {
  failureOfStatus,
  OptionsError,
  ProviderError,
  retryAfterMs,
  type GeneratedImage,
  type Provider,
} from './provider.ts';

const OptionsSchema = z.strictObject({
  model: z.string().trim().min(1).default('gpt-image-1'),
  size: z.enum(['auto', '1024x1024', '1024x1536', '1536x1024']).optional(),
  quality: z.enum(['auto', 'low', 'medium', 'high']).optional(),
  input_fidelity: z.enum(['low', 'high']).optional(),
  // JPEG by default: a tenth of the PNG's bytes for a photo-like picture, quick for the booth to
  // pass on and for phones to show and share; a sticker style is cut out and made a PNG here.
  output_format: z.enum(['png', 'jpeg', 'webp']).default('jpeg'),
  output_compression: z.number().int().min(0).max(100).default(92),
});
type Options = z.output<typeof OptionsSchema>;

const OUTPUT_TYPES: Record<string, GeneratedImage['contentType']> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

export function createOpenAiProvider(
  settings: { apiKey: string; baseUrl: string },
  deps: { fetch?: typeof fetch } = {},
): Provider {
  const client = new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl, maxRetries: 0, fetch: deps.fetch });
  return {
    name: 'openai',
    parseOptions(options) {
      const parsed = OptionsSchema.safeParse(options ?? {});
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0]!;
      throw new OptionsError(issue.path.join('.') || 'options', issue.message);
    },
    async generate({ photo, photoType, prompt, options, scene, signal }) {
      const { model, size, quality, input_fidelity, output_format } = options as Options;
      // Only JPEG and WebP are compressed; the API refuses a compression for PNG.
      const output_compression = output_format === 'png' ? undefined : (options as Options).output_compression;
      const first = await toFile(photo, `photo.${extensionOf(photoType, 'jpg')}`, { type: photoType });
      // A scene style sends two images (the GPT image models take up to 16, as image[]): the
      // photo first, whose face is kept, then the scene it is placed into.
      const image = scene
        ? [first, await toFile(scene.data, `scene.${extensionOf(scene.type, 'jpg')}`, { type: scene.type })]
        : first;
      let answer;
      try {
        answer = await client.images.edit(
          { model, image, prompt, n: 1, size, quality, input_fidelity, output_format, output_compression },
          { signal },
        );
      } catch (error) {
        throw asProviderError(error, signal);
      }
      const made = answer.data?.[0];
      if (made?.b64_json) {
        return {
          data: Buffer.from(made.b64_json, 'base64'),
          contentType: OUTPUT_TYPES[answer.output_format ?? output_format] ?? 'image/png',
        };
      }
      if (made?.url) return download(made.url, signal, deps.fetch ?? fetch);
      throw new ProviderError('unavailable', 'The OpenAI answer held no image.');
    },
  };
}

/** Older models and some compatible services answer with a URL instead of the image. */
async function download(url: string, signal: AbortSignal, fetcher: typeof fetch): Promise<GeneratedImage> {
  const res = await fetcher(url, { signal }).catch((error: unknown) => {
    throw signal.aborted
      ? signal.reason
      : new ProviderError('unavailable', 'The generated image could not be downloaded.', { cause: error });
  });
  if (!res.ok)
    throw new ProviderError(
      failureOfStatus(res.status),
      `The generated image could not be downloaded (${res.status}).`,
    );
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
  return {
    data: new Uint8Array(await res.arrayBuffer()),
    contentType: Object.values(OUTPUT_TYPES).find((t) => t === type) ?? 'image/png',
  };
}

/** The client's errors as the booth's failure kinds; the key never appears in a message. */
function asProviderError(error: unknown, signal: AbortSignal): unknown {
  if (error instanceof APIUserAbortError || signal.aborted) return signal.reason ?? error;
  if (error instanceof APIConnectionError)
    return new ProviderError('unavailable', 'OpenAI could not be reached.', { cause: error });
  if (!(error instanceof APIError) || error.status === undefined)
    return new ProviderError('unavailable', 'OpenAI failed without an answer.', { cause: error });
  const code = error.code ?? '';
  // A refused picture (the safety system) is the visitor's to act on: another style, another photo.
  if (
    code === 'moderation_blocked' ||
    code === 'content_policy_violation' ||
    error.type === 'image_generation_user_error'
  ) {
    return new ProviderError('refused', `OpenAI refused the picture (${code || error.type}).`);
  }
  // An exhausted quota or bill is for ops to fix, like a wrong key: retrying cannot help.
  if (code === 'insufficient_quota' || code === 'billing_hard_limit_reached')
    return new ProviderError('credentials', `OpenAI refused the account (${code}).`);
  const kind = failureOfStatus(error.status);
  // OpenAI sends retry-after-ms beside the standard Retry-After; the finer one wins.
  const inMs = Number(error.headers?.get('retry-after-ms') ?? NaN);
  const wait = Number.isFinite(inMs) && inMs >= 0 ? inMs : retryAfterMs(error.headers?.get('retry-after'));
  // The answer's own message may quote the key (masked, but still): only the status and code are kept.
  return new ProviderError(kind, `OpenAI answered ${error.status}${code ? ` (${code})` : ''}.`, { retryAfterMs: wait });
}

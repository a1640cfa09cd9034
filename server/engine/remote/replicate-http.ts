// Replicate's HTTP as the booth uses it: each request sent once, answers read strictly, every
// failure turned into a ProviderError kind. The calls themselves go through the official client
// (replicate.ts); this module is what the client leaves to us.
import { z } from 'zod';
import { imageMimeOf } from '../../files/media-types.ts';
import { failureOfStatus, ProviderError, retryAfterMs, type GeneratedImage } from './provider.ts';

/**
 * A fetch for the client that sends each request once.
 *
 * The client (replicate 1.4, `withAutomaticRetries` in lib/util.js, called by every
 * `client.request`) asks fetch again up to 5 more times, with no real pause, when a GET is answered
 * 429 or 5xx, when any other call is answered 429, and when fetch throws (a reset connection). It
 * has no option to turn that off. Retrying is the framework's job (with Retry-After and backoff),
 * so here each request the client builds reaches the network once: the client passes the same
 * `init` object on each of its attempts, and gets the first attempt's answer (or error) back.
 */
export function sendOnce(
  fetchImpl: typeof fetch,
): (input: Request | string | URL, init?: RequestInit) => Promise<Response> {
  const answers = new WeakMap<RequestInit, Promise<Response>>();
  return (input, init) => {
    if (!init) return fetchImpl(input, init);
    let answer = answers.get(init);
    if (!answer) {
      answer = fetchImpl(input, init);
      answers.set(init, answer);
    }
    return answer;
  };
}

// The statuses of Replicate's prediction lifecycle ("aborted": its deadline passed before it started).
const STATUSES = ['starting', 'processing', 'succeeded', 'failed', 'canceled', 'aborted'] as const;
const ENDED = new Set<string>(['succeeded', 'failed', 'canceled', 'aborted']);

const predictionSchema = z.object({
  id: z.string().min(1),
  status: z.enum(STATUSES),
  output: z.unknown().optional(),
  error: z.unknown().optional(),
});
export type PredictionState = z.infer<typeof predictionSchema>;

export const hasEnded = (prediction: PredictionState) => ENDED.has(prediction.status);

/** The client's answer read as a prediction; anything else is a broken answer, worth a retry. */
export function predictionOf(answer: unknown): PredictionState {
  const parsed = predictionSchema.safeParse(answer);
  if (!parsed.success)
    throw new ProviderError(
      'unavailable',
      `Replicate answered with something that is not a prediction: ${preview(answer)}`,
    );
  return parsed.data;
}

// How models on Replicate word a refusal of their safety checker: "NSFW content detected. Try
// running it again, or try a different prompt." (Stable Diffusion), "All generated images
// contained NSFW content…", "The input or output was flagged as sensitive… (E005)"; and, more
// loosely, any error speaking of safety or a content policy. ("case-sensitive" is not a refusal.)
const REFUSAL = /\bnsfw\b|(?<!case-)\bsensitive\b|\bsafety\b|\(E005\)|content (?:policy|filter|moderation)/i;

/** Why an ended prediction gave no picture, as a ProviderError. */
export function endedWithout(prediction: PredictionState): ProviderError {
  if (prediction.status === 'failed') {
    const why = prediction.error == null ? 'no error given' : preview(prediction.error);
    return REFUSAL.test(why)
      ? new ProviderError('refused', `Replicate's model refused the picture: ${why}`)
      : new ProviderError('failed', `Replicate's model failed: ${why}`);
  }
  // Not by us: by its deadline, or from Replicate's dashboard.
  return new ProviderError(
    'failed',
    `Replicate ${prediction.status === 'aborted' ? 'aborted the prediction before it started' : 'canceled the prediction'} (id ${prediction.id})`,
  );
}

/** The first file of a succeeded prediction: models output one URL or a list of them. */
export function firstOutputUrl(prediction: PredictionState): URL {
  const first = Array.isArray(prediction.output) ? prediction.output[0] : prediction.output;
  const url = typeof first === 'string' && URL.canParse(first) ? new URL(first) : null;
  if (!url || !['https:', 'http:', 'data:'].includes(url.protocol)) {
    throw new ProviderError(
      'unavailable',
      `Replicate's prediction ${prediction.id} succeeded without a file URL in its output: ${preview(prediction.output)}`,
    );
  }
  return url;
}

/**
 * Any error thrown by a call to Replicate as a ProviderError: the client's ApiError by its HTTP
 * status (with Retry-After), anything else (a reset connection, a body that is not JSON) as
 * 'unavailable'.
 */
export function failureOf(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (isApiError(error)) {
    const { status, headers } = error.response;
    const call = `${error.request.method} ${new URL(error.request.url).pathname}`;
    return new ProviderError(
      failureOfStatus(status),
      `Replicate answered ${status} to ${call}: ${apiErrorDetail(error.message)}`,
      {
        retryAfterMs: retryAfterMs(headers.get('retry-after')),
        cause: error,
      },
    );
  }
  return new ProviderError(
    'unavailable',
    `Replicate could not be reached or did not answer in full: ${describe(error)}`,
    { cause: error },
  );
}

/** Downloads an output file; the API token goes along only when the file is on the API's own host. */
export async function download(
  url: URL,
  {
    fetchImpl,
    apiOrigin,
    apiToken,
    signal,
  }: { fetchImpl: typeof fetch; apiOrigin: string; apiToken: string; signal: AbortSignal },
): Promise<GeneratedImage> {
  // Output files are served by replicate.delivery, which needs no token: the token is not sent
  // to a host it was not made for.
  const headers: Record<string, string> = url.origin === apiOrigin ? { Authorization: `Bearer ${apiToken}` } : {};
  let response: Response;
  let data: Uint8Array;
  try {
    response = await fetchImpl(url, { headers, signal });
    data = response.ok ? new Uint8Array(await response.arrayBuffer()) : new Uint8Array(0);
  } catch (error) {
    throw failureOf(error);
  }
  const where = url.protocol === 'data:' ? 'a data URL' : `${url.origin}${url.pathname}`;
  if (!response.ok) {
    throw new ProviderError(
      failureOfStatus(response.status),
      `Replicate's output file ${where} answered ${response.status}`,
      {
        retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
      },
    );
  }
  // The bytes decide: they are what the booth serves, whatever the header or the file name say.
  const contentType = imageTypeOf(data);
  if (!contentType) {
    const declared = response.headers.get('content-type') ?? 'no content type';
    throw new ProviderError(
      'failed',
      `Replicate's model gave ${where} (${declared}, ${data.byteLength} bytes), not a PNG, JPEG or WebP picture`,
    );
  }
  return { data, contentType };
}

/** PNG, JPEG or WebP by their signatures; null for anything else. */
export function imageTypeOf(data: Uint8Array): GeneratedImage['contentType'] | null {
  return imageMimeOf(data);
}

// The client's ApiError is not exported as a value (index.js exports only the client class and
// two helpers), so it is known by its name and the Response it carries.
interface ApiError extends Error {
  request: Request;
  response: Response;
}
function isApiError(error: unknown): error is ApiError {
  // By shape, not instanceof Response: in the server, @hono/node-server puts its own Request and
  // Response classes on globalThis, and fetch's answers are not instances of those.
  const { response, request } = error as Partial<ApiError>;
  return (
    error instanceof Error &&
    error.name === 'ApiError' &&
    typeof response?.status === 'number' &&
    typeof response.headers?.get === 'function' &&
    typeof request?.method === 'string' &&
    typeof request.url === 'string'
  );
}

/**
 * Replicate's own sentence from the client's message ("Request to {url} failed with status {status}
 * {statusText}: {body}."): the body's `detail` (its errors are {"title", "detail", "status"}),
 * else its `title`, else the body as text.
 */
function apiErrorDetail(message: string): string {
  const body = /failed with status \d+[^:]*: ([\s\S]*)\.$/.exec(message)?.[1] ?? message;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object') {
      const { detail, title } = parsed as { detail?: unknown; title?: unknown };
      if (typeof detail === 'string' && detail) return clip(detail);
      if (typeof title === 'string' && title) return clip(title);
    }
  } catch {
    // Not JSON: a proxy's HTML page, an empty body.
  }
  return clip(body.trim() || 'an empty answer');
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return clip(String(error));
  const cause =
    error.cause instanceof Error ? ` (${(error.cause as NodeJS.ErrnoException).code ?? error.cause.message})` : '';
  return clip(`${error.message}${cause}`);
}

const preview = (value: unknown) => clip(typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));
const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}…` : text);

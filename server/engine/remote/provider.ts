// A generative provider: a remote service that turns the visitor's photo and a style's prompt
// into a picture (OpenAI's image edits, a ComfyUI box, Replicate). The booth waits on it: a job on
// a remote provider holds no CPU worker (remote-engines.ts), only a place in the provider's own
// limit of jobs in flight. Each provider maps its failures to ProviderError kinds, so that every
// provider fails the same way for the visitor (retries, messages) and for ops (one log line).
export const PROVIDER_NAMES = ['openai', 'comfyui', 'replicate'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export interface GenerateInput {
  /** The visitor's photo as stored (JPEG, PNG or WebP). */
  photo: Uint8Array;
  /** Its content type, e.g. image/jpeg. */
  photoType: string;
  prompt: string;
  /** The style's options, as the provider's optionsSchema parsed them. */
  options: unknown;
  /**
   * The scene template of a scene style (the tenant's backdrop, else the style's own): the
   * provider receives it beside the photo, to place the guest's face into it. Absent otherwise.
   */
  scene?: SceneImage;
  /** A seed for providers that take one, so that a retry of the same job can differ or not on purpose. */
  seed: number;
  /** Aborted when the job times out or the server stops: the provider stops waiting at once. */
  signal: AbortSignal;
  /**
   * The guest's words by input name (a style with inputs), already in `prompt`; a ComfyUI workflow
   * may place them itself ({{name}}). Kept in memory for the job only.
   */
  words?: Readonly<Record<string, string>>;
}

export interface SceneImage {
  data: Uint8Array;
  /** Its content type: image/jpeg, image/png or image/webp. */
  type: string;
}

export interface GeneratedImage {
  data: Uint8Array;
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
}

export interface Provider {
  readonly name: ProviderName;
  /**
   * A style's "options" from the styles file, checked and made ready once at start (e.g. a
   * ComfyUI workflow read from its file, relative to `baseDir`, the styles file's folder). Throws
   * an OptionsError saying which field is wrong: a bad styles file stops the start. `scene` says
   * the style sends a scene template beside the photo (a provider may need to know where it goes).
   */
  parseOptions(
    options: unknown,
    context: { baseDir: string; scene?: boolean; inputNames?: readonly string[] },
  ): unknown;
  generate(input: GenerateInput): Promise<GeneratedImage>;
}

/** A style's options refused at start; `field` is the option's path, e.g. "workflow". */
export class OptionsError extends Error {
  override name = 'OptionsError';
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

/**
 * How a provider call failed:
 * - refused: the provider will not make this picture (content moderation); never retried.
 * - rate-limited: too many requests; retried after `retryAfterMs` (its Retry-After) or a backoff.
 * - unavailable: a 5xx, a network error or a broken answer; retried a few times with backoff.
 * - credentials: the key or token is wrong or missing; never retried, logged for ops by setting name.
 * - failed: anything else the provider reported; never retried.
 */
export type ProviderFailure = 'refused' | 'rate-limited' | 'unavailable' | 'credentials' | 'failed';

export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly kind: ProviderFailure;
  readonly retryAfterMs?: number;

  constructor(kind: ProviderFailure, message: string, options: { retryAfterMs?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** Retry-After as a number of seconds or an HTTP date, in milliseconds; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The failure kind of an HTTP status from a provider's API. */
export function failureOfStatus(status: number): ProviderFailure {
  if (status === 401 || status === 403) return 'credentials';
  if (status === 429) return 'rate-limited';
  if (status >= 500 || status === 408) return 'unavailable';
  return 'failed';
}

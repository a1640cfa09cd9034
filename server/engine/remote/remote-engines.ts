// Remote work is waiting, not computing: a job on a generative provider holds no CPU worker,
// only a place in its provider's own limit of jobs in flight (BOOTH_<PROVIDER>_CONCURRENCY),
// taken in turns between clients. Rate limits and outages are retried with backoff (Retry-After
// first), within the job's time; everything else ends the attempt at once. A provider that keeps
// failing is skipped for a while (circuit-breaker.ts) instead of being called for every guest.
import { setTimeout as sleep } from 'node:timers/promises';
import { FairLimiter } from '../../limits/fair-limiter.ts';
import { CircuitBreaker, FAILURES_TO_OPEN } from './circuit-breaker.ts';
import {
  ProviderError,
  type GeneratedImage,
  type GenerateInput,
  type Provider,
  type ProviderName,
} from './provider.ts';

export interface RemoteProvider {
  provider: Provider;
  /** Jobs in flight at this provider. */
  concurrency: number;
}

export interface RemoteEnginesOptions {
  /** Attempts after the first, for rate limits and outages. */
  retries: number;
  /** The first backoff; it doubles each time, with jitter, up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How long a provider that failed FAILURES_TO_OPEN calls in a row is skipped before a trial call. */
  cooldownMs?: number;
  log?: (line: string) => void;
}

/** The provider is skipped by its circuit breaker: no call was made. */
export class ProviderSkippedError extends ProviderError {
  constructor(name: ProviderName, secondsLeft: number) {
    super(
      'unavailable',
      `${name} is skipped after failing ${FAILURES_TO_OPEN} calls in a row (tried again in ${secondsLeft} s).`,
    );
  }
}

/** Failures that say the provider cannot serve now (the breaker counts them); the others are answers. */
const OUTAGES = new Set(['unavailable', 'rate-limited', 'credentials']);
const isTimeout = (reason: unknown) => (reason as { name?: unknown } | undefined)?.name === 'TimeoutError';

export type RemoteInput = Omit<GenerateInput, 'signal'> & { jobId: string; client?: string };

export class RemoteEngines {
  #providers = new Map<ProviderName, { provider: Provider; limiter: FairLimiter; breaker: CircuitBreaker }>();
  #options: Required<RemoteEnginesOptions>;

  constructor(providers: RemoteProvider[], options: RemoteEnginesOptions) {
    this.#options = { backoffMs: 1000, maxBackoffMs: 20_000, cooldownMs: 60_000, log: () => {}, ...options };
    for (const { provider, concurrency } of providers) {
      const breaker = new CircuitBreaker(provider.name, this.#options.cooldownMs, this.#options.log);
      this.#providers.set(provider.name, { provider, limiter: new FairLimiter({ concurrency }), breaker });
    }
  }

  has(name: string): name is ProviderName {
    return this.#providers.has(name as ProviderName);
  }

  /** Jobs waiting or in flight at `name`. */
  load(name: ProviderName): { active: number; waiting: number } {
    const entry = this.#providers.get(name);
    return { active: entry?.limiter.active ?? 0, waiting: entry?.limiter.waiting ?? 0 };
  }

  /**
   * The picture, or the last ProviderError once retries are spent; `signal` ends the wait (the
   * job's timeout, or the server stopping). `onStart` runs when the provider takes the job. A
   * provider its breaker skips fails at once with a ProviderSkippedError, having made no call.
   */
  async generate(
    name: ProviderName,
    input: RemoteInput,
    signal: AbortSignal,
    onStart: () => void = () => {},
  ): Promise<GeneratedImage> {
    const entry = this.#providers.get(name);
    if (!entry) throw new ProviderError('credentials', `The ${name} provider is not configured.`);
    const { breaker } = entry;
    if (breaker.skipping) throw new ProviderSkippedError(name, breaker.secondsLeft);
    const client = input.client ?? `job ${input.jobId}`;
    return entry.limiter.run(
      client,
      async () => {
        onStart();
        for (let attempt = 0; ; attempt++) {
          if (!breaker.take()) throw new ProviderSkippedError(name, breaker.secondsLeft);
          try {
            const image = await entry.provider.generate({ ...input, signal });
            breaker.answered();
            return image;
          } catch (error) {
            if (signal.aborted) {
              // Too slow for the job (or for its fallback's time) is a failure; a stop tells nothing.
              if (isTimeout(signal.reason)) breaker.failed();
              else breaker.released();
              throw signal.reason;
            }
            if (error instanceof ProviderError && OUTAGES.has(error.kind)) breaker.failed();
            else breaker.answered();
            const retryable =
              error instanceof ProviderError && (error.kind === 'rate-limited' || error.kind === 'unavailable');
            if (!retryable || attempt >= this.#options.retries) throw error;
            const wait = this.#backoff(attempt, error.retryAfterMs);
            this.#options.log(
              `job ${input.jobId} ${name}: ${error.message} Retrying in ${Math.round(wait / 100) / 10} s (attempt ${attempt + 2} of ${this.#options.retries + 1}).`,
            );
            await sleep(wait, undefined, { signal }).catch(() => {
              throw signal.reason;
            });
          }
        }
      },
      signal,
    );
  }

  #backoff(attempt: number, retryAfter: number | undefined): number {
    const { backoffMs, maxBackoffMs } = this.#options;
    if (retryAfter !== undefined) return Math.min(retryAfter, maxBackoffMs * 3);
    const base = Math.min(maxBackoffMs, backoffMs * 2 ** attempt);
    return base / 2 + Math.random() * (base / 2);
  }
}

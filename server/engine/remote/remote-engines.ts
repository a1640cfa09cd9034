// Remote work is waiting, not computing: a job on a generative provider holds no CPU worker,
// only a place in its provider's own limit of jobs in flight (BOOTH_<PROVIDER>_CONCURRENCY),
// taken in turns between clients. Rate limits and outages are retried with backoff (Retry-After
// first), within the job's time; everything else ends the attempt at once.
import { setTimeout as sleep } from 'node:timers/promises';
import { FairLimiter } from '../../limits/fair-limiter.ts';
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
  log?: (line: string) => void;
}

export type RemoteInput = Omit<GenerateInput, 'signal'> & { jobId: string; client?: string };

export class RemoteEngines {
  #providers = new Map<ProviderName, { provider: Provider; limiter: FairLimiter }>();
  #options: Required<RemoteEnginesOptions>;

  constructor(providers: RemoteProvider[], options: RemoteEnginesOptions) {
    for (const { provider, concurrency } of providers) {
      this.#providers.set(provider.name, { provider, limiter: new FairLimiter({ concurrency }) });
    }
    this.#options = { backoffMs: 1000, maxBackoffMs: 20_000, log: () => {}, ...options };
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
   * job's timeout, or the server stopping). `onStart` runs when the provider takes the job.
   */
  async generate(
    name: ProviderName,
    input: RemoteInput,
    signal: AbortSignal,
    onStart: () => void = () => {},
  ): Promise<GeneratedImage> {
    const entry = this.#providers.get(name);
    if (!entry) throw new ProviderError('credentials', `The ${name} provider is not configured.`);
    const client = input.client ?? `job ${input.jobId}`;
    return entry.limiter.run(
      client,
      async () => {
        onStart();
        for (let attempt = 0; ; attempt++) {
          try {
            return await entry.provider.generate({ ...input, signal });
          } catch (error) {
            if (signal.aborted) throw signal.reason;
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

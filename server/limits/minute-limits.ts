// How often a guest may ask for something beside a job (a lead, an email) a minute: token buckets,
// each with its own rate and sentence, taken together: one from each, or none. Counted in this
// process on the embedded default; on the scale-out path in Redis for every API node together
// (scale/redis-minute-limits.ts), so a guest cannot get N times a limit from N nodes.
import { ClientLimits } from './client-limits.ts';

type Maybe<T> = T | Promise<T>;

export interface MinuteBucket {
  /** What is counted (e.g. `lead-visitor`); with `who`, the bucket's name. */
  kind: string;
  /** Whose bucket: a visitor, an address, or the whole booth. */
  who: string;
  perMinute: number;
  /** The sentence a refused guest reads. */
  rate: (seconds: number) => string;
}

export interface MinuteRefusal {
  message: string;
  retryAfterSeconds: number;
}

export interface MinuteLimits {
  /** Takes one from each bucket, or takes nothing and says why and for how long. */
  take(buckets: readonly MinuteBucket[]): Maybe<MinuteRefusal | null>;
}

/** The embedded default's: counted in this process, one ClientLimits per kind of bucket. */
export function localMinuteLimits(): MinuteLimits {
  const kinds = new Map<string, ClientLimits>();
  const of = (bucket: MinuteBucket) => {
    const key = `${bucket.kind}:${bucket.perMinute}`;
    let limits = kinds.get(key);
    if (!limits) {
      limits = new ClientLimits({
        maxInFlight: Number.POSITIVE_INFINITY,
        perMinute: bucket.perMinute,
        messages: { inFlight: () => '', rate: bucket.rate },
      });
      kinds.set(key, limits);
    }
    return limits;
  };
  return {
    take(buckets) {
      for (const bucket of buckets) {
        const refused = of(bucket).refusal(bucket.who);
        if (refused) return { message: refused.message, retryAfterSeconds: refused.retryAfterSeconds };
      }
      for (const bucket of buckets) of(bucket).take(bucket.who).release();
      return null;
    },
  };
}

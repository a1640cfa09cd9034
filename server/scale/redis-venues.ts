// A venue's limits counted in Redis, for every API node together: counted per node, N nodes behind
// a load balancer would give an address N times its ceiling, and a visitor N times its four.
// Each check and its count is one Lua script (atomic: two nodes never both take the last place).
// A job in flight is an entry in a sorted set scored by when its lease ends: the node that
// accepted the job removes it when the job ends on whichever worker, renews the leases of the
// jobs it still holds, and a node that dies leaves entries that lapse within LEASE_MS. The
// per-minute buckets are hashes that expire once they would be full again.
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { VISITOR_LIMIT_MESSAGES, type ClientAdmission, type ClientMessages } from '../limits/client-limits.ts';
import { clientKey } from '../limits/fair-limiter.ts';
import {
  MINT_MESSAGES,
  VENUE_MESSAGES,
  type VenueAdmission,
  type VenueLimitsOptions,
  type Venues,
} from '../limits/venue-limits.ts';

/** How long a job counts in flight without its node renewing it: a node gone, its jobs stop counting after this. */
export const LEASE_MS = 60_000;

/**
 * KEYS: two per limit, its in-flight set and its bucket (the set is not used when the limit's
 * maximum is negative). ARGV: the entry, the lease (ms), then per limit its maximum in flight and
 * its rate per minute. Answers {0} when every limit took one, or {limit, 1 (in flight) | 2 (rate),
 * seconds to wait} for the first that refused, taking nothing.
 */
const ADMIT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local entry, lease = ARGV[1], tonumber(ARGV[2])
local left = {}
for i = 1, #KEYS / 2 do
  local jobs, bucket = KEYS[2 * i - 1], KEYS[2 * i]
  local max, per = tonumber(ARGV[1 + 2 * i]), tonumber(ARGV[2 + 2 * i])
  if max >= 0 then
    redis.call('ZREMRANGEBYSCORE', jobs, '-inf', now)
    if redis.call('ZCARD', jobs) >= max then return {i, 1, 10} end
  end
  local state = redis.call('HMGET', bucket, 'tokens', 'at')
  local tokens = per
  if state[1] and state[2] then
    tokens = math.min(per, tonumber(state[1]) + (now - tonumber(state[2])) / 60000 * per)
  end
  if tokens < 1 then return {i, 2, math.max(1, math.ceil((1 - tokens) * 60 / per))} end
  left[i] = tokens - 1
end
for i = 1, #KEYS / 2 do
  local jobs, bucket = KEYS[2 * i - 1], KEYS[2 * i]
  if tonumber(ARGV[1 + 2 * i]) >= 0 then
    redis.call('ZADD', jobs, now + lease, entry)
    redis.call('PEXPIRE', jobs, lease)
  end
  redis.call('HSET', bucket, 'tokens', tostring(left[i]), 'at', now)
  redis.call('PEXPIRE', bucket, 60000)
end
return {0}
`;

/** KEYS: the sets holding the entry ARGV[1]; its lease is renewed to ARGV[2] ms from now (a lapsed one stays gone). */
const RENEW = `
local t = redis.call('TIME')
local until_ = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + tonumber(ARGV[2])
for _, jobs in ipairs(KEYS) do
  if redis.call('ZSCORE', jobs, ARGV[1]) then
    redis.call('ZADD', jobs, until_, ARGV[1])
    redis.call('PEXPIRE', jobs, tonumber(ARGV[2]))
  end
end
return 0
`;

// The address in braces: every key of one venue in one slot, as a Redis cluster needs for one script.
const venueKey = (address: string) => `booth:venue:{${address}}`;
/** A client without a token is its address's one visitor (as in VenueLimits). */
const visitorKeyOf = (address: string, visitor?: string) => `${venueKey(address)}:visitor:${visitor ?? '-'}`;

interface Limit {
  jobs: string;
  bucket: string;
  maxInFlight: number;
  perMinute: number;
  messages: ClientMessages;
}

export interface RedisVenuesOptions extends Omit<VenueLimitsOptions, 'now'> {
  /** A call on the queue's connection, bounded in time (a ServiceUnavailableError when Redis is away). */
  redis: <T>(work: (client: Redis) => Promise<T>) => Promise<T>;
  log: (line: string) => void;
  /** LEASE_MS unless a test says otherwise; renewed four times per lease. */
  leaseMs?: number;
}

export class RedisVenues implements Venues {
  #options: RedisVenuesOptions;
  /** Entries of this node's jobs in flight, with the sets that hold them, renewed every RENEW_MS. */
  #held = new Map<string, string[]>();
  #renewal: NodeJS.Timeout;
  #leaseMs: number;

  constructor(options: RedisVenuesOptions) {
    this.#options = options;
    this.#leaseMs = options.leaseMs ?? LEASE_MS;
    this.#renewal = setInterval(() => void this.#renew(), this.#leaseMs / 4);
    this.#renewal.unref();
  }

  async admit(address: string, visitor?: string): Promise<VenueAdmission> {
    const o = this.#options;
    const own = visitorKeyOf(address, visitor);
    const venue = venueKey(address);
    // The visitor's own limits first: a guest over them hears about their own photos.
    const limits: Limit[] = [
      {
        jobs: `${own}:jobs`,
        bucket: `${own}:rate`,
        maxInFlight: o.visitorJobs,
        perMinute: o.visitorJobsPerMinute,
        messages: VISITOR_LIMIT_MESSAGES,
      },
      {
        jobs: `${venue}:jobs`,
        bucket: `${venue}:rate`,
        maxInFlight: o.addressJobs,
        perMinute: o.addressJobsPerMinute,
        messages: VENUE_MESSAGES,
      },
    ];
    const entry = crypto.randomUUID();
    const client = clientKey(address, visitor);
    const refused = await this.#take(limits, entry);
    if (refused) return { ...refused, client };
    const sets = limits.map((l) => l.jobs);
    this.#held.set(entry, sets);
    return { ok: true, client, release: () => this.#release(entry, sets) };
  }

  async mint(address: string): Promise<ClientAdmission> {
    const minted = `${venueKey(address)}:minted`;
    const limit = {
      jobs: minted,
      bucket: minted,
      maxInFlight: -1,
      perMinute: this.#options.visitorsPerMinute,
      messages: MINT_MESSAGES,
    };
    return (await this.#take([limit], '')) ?? { ok: true, release: () => {} };
  }

  close() {
    clearInterval(this.#renewal);
  }

  async #take(limits: Limit[], entry: string): Promise<Extract<ClientAdmission, { ok: false }> | null> {
    const keys = limits.flatMap((l) => [l.jobs, l.bucket]);
    const args = [entry, String(this.#leaseMs), ...limits.flatMap((l) => [String(l.maxInFlight), String(l.perMinute)])];
    const [which = 0, kind = 0, seconds = 1] = (await this.#options.redis((client) =>
      client.eval(ADMIT, keys.length, ...keys, ...args),
    )) as number[];
    if (which === 0) return null;
    const { messages, maxInFlight } = limits[which - 1]!;
    const message = kind === 1 ? messages.inFlight(maxInFlight) : messages.rate(seconds);
    return { ok: false, retryAfterSeconds: seconds, message };
  }

  #release(entry: string, sets: string[]) {
    if (!this.#held.delete(entry)) return;
    // Not released (Redis away): the entry lapses with its lease.
    void this.#options.redis((client) => Promise.all(sets.map((jobs) => client.zrem(jobs, entry)))).catch(() => {});
  }

  async #renew() {
    if (this.#held.size === 0) return;
    try {
      await this.#options.redis(async (client) => {
        const pipeline = client.pipeline();
        for (const [entry, sets] of this.#held)
          pipeline.eval(RENEW, sets.length, ...sets, entry, String(this.#leaseMs));
        await pipeline.exec();
      });
    } catch (error) {
      this.#options.log(
        `venue limits: ${this.#held.size} job(s) in flight not renewed in Redis (${error instanceof Error ? error.message : String(error)}); they stop counting within ${this.#leaseMs / 1000} s`,
      );
    }
  }
}

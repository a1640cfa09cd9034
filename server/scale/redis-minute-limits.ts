// The minute limits of a guest's calls beside a job (limits/minute-limits.ts: a lead, an email),
// counted in Redis for every API node together (counted per node, N nodes would allow N times
// each). One Lua script checks every bucket and takes one of each, or none: the same token buckets
// as the venue's (redis-venues.ts). A bucket's key lives a minute past its last use.
import type { Redis } from 'ioredis';
import type { MinuteBucket, MinuteLimits } from '../limits/minute-limits.ts';

/**
 * KEYS: the buckets. ARGV: their rates per minute. Answers {0} when each took one, or
 * {which (1-based), seconds to wait}, taking nothing.
 */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local left = {}
for i = 1, #KEYS do
  local per = tonumber(ARGV[i])
  local state = redis.call('HMGET', KEYS[i], 'tokens', 'at')
  local tokens = per
  if state[1] and state[2] then
    tokens = math.min(per, tonumber(state[1]) + (now - tonumber(state[2])) / 60000 * per)
  end
  if tokens < 1 then return {i, math.max(1, math.ceil((1 - tokens) * 60 / per))} end
  left[i] = tokens - 1
end
for i = 1, #KEYS do
  redis.call('HSET', KEYS[i], 'tokens', tostring(left[i]), 'at', now)
  redis.call('PEXPIRE', KEYS[i], 60000)
end
return {0}
`;

export const minuteBucketKey = (bucket: Pick<MinuteBucket, 'kind' | 'who'>) =>
  `booth:rate:${bucket.kind}:${bucket.who}`;

export class RedisMinuteLimits implements MinuteLimits {
  #redis: <T>(work: (client: Redis) => Promise<T>) => Promise<T>;

  /** `redis`: a call on a connection, bounded in time (RedisJobs.withRedis). */
  constructor(redis: <T>(work: (client: Redis) => Promise<T>) => Promise<T>) {
    this.#redis = redis;
  }

  async take(buckets: readonly MinuteBucket[]) {
    const answer = (await this.#redis((client) =>
      client.eval(TAKE, buckets.length, ...buckets.map(minuteBucketKey), ...buckets.map((b) => String(b.perMinute))),
    )) as number[];
    const [which, seconds = 1] = answer;
    if (!which) return null;
    return { message: buckets[which - 1]!.rate(seconds), retryAfterSeconds: seconds };
  }
}

// The emails a visitor, and the whole booth, may ask for a minute, counted in Redis for every API
// node together (counted per node, N nodes would allow N times each). One Lua script checks both
// buckets and takes one of each, or neither: the same token buckets as the venue's (redis-venues.ts).
import type { Redis } from 'ioredis';
import { EMAIL_MESSAGES, type MailLimits } from '../hosts/job-email.ts';

/**
 * KEYS: the visitor's bucket, the booth's. ARGV: their rates per minute. Answers {0} when both
 * took one, or {which (1 the visitor, 2 the booth), seconds to wait}, taking nothing.
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

const BOOTH_KEY = 'booth:mail-rate:booth';
const visitorKey = (visitor: string) => `booth:mail-rate:visitor:${visitor}`;

export class RedisMailLimits implements MailLimits {
  #redis: <T>(work: (client: Redis) => Promise<T>) => Promise<T>;
  #perVisitor: number;
  #perMinute: number;

  /** `redis`: a call on a connection, bounded in time (RedisJobs.withRedis). */
  constructor(options: {
    redis: <T>(work: (client: Redis) => Promise<T>) => Promise<T>;
    perVisitor: number;
    perMinute: number;
  }) {
    this.#redis = options.redis;
    this.#perVisitor = options.perVisitor;
    this.#perMinute = options.perMinute;
  }

  async take(visitor: string) {
    const answer = (await this.#redis((client) =>
      client.eval(TAKE, 2, visitorKey(visitor), BOOTH_KEY, String(this.#perVisitor), String(this.#perMinute)),
    )) as number[];
    const [which, seconds = 1] = answer;
    if (!which) return null;
    return {
      message: which === 1 ? EMAIL_MESSAGES.visitorRate(seconds) : EMAIL_MESSAGES.boothRate(seconds),
      retryAfterSeconds: seconds,
    };
  }
}

// The event wall on the scale-out path: WallJobs (wall/wall-jobs.ts) over Redis. A guest's say and
// an operator's review are fields of the job's own BullMQ hash (wall:consent, wall:review,
// wall:at), so they go with the job when it is deleted from the console or cleaned at retention.
// Each tenant has two sorted sets of job ids scored by when they entered the wall (job-index.ts):
// the pictures shown and those waiting for approval. A set is only a way in: every id read is
// checked against its hash, and one whose job is gone, deleted or past retention is skipped and
// dropped from its set there and then. Say and review are Lua scripts: the hash and the sets
// change together, and never for a job removed a moment before.
import { Queue } from 'bullmq';
import { JOB_STATUS, previewsFor, type JobStatus } from '../../contract/index.ts';
import { ServiceUnavailableError } from '../jobs/job-backend.ts';
import { isPastRetention } from '../jobs/lifecycle.ts';
import type { WallReview } from '../storage/wall.ts';
import { wallState, type WallEntry, type WallJob, type WallJobs } from '../wall/wall-jobs.ts';
import { DELETED_JOBS_KEY, longestKeptMs, redisOf, WALL_KEPT_MS, wallKey } from './job-index.ts';
import { QUEUE_NAME, type QueuedJob } from './queued-job.ts';
import { failFast } from './redis-options.ts';
import type { S3Store } from './s3-store.ts';
import { detailOf, QUEUE_SERVICE, within } from './service-call.ts';
import type { ScaleSettings } from './settings.ts';
import { JOB_FIELDS, storedJob } from './stored-jobs.ts';

const WALL_FIELDS = ['wall:consent', 'wall:review', 'wall:at'] as const;

// KEYS: the job's hash, the tenant's shown and waiting sets, the deleted marks.
// ARGV: id, show (1/0), approve at once (1/0), now, how long the sets are kept.
// A second yes keeps the first one's place; "show at once" approves what nobody has reviewed.
const SAY = `
if redis.call('EXISTS', KEYS[1]) == 0 or redis.call('ZSCORE', KEYS[4], ARGV[1]) then return 0 end
if ARGV[2] == '0' then
  redis.call('HSET', KEYS[1], 'wall:consent', '0')
  redis.call('ZREM', KEYS[2], ARGV[1])
  redis.call('ZREM', KEYS[3], ARGV[1])
  return 1
end
local consent, review, at = unpack(redis.call('HMGET', KEYS[1], 'wall:consent', 'wall:review', 'wall:at'))
if consent ~= '1' or not at then at = ARGV[4] end
if not review and ARGV[3] == '1' then review = 'approved' end
redis.call('HSET', KEYS[1], 'wall:consent', '1', 'wall:at', at)
if review then redis.call('HSET', KEYS[1], 'wall:review', review) end
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
if review == 'approved' then redis.call('ZADD', KEYS[2], at, ARGV[1])
elseif not review then redis.call('ZADD', KEYS[3], at, ARGV[1]) end
redis.call('PEXPIRE', KEYS[2], ARGV[5])
redis.call('PEXPIRE', KEYS[3], ARGV[5])
return 1
`;

// KEYS as SAY's. ARGV: id, tenant, review (approved/hidden), now, how long the sets are kept.
// Only a picture of that tenant whose guest said yes.
const REVIEW = `
if redis.call('EXISTS', KEYS[1]) == 0 or redis.call('ZSCORE', KEYS[4], ARGV[1]) then return 0 end
local consent, data = unpack(redis.call('HMGET', KEYS[1], 'wall:consent', 'data'))
if consent ~= '1' then return 0 end
local ok, job = pcall(cjson.decode, data)
if not ok or type(job) ~= 'table' or job.tenant ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], 'wall:review', ARGV[3], 'wall:at', ARGV[4])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
if ARGV[3] == 'approved' then redis.call('ZADD', KEYS[2], ARGV[4], ARGV[1]) end
redis.call('PEXPIRE', KEYS[2], ARGV[5])
redis.call('PEXPIRE', KEYS[3], ARGV[5])
return 1
`;

type Store = Pick<S3Store, 'resultUrl'>;

interface Read {
  job: WallJob;
  finishedAt: number | null;
  /** When its results expire: its own retention, else the booth's (ms). */
  expiresAt: number;
  images: string[];
  previews: string[];
  at: number | null;
  review: WallReview | null;
}

const tenantOfData = (data: string | null): string | null => {
  try {
    return data ? ((JSON.parse(data) as QueuedJob).tenant ?? null) : null;
  } catch {
    return null;
  }
};

export class RedisWallJobs implements WallJobs {
  #queue: Queue<QueuedJob>;
  #store: Store;
  #timeoutMs: number;
  #retentionSeconds: number;

  constructor(settings: ScaleSettings, store: Store, options: { retentionSeconds: number }) {
    this.#queue = new Queue<QueuedJob>(QUEUE_NAME, { connection: failFast(settings.redisUrl) });
    // An outage is the job path's line to tell; a wall's call gets its 503.
    this.#queue.on('error', () => {});
    this.#store = store;
    this.#timeoutMs = settings.serviceTimeoutMs;
    this.#retentionSeconds = options.retentionSeconds;
  }

  async find(id: string): Promise<WallJob | undefined> {
    return (await this.#redis(() => this.#read([id])))[0]?.job;
  }

  async say(id: string, show: boolean, approveAtOnce: boolean) {
    await this.#redis(async () => {
      const client = await redisOf(this.#queue);
      const tenant = tenantOfData(await client.hget(this.#queue.toKey(id), 'data'));
      if (tenant === null) return;
      await client.eval(
        SAY,
        4,
        ...this.#keys(tenant, id),
        id,
        show ? '1' : '0',
        approveAtOnce ? '1' : '0',
        String(Date.now()),
        String(this.#keptMs),
      );
    });
  }

  async review(tenant: string, id: string, review: WallReview) {
    const done = await this.#redis(async () =>
      (await redisOf(this.#queue)).eval(
        REVIEW,
        4,
        ...this.#keys(tenant, id),
        id,
        tenant,
        review,
        String(Date.now()),
        String(this.#keptMs),
      ),
    );
    return done === 1;
  }

  shown(tenant: string, limit: number) {
    return this.#entries(tenant, 'shown', limit);
  }

  waiting(tenant: string, limit: number) {
    return this.#entries(tenant, 'waiting', limit);
  }

  close() {
    return this.#queue.close();
  }

  get #keptMs() {
    return longestKeptMs(this.#retentionSeconds) + WALL_KEPT_MS;
  }

  #keys(tenant: string, id: string) {
    return [this.#queue.toKey(id), wallKey(tenant, 'shown'), wallKey(tenant, 'waiting'), DELETED_JOBS_KEY];
  }

  /** The set's pictures still there, in its order, a page at a time until `limit` are found; the others dropped from it. */
  async #entries(tenant: string, which: 'shown' | 'waiting', limit: number): Promise<WallEntry[]> {
    const key = wallKey(tenant, which);
    const found: { id: string; read: Read }[] = [];
    await this.#redis(async () => {
      const client = await redisOf(this.#queue);
      for (let start = 0; found.length < limit; ) {
        const page = Math.max(limit - found.length, 8) * 2;
        const ids =
          which === 'shown'
            ? await client.zrevrange(key, start, start + page - 1)
            : await client.zrange(key, start, start + page - 1);
        if (ids.length === 0) break;
        const reads = await this.#read(ids);
        const stale: string[] = [];
        ids.forEach((id, i) => {
          const read = reads[i];
          // A hidden picture reads as waiting (wallState) but is in neither set.
          const fits =
            read &&
            read.job.tenant === tenant &&
            read.job.status === JOB_STATUS.completed &&
            read.job.state === which &&
            (which === 'shown' || read.review === null);
          if (fits) found.push({ id, read });
          else stale.push(id);
        });
        // Dropped for good: a job gone, deleted, past retention, withdrawn or reviewed otherwise is never shown from here.
        if (stale.length > 0) await client.zrem(key, ...stale);
        start += ids.length - stale.length;
        if (ids.length < page) break;
      }
    });
    const chosen = found.slice(0, limit);
    return Promise.all(
      chosen.map(async ({ id, read }) => {
        const name = previewsFor(read.images, read.previews)?.[0] ?? read.images[0]!;
        return {
          id,
          path: await this.#store.resultUrl(id, name),
          at: read.at ?? read.finishedAt ?? 0,
          expiresAt: read.expiresAt,
        };
      }),
    );
  }

  /** The jobs' hashes and deleted marks in one pipeline; undefined for a job gone, deleted or past retention. */
  async #read(ids: readonly string[]): Promise<(Read | undefined)[]> {
    const client = await redisOf(this.#queue);
    const pipeline = client.pipeline();
    for (const id of ids) {
      pipeline.hmget(this.#queue.toKey(id), ...JOB_FIELDS, ...WALL_FIELDS);
      pipeline.zscore(DELETED_JOBS_KEY, id);
    }
    const answers = (await pipeline.exec()) ?? [];
    return ids.map((id, i) => {
      const [hashError, values] = answers[2 * i] ?? [null, null];
      const [markError, mark] = answers[2 * i + 1] ?? [null, null];
      if (hashError) throw hashError;
      if (markError) throw markError;
      if (mark !== null) return undefined;
      const fields = values as (string | null)[];
      const job = storedJob(id, fields.slice(0, JOB_FIELDS.length));
      const kept = job?.retentionSeconds ?? this.#retentionSeconds;
      if (!job || job.deleted || isPastRetention(job.finishedAt, kept)) return undefined;
      const [consent, review, at] = fields.slice(JOB_FIELDS.length);
      const say = consent === '1' ? true : consent === '0' ? false : null;
      const reviewed = review === 'approved' || review === 'hidden' ? review : null;
      return {
        job: {
          tenant: tenantOfData(fields[JOB_FIELDS.indexOf('data')] ?? null),
          status: job.status as JobStatus,
          state: wallState(say, reviewed),
          show: say,
        },
        finishedAt: job.finishedAt,
        expiresAt: (job.finishedAt ?? 0) + kept * 1000,
        images: job.images,
        previews: job.previews,
        at: at ? Number(at) : null,
        review: reviewed,
      };
    });
  }

  #redis<T>(work: () => Promise<T>): Promise<T> {
    return within(QUEUE_SERVICE, this.#timeoutMs, work).catch((error: unknown) => {
      throw error instanceof ServiceUnavailableError
        ? error
        : new ServiceUnavailableError(QUEUE_SERVICE, detailOf(error));
    });
  }
}

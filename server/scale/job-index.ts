// What the scale-out path keeps in Redis besides BullMQ's own keys, for the console's event view:
// each tenant's job ids scored by creation time (so a tenant's day is read without scanning the
// queue), and the ids deleted from the console with when (so a job still running when it was
// deleted leaves nothing behind when it ends: worker.ts, and answers 404 meanwhile: queue.ts).
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { RESULT_HOURS_MAX } from '../../contract/delivery.ts';

/** The queue's own connection, as the ioredis client it is (failFast and waitForever are ioredis options). */
export async function redisOf(queue: Pick<Queue, 'backend'>): Promise<Redis> {
  return (await queue.backend.client) as unknown as Redis;
}

/** A job's own retention as it was queued (its tenant's resultHours); null for the booth's own. */
export function keptSecondsOf(queued: { retentionSeconds?: unknown } | undefined | null): number | null {
  const seconds = queued?.retentionSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/**
 * The longest any job is kept: the booth's own retention, or a tenant's up to 30 days. The sets
 * that lead to jobs (a tenant's index, its wall) are kept this long, so a job kept for a month is
 * never lost from them because one kept for an hour was filed after it.
 */
export const longestKeptMs = (retentionSeconds: number) => Math.max(retentionSeconds, RESULT_HOURS_MAX * 3600) * 1000;

/** Jobs by when their results expire: a sorted set of job ids scored by that time (ms), swept by the workers (worker.ts). */
export const EXPIRY_KEY = 'booth:job-expiry';

/** Files a job that ended under the time its results expire: its own retention, else the booth's. */
export function fileExpiry(client: Redis, id: string, finishedOn: number, keptSeconds: number) {
  return client.zadd(EXPIRY_KEY, finishedOn + keptSeconds * 1000, id);
}

/** Up to `limit` jobs whose results have expired by `now`, oldest first. */
export function expiredJobs(client: Redis, now: number, limit: number): Promise<string[]> {
  return client.zrangebyscore(EXPIRY_KEY, '-inf', now, 'LIMIT', 0, limit);
}

/** A tenant's jobs: a sorted set of job ids scored by creation time (ms). */
export const tenantJobsKey = (slug: string) => `booth:tenant-jobs:${slug}`;
/** A tenant's event wall (redis-wall-jobs.ts): the ids shown, or waiting for approval, scored by when they entered it (ms). */
export const wallKey = (slug: string, which: 'shown' | 'waiting') => `booth:wall-${which}:${slug}`;
/** A wall's set outlives its newest entry's retention by this much; its stale ids are dropped as they are read. */
export const WALL_KEPT_MS = 24 * 3600 * 1000;
/** Jobs deleted from the console: a sorted set of job ids scored by deletion time (ms). */
export const DELETED_JOBS_KEY = 'booth:deleted-jobs';

/**
 * An index entry outlives the retention period by this much, so that a job which waited or ran
 * long is still found when its tenant's jobs are deleted. The figures read today only; an id whose
 * job is gone is skipped.
 */
const INDEX_GRACE_MS = 24 * 3600 * 1000;
/** A deleted job's mark outlives any run of it: a job is never run for longer than this. */
export const DELETED_KEPT_MS = 24 * 3600 * 1000;

type Multi = ReturnType<Redis['multi']>;

/** Runs a transaction; a command Redis refused is thrown, like a call's failure. */
async function run(multi: Multi): Promise<unknown[]> {
  const answers = (await multi.exec()) ?? [];
  const refused = answers.find(([error]) => error);
  if (refused) throw refused[0];
  return answers.map(([, value]) => value);
}

/** Files a new job under its tenant, and trims the tenant's entries past retention. */
export function indexJob(client: Redis, tenant: string, id: string, createdAt: number, retentionMs: number) {
  const key = tenantJobsKey(tenant);
  const keep = retentionMs + INDEX_GRACE_MS;
  // The whole index of a tenant with no new job for that long goes by itself.
  return run(
    client
      .multi()
      .zadd(key, createdAt, id)
      .zremrangebyscore(key, '-inf', `(${Date.now() - keep}`)
      .pexpire(key, keep),
  );
}

/** The tenant's job ids created since `since` (ms), oldest first; every one with `since` 0. */
export function indexedJobs(client: Redis, tenant: string, since: number): Promise<string[]> {
  return client.zrangebyscore(tenantJobsKey(tenant), since, '+inf');
}

/**
 * A tenant's jobs deleted from the console, for its figures: a sorted set scored by creation
 * time, each member `{id} {status when deleted}` (event-figures.ts counts them as deleted).
 */
export const tenantDeletedKey = (slug: string) => `booth:tenant-deleted:${slug}`;
/** A deleted job is counted this long after its creation: the figures read today at most. */
const DELETED_COUNTED_MS = 48 * 3600 * 1000;

/** A job deleted from the console as the figures count it. */
export interface DeletedJob {
  id: string;
  createdAt: number;
  status: string;
}

/**
 * Marks the jobs deleted, keeps them counted for their tenant's figures, and takes them out of
 * the tenant's index and off its wall, in one transaction.
 */
export function markDeleted(
  client: Redis,
  tenant: string,
  ids: readonly string[],
  counted: readonly DeletedJob[] = [],
) {
  const now = Date.now();
  const entries = ids.flatMap((id) => [now, id]);
  const multi = client
    .multi()
    .zadd(DELETED_JOBS_KEY, ...entries)
    .zrem(tenantJobsKey(tenant), ...ids)
    .zrem(wallKey(tenant, 'shown'), ...ids)
    .zrem(wallKey(tenant, 'waiting'), ...ids)
    .zremrangebyscore(DELETED_JOBS_KEY, '-inf', `(${now - DELETED_KEPT_MS}`);
  if (counted.length > 0) {
    const key = tenantDeletedKey(tenant);
    multi
      .zadd(key, ...counted.flatMap((job) => [job.createdAt, `${job.id} ${job.status}`]))
      .zremrangebyscore(key, '-inf', `(${now - DELETED_COUNTED_MS}`)
      .pexpire(key, DELETED_COUNTED_MS);
  }
  return run(multi);
}

/** The tenant's jobs deleted from the console, created since `since` (ms). */
export async function deletedOf(client: Redis, tenant: string, since: number): Promise<DeletedJob[]> {
  const flat = await client.zrangebyscore(tenantDeletedKey(tenant), since, '+inf', 'WITHSCORES');
  const jobs: DeletedJob[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const [id = '', status = ''] = flat[i]!.split(' ');
    jobs.push({ id, createdAt: Number(flat[i + 1]), status });
  }
  return jobs;
}

/** A deleted tenant's counts of deleted jobs: a tenant made again with its slug starts from nothing. */
export function forgetDeleted(client: Redis, tenant: string) {
  return client.del(tenantDeletedKey(tenant), wallKey(tenant, 'shown'), wallKey(tenant, 'waiting'));
}

export async function isDeleted(client: Redis, id: string): Promise<boolean> {
  return (await client.zscore(DELETED_JOBS_KEY, id)) !== null;
}

/** Every job id marked deleted within DELETED_KEPT_MS (older marks are dropped first). */
export async function deletedJobs(client: Redis): Promise<string[]> {
  await client.zremrangebyscore(DELETED_JOBS_KEY, '-inf', `(${Date.now() - DELETED_KEPT_MS}`);
  return client.zrange(DELETED_JOBS_KEY, 0, -1);
}

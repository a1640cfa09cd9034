// The job path on Redis and S3, as the processes that use it compose it: the embedded default with
// BOOTH_REDIS_URL set (booth.ts) takes both sides, an API node (api-node.ts) the API's, a worker
// (worker-node.ts) the queue worker's.
import { StoredFrames } from '../brand/stored-frames.ts';
import { log } from '../process/log.ts';
import type { startEngines } from '../run/engines.ts';
import { RedisJobs } from '../scale/queue.ts';
import { RedisVenues } from '../scale/redis-venues.ts';
import { S3Store } from '../scale/s3-store.ts';
import type { ScaleSettings } from '../scale/settings.ts';
import { startQueueWorker } from '../scale/worker.ts';
import type { Settings } from '../process/settings.ts';

type Engines = ReturnType<typeof startEngines>;

/** How long a stopping node waits for the jobs it runs and for its connections to close. */
const CLOSE_GRACE_MS = 10_000;

/** The job path on Redis and S3: the API's side when `api`, a queue worker when given engines. */
export function startScalePath(settings: Settings, scale: ScaleSettings, parts: { api: boolean; engines?: Engines }) {
  const store = new S3Store(scale);
  const jobs = parts.api ? new RedisJobs(scale, store, { retentionSeconds: settings.retentionSeconds, log }) : null;
  if (parts.api) void store.allowBrowserReads().then((problem) => problem && log(problem));
  // Visitors and addresses are counted in Redis, for all API nodes together.
  const venues = jobs
    ? new RedisVenues({
        visitorJobs: settings.clientJobs,
        visitorJobsPerMinute: settings.clientJobsPerMinute,
        addressJobs: settings.addressJobs,
        addressJobsPerMinute: settings.addressJobsPerMinute,
        visitorsPerMinute: settings.visitorsPerMinute,
        redis: (work) => jobs.withRedis(work),
        log,
      })
    : null;
  // The tenants' brand frames as the control node put them in the store (frame-mirror.ts).
  const frames = parts.api ? new StoredFrames(store, { seconds: scale.tenantFrameSeconds, log }) : null;
  const worker = parts.engines
    ? startQueueWorker({
        settings: scale,
        store,
        restyle: parts.engines,
        retentionSeconds: settings.retentionSeconds,
        log,
      })
    : null;
  return {
    jobs,
    venues,
    worker,
    store,
    frames,
    async close() {
      // Jobs running here get a moment to finish; any still running then is run again by
      // another worker once its lock lapses (BOOTH_STALLED_SECONDS). A connection stuck on an
      // unreachable Redis does not hold the stop either.
      venues?.close();
      const closed = (async () => {
        await worker?.close();
        await jobs?.close();
      })();
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref())]);
      store.close();
    },
  };
}

// The processes of a scale-out deployment (server/roles.ts): an API node answers the AI hub from
// Redis and S3 and runs no engine; a worker runs engines and a health endpoint, no site. Neither
// keeps anything on its own disk, so any of them can die and another takes over.
import sharp from 'sharp';
import { createApp } from '../app.ts';
import { aiHubOf, UPLOAD_READER_THREADS } from './booth.ts';
import { offeredStyles, startEngines, styleCatalog } from '../run/engines.ts';
import { UploadReaders } from '../intake/upload-readers.ts';
import { log } from '../log.ts';
import { VisitorTokens, visitorKey } from '../limits/visitor-tokens.ts';
import type { Settings } from '../settings.ts';
import { RedisJobs } from '../scale/queue.ts';
import { S3Store } from '../scale/s3-store.ts';
import type { ScaleSettings } from '../scale/settings.ts';
import { StoredFrames } from '../brand/stored-frames.ts';
import { startQueueWorker } from '../scale/worker.ts';

type Engines = ReturnType<typeof startEngines>;

/** How long a stopping node waits for the jobs it runs and for its connections to close. */
const CLOSE_GRACE_MS = 10_000;

/** The job path on Redis and S3: the API's side when `api`, a queue worker when given engines. */
export function startScalePath(settings: Settings, scale: ScaleSettings, parts: { api: boolean; engines?: Engines }) {
  const store = new S3Store(scale);
  const jobs = parts.api ? new RedisJobs(scale, store, { retentionSeconds: settings.retentionSeconds, log }) : null;
  if (parts.api) void store.allowBrowserReads().then((problem) => problem && log(problem));
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
    worker,
    store,
    frames,
    async close() {
      // Jobs running here get a moment to finish; any still running then is run again by
      // another worker once its lock lapses (BOOTH_STALLED_SECONDS). A connection stuck on an
      // unreachable Redis does not hold the stop either.
      const closed = (async () => {
        await worker?.close();
        await jobs?.close();
      })();
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref())]);
      store.close();
    },
  };
}

export function startApiNode(settings: Settings, scale: ScaleSettings) {
  sharp.cache(false);
  const offered = offeredStyles(settings);
  const styles = styleCatalog(offered.styles);
  const path = startScalePath(settings, scale, { api: true });
  const readers = new UploadReaders(UPLOAD_READER_THREADS, settings.maxBodyBytes);
  // Every API node must check the tokens any other signed: the secret set, else one kept in Redis.
  const configured = settings.visitorSecret ?? settings.jwtSecret;
  let shared: Promise<Buffer> | undefined;
  const key = configured
    ? visitorKey(configured)
    : () =>
        (shared ??= path.jobs!.sharedSecret('visitor').then(visitorKey, (error: unknown) => {
          shared = undefined; // asked again on the next request, once Redis is back
          throw error;
        }));
  const app = createApp({
    lingerBytes: settings.maxBodyBytes,
    aiHub: aiHubOf(settings, styles, path.jobs!, readers, new VisitorTokens(key), path.frames!),
    // Style thumbnails only: results are in S3, tenant assets on the control node (their brand frames in S3 too).
    media: { styles, retentionSeconds: settings.retentionSeconds },
    health: async () => ({ ok: true, role: 'api' }),
  });
  return {
    app,
    async close() {
      await Promise.all([path.close(), readers.close()]);
    },
  };
}

export function startWorkerNode(settings: Settings, scale: ScaleSettings) {
  sharp.cache(false);
  const engines = startEngines(settings, offeredStyles(settings));
  const path = startScalePath(settings, scale, { api: false, engines });
  const app = createApp({
    // Unhealthy while it cannot reach the queue: it takes no job then (it reconnects by itself).
    health: async () => ({ ok: await path.worker!.healthy(), role: 'worker' }),
  });
  return {
    app,
    async close() {
      await path.close();
      await engines.pool.close();
    },
  };
}

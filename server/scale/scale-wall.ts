// The event wall of a node on the scale-out path: its store over the job hashes in Redis, its bus
// over Redis pub/sub, this node's live feeds, and the tenants' wall settings (the control node's
// own, which it also writes to Redis; an API node's read from there). The routes are the embedded
// default's (hosts/wall.ts, hosts/admin-wall.ts).
import { Redis } from 'ioredis';
import type { TenantWalls } from '../brand/wall-settings.ts';
import { log, logError } from '../process/log.ts';
import { WallFeeds } from '../wall/wall-feeds.ts';
import { RedisWallBus } from './redis-wall-bus.ts';
import { RedisWallJobs } from './redis-wall-jobs.ts';
import type { S3Store } from './s3-store.ts';
import type { ScaleSettings } from './settings.ts';
import { StoredTenantWalls, TenantWallsMirror } from './tenant-walls.ts';

export function startScaleWall(
  scale: ScaleSettings,
  store: S3Store,
  options: {
    retentionSeconds: number;
    /** The control node: the tenants it knows, their walls as its pages show them. */
    control?: { slugs: () => string[]; walls: TenantWalls };
  },
) {
  // Calls made before it connects wait for it (the control node's first write at start); each
  // wall call is bounded by BOOTH_SERVICE_TIMEOUT_MS all the same.
  const client = new Redis(scale.redisUrl, { maxRetriesPerRequest: 1 });
  // An outage is the job path's line to tell; a wall's call gets its 503.
  client.on('error', () => {});
  const jobs = new RedisWallJobs(scale, store, { retentionSeconds: options.retentionSeconds });
  const bus = new RedisWallBus(scale.redisUrl, log);
  const feeds = new WallFeeds({ jobs, bus, onError: (error) => logError('event wall', error) });
  const mirror = options.control && new TenantWallsMirror({ client, ...options.control, log });
  mirror?.start();
  const walls = options.control?.walls ?? new StoredTenantWalls(client, scale.serviceTimeoutMs);
  return {
    jobs,
    bus,
    feeds,
    walls,
    /** The control node, after a publish or a console change: the API nodes follow at once. */
    tenantsChanged: async () => mirror?.sync(),
    async close() {
      mirror?.stop();
      feeds.close();
      bus.close();
      client.disconnect();
      await jobs.close();
    },
  };
}

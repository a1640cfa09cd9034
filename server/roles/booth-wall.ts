// The event wall of the booth's control node: SQLite and this process on the embedded default; the
// job hashes in Redis and Redis pub/sub on the scale-out path, where this node also writes the
// tenants' wall settings for the API nodes. A picture deleted from the console leaves every wall.
import type { DatabaseSync } from 'node:sqlite';
import { logError } from '../process/log.ts';
import type { Settings } from '../process/settings.ts';
import type { EventJobs } from '../jobs/event-jobs.ts';
import { PublishedWalls } from '../brand/wall-settings.ts';
import type { PublishedSite } from '../publish/published.ts';
import { startScaleWall } from '../scale/scale-wall.ts';
import { WallRows } from '../storage/wall.ts';
import type { TenantStore } from '../storage/tenants.ts';
import { LocalWallJobs } from '../wall/wall-jobs.ts';
import { LocalWallBus } from '../wall/wall-bus.ts';
import { WallFeeds } from '../wall/wall-feeds.ts';
import { publishingRemovals } from '../wall/wall-removals.ts';
import type { startScalePath } from './scale-path.ts';

export interface BoothWallParts {
  db: DatabaseSync;
  tenants: TenantStore;
  published: PublishedSite;
  scale: ReturnType<typeof startScalePath> | null;
  /** The console's event view, which tells every wall of a picture it deletes. */
  jobEvents: EventJobs;
}

export function startBoothWall(settings: Settings, { db, tenants, published, scale, jobEvents }: BoothWallParts) {
  const walls = new PublishedWalls({ tenants, datasetId: settings.datasetId, published });
  const scaleWall =
    scale &&
    startScaleWall(settings.scale!, scale.store, {
      retentionSeconds: settings.retentionSeconds,
      control: { slugs: () => tenants.slugs(settings.datasetId), walls },
    });
  const bus = scaleWall?.bus ?? new LocalWallBus();
  const jobs = scaleWall?.jobs ?? new LocalWallJobs(new WallRows(db), settings.retentionSeconds);
  const feeds = scaleWall?.feeds ?? new WallFeeds({ jobs, bus, onError: (error) => logError('event wall', error) });
  const events = publishingRemovals(jobEvents, bus);
  return {
    walls,
    jobs,
    bus,
    feeds,
    /** The event view, telling the walls of each deletion. */
    events,
    /** After a change to the tenants: their wall settings written again for the API nodes. */
    tenantsChanged: () => scaleWall?.tenantsChanged(),
    async close() {
      if (scaleWall) await scaleWall.close();
      else feeds.close();
    },
  };
}

// A picture deleted from the console (one, all of a tenant's, or with its tenant) leaves every
// wall: the event view's deletions tell the wall's bus once they are done.
import type { EventJobs } from '../jobs/event-jobs.ts';
import type { WallBus } from './wall-bus.ts';

export function publishingRemovals(events: EventJobs, bus: WallBus): EventJobs {
  return {
    get retentionSeconds() {
      return events.retentionSeconds;
    },
    figures: (tenant, since, maxErrors) => events.figures(tenant, since, maxErrors),
    results: (tenant, since, finishedAfter, limit) => events.results(tenant, since, finishedAfter, limit),
    archive: (tenant: string) => events.archive(tenant),
    tenantOf: (id) => events.tenantOf(id),
    async remove(tenant, ids) {
      const removed = await events.remove(tenant, ids);
      bus.publish(tenant);
      return removed;
    },
    async removeAll(tenant, options) {
      const removed = await events.removeAll(tenant, options);
      bus.publish(tenant);
      return removed;
    },
  };
}

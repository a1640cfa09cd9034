// The event at a glance, in the console's API: a tenant's jobs of the last hour and of today,
// turnaround, errors by message, the booth's queue, today's results, and deleting them (one, or
// all of the tenant's: a visitor's or an event's deletion request). Mounted by admin-api.ts after
// its session check; a tenant account reaches its own tenant only.
import { Hono, type Context } from 'hono';
import { previewsFor } from '../../contract/index.ts';
import { mayManage, NOT_A_SLUG, slugParam, type ConsoleEnv } from '../admin/access.ts';
import { fail } from '../http.ts';
import { resultPath } from '../jobs/local-jobs.ts';
import type { JobEvents } from '../storage/job-events.ts';
import type { JobRecord } from '../storage/jobs.ts';
import type { StyleStore } from '../storage/styles.ts';
import type { TenantStore } from '../storage/tenants.ts';

/** The embedded job path as the event view reads it. */
export interface EventJobs {
  events: JobEvents;
  get(id: string): JobRecord | undefined;
  /** Deletes the jobs now with their photos and results, whatever their state (local-jobs.ts); how many there were. */
  remove(ids: readonly string[]): number;
  /** Engine workers of this booth. */
  workers: number;
  retentionSeconds: number;
}

export interface AdminEventsDeps {
  tenants: TenantStore;
  styles: Pick<StyleStore, 'find'>;
  datasetId: string;
  reserved: ReadonlySet<string>;
  /** Null on the scale-out path: its jobs are in Redis and S3, which the event view does not read. */
  jobs: EventJobs | null;
}

/** Results listed at most: the newest of the day. */
export const MAX_RESULTS = 500;
/** Distinct error messages listed at most. */
export const MAX_ERROR_MESSAGES = 20;
const HOUR_MS = 3600 * 1000;

/** Midnight of `now`'s day in the booth's time zone (TZ): where "today" starts. */
export function startOfDay(now: number): number {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
}

export function adminEvents(deps: AdminEventsDeps) {
  const app = new Hono<ConsoleEnv>();

  /** The tenant of the path, its jobs, or the answer that stops the request: 400, 403, 404, 501, in that order. */
  const tenantJobs = (c: Context<ConsoleEnv>): { slug: string; jobs: EventJobs } | { refused: Response } => {
    const slug = slugParam(c, deps.reserved);
    if (slug === null) return { refused: fail(c, 400, NOT_A_SLUG) };
    const refused = mayManage(c, slug);
    if (refused) return { refused };
    if (!deps.tenants.item(deps.datasetId, slug)) return { refused: fail(c, 404, `There is no tenant "${slug}".`) };
    if (!deps.jobs) {
      return { refused: fail(c, 501, 'With BOOTH_REDIS_URL set the jobs are kept in Redis and S3, which the console\'s event view does not read yet; the log of each node lists its jobs and their errors.') };
    }
    return { slug, jobs: deps.jobs };
  };

  app.get('/tenants/:slug/events', (c) => {
    const found = tenantJobs(c);
    if ('refused' in found) return found.refused;
    const { slug, jobs } = found;
    const now = Date.now();
    const today = startOfDay(now);
    const [p50, p95] = jobs.events.turnaround(slug, today, [50, 95]);
    return c.json({
      tenant: slug,
      lastHour: jobs.events.counts(slug, now - HOUR_MS),
      today: jobs.events.counts(slug, today),
      turnaroundMs: { p50, p95 },
      errors: jobs.events.errors(slug, today, MAX_ERROR_MESSAGES),
      queue: { ...jobs.events.unfinished(), workers: jobs.workers },
    });
  });

  app.get('/tenants/:slug/results', (c) => {
    const found = tenantJobs(c);
    if ('refused' in found) return found.refused;
    const { slug, jobs } = found;
    const now = Date.now();
    // A result past its retention is gone for the visitor already, whether or not it is swept yet.
    const kept = now - jobs.retentionSeconds * 1000;
    const results = jobs.events.results(slug, startOfDay(now), kept, MAX_RESULTS).map((job) => {
      const imageUrls = job.images.map((name) => resultPath(job.id, name));
      const previews = previewsFor(job.images, job.previews);
      return {
        id: job.id,
        // A style taken off the offer since keeps its id as its name.
        style: deps.styles.find(job.styleId)?.description ?? job.styleId,
        finishedAt: new Date(job.finishedAt ?? job.createdAt).toISOString(),
        previewUrl: previews ? resultPath(job.id, previews[0]!) : imageUrls[0] ?? null,
        imageUrls,
      };
    });
    return c.json({ results });
  });

  app.delete('/tenants/:slug/results/:jobId', (c) => {
    const found = tenantJobs(c);
    if ('refused' in found) return found.refused;
    const { slug, jobs } = found;
    const job = jobs.get(c.req.param('jobId'));
    // Another tenant's job is not named as such: it is simply not one of this tenant's.
    if (!job || job.tenant !== slug) return fail(c, 404, `Tenant "${slug}" has no job with that id; it may have been deleted already.`);
    jobs.remove([job.id]);
    return c.body(null, 204);
  });

  app.delete('/tenants/:slug/results', (c) => {
    const found = tenantJobs(c);
    if ('refused' in found) return found.refused;
    const { slug, jobs } = found;
    return c.json({ deleted: jobs.remove(jobs.events.ids(slug)) });
  });

  return app;
}

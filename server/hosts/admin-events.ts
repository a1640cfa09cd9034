// The event at a glance, in the console's API: a tenant's jobs of the last hour and of today,
// turnaround, errors by message, the booth's queue, today's results, and deleting them (one, or
// all of the tenant's: a visitor's or an event's deletion request). Mounted by admin-api.ts after
// its session check; a tenant account reaches its own tenant only. The jobs are read from the
// embedded default's SQLite file or from Redis and S3 (jobs/event-jobs.ts).
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import type { EventFigures, EventResult } from '../../contract/console-api.ts';
import { managedTenant, type ConsoleEnv } from '../admin/access.ts';
import { fail } from './http.ts';
import { zipStream } from '../admin/results-zip.ts';
import type { EventJobs } from '../jobs/event-jobs.ts';
import type { StyleStore } from '../storage/styles.ts';
import type { TenantStore } from '../storage/tenants.ts';

export type { EventJobs } from '../jobs/event-jobs.ts';

export interface AdminEventsDeps {
  tenants: TenantStore;
  styles: Pick<StyleStore, 'find'>;
  datasetId: string;
  reserved: ReadonlySet<string>;
  jobs: EventJobs;
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
  const { jobs } = deps;

  /** The tenant of the path, or the answer that stops the request: 400, 403, 404, in that order. */
  const tenantOf = (c: Context<ConsoleEnv>) => managedTenant(c, deps);

  app.get('/tenants/:slug/events', async (c) => {
    const found = tenantOf(c);
    if ('refused' in found) return found.refused;
    const now = Date.now();
    const figures = await jobs.figures(found.slug, { hour: now - HOUR_MS, day: startOfDay(now) }, MAX_ERROR_MESSAGES);
    return c.json({ tenant: found.slug, ...figures } satisfies EventFigures);
  });

  app.get('/tenants/:slug/results', async (c) => {
    const found = tenantOf(c);
    if ('refused' in found) return found.refused;
    const now = Date.now();
    // A result past its retention is gone for the visitor already, whether or not it is swept yet.
    const kept = now - jobs.retentionSeconds * 1000;
    const results = (await jobs.results(found.slug, startOfDay(now), kept, MAX_RESULTS)).map(
      (job): EventResult => ({
        id: job.id,
        // A style taken off the offer since keeps its id as its name.
        style: deps.styles.find(job.styleId)?.description ?? job.styleId,
        finishedAt: new Date(job.finishedAt).toISOString(),
        previewUrl: job.previewUrl,
        imageUrls: job.imageUrls,
      }),
    );
    return c.json({ results });
  });

  // Every current result of the tenant (past today too), for the event company to keep.
  app.get('/tenants/:slug/results.zip', async (c) => {
    const found = tenantOf(c);
    if ('refused' in found) return found.refused;
    const entries = await jobs.archive(found.slug);
    const stream = zipStream(entries);
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${found.slug}-results.zip"`,
        'Cache-Control': 'no-store',
      },
    });
  });

  app.delete('/tenants/:slug/results/:jobId', async (c) => {
    const found = tenantOf(c);
    if ('refused' in found) return found.refused;
    const { slug } = found;
    const id = c.req.param('jobId');
    // Another tenant's job is not named as such: it is simply not one of this tenant's.
    if ((await jobs.tenantOf(id)) !== slug)
      return fail(c, 404, `Tenant "${slug}" has no job with that id; it may have been deleted already.`);
    await jobs.remove(slug, [id]);
    return c.body(null, 204);
  });

  app.delete('/tenants/:slug/results', async (c) => {
    const found = tenantOf(c);
    if ('refused' in found) return found.refused;
    return c.json({ deleted: await jobs.removeAll(found.slug) });
  });

  return app;
}

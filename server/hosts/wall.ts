// The event wall's calls on the AI hub (contract/wall.ts), mounted at /transformations/wall:
// a guest's say on their picture, the wall as it is, and the wall live as Server-Sent Events.
// Every call names the tenant: an unknown tenant, a tenant whose wall is off and a job of another
// tenant each get a 4xx with a sentence, before anything is read or written.
import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { DEFAULT_TENANT_SLUG, JOB_STATUS, quoted } from '../../contract/index.ts';
import { slugProblem } from '../../contract/slug.ts';
import { WALL_EVENT, WallSayRequestSchema, type WallSayAnswer, type WallSnapshot } from '../../contract/wall.ts';
import type { TenantWall, TenantWalls } from '../brand/wall-settings.ts';
import { fail, jsonBody, limitBody, MAX_JSON_BODY_BYTES, publicOrigin, sizeText, validJson } from './http.ts';
import type { WallBus } from '../wall/wall-bus.ts';
import type { WallFeeds } from '../wall/wall-feeds.ts';
import type { WallEntry, WallJobs } from '../wall/wall-jobs.ts';

export interface WallHostDeps {
  walls: TenantWalls;
  jobs: WallJobs;
  bus: WallBus;
  feeds: WallFeeds;
  publicUrl?: string;
  /** A comment on every open wall's stream this often, so proxies and browsers keep it open. */
  heartbeatMs?: number;
}

/** How soon a browser tries again after its wall's stream broke (the SSE retry field). */
export const WALL_RETRY_MS = 1_000;
const HEARTBEAT_MS = 15_000;

/** The store's result URL on the scale-out path; a root-relative path on the embedded default. */
const ABSOLUTE = /^https?:\/\//;

export const snapshotOf = (entries: WallEntry[], origin: string): WallSnapshot => ({
  pictures: entries.map((e) => ({
    id: e.id,
    url: ABSOLUTE.test(e.path) ? e.path : origin + e.path,
    at: new Date(e.at).toISOString(),
  })),
});

/** The tenant's wall, or the answer that refuses the request: 400, 404, 409, in that order. */
export async function tenantWall(
  c: Context,
  walls: TenantWalls,
): Promise<{ slug: string; wall: TenantWall } | { refused: Response }> {
  const slug = c.req.param('tenant') ?? '';
  if (slug !== DEFAULT_TENANT_SLUG && slugProblem(slug, new Set()))
    return {
      refused: fail(
        c,
        400,
        `${quoted(slug.slice(0, 80))} is not a tenant slug: lowercase letters, digits and hyphens.`,
      ),
    };
  const wall = await walls.of(slug);
  if (!wall) return { refused: fail(c, 404, `There is no tenant "${slug}" on this booth.`) };
  if (!wall.wall)
    return {
      refused: fail(
        c,
        409,
        `The event wall of tenant "${slug}" is off. The event team can turn it on in the console's tenant editor.`,
      ),
    };
  return { slug, wall };
}

export function wallHost(deps: WallHostDeps) {
  const app = new Hono();
  const notTheirs = (c: Context, slug: string) =>
    fail(
      c,
      404,
      `Tenant "${slug}" has no picture with that id. Results are kept for a limited time; please take another photo.`,
    );

  app.get('/:tenant/jobs/:id', async (c) => {
    const found = await tenantWall(c, deps.walls);
    if ('refused' in found) return found.refused;
    const job = await deps.jobs.find(c.req.param('id'));
    if (!job || job.tenant !== found.slug) return notTheirs(c, found.slug);
    c.header('Cache-Control', 'no-store');
    return c.json({ show: job.show, state: job.state } satisfies WallSayAnswer);
  });

  app.post(
    '/:tenant/jobs/:id',
    limitBody(MAX_JSON_BODY_BYTES, `The request is too large; the limit is ${sizeText(MAX_JSON_BODY_BYTES)}.`),
    jsonBody({ requireJsonType: true }),
    validJson(
      WallSayRequestSchema,
      'Send {"show": true} to put the picture on the event wall, or {"show": false} to take it off.',
    ),
    async (c) => {
      const found = await tenantWall(c, deps.walls);
      if ('refused' in found) return found.refused;
      const id = c.req.param('id');
      const job = await deps.jobs.find(id);
      if (!job || job.tenant !== found.slug) return notTheirs(c, found.slug);
      if (job.status !== JOB_STATUS.completed)
        return fail(c, 409, 'The picture is not ready yet. Say whether it goes on the wall once it shows.');
      const { show } = c.req.valid('json');
      await deps.jobs.say(id, show, found.wall.moderation === 'show');
      const now = await deps.jobs.find(id);
      // Off the wall, or on it, for every wall at once; a picture waiting for approval changes no wall.
      if (!show || now?.state === 'shown' || job.state === 'shown') deps.bus.publish(found.slug);
      c.header('Cache-Control', 'no-store');
      return c.json({ show: now?.show ?? show, state: now?.state ?? 'off' } satisfies WallSayAnswer);
    },
  );

  app.get('/:tenant', async (c) => {
    const found = await tenantWall(c, deps.walls);
    if ('refused' in found) return found.refused;
    c.header('Cache-Control', 'no-store');
    return c.json(snapshotOf(await deps.feeds.snapshot(found.slug), publicOrigin(c, deps.publicUrl)));
  });

  app.get('/:tenant/events', async (c) => {
    const found = await tenantWall(c, deps.walls);
    if ('refused' in found) return found.refused;
    const origin = publicOrigin(c, deps.publicUrl);
    c.header('Cache-Control', 'no-store');
    // A proxy such as nginx would hold the events back to fill its buffer.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let first = true;
      const send = (entries: WallEntry[]) => {
        void stream.writeSSE({
          event: WALL_EVENT,
          data: JSON.stringify(snapshotOf(entries, origin)),
          ...(first ? { retry: WALL_RETRY_MS } : {}),
        });
        first = false;
      };
      const closed = new Promise<void>((resolve) => stream.onAbort(resolve));
      const leave = await deps.feeds.join(found.slug, send);
      const heartbeat = setInterval(() => void stream.write(': still here\n\n'), deps.heartbeatMs ?? HEARTBEAT_MS);
      try {
        await closed;
      } finally {
        clearInterval(heartbeat);
        leave();
      }
    });
  });

  return app;
}

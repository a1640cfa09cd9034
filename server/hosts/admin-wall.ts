// The event wall's moderation, in the console's API: a tenant's pictures waiting for approval
// and those on its wall, and an operator's decision on one (approve: on every wall at once; hide:
// never shown, and off the wall if it was on it). Mounted by admin-api.ts after its session
// check; a tenant account reaches its own tenant only.
import { Hono } from 'hono';
import { WALL_SIZE, WallDecisionSchema, type WallQueue } from '../../contract/wall.ts';
import { mayManage, NOT_A_SLUG, slugParam, type ConsoleEnv } from '../admin/access.ts';
import type { TenantWalls } from '../brand/wall-settings.ts';
import { fail, jsonBody, publicOrigin, validJson, limitJsonBody } from './http.ts';
import type { WallBus } from '../wall/wall-bus.ts';
import type { WallJobs } from '../wall/wall-jobs.ts';
import { snapshotOf } from './wall.ts';

export interface AdminWallDeps {
  walls: TenantWalls;
  jobs: WallJobs;
  bus: WallBus;
  reserved: ReadonlySet<string>;
  publicUrl?: string;
}

/** Pictures the queue lists at once: the operator works from the oldest. */
export const QUEUE_SIZE = 100;

export function adminWall(deps: AdminWallDeps) {
  const app = new Hono<ConsoleEnv>();

  app.get('/tenants/:slug/wall', async (c) => {
    const slug = slugParam(c, deps.reserved);
    if (slug === null) return fail(c, 400, NOT_A_SLUG);
    const refused = mayManage(c, slug);
    if (refused) return refused;
    const wall = await deps.walls.of(slug);
    if (!wall) return fail(c, 404, `There is no tenant "${slug}".`);
    const origin = publicOrigin(c, deps.publicUrl);
    const [waiting, shown] = wall.wall
      ? await Promise.all([deps.jobs.waiting(slug, QUEUE_SIZE), deps.jobs.shown(slug, WALL_SIZE)])
      : [[], []];
    return c.json({
      wall: wall.wall,
      moderation: wall.moderation,
      waiting: snapshotOf(waiting, origin).pictures,
      shown: snapshotOf(shown, origin).pictures,
    } satisfies WallQueue);
  });

  app.post(
    '/tenants/:slug/wall/:jobId',
    limitJsonBody(),
    jsonBody({ requireJsonType: true }),
    validJson(WallDecisionSchema, 'Send {"decision": "approve"} or {"decision": "hide"}.'),
    async (c) => {
      const slug = slugParam(c, deps.reserved);
      if (slug === null) return fail(c, 400, NOT_A_SLUG);
      const refused = mayManage(c, slug);
      if (refused) return refused;
      const wall = await deps.walls.of(slug);
      if (!wall) return fail(c, 404, `There is no tenant "${slug}".`);
      if (!wall.wall)
        return fail(c, 409, `The event wall of tenant "${slug}" is off: turn it on in the tenant editor and publish.`);
      const { decision } = c.req.valid('json');
      const done = await deps.jobs.review(slug, c.req.param('jobId'), decision === 'approve' ? 'approved' : 'hidden');
      if (!done)
        return fail(
          c,
          404,
          `Tenant "${slug}" has no picture with that id whose guest asked for the wall; it may have been deleted or withdrawn.`,
        );
      deps.bus.publish(slug);
      return c.body(null, 204);
    },
  );

  return app;
}

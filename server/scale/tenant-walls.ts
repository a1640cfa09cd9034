// The tenants' event wall settings on the scale-out path. The control node has the tenant store
// and the published site, so it works out each tenant's wall (brand/wall-settings.ts) and writes
// them all to one Redis hash, slug → settings, at start, after a publish, when the console changes
// a tenant, and every minute; an API node, which knows no tenants, reads one tenant's there on each
// wall call (one HGET), so a wall turned on or off is followed at once.
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { TenantWall, TenantWalls } from '../brand/wall-settings.ts';
import { readTenantHash, TenantHashMirror } from './tenant-hash.ts';

export const TENANT_WALLS_KEY = 'booth:tenant-walls';

const TenantWallSchema = z.object({
  wall: z.boolean(),
  moderation: z.enum(['approve', 'show']),
  consentCovered: z.boolean(),
});

/** The control node's side: every tenant's wall. */
export class TenantWallsMirror extends TenantHashMirror<TenantWall> {
  constructor(deps: { client: Redis; slugs: () => string[]; walls: TenantWalls; log: (line: string) => void }) {
    super({
      client: deps.client,
      key: TENANT_WALLS_KEY,
      slugs: deps.slugs,
      of: (slug) => deps.walls.of(slug),
      log: deps.log,
      what: "event wall: the tenants' wall settings",
    });
  }
}

/** An API node's side: one tenant's wall as the control node last wrote it; undefined for no such tenant. */
export class StoredTenantWalls implements TenantWalls {
  #client: Redis;
  #timeoutMs: number;

  constructor(client: Redis, timeoutMs: number) {
    this.#client = client;
    this.#timeoutMs = timeoutMs;
  }

  of(tenant: string): Promise<TenantWall | undefined> {
    return readTenantHash(this.#client, TENANT_WALLS_KEY, tenant, this.#timeoutMs, TenantWallSchema);
  }
}

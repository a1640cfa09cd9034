// The tenants' event wall settings on the scale-out path. The control node has the tenant store
// and the published site, so it works out each tenant's wall (brand/wall-settings.ts) and writes
// them all to one Redis hash, slug → settings, at start, after a publish, when the console changes
// a tenant, and every minute; an API node, which knows no tenants, reads one tenant's there on each
// wall call (one HGET), so a wall turned on or off is followed at once.
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { TenantWall, TenantWalls } from '../brand/wall-settings.ts';
import { ServiceUnavailableError } from '../jobs/job-backend.ts';
import { detailOf, QUEUE_SERVICE, within } from './service-call.ts';

export const TENANT_WALLS_KEY = 'booth:tenant-walls';
const CHECK_EVERY_MS = 60_000;

const TenantWallSchema = z.object({
  wall: z.boolean(),
  moderation: z.enum(['approve', 'show']),
  consentCovered: z.boolean(),
});

interface MirrorDeps {
  client: Redis;
  slugs: () => string[];
  walls: TenantWalls;
  log: (line: string) => void;
}

/** The control node's side: every tenant's wall, the hash replaced whole in one transaction. */
export class TenantWallsMirror {
  #deps: MirrorDeps;
  #timer: NodeJS.Timeout | null = null;
  #failing = false;

  constructor(deps: MirrorDeps) {
    this.#deps = deps;
  }

  start() {
    void this.sync();
    this.#timer = setInterval(() => void this.sync(), CHECK_EVERY_MS);
    this.#timer.unref();
  }

  stop() {
    if (this.#timer) clearInterval(this.#timer);
  }

  /** Never throws: a failure is logged once and mended by the next sync. */
  async sync() {
    const { client, slugs, walls, log } = this.#deps;
    const fields: string[] = [];
    for (const slug of slugs()) {
      const wall = await walls.of(slug);
      if (wall) fields.push(slug, JSON.stringify(wall));
    }
    try {
      const multi = client.multi().del(TENANT_WALLS_KEY);
      if (fields.length > 0) multi.hset(TENANT_WALLS_KEY, ...fields);
      await multi.exec();
      this.#failing = false;
    } catch (error) {
      if (!this.#failing)
        log(
          `event wall: the tenants' wall settings could not be written to Redis (${detailOf(error)}); tried again within a minute`,
        );
      this.#failing = true;
    }
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

  async of(tenant: string): Promise<TenantWall | undefined> {
    const text = await within(QUEUE_SERVICE, this.#timeoutMs, () => this.#client.hget(TENANT_WALLS_KEY, tenant)).catch(
      (error: unknown) => {
        throw error instanceof ServiceUnavailableError
          ? error
          : new ServiceUnavailableError(QUEUE_SERVICE, detailOf(error));
      },
    );
    if (text === null) return undefined;
    try {
      return TenantWallSchema.parse(JSON.parse(text));
    } catch {
      return undefined;
    }
  }
}

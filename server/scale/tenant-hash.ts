// A setting per tenant kept in one Redis hash, slug → JSON, on the scale-out path. The control node
// has the tenant store and the published site, so it works each tenant's out and writes them all
// (the hash replaced whole in one transaction) at start, when told, and every minute; an API node,
// which knows no tenants, reads one tenant's with one HGET. Used for the walls (tenant-walls.ts),
// for what happens to results (tenant-delivery.ts) and for the words its guests may not type
// (tenant-words.ts).
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import { ServiceUnavailableError } from '../jobs/job-backend.ts';
import { detailOf, QUEUE_SERVICE, within } from './service-call.ts';

const CHECK_EVERY_MS = 60_000;

export interface TenantHashMirrorDeps<T> {
  client: Redis;
  key: string;
  slugs: () => string[];
  /** A tenant's setting; null or undefined: none written. */
  of: (slug: string) => T | null | undefined | Promise<T | null | undefined>;
  log: (line: string) => void;
  /** The log line's words for what could not be written, e.g. "event wall: the tenants' wall settings". */
  what: string;
}

/** The control node's side: every tenant's setting, the hash replaced whole in one transaction. */
export class TenantHashMirror<T> {
  #deps: TenantHashMirrorDeps<T>;
  #timer: NodeJS.Timeout | null = null;
  #failing = false;

  constructor(deps: TenantHashMirrorDeps<T>) {
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
    const { client, key, slugs, of, log, what } = this.#deps;
    const fields: string[] = [];
    for (const slug of slugs()) {
      const value = await of(slug);
      if (value) fields.push(slug, JSON.stringify(value));
    }
    try {
      const multi = client.multi().del(key);
      if (fields.length > 0) multi.hset(key, ...fields);
      await multi.exec();
      this.#failing = false;
    } catch (error) {
      if (!this.#failing)
        log(`${what} could not be written to Redis (${detailOf(error)}); tried again within a minute`);
      this.#failing = true;
    }
  }
}

/** An API node's side: one tenant's setting as the control node last wrote it; undefined for none, or one it cannot read. */
export async function readTenantHash<T>(
  client: Redis,
  key: string,
  tenant: string,
  timeoutMs: number,
  schema: z.ZodType<T>,
): Promise<T | undefined> {
  const text = await within(QUEUE_SERVICE, timeoutMs, () => client.hget(key, tenant)).catch((error: unknown) => {
    throw error instanceof ServiceUnavailableError
      ? error
      : new ServiceUnavailableError(QUEUE_SERVICE, detailOf(error));
  });
  if (text === null) return undefined;
  try {
    return schema.parse(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** Slugs one API node keeps at once; a made-up slug costs one entry, then is dropped first. */
const MAX_KEPT = 1000;

/**
 * An API node's side, for a setting read on every create call: one tenant's setting as the control
 * node last wrote it, kept `keptSeconds` (BOOTH_TENANT_FRAME_SECONDS, as a brand frame is).
 */
export class KeptTenantHash<T> {
  #client: Redis;
  #key: string;
  #schema: z.ZodType<T>;
  #timeoutMs: number;
  #keptMs: number;
  #kept = new Map<string, { value: T | undefined; until: number }>();

  constructor(client: Redis, key: string, schema: z.ZodType<T>, options: { timeoutMs: number; keptSeconds: number }) {
    this.#client = client;
    this.#key = key;
    this.#schema = schema;
    this.#timeoutMs = options.timeoutMs;
    this.#keptMs = options.keptSeconds * 1000;
  }

  /** Undefined for no such tenant, or none written for it. */
  async of(tenant: string): Promise<T | undefined> {
    const known = this.#kept.get(tenant);
    if (known && known.until > Date.now()) return known.value;
    const value = await readTenantHash(this.#client, this.#key, tenant, this.#timeoutMs, this.#schema);
    this.#kept.delete(tenant);
    if (this.#kept.size >= MAX_KEPT) this.#kept.delete(this.#kept.keys().next().value!);
    this.#kept.set(tenant, { value, until: Date.now() + this.#keptMs });
    return value;
  }
}

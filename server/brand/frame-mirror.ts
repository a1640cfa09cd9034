// The control node's copy of every tenant's brand frame (and its mirrorResult) in S3, for the API nodes and workers,
// which have no tenant store and no tenant asset folder (stored-frames.ts reads it). The finish is
// the published one (jobs/job-frame.ts), as on the embedded path. Written for every tenant at
// start, again after a publish and as soon as the console changes a tenant, and checked every minute
// (a file changed on disk, a write that failed while the store was away). A file is hashed again
// only when its size or time changed, and a spec is written only when it changed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { resolveInside } from '../files/safe-path.ts';
import { frameForTenant } from './job-frame.ts';
import { ServiceUnavailableError } from '../jobs/job-backend.ts';
import type { JobFrame } from './frames.ts';
import type { TenantStore } from '../storage/tenants.ts';
import type { PublishedSite } from '../publish/published.ts';
import { detailOf } from '../scale/service-call.ts';
import { FRAME_IMAGES, FRAME_SPECS, frameSpecKey } from './stored-frames.ts';

interface Store {
  putObject(key: string, data: Uint8Array, type: string, cacheControl?: string): Promise<void>;
  delete(keys: string[]): Promise<void>;
  list(prefix: string): Promise<{ key: string; modified: number }[]>;
}

export interface FrameMirrorDeps {
  store: Store;
  tenants: TenantStore;
  datasetId: string;
  tenantAssetsDir: string;
  /** The published site: a tenant's finish is the one of its published pages. */
  published?: PublishedSite;
  log: (line: string) => void;
  /** Told after a tenant's spec changed in the store (the control node's own cache forgets it). */
  changed?: (slug: string) => void;
}

const CHECK_EVERY_MS = 60_000;
/**
 * An image no spec names any more is deleted this long after: a job queued with it a moment
 * before the change still finds it. (A job queued longer runs unframed, with a log line.)
 */
const UNUSED_IMAGE_MS = 60 * 60_000;

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

export class FrameMirror {
  #deps: FrameMirrorDeps;
  /** What the store holds for each tenant, as this node last wrote it: a spec's JSON, or null for none. */
  #written = new Map<string, string | null>();
  /** Each file's image key, by path, with the size and time it was hashed at. */
  #hashed = new Map<string, { size: number; mtimeMs: number; key: string }>();
  #uploaded = new Set<string>();
  /** The store's specs were listed once (until then, a spec of a tenant deleted while this node was down may be there). */
  #listed = false;
  #unusedSince = new Map<string, number>();
  /** Missing files already logged, so the minute's check does not repeat the line. */
  #missingTold = new Set<string>();
  #timer: NodeJS.Timeout | null = null;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(deps: FrameMirrorDeps) {
    this.#deps = deps;
  }

  /** Writes every tenant now (specs of tenants that are gone are removed), then checks every minute. */
  start() {
    const pass = () => void this.syncAll().catch(() => {});
    void this.syncAll().then((ok) => {
      const framed = [...this.#written.values()].filter((json) => json && json !== 'unknown').length;
      if (ok) this.#deps.log(`brand frames: ${framed} tenant frame(s) written to the store`);
    });
    this.#timer = setInterval(pass, CHECK_EVERY_MS);
    this.#timer.unref();
  }

  stop() {
    if (this.#timer) clearInterval(this.#timer);
  }

  /** One tenant's spec brought up to date; resolves once the store has it (never throws: a failure is logged and retried by the next check). */
  sync(slug: string): Promise<boolean> {
    return this.#serial(() => this.#sync(slug));
  }

  /** Every tenant, then the images no spec names any more; true when every write succeeded. */
  syncAll(): Promise<boolean> {
    return this.#serial(async () => {
      const { store, tenants, datasetId } = this.#deps;
      let ok = true;
      if (!this.#listed) {
        // At start: the store may hold specs of tenants deleted while this node was down.
        try {
          const listed = new Set(
            (await store.list(FRAME_SPECS)).map(({ key }) => key.slice(FRAME_SPECS.length, -'.json'.length)),
          );
          // A tenant without a spec needs no delete call: a thousand of them would cost a thousand.
          for (const slug of tenants.slugs(datasetId)) if (!listed.has(slug)) this.#written.set(slug, null);
          for (const slug of listed) this.#written.set(slug, 'unknown');
          this.#listed = true;
        } catch (error) {
          this.#failed("the store's frame specs could not be listed", error);
          ok = false;
        }
      }
      const slugs = new Set([...tenants.slugs(datasetId), ...this.#written.keys()]);
      for (const slug of slugs) {
        if (!ok) break;
        // A store that does not answer is not asked for every tenant in turn (a console save
        // waits behind this pass): the next pass goes on.
        ok = await this.#sync(slug);
      }
      if (ok)
        await this.#deleteUnused().catch((error) => this.#failed('unused frame images could not be deleted', error));
      return ok;
    });
  }

  /** One write at a time: a console change and the minute's check never cross. */
  #serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work);
    this.#queue = run.catch(() => {});
    return run;
  }

  async #sync(slug: string): Promise<boolean> {
    const { store } = this.#deps;
    try {
      const spec = await this.#specOf(slug);
      const json = spec ? JSON.stringify(spec) : null;
      if (this.#written.has(slug) && this.#written.get(slug) === json) return true;
      if (json) await store.putObject(frameSpecKey(slug), Buffer.from(json), 'application/json', 'no-cache');
      else await store.delete([frameSpecKey(slug)]);
      if (json) this.#written.set(slug, json);
      // A tenant that is gone needs no entry once its spec is.
      else if (this.#deps.tenants.find(this.#deps.datasetId, slug)) this.#written.set(slug, null);
      else this.#written.delete(slug);
      this.#deps.changed?.(slug);
      return true;
    } catch (error) {
      this.#failed(`the frame of tenant ${slug} could not be written to the store`, error);
      return false;
    }
  }

  /** The tenant's finish with its brand as image keys in the store, its images written first; null for none. */
  async #specOf(slug: string): Promise<JobFrame | null> {
    const { tenants, datasetId, published } = this.#deps;
    const named = frameForTenant({ tenants, datasetId, ...(published ? { published } : {}) }, slug);
    if (!named) return null;
    // The backdrops go the frame's way: each image under its hash, their keys in the spec, in the
    // tenant's order ('' for a missing file: a job that picks it gets the booth's own scene).
    const scenes: string[] = [];
    for (const name of named.scenes ?? []) {
      const file = this.#existing(name, `that backdrop of tenant ${slug} is the booth's own scene`);
      scenes.push(file ? await this.#imageKey(file) : '');
    }
    const extras: JobFrame = {
      ...(named.mirror ? { mirror: true as const } : {}),
      ...(scenes.some(Boolean) ? { scenes } : {}),
      ...(named.studio ? { studio: named.studio } : {}),
      ...(named.pictures ? { pictures: named.pictures } : {}),
      ...(named.pictures && named.pictureStyles ? { pictureStyles: named.pictureStyles } : {}),
    };
    const plain = Object.keys(extras).length > 0 ? extras : null;
    const name = named.frame ?? named.mark;
    if (!name) return plain;
    const file = this.#existing(name, `tenant ${slug} is unframed`);
    if (!file) return plain;
    const key = await this.#imageKey(file);
    return { ...(named.frame ? { frame: key } : { mark: key }), ...extras };
  }

  /** The file of an image name in the tenant folder, or null (said once in the log, with what follows from it). */
  #existing(name: string, consequence: string): string | null {
    const { tenantAssetsDir, log } = this.#deps;
    const file = resolveInside(tenantAssetsDir, name);
    const wanted = path.join(tenantAssetsDir, name);
    if (!file) {
      if (!this.#missingTold.has(wanted)) log(`brand frames: ${wanted} is missing; ${consequence}`);
      this.#missingTold.add(wanted);
      return null;
    }
    this.#missingTold.delete(wanted);
    return file;
  }

  async #imageKey(file: string): Promise<string> {
    const stat = fs.statSync(file);
    let hashed = this.#hashed.get(file);
    if (!hashed || hashed.size !== stat.size || hashed.mtimeMs !== stat.mtimeMs) {
      const data = fs.readFileSync(file);
      const extension =
        path
          .extname(file)
          .slice(1)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')
          .slice(0, 5) || 'bin';
      const key = `${FRAME_IMAGES}${crypto.createHash('sha256').update(data).digest('hex')}.${extension}`;
      if (!this.#uploaded.has(key)) {
        // The key changes with the bytes: a copy anywhere may keep it for good.
        await this.#deps.store.putObject(
          key,
          data,
          TYPES[extension] ?? 'application/octet-stream',
          'public, max-age=31536000, immutable',
        );
        this.#uploaded.add(key);
      }
      hashed = { size: stat.size, mtimeMs: stat.mtimeMs, key };
      this.#hashed.set(file, hashed);
    }
    return hashed.key;
  }

  async #deleteUnused() {
    const named = new Set<string>();
    for (const json of this.#written.values()) {
      if (!json || json === 'unknown') continue;
      const spec = JSON.parse(json) as JobFrame;
      for (const key of [spec.frame ?? spec.mark, spec.scene, ...(spec.scenes ?? [])]) if (key) named.add(key);
    }
    const now = Date.now();
    const stale: string[] = [];
    const seen = new Set<string>();
    for (const { key } of await this.#deps.store.list(FRAME_IMAGES)) {
      seen.add(key);
      if (named.has(key)) {
        this.#unusedSince.delete(key);
        continue;
      }
      const since = this.#unusedSince.get(key) ?? now;
      this.#unusedSince.set(key, since);
      if (now - since >= UNUSED_IMAGE_MS) stale.push(key);
    }
    for (const key of this.#unusedSince.keys()) if (!seen.has(key)) this.#unusedSince.delete(key);
    if (stale.length === 0) return;
    await this.#deps.store.delete(stale);
    for (const key of stale) {
      this.#unusedSince.delete(key);
      this.#uploaded.delete(key);
    }
    for (const [file, hashed] of this.#hashed) if (stale.includes(hashed.key)) this.#hashed.delete(file);
  }

  #failed(what: string, error: unknown) {
    const detail = error instanceof ServiceUnavailableError ? error.detail : detailOf(error);
    this.#deps.log(`brand frames: ${what} (${detail}); tried again within a minute`);
  }
}

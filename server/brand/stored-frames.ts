// Brand frames on the scale-out path. The control node, which has the tenant store, mirrors each
// tenant's frame (and whether its results are mirrored) to S3 (frame-mirror.ts): a small spec per
// tenant, and the images under keys made of their hash, so a changed image is a new key and never
// a stale copy. An API node reads the
// spec of a job's tenant (kept briefly) and puts it on the queue; a worker reads the images by key.
import { z } from 'zod';
import { MAX_BACKDROPS } from '../../contract/backdrops.ts';
import { PICTURES_PER_GUEST_MAX } from '../../contract/event-kit.ts';
import { MAX_TENANT_STYLES } from '../../contract/tenant-styles.ts';
import type { FrameFiles } from './brand-frame.ts';
import { ServiceUnavailableError } from '../jobs/job-backend.ts';
import type { BrandFrames, FrameImageSource, JobFrame } from './frames.ts';
import { takesFrame } from './job-frame.ts';
import { detailOf } from '../scale/service-call.ts';

export const FRAME_SPECS = 'frames/tenants/';
export const FRAME_IMAGES = 'frames/images/';
export const frameSpecKey = (slug: string) => `${FRAME_SPECS}${slug}.json`;
const IMAGE_KEY = /^frames\/images\/[0-9a-f]{64}\.[a-z0-9]{1,5}$/;

/**
 * A spec as stored: one image key, the frame's or the logo mark's, or none; whether results are
 * mirrored; the keys of the tenant's backdrops for the branded-scene style, in its order (''
 * for one whose file is missing, so the places stay those of its pages; a spec written before
 * there were several holds one `scene`); the studio portrait's gradient colours; and how many
 * pictures a guest gets, in which local styles.
 */
const mirror = z.optional(z.literal(true));
const scene = z.optional(z.string().regex(IMAGE_KEY));
const sceneList = z
  .array(z.union([z.string().regex(IMAGE_KEY), z.literal('')]))
  .min(1)
  .max(MAX_BACKDROPS);
const scenes = z.optional(sceneList);
// Several pictures per guest travel with the finish (run/pictures.ts).
const pictures = z.number().int().min(2).max(PICTURES_PER_GUEST_MAX);
// The studio portrait's gradient, from the tenant's colours (contract/branding.ts normalises them).
const hex = z.string().regex(/^#[0-9a-f]{6}$/i);
const studio = z.strictObject({ background: hex, accent: hex });
const looks = {
  studio: z.optional(studio),
  pictures: z.optional(pictures),
  pictureStyles: z.optional(z.array(z.string().regex(/^[A-Za-z0-9._-]{1,100}$/)).max(MAX_TENANT_STYLES)),
};
export const FrameSpecSchema = z.union([
  z.strictObject({ frame: z.string().regex(IMAGE_KEY), mirror, scene, scenes, ...looks }),
  z.strictObject({ mark: z.string().regex(IMAGE_KEY), mirror, scene, scenes, ...looks }),
  z.strictObject({ mirror: z.literal(true), scene, scenes, ...looks }),
  z.strictObject({ scene: z.string().regex(IMAGE_KEY), ...looks }),
  z.strictObject({ scenes: sceneList, ...looks }),
  z.strictObject({ ...looks, pictures }),
  z.strictObject({ ...looks, studio }),
]);

interface Store {
  getObject(key: string): Promise<Uint8Array | null>;
}

/** Slugs whose spec one API node keeps at once; a made-up slug costs one entry, then is dropped first. */
const MAX_SPECS = 1000;

/** An API node's view of the tenants' frames: a spec is asked for at most once per `seconds` per tenant. */
export class StoredFrames implements BrandFrames {
  #store: Store;
  #ms: number;
  #log: (line: string) => void;
  #specs = new Map<string, { frame: JobFrame | null; until: number }>();
  #asking = new Map<string, Promise<JobFrame | null>>();
  #failing = false;

  constructor(store: Store, options: { seconds: number; log: (line: string) => void }) {
    this.#store = store;
    this.#ms = options.seconds * 1000;
    this.#log = options.log;
  }

  /** The slug as sent, its form checked by the AI hub: an API node knows no tenants, and the console shows an existing tenant's jobs only. */
  tenantOf(tenant: string | undefined): string | null {
    return tenant ?? null;
  }

  /** The brand of a job of this tenant; null for none, an unknown tenant, or a store that does not answer. */
  frameOf(slug: string): JobFrame | null | Promise<JobFrame | null> {
    const known = this.#specs.get(slug);
    if (known && known.until > Date.now()) return known.frame;
    let asking = this.#asking.get(slug);
    if (!asking) {
      asking = this.#ask(slug, known?.frame ?? null).finally(() => this.#asking.delete(slug));
      this.#asking.set(slug, asking);
    }
    return asking;
  }

  /** Asked again on the next job (the control node, after a change of its own). */
  forget(slug: string) {
    this.#specs.delete(slug);
  }

  async #ask(slug: string, before: JobFrame | null): Promise<JobFrame | null> {
    let frame: JobFrame | null;
    try {
      frame = specOf(slug, await this.#store.getObject(frameSpecKey(slug)), this.#log);
      if (this.#failing) this.#log('brand frames: the store answers again');
      this.#failing = false;
    } catch (error) {
      // A visitor would rather have the photo without the frame than no photo: the job runs
      // with the frame known before, if any. One line per outage.
      if (!this.#failing)
        this.#log(
          `brand frames: the frame of tenant ${slug} could not be read (${error instanceof ServiceUnavailableError ? error.detail : detailOf(error)}); jobs run with the frame known before, or none, until the store answers`,
        );
      this.#failing = true;
      frame = before;
    }
    this.#specs.delete(slug);
    if (this.#specs.size >= MAX_SPECS) this.#specs.delete(this.#specs.keys().next().value!);
    this.#specs.set(slug, { frame, until: Date.now() + this.#ms });
    return frame;
  }
}

function specOf(slug: string, bytes: Uint8Array | null, log: (line: string) => void): JobFrame | null {
  if (!bytes) return null;
  let parsed;
  try {
    parsed = FrameSpecSchema.safeParse(JSON.parse(Buffer.from(bytes).toString('utf8')));
  } catch {
    parsed = null;
  }
  if (parsed?.success) return parsed.data;
  log(
    `brand frames: ${frameSpecKey(slug)} in the store is not a frame spec; tenant ${slug} is unframed until the control node writes it again`,
  );
  return null;
}

/** Images kept in memory by one worker process: a few tenants' frames at most per event. */
const MAX_IMAGES = 16;

/** A worker's reads of frame images, by key: a key's bytes never change, so each is read once. */
export class FrameImages implements FrameImageSource {
  #store: Store;
  #images = new Map<string, Uint8Array>();
  #reading = new Map<string, Promise<Uint8Array | null>>();

  constructor(store: Store) {
    this.#store = store;
  }

  /** The images of a job's finish: a sticker is never framed (its images are not read) but is mirrored when the tenant asks. */
  forJob(frame: JobFrame | null, prompt: string) {
    return this.files(takesFrame(prompt) ? frame : frame?.mirror ? { mirror: true } : null);
  }

  /**
   * The images of a job's brand, or why they cannot be used (the job then runs unframed). A store
   * that does not answer throws, and the job is tried again like one whose photo could not be read.
   */
  async files(frame: JobFrame | null | undefined): Promise<{ files?: FrameFiles; problem?: string }> {
    // A scene that cannot be read leaves the style on the booth's own scene, as with no tenant.
    const sceneData = frame?.scene && IMAGE_KEY.test(frame.scene) ? await this.#read(frame.scene) : null;
    const extras: FrameFiles = {
      ...(frame?.mirror ? { mirror: true } : {}),
      ...(sceneData ? { scene: { key: frame!.scene!, data: sceneData } } : {}),
      ...(frame?.studio ? { studio: frame.studio } : {}),
    };
    const plain = Object.keys(extras).length > 0 ? extras : undefined;
    const key = frame?.frame ?? frame?.mark;
    if (!key) return plain ? { files: plain } : {};
    if (!IMAGE_KEY.test(key)) return { files: plain, problem: `${key} is not a key of the frame store` };
    const data = await this.#read(key);
    if (!data) return { files: plain, problem: `${key} is missing from the store` };
    const image = { key, data };
    return { files: { ...(frame!.frame ? { frame: image } : { mark: image }), ...extras } };
  }

  async #read(key: string): Promise<Uint8Array | null> {
    const kept = this.#images.get(key);
    if (kept) return kept;
    let reading = this.#reading.get(key);
    if (!reading) {
      reading = this.#store.getObject(key).finally(() => this.#reading.delete(key));
      this.#reading.set(key, reading);
    }
    const data = await reading;
    if (data && !this.#images.has(key)) {
      if (this.#images.size >= MAX_IMAGES) this.#images.delete(this.#images.keys().next().value!);
      this.#images.set(key, data);
    }
    return data;
  }
}

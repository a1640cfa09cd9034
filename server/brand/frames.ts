// A tenant's brand on its results, looked up once when a job is created: `frameOf(tenant)` on one
// interface, with its two implementations in this folder. The embedded default and a control node
// read the tenant's published pages (PublishedFrames, over job-frame.ts); an API node of the
// scale-out path, which knows no tenants, reads what the control node put in the store
// (StoredFrames, stored-frames.ts; frame-mirror.ts writes it). A worker reads the images the
// finish names: from the tenant asset folder (job-frame.ts), or from the store (stored-frames.ts).
import { pickedBackdrop } from '../../contract/backdrops.ts';
import type { StudioGradient } from '../engine/engine.ts';
import type { FrameFiles } from './brand-frame.ts';
import { frameFiles, frameForTenant, knownTenant, type FrameLookup } from './job-frame.ts';

/**
 * A tenant's finish of a job's results (job-frame.ts): its brand, as image names inside the tenant
 * bucket, and whether the results are mirrored like the camera preview (mirrorResult).
 */
export interface JobFrame {
  frame?: string;
  mark?: string;
  mirror?: true;
  /** The backdrop a job is placed into by a style that places the guest in a scene (branded-scene). */
  scene?: string;
  /** The studio portrait's backdrop drawn from the tenant's colours (its studioBackdrop 'gradient'). */
  studio?: StudioGradient;
  /** Pictures made from the photo (the tenant's picturesPerGuest, above 1; run/pictures.ts). */
  pictures?: number;
  /** The local styles of those pictures after the picked one (its pictureStyles, else its styles). */
  pictureStyles?: string[];
  /**
   * A tenant's backdrops, in its order, before a job picks one (withBackdrop): never stored with a
   * job. In a stored spec of the scale-out path, '' stands for a backdrop whose file is missing.
   */
  scenes?: string[];
}

/** The finish a job keeps: the tenant's, with the one backdrop picked among its backdrops (contract/backdrops.ts). */
export function withBackdrop(frame: JobFrame | null, picked: number | undefined): JobFrame | null {
  if (!frame?.scenes) return frame;
  const { scenes, ...rest } = frame;
  const scene = pickedBackdrop(scenes, picked);
  const kept: JobFrame = { ...rest, ...(scene ? { scene } : {}) };
  return Object.keys(kept).length > 0 ? kept : null;
}

export interface BrandFrames {
  /** The finish of a job of this tenant; null for none, or an unknown tenant. */
  frameOf(tenant: string): JobFrame | null | Promise<JobFrame | null>;
  /** The slug stored with a job sent with this `tenant`; null for none. */
  tenantOf(tenant: string | undefined): string | null;
}

/** The tenants' finish as their published pages show it (the embedded default, a control node). */
export class PublishedFrames implements BrandFrames {
  #lookup: FrameLookup;
  constructor(lookup: FrameLookup) {
    this.#lookup = lookup;
  }

  frameOf(tenant: string) {
    return frameForTenant(this.#lookup, tenant);
  }

  /** One of the booth's tenants, else null, as an unknown tenant gets no frame either. */
  tenantOf(tenant: string | undefined) {
    return knownTenant(this.#lookup, tenant);
  }
}

/** The images of a job's finish as its worker hands them to the engine, or why they cannot be used (the job then runs unframed). */
export interface FrameImagesRead {
  files?: FrameFiles;
  problem?: string;
}

/** Where a worker reads the images a job's finish names (a sticker gets only the mirror). */
export interface FrameImageSource {
  forJob(frame: JobFrame | null, prompt: string): FrameImagesRead | Promise<FrameImagesRead>;
}

/** The tenant asset folder of this machine (the embedded default, a control node); none: nothing is framed. */
export class AssetFolderImages implements FrameImageSource {
  #dir: string | undefined;
  constructor(dir: string | undefined) {
    this.#dir = dir;
  }

  forJob(frame: JobFrame | null, prompt: string) {
    return frameFiles(frame, prompt, this.#dir);
  }
}

// How a tenant finishes its results, decided when the job is created and stored with it: its
// frame, else its logo as a corner mark, else nothing; and, when it asks (mirrorResult), the
// picture mirrored like the camera preview. The finish is the one of the tenant's published
// pages (the site data of the last publish, publish/published.ts), so a frame saved in the
// console reaches results at Publish, as every other field reaches the pages; before the booth's
// first build there are no pages, and the saved branding, read through the build's rule
// (contract/branding.ts), is used. Only images inside the tenant bucket are used: the server
// reads no other host.
import path from 'node:path';
import { STICKER_PROMPT_WORD, slugProblem } from '../../contract/index.ts';
import { DEFAULT_BRANDING, resolveBranding } from '../../contract/branding.ts';
import { backdropsOf } from '../../contract/backdrops.ts';
import { resolveInside } from '../files/safe-path.ts';
import type { JobFrame } from './frames.ts';
import type { TenantBranding } from '../../contract/site-data.ts';
import type { TenantStore } from '../storage/tenants.ts';
import type { PublishedSite } from '../publish/published.ts';
import type { FrameFiles } from './brand-frame.ts';

export interface FrameLookup {
  tenants: TenantStore;
  datasetId: string;
  /** The published site; without it (or before the first build) the saved branding is used. */
  published?: PublishedSite;
}

// A bucket name never starts with '/': the default tenant's local files (/assets/…) are not in the bucket.
const isBucketName = (value: string) => value !== '' && !value.startsWith('/') && !/^https?:/i.test(value);

/** Why a `tenant` value of the create call cannot be a slug, as the sentence of a 400; null when it can. */
export function tenantProblem(tenant: string | undefined): string | null {
  if (tenant === undefined) return null;
  // The form only: a reserved or unknown slug is simply a tenant without a frame.
  const why = slugProblem(tenant, new Set());
  return why
    ? `tenant must be a tenant's slug: ${why}. Send the slug of the booth's tenant, or leave tenant out.`
    : null;
}

/** The slug stored with a job: one of the booth's tenants, else null, as an unknown tenant gets no frame either. */
export function knownTenant(lookup: FrameLookup, tenant: string | undefined): string | null {
  return tenant !== undefined && lookup.tenants.item(lookup.datasetId, tenant) ? tenant : null;
}

/** The finish of a job of this tenant, its backdrops not yet picked from (frames.ts withBackdrop); null for a missing or unknown tenant, or one with no frame, no logo mark, no mirror, no backdrop and no studio gradient. */
export function frameForTenant(lookup: FrameLookup, tenant: string | undefined): JobFrame | null {
  if (tenant === undefined) return null;
  // A deleted tenant has no pages any more, published or not.
  const item = lookup.tenants.find(lookup.datasetId, tenant);
  if (!item) return null;
  const published = lookup.published?.branding(tenant);
  if (published === null) return null;
  // Not the build's fallback images: the default tenant's local files are not in the bucket.
  const branding = published ?? resolveBranding(item, { ...DEFAULT_BRANDING, logoUrl: '' }).branding;
  // The backdrops travel with the frame: the same record on the job (the one picked), the same copy to the store.
  const scenes = backdropsOf(branding);
  const extras = {
    ...(branding.mirrorResult ? { mirror: true as const } : {}),
    ...(scenes.length > 0 ? { scenes } : {}),
    ...(branding.studioBackdrop === 'gradient'
      ? { studio: { background: branding.backgroundColor, accent: branding.accentColor } }
      : {}),
    ...picturesOfBranding(branding),
  };
  if (isBucketName(branding.frameUrl)) return { frame: branding.frameUrl, ...extras };
  if (branding.logoMark && isBucketName(branding.logoUrl)) return { mark: branding.logoUrl, ...extras };
  return Object.keys(extras).length > 0 ? extras : null;
}

/** Several pictures per guest, as the job keeps them (run/pictures.ts); nothing for one. */
function picturesOfBranding(branding: TenantBranding): Pick<JobFrame, 'pictures' | 'pictureStyles'> {
  const pictures = branding.picturesPerGuest ?? 1;
  if (pictures <= 1) return {};
  const set = branding.pictureStyles?.length ? branding.pictureStyles : branding.styles;
  return { pictures, ...(set?.length ? { pictureStyles: [...set] } : {}) };
}

/** A sticker gets no brand: its transparent die-cut is the picture, and a frame or a mark would be drawn outside the cut, on nothing, and stop it peeling. */
export const takesFrame = (prompt: string) => !prompt.toLowerCase().includes(STICKER_PROMPT_WORD);

/** What of a tenant's finish a result of this prompt gets: a sticker is mirrored too, but never framed. */
export function finishFor(files: FrameFiles | undefined, prompt: string): FrameFiles | undefined {
  if (!files || takesFrame(prompt)) return files;
  return files.mirror ? { mirror: true } : undefined;
}

/** Whether the finish changes a finished picture (a scene alone is for the engine, before the picture exists). */
export const finishesPicture = (files: FrameFiles | undefined) =>
  Boolean(files && (files.frame || files.mark || files.mirror));

/** The files of a job's finish in the tenant asset folder, or why the brand cannot be used (a sticker gets only the mirror). */
export function frameFiles(
  frame: JobFrame | null,
  prompt: string,
  tenantAssetsDir: string | undefined,
): { files?: FrameFiles; problem?: string } {
  // A scene that is missing leaves the style on the booth's own scene, as a scene of no tenant does.
  const scene =
    frame?.scene && tenantAssetsDir && takesFrame(prompt) ? resolveInside(tenantAssetsDir, frame.scene) : null;
  const studio = frame?.studio && takesFrame(prompt) ? frame.studio : null;
  const extras: FrameFiles = {
    ...(frame?.mirror ? { mirror: true } : {}),
    ...(scene ? { scene } : {}),
    ...(studio ? { studio } : {}),
  };
  const plain = Object.keys(extras).length > 0 ? { files: extras } : {};
  const name = takesFrame(prompt) ? (frame?.frame ?? frame?.mark) : undefined;
  if (!name || !tenantAssetsDir) return plain;
  const file = resolveInside(tenantAssetsDir, name);
  if (!file) return { ...plain, problem: `${path.join(tenantAssetsDir, name)} is missing` };
  return { files: { ...(frame!.frame ? { frame: file } : { mark: file }), ...extras } };
}

// A tenant's event wall settings (contract/event-kit.ts: wall, wallModeration,
// wallConsentCovered) as its published pages show them, like its frame (job-frame.ts): the wall
// page and the results screen's box are the published ones, so the server follows the same
// branding. Before the booth's first build, the saved branding, read through the build's rule.
import { DEFAULT_BRANDING, resolveBranding } from '../../contract/branding.ts';
import type { WallModeration } from '../../contract/event-kit.ts';
import type { FrameLookup } from './job-frame.ts';

export interface TenantWall {
  wall: boolean;
  moderation: WallModeration;
  consentCovered: boolean;
}

const OFF: TenantWall = { wall: false, moderation: 'approve', consentCovered: false };

/** The tenant's wall settings; undefined when the booth has no such tenant. */
export function wallSettingsOf(lookup: FrameLookup, tenant: string): TenantWall | undefined {
  const item = lookup.tenants.find(lookup.datasetId, tenant);
  if (!item) return undefined;
  const published = lookup.published?.branding(tenant);
  // Saved but never published: it has no pages, so no wall and no box on its results yet.
  if (published === null) return OFF;
  const branding = published ?? resolveBranding(item, DEFAULT_BRANDING).branding;
  return {
    wall: branding.wall === true,
    moderation: branding.wallModeration === 'show' ? 'show' : 'approve',
    consentCovered: branding.wallConsentCovered === true,
  };
}

/** The tenants' walls, as the routes ask for them (an API node of the scale-out path asks Redis). */
export interface TenantWalls {
  of(tenant: string): TenantWall | undefined | Promise<TenantWall | undefined>;
}

export class PublishedWalls implements TenantWalls {
  #lookup: FrameLookup;
  constructor(lookup: FrameLookup) {
    this.#lookup = lookup;
  }
  of(tenant: string) {
    return wallSettingsOf(this.#lookup, tenant);
  }
}

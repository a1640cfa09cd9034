// What the booth's pages show, as the last publish baked it into the site data file: the one
// source of a tenant's finish on its results (frame, logo mark, mirror, backdrops), so a frame reaches
// results when it reaches the pages, at Publish, like every other field. Read again only when
// the file changed (a publish, or a build run by hand).
import fs from 'node:fs';
import type { SiteData, TenantBranding } from '../../contract/index.ts';
import { backdropsOf } from '../../contract/backdrops.ts';

export class PublishedSite {
  readonly file: string;
  #cached: { mtimeMs: number; size: number; data: SiteData | null } | null = null;

  constructor(siteDataFile: string) {
    this.file = siteDataFile;
  }

  /** The last build's site data; null when the site was never built (or its file cannot be read). */
  data(): SiteData | null {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(this.file);
    } catch {
      this.#cached = null;
      return null;
    }
    if (this.#cached?.mtimeMs !== stat.mtimeMs || this.#cached.size !== stat.size) {
      let data: SiteData | null = null;
      try {
        data = JSON.parse(fs.readFileSync(this.file, 'utf8')) as SiteData;
      } catch {
        data = null;
      }
      this.#cached = { mtimeMs: stat.mtimeMs, size: stat.size, data };
    }
    return this.#cached.data;
  }

  /**
   * The tenant's published branding: null when the published site has no pages of it (never
   * published, or removed); undefined when the booth has no published site at all.
   */
  branding(slug: string): TenantBranding | null | undefined {
    const site = this.data();
    if (!site) return undefined;
    if (site.defaultTenant.slug === slug) return site.defaultTenant;
    return site.tenants.find((t) => t.slug === slug) ?? null;
  }

  /** Names inside the tenant's asset folder that its published pages or results use. */
  filesOf(slug: string): Set<string> {
    const branding = this.branding(slug);
    const names = new Set<string>();
    if (!branding) return names;
    const prefix = `${slug}/`;
    for (const value of [branding.logoUrl, branding.backgroundImageUrl, branding.frameUrl, ...backdropsOf(branding)]) {
      if (value.startsWith(prefix)) names.add(value.slice(prefix.length));
    }
    const video = `/media/tenants/${prefix}`;
    if (branding.video.startsWith(video)) names.add(branding.video.slice(video.length));
    return names;
  }
}

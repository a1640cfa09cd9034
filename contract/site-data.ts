// tenants.generated.json: what the build (scripts/) hands the static site (src/).
// Written once per build, read at build time by the pages; never fetched by browsers.
import type { Style } from './styles.ts';

/** A tenant's branding after validation: every field present, safe, defaults filled in. */
export interface TenantBranding {
  slug: string;
  client: string;
  viewFinderTitle: string;
  viewFinderDesc: string;
  /** Image name inside the tenant bucket (non-default tenants) or a local path (default tenant). */
  backgroundImageUrl: string;
  logoUrl: string;
  /** Hosted processing video URL (absolute, or root-relative when served by the embedded server). */
  video: string;
  backgroundColor: string;
  textColor: string;
  accentColor: string;
}

export interface ImageProxySettings {
  /** Base URL of the image-resizing proxy ('' = the origin that serves the site). */
  host: string;
  /** imgproxy signature segment; 'insecure' for unsigned URLs. */
  signature: string;
  bucketPrefix: string;
  appName: string;
}

export interface SiteData {
  generatedAt: string;
  /** The default tenant: no path prefix, local static images. */
  defaultTenant: TenantBranding;
  /** Every other valid tenant, one page set each under /{slug}/. */
  tenants: TenantBranding[];
  /** Styles as fetched at build time; the styles island refreshes them in the background. */
  styles: Style[];
  /** Base URL of the AI hub as the browser calls it ('' = the origin that serves the site). */
  aiHost: string;
  imageProxy: ImageProxySettings;
  /** What the build reported and skipped or replaced (tenant, field, why). */
  problems: string[];
}

/** The demo tenants the embedded server seeds (one dark, one light). */
export const DEMO_TENANT_SLUGS = ['aurora', 'meadow'] as const;

/**
 * Top-level paths a tenant slug may not take: the site's own screens and every top-level
 * path of the embedded server. The proxy signature segment is added at build time.
 */
export const RESERVED_SLUGS = [
  'camera', 'styles', 'results', '404', '_astro', 'assets', 'favicon.ico', 'robots.txt',
  'jwt', 'datasets', 'transformations', 'media', 'health', 'api', 'insecure',
] as const;

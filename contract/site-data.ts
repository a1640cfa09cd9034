// tenants.generated.json: what the build (scripts/) hands the static site (src/).
// Written once per build, read at build time by the pages; never fetched by browsers.
import { DEFAULT_PROXY_SIGNATURE } from './embedded-defaults.ts';
import type { DeliveryKit } from './delivery.ts';
import type { EventKit } from './event-kit.ts';
import type { LeadKit } from './leads.ts';
import type { Style } from './styles.ts';
import type { Language } from './i18n/languages.ts';
import type { TextOverrides } from './i18n/overrides.ts';

/** A tenant's branding after validation: every field present, safe, defaults filled in. */
// The delivery and lead fields are optional: site data written before them reads as off.
export interface TenantBranding extends EventKit, Partial<DeliveryKit>, Partial<LeadKit> {
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
  /** The style ids the tenant offers, in its order; absent or empty: every style the AI hub offers. */
  styles?: string[];
  /**
   * The local styles a guest's pictures are made in when picturesPerGuest is above 1: the style
   * the guest picked first, then these in order (absent or empty: the tenant's styles).
   */
  pictureStyles?: string[];
  /**
   * Words the tenant's guests may not type into a style's inputs (contract/style-inputs.ts), and the
   * sentence they read when they do (absent: REFUSED_WORDS_TEXT). Read by the AI hub; never in a page.
   */
  refusedWords?: string[];
  refusedWordsText?: string;
  /** The language of the tenant's pages and of its jobs' sentences; absent: English (contract/i18n/). */
  language?: Language;
  /**
   * The languages a guest may switch to with the menu on every screen, the tenant's language
   * first; absent: its language only, and no menu. Each other one is a page set at /{slug}/{code}/.
   */
  languages?: Language[];
  /** The tenant's own texts in place of the catalogue's, by language (contract/i18n/overrides.ts); baked into its pages. */
  textOverrides?: TextOverrides;
}

export interface ImageProxySettings {
  /** Base URL of the image-resizing proxy ('' = the origin that serves the site). */
  host: string;
  /** imgproxy signature segment; 'insecure' for unsigned URLs. */
  signature: string;
  bucketPrefix: string;
  appName: string;
  /**
   * With a proxy key: for each proxied image (signedImageKey), the signatures of its URLs at
   * every signedSizes() size, in that order. Absent: URLs are unsigned.
   */
  signatures?: Record<string, string[]>;
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
  /**
   * Where a phone opens the site, for the QR hand-off (contract/event-kit.ts): '' (or absent, from
   * an older build) = the address the page was opened at, unless that is this machine's own.
   */
  publicSiteUrl?: string;
  imageProxy: ImageProxySettings;
  /** What the build reported and skipped or replaced (tenant, field, why). */
  problems: string[];
}

/**
 * Where a one-tenant publish hands its site data to the page renderer the last full build kept
 * (scripts/pipeline/render-tenants.ts), in the publishing process: the pages read it in astro's
 * getStaticPaths, which takes no input of ours, from code bundled by an earlier build.
 */
export const SITE_DATA_HANDOFF = Symbol.for('booth.siteData');

/**
 * The demo tenants the embedded server seeds: one dark, one light (the spec's booth), one
 * event booth with every event-kit feature on (contract/event-kit.ts), and the spec's plain booth
 * in French and in Arabic (contract/i18n/).
 */
export const DEMO_TENANT_SLUGS = ['aurora', 'meadow', 'gala', 'lumiere', 'noor'] as const;

/** Top-level paths of the embedded server itself, besides the proxy signature. */
export const SERVER_PATHS = ['jwt', 'datasets', 'transformations', 'media', 'health', 'api', 'admin'] as const;
/** The operator console and its API (/admin/, /admin/api/…): the server's, never a tenant's. */
export const CONSOLE_PATH = 'admin';
/** Top-level paths of the built site: its screens, its assets and the host's well-known files. */
export const SITE_PATHS = [
  'camera',
  'styles',
  'results',
  // The event wall (contract/wall.ts).
  'wall',
  '404',
  '_astro',
  'assets',
  'favicon.ico',
  'robots.txt',
  // The default tenant's web app (contract/web-app.ts).
  'manifest.webmanifest',
  'sw.js',
  'icons',
] as const;

/**
 * Top-level paths a tenant slug may not take: the site's own and every top-level path of the
 * embedded server. A configured proxy signature other than the default is added at build time.
 */
export const RESERVED_SLUGS = [...SITE_PATHS, ...SERVER_PATHS, DEFAULT_PROXY_SIGNATURE] as const;

/**
 * Whose path a proxy signature segment would hide (the proxy is mounted at /{signature} before
 * the site), or null: the server and the build refuse such a signature alike.
 */
export function signatureClash(signature: string): 'site' | 'server' | null {
  if ((SERVER_PATHS as readonly string[]).includes(signature)) return 'server';
  if ((SITE_PATHS as readonly string[]).includes(signature)) return 'site';
  return null;
}

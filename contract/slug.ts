// Tenant slugs become the first segment of every URL of a tenant's page set (/{slug}/camera)
// and a folder name in dist/. The build checks them before writing anything, so a bad slug
// can neither shadow another page nor point a write outside dist/.
import { quoted } from './quoted.ts';
import { RESERVED_SLUGS } from './site-data.ts';

/** A DNS label's limit: slugs also make good subdomains. */
export const MAX_SLUG_LENGTH = 63;

const SLUG_PATTERN = /^[a-z0-9-]+$/;

/**
 * The names a slug may not take: the site's screens, every top-level path of the embedded
 * server, and whatever else the deployment adds (the proxy signature segment, public/ files).
 */
export function reservedSlugs(extra: Iterable<string> = []): Set<string> {
  const names = new Set<string>(RESERVED_SLUGS);
  for (const name of extra) if (name) names.add(name.toLowerCase());
  return names;
}

/** Why a slug cannot be used, as a sentence; null when it is fine. */
export function slugProblem(slug: unknown, reserved: ReadonlySet<string> = reservedSlugs()): string | null {
  if (typeof slug !== 'string' || slug === '') return 'slug is empty';
  const shown = quoted(slug, 80);
  if (slug.length > MAX_SLUG_LENGTH) return `slug ${shown} is longer than ${MAX_SLUG_LENGTH} characters`;
  if (!SLUG_PATTERN.test(slug)) return `slug ${shown} may only hold lowercase letters, digits and hyphens`;
  if (reserved.has(slug)) return `slug ${shown} is reserved for a path of the site or the server`;
  return null;
}

export const isValidSlug = (slug: unknown, reserved?: ReadonlySet<string>): slug is string =>
  slugProblem(slug, reserved) === null;

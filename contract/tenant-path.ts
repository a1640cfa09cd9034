// Which tenant an address is under, and whether the rest of it names a screen. The spec (§3):
// a slug that is not found shows the booth with the built-in default branding; an address
// that names no screen is Not Found, in the branding of the tenant it is under.
import { parseResultsPath } from './results.ts';
import { isValidSlug } from './slug.ts';

export interface TenantAddress {
  slug: string;
  /** The address inside the tenant's page set: '/', '/camera', '/results/42', … */
  rest: string;
}

/** `/{slug}` or `/{slug}/…` with a slug a tenant could have; null for any other address. */
export function tenantAddress(pathname: string): TenantAddress | null {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  if (!match || !isValidSlug(match[1])) return null;
  return { slug: match[1]!, rest: match[2] || '/' };
}

/** Whether an address inside a page set names one of its screens: intro, camera, styles, a result. */
export function isScreenPath(rest: string): boolean {
  return /^\/(camera\/?|styles\/?)?$/.test(rest) || parseResultsPath(rest) !== null;
}

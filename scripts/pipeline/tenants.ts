// Branding items -> the tenants that get a page set. Each item is checked on its own: a bad
// slug skips that tenant (reported with its client name), a bad field takes the default
// (reported with the field), and nothing one tenant sends can touch another's pages.
import {
  BrandingItemSchema,
  DEFAULT_TENANT_SLUG,
  type BrandingItem,
  type TenantBranding,
} from '../../contract/index.ts';
import { DEFAULT_BRANDING, resolveBranding, tenantLabel } from '../../contract/branding.ts';
import { reservedSlugs, slugProblem } from '../../contract/slug.ts';

export interface Tenants {
  defaultTenant: TenantBranding;
  tenants: TenantBranding[];
  problems: string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The item as the contract's schema reads it. Null fields count as missing; a field of the
 * wrong type is dropped (so it takes the default) and reported.
 */
function parseItem(raw: Record<string, unknown>, problems: string[]): BrandingItem | null {
  const item = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== null));
  const first = BrandingItemSchema.safeParse(item);
  if (first.success) return first.data;
  const label = tenantLabel(item);
  const badFields = new Set(first.error.issues.map((issue) => String(issue.path[0])));
  if (badFields.has('slug') || badFields.has('undefined')) {
    problems.push(`${label}: skipped, it has no text slug.`);
    return null;
  }
  for (const field of badFields) {
    problems.push(`${label}: ${field} is not text; the default is used.`);
    delete item[field];
  }
  const second = BrandingItemSchema.safeParse(item);
  return second.success ? second.data : null;
}

/**
 * @param extraReserved names no slug may take besides the contract's RESERVED_SLUGS
 *   (the proxy signature segment, the top-level files of public/).
 */
export function resolveTenants(items: unknown[], extraReserved: Iterable<string> = []): Tenants {
  const problems: string[] = [];
  const reserved = reservedSlugs(extraReserved);
  let defaultTenant: TenantBranding = { ...DEFAULT_BRANDING };
  let defaultSeen = false;
  const tenants: TenantBranding[] = [];
  const taken = new Map<string, string>();

  items.forEach((raw, index) => {
    if (!isRecord(raw)) {
      problems.push(`Branding item ${index + 1} is not an object; skipped.`);
      return;
    }
    const item = parseItem(raw, problems);
    if (!item) return;
    const label = tenantLabel(item);

    // "The item matching the tenant slug is used": an item with the default slug rebrands the
    // default tenant, whose images stay the local files (no prefix, no proxy).
    if (item.slug === DEFAULT_TENANT_SLUG) {
      if (defaultSeen) {
        problems.push(`${label}: skipped, the default tenant's branding was already given by an earlier item.`);
        return;
      }
      defaultSeen = true;
      const resolved = resolveBranding(item, DEFAULT_BRANDING, { keepImages: true });
      defaultTenant = resolved.branding;
      problems.push(...resolved.problems);
      return;
    }

    const why = slugProblem(item.slug, reserved);
    if (why) {
      problems.push(`${label}: skipped because its ${why}.`);
      return;
    }
    const earlier = taken.get(item.slug);
    if (earlier) {
      problems.push(`${label}: skipped, slug "${item.slug}" is already used by ${earlier}.`);
      return;
    }
    taken.set(item.slug, label);
    const resolved = resolveBranding(item);
    tenants.push(resolved.branding);
    problems.push(...resolved.problems);
  });

  return { defaultTenant, tenants, problems };
}

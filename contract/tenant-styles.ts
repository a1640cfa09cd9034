// The styles a tenant offers: a list of style ids in the tenant's order, chosen in the console.
// The styles screen shows those only, in that order; a tenant without a list offers every style
// the AI hub offers. Pure, so the build, the server and the styles island apply one rule.
import type { Style } from './styles.ts';

/** More would not fit a styles screen anyone scrolls through. */
export const MAX_TENANT_STYLES = 100;
const STYLE_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** Why a tenant's styles value cannot be used, or null: an array of distinct style ids. */
export function tenantStylesProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return 'is not a list of style ids';
  if (value.length > MAX_TENANT_STYLES) return `lists more than ${MAX_TENANT_STYLES} styles`;
  for (const id of value) {
    if (typeof id !== 'string' || !STYLE_ID.test(id))
      return 'holds something that is not a style id (letters, digits, . _ -)';
  }
  if (new Set(value).size !== value.length) return 'names a style twice';
  return null;
}

/** The styles the tenant offers, in its order; those the hub no longer offers are left out. */
export function offeredStyles<S extends Pick<Style, 'id'>>(
  all: readonly S[],
  chosen: readonly string[] | undefined,
): S[] {
  if (!chosen || chosen.length === 0) return [...all];
  const byId = new Map(all.map((style) => [String(style.id), style]));
  return chosen.flatMap((id) => byId.get(id) ?? []);
}

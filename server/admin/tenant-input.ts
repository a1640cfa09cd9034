// A tenant's branding as the console sends it, checked by the contract's own rules (the slug
// rule, BrandingItemSchema, resolveBranding: what the build applies), and turned into field
// problems a form can show next to each field. A refused value is a 400; a warning is not.
import { BrandingItemSchema, type BrandingItem } from '../../contract/index.ts';
import { resolveBranding, type FieldProblem } from '../../contract/branding.ts';
import { slugProblem } from '../../contract/slug.ts';
import { fieldLabel } from '../../contract/branding-labels.ts';

export type FieldErrors = Record<string, string[]>;

export type TenantInput =
  | { ok: true; item: BrandingItem; warnings: FieldErrors }
  | { ok: false; error: string; fields: FieldErrors };

const byField = (problems: FieldProblem[]): FieldErrors => {
  const fields: FieldErrors = {};
  for (const p of problems) {
    fields[p.field] ??= [];
    fields[p.field].push(p.message);
  }
  return fields;
};

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * @param reserved the slugs no tenant may take (contract/slug.ts reservedSlugs)
 * @param styleIds the styles the AI hub offers: a tenant may only choose among them
 * @param checkSlug false for an existing tenant (its slug is its key, already checked)
 */
export function readTenantInput(
  body: unknown,
  reserved: ReadonlySet<string>,
  styleIds: ReadonlySet<string>,
  checkSlug: boolean,
): TenantInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      ok: false,
      error: 'Send the tenant\'s branding as a JSON object, such as {"slug": "gala", "client": "Gala Night"}.',
      fields: {},
    };
  }
  // Null counts as missing, as the build reads it.
  const raw = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null));
  const fields: FieldErrors = {};
  if (checkSlug) {
    const why = slugProblem(raw.slug, reserved);
    if (why) fields.slug = [`${capital(why)}.`];
  }
  const parsed = BrandingItemSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'slug');
      fields[field] ??= [];
      fields[field].push(`${fieldLabel(field)} must be text.`);
    }
  }
  if (!parsed.success || fields.slug) return { ok: false, error: 'Some fields need fixing; see each field.', fields };

  const resolved = resolveBranding(parsed.data);
  const refused = byField(resolved.fields.filter((p) => p.kind === 'refused'));
  const chosen = Array.isArray(raw.styles) ? raw.styles : [];
  const unknown = chosen.filter((id) => typeof id === 'string' && !styleIds.has(id));
  if (!refused.styles && unknown.length > 0)
    refused.styles = [
      `${fieldLabel('styles')} names styles the booth does not offer: ${unknown.slice(0, 5).join(', ')}.`,
    ];
  if (Object.keys(refused).length > 0)
    return { ok: false, error: 'Some fields need fixing; see each field.', fields: refused };
  return { ok: true, item: parsed.data, warnings: byField(resolved.fields.filter((p) => p.kind === 'warning')) };
}

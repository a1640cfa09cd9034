// Who may do what in the console's API, one rule for every route file: operators act on every
// tenant, a tenant account on its own only (403 before anything about another tenant is told),
// and a slug from a path or a body passes the contract's rule before it reaches a query or a
// folder name.
import type { Context } from 'hono';
import { DEFAULT_TENANT_SLUG } from '../../contract/index.ts';
import { slugProblem } from '../../contract/slug.ts';
import { fail } from '../hosts/http.ts';
import type { Account } from '../storage/accounts.ts';
import type { TenantStore } from '../storage/tenants.ts';

export type ConsoleEnv = { Variables: { account: Account } };

export const NOT_A_SLUG = 'That is not a tenant slug: lowercase letters, digits and hyphens.';

/** The default tenant's slug, or one a tenant may take. */
export const isTenantSlug = (slug: string, reserved: ReadonlySet<string>) =>
  slug === DEFAULT_TENANT_SLUG || !slugProblem(slug, reserved);

export const isOperator = (c: Context<ConsoleEnv>) => c.get('account').role === 'operator';

/** Whether the signed-in account may act on this tenant. */
export const manages = (c: Context<ConsoleEnv>, slug: string) => isOperator(c) || c.get('account').tenant === slug;

/** null, or the 403 for a tenant account. */
export const operatorsOnly = (c: Context<ConsoleEnv>) =>
  isOperator(c) ? null : fail(c, 403, 'Only an operator account may do this.');

/** null, or the 403 for a tenant account reaching past its own tenant. */
export const mayManage = (c: Context<ConsoleEnv>, slug: string) =>
  manages(c, slug) ? null : fail(c, 403, `This account manages the tenant "${c.get('account').tenant}" only.`);

/** The path's :slug, or null when it breaks the rule. */
export function slugParam(c: Context<ConsoleEnv>, reserved: ReadonlySet<string>): string | null {
  const slug = c.req.param('slug') ?? '';
  return isTenantSlug(slug, reserved) ? slug : null;
}

/** The tenant of the path's :slug, or the answer that stops the request: 400, 403, 404, in that order. */
export function managedTenant(
  c: Context<ConsoleEnv>,
  { reserved, tenants, datasetId }: { reserved: ReadonlySet<string>; tenants: TenantStore; datasetId: string },
): { slug: string } | { refused: Response } {
  const slug = slugParam(c, reserved);
  if (slug === null) return { refused: fail(c, 400, NOT_A_SLUG) };
  const refused = mayManage(c, slug);
  if (refused) return { refused };
  if (!tenants.item(datasetId, slug)) return { refused: fail(c, 404, `There is no tenant "${slug}".`) };
  return { slug };
}

// The console's tenants: list, create, read, replace the branding of, and delete a tenant (its
// files, accounts, leads, results and pages with it). Mounted by admin-api.ts after its session
// check; a tenant account reads and saves its own tenant only.
import fs from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { DEFAULT_TENANT_SLUG } from '../../contract/index.ts';
import { manages, mayManage, NOT_A_SLUG, operatorsOnly, slugParam, type ConsoleEnv } from '../admin/access.ts';
import { readTenantInput } from '../admin/tenant-input.ts';
import { tenantView, type TenantViewDeps } from '../admin/tenant-view.ts';
import type { EventJobs } from '../jobs/event-jobs.ts';
import type { AccountStore } from '../storage/accounts.ts';
import type { StyleStore } from '../storage/styles.ts';
import { fail, jsonBody, limitJsonBody } from './http.ts';

export interface AdminTenantsDeps extends TenantViewDeps {
  accounts: AccountStore;
  styles: StyleStore;
  reserved: ReadonlySet<string>;
  events: EventJobs;
  /** The served site: a deleted tenant's pages are taken out of it at once. */
  siteDir?: string;
  /** Forgets a deleted tenant's leads and email figures; absent on a node without them. */
  forgetLeads?: (slug: string) => void;
  /** Told of each change to a tenant, before the answer. */
  changed: (slug: string) => Promise<void>;
}

export function adminTenants(deps: AdminTenantsDeps) {
  const app = new Hono<ConsoleEnv>();
  const limit = limitJsonBody();
  const json = jsonBody({ requireJsonType: true });
  const styleIds = () => new Set(deps.styles.active().map((s) => s.id));
  const view = (slug: string) => tenantView(deps, slug);

  app.get('/tenants', (c) => {
    const slugs = deps.tenants.slugs(deps.datasetId).filter((slug) => manages(c, slug));
    return c.json(slugs.map((slug) => view(slug)));
  });

  app.post('/tenants', limit, json, async (c) => {
    const refused = operatorsOnly(c);
    if (refused) return refused;
    const input = readTenantInput(await c.req.json(), deps.reserved, styleIds(), true);
    if (!input.ok) return fail(c, 400, input.error, { fields: input.fields });
    if (!deps.tenants.add(deps.datasetId, input.item)) {
      return fail(c, 409, `A tenant with the slug "${input.item.slug}" exists already; choose another slug.`, {
        fields: { slug: ['This slug is taken.'] },
      });
    }
    await deps.changed(input.item.slug);
    return c.json({ ...view(input.item.slug), warnings: input.warnings }, 201);
  });

  app.get('/tenants/:slug', (c) => {
    const slug = slugParam(c, deps.reserved);
    if (slug === null) return fail(c, 400, NOT_A_SLUG);
    const refused = mayManage(c, slug);
    if (refused) return refused;
    const found = view(slug);
    return found ? c.json(found) : fail(c, 404, `There is no tenant "${slug}".`);
  });

  app.put('/tenants/:slug', limit, json, async (c) => {
    const slug = slugParam(c, deps.reserved);
    if (slug === null) return fail(c, 400, NOT_A_SLUG);
    const refused = mayManage(c, slug);
    if (refused) return refused;
    const body = (await c.req.json()) as Record<string, unknown>;
    if (body && typeof body === 'object' && !Array.isArray(body) && body.slug !== undefined && body.slug !== slug) {
      return fail(c, 400, "A tenant's slug cannot change: create a new tenant with the new slug and delete this one.", {
        fields: { slug: ['The slug cannot change.'] },
      });
    }
    const input = readTenantInput(
      body && typeof body === 'object' && !Array.isArray(body) ? { ...body, slug } : body,
      deps.reserved,
      styleIds(),
      false,
    );
    if (!input.ok) return fail(c, 400, input.error, { fields: input.fields });
    if (!deps.tenants.replace(deps.datasetId, input.item)) return fail(c, 404, `There is no tenant "${slug}".`);
    await deps.changed(slug);
    return c.json({ ...view(slug), warnings: input.warnings });
  });

  app.delete('/tenants/:slug', async (c) => {
    const refused = operatorsOnly(c);
    if (refused) return refused;
    const slug = slugParam(c, deps.reserved);
    if (slug === null) return fail(c, 400, NOT_A_SLUG);
    if (slug === DEFAULT_TENANT_SLUG)
      return fail(c, 400, 'The default tenant cannot be deleted; edit its branding instead.');
    if (!deps.tenants.item(deps.datasetId, slug)) return fail(c, 404, `There is no tenant "${slug}".`);
    // Its visitors' photos and results go with it: a tenant made again with this slug starts empty.
    // First: Redis or S3 away is a 503 that leaves the tenant in place, to delete again.
    await deps.events.removeAll(slug, { forget: true });
    if (!deps.tenants.remove(deps.datasetId, slug)) return fail(c, 404, `There is no tenant "${slug}".`);
    deps.accounts.removeTenant(slug);
    // Its guests' leads and its email figures go with it.
    deps.forgetLeads?.(slug);
    // The slug passed the rule: one folder name, no separator, no dots.
    await fs.rm(path.join(deps.tenantAssetsDir, slug), { recursive: true, force: true });
    // Its pages go now, not at the next publish: the site host then answers its addresses as an
    // unknown tenant's (the site's own Not Found, or the default booth's screens).
    if (deps.siteDir) await fs.rm(path.join(deps.siteDir, slug), { recursive: true, force: true });
    await deps.changed(slug);
    return c.body(null, 204);
  });
  return app;
}

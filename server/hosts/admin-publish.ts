// The console's publish calls, mounted by admin-api.ts behind its session check:
//   GET  /publish            what changed since the last build, the running and the last run
//   POST /publish            {} the changed tenants, {"tenants": [...]}, {"all": true} -> 202 Run
//   GET  /publish/{id}       a run; ?wait=SECONDS (at most 30) answers when it moves
//   GET  /tenants/{slug}/bundle.tar.gz   the tenant's static bundle, as last published
// A tenant account publishes and downloads its own tenant only.
import fs from 'node:fs';
import { Hono, type Context } from 'hono';
import { z } from 'zod/mini';
import { DEFAULT_TENANT_SLUG } from '../../contract/index.ts';
import { fail, jsonBody, validJson, limitJsonBody } from './http.ts';
import {
  isOperator,
  isTenantSlug,
  manages,
  mayManage,
  NOT_A_SLUG,
  slugParam,
  type ConsoleEnv,
} from '../admin/access.ts';
import type { TenantStore } from '../storage/tenants.ts';
import type { TenantBundles } from '../publish/bundles.ts';
import { changedTenants, lastBuild, removedTenants } from '../publish/changes.ts';
import type { Publisher } from '../publish/runs.ts';

export interface AdminPublishDeps {
  publisher: Publisher;
  tenants: TenantStore;
  datasetId: string;
  siteDataFile: string;
  bundles: TenantBundles;
  reserved: ReadonlySet<string>;
  /** Whether the booth can send email: the content host serves tenants without it otherwise. */
  sendsMail?: boolean;
}

/** ?wait=SECONDS is held at most this long. */
export const MAX_WAIT_SECONDS = 30;

const PublishSchema = z.object({
  all: z.optional(z.boolean()),
  tenants: z.optional(z.array(z.string()).check(z.minLength(1), z.maxLength(10_000))),
});

export function adminPublish(deps: AdminPublishDeps) {
  const app = new Hono<ConsoleEnv>();
  const limit = limitJsonBody();
  const json = jsonBody({ requireJsonType: true });
  const ownOnly = (c: Context<ConsoleEnv>, slugs: string[]) => slugs.filter((slug) => manages(c, slug));
  const changed = () => changedTenants(deps.tenants, deps.datasetId, deps.siteDataFile, deps.sendsMail !== false);
  const removed = () => removedTenants(deps.tenants, deps.datasetId, deps.siteDataFile);
  /** Slugs the build knows: stored now, or built last time (publishing a deleted tenant removes its pages). */
  const knownSlugs = () =>
    new Set([
      ...deps.tenants.slugs(deps.datasetId),
      ...(lastBuild(deps.siteDataFile)?.tenants.map((t) => t.slug) ?? []),
    ]);

  app.get('/publish', (c) =>
    c.json({
      changed: ownOnly(c, changed()),
      // A deleted tenant has no accounts of its own left: operators see these.
      removed: isOperator(c) ? removed() : [],
      running: deps.publisher.running,
      last: deps.publisher.last,
    }),
  );

  app.post(
    '/publish',
    limit,
    json,
    validJson(
      PublishSchema,
      'Send {} to publish the changed tenants, {"tenants": ["slug", ...]} or {"all": true} as JSON.',
    ),
    (c) => {
      const body = c.req.valid('json');
      if (body.all && body.tenants) return fail(c, 400, 'Send either "all" or "tenants", not both.');
      let tenants: string[] | 'all';
      if (body.all) {
        if (!isOperator(c)) return fail(c, 403, 'Only an operator account may publish every tenant.');
        tenants = 'all';
      } else if (body.tenants) {
        const asked = [...new Set(body.tenants)];
        const other = asked.find((slug) => !manages(c, slug));
        if (other !== undefined) return mayManage(c, other)!;
        const bad = asked.filter((slug) => !isTenantSlug(slug, deps.reserved));
        if (bad.length)
          return fail(
            c,
            400,
            `${bad.map((s) => JSON.stringify(s)).join(', ')} ${bad.length > 1 ? 'are not tenant slugs' : 'is not a tenant slug'}: lowercase letters, digits and hyphens.`,
          );
        const known = knownSlugs();
        const unknown = asked.filter((slug) => !known.has(slug) && slug !== DEFAULT_TENANT_SLUG);
        if (unknown.length) return fail(c, 404, `There is no tenant ${unknown.map((s) => `"${s}"`).join(', ')}.`);
        tenants = asked;
      } else {
        // Deleted tenants too: their pages are gone already, the site data and the host's rules follow.
        tenants = [...ownOnly(c, changed()), ...(isOperator(c) ? removed() : [])];
        if (!tenants.length)
          return fail(
            c,
            400,
            'Nothing has changed since the last build. Name the tenants to publish, or publish all of them.',
          );
      }
      // Nothing built yet: a full build, whatever was asked (the build would say the same).
      if (!lastBuild(deps.siteDataFile) && isOperator(c)) tenants = 'all';
      const run = deps.publisher.start(tenants);
      if (!run)
        return fail(c, 409, 'A publish is running already; wait for it to finish, then publish again.', {
          run: deps.publisher.running,
        });
      return c.json(run, 202);
    },
  );

  app.get('/publish/:id', async (c) => {
    const found = deps.publisher.find(c.req.param('id'));
    if (!found || (!isOperator(c) && (found.tenants === 'all' || found.tenants.some((slug) => !manages(c, slug))))) {
      return fail(c, 404, 'There is no such publish; only the last 20 runs are kept.');
    }
    const wait = c.req.query('wait');
    if (wait !== undefined) {
      const seconds = Number(wait);
      if (!/^\d+(\.\d+)?$/.test(wait) || seconds > MAX_WAIT_SECONDS)
        return fail(c, 400, `wait must be a number of seconds from 0 to ${MAX_WAIT_SECONDS}.`);
      const before = JSON.stringify(found);
      const until = Date.now() + seconds * 1000;
      while (JSON.stringify(found) === before && Date.now() < until) await deps.publisher.changed(until - Date.now());
    }
    return c.json(found);
  });

  app.get('/tenants/:slug/bundle.tar.gz', async (c) => {
    const slug = slugParam(c, deps.reserved);
    if (slug === null) return fail(c, 400, NOT_A_SLUG);
    const refused = mayManage(c, slug);
    if (refused) return refused;
    // A deleted tenant's pages are gone already, though the last build still names it.
    if (slug !== DEFAULT_TENANT_SLUG && !deps.tenants.item(deps.datasetId, slug))
      return fail(c, 404, `There is no tenant "${slug}".`);
    const built = lastBuild(deps.siteDataFile);
    if (!built) return fail(c, 409, 'The site has not been built yet; publish it first.');
    if (slug !== built.defaultTenant.slug && !built.tenants.some((t) => t.slug === slug)) {
      return fail(c, 409, `The tenant "${slug}" is not in the published site; publish it first.`);
    }
    const made = await deps.bundles.get(slug);
    if ('error' in made) return fail(c, 500, made.error);
    // A page set and its icons: a few hundred KB, read whole.
    return new Response(new Uint8Array(fs.readFileSync(made.file)), {
      headers: {
        'Content-Type': 'application/gzip',
        'Content-Disposition': `attachment; filename="${slug}-site.tar.gz"`,
        'Cache-Control': 'no-store',
      },
    });
  });

  return app;
}

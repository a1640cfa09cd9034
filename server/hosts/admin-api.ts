// The operator console's JSON API, under /admin/api/: sign-in, accounts, tenants (branding and
// styles). Without a session every call answers 401; a tenant account reaching for another
// tenant, or for what only operators do, 403. State-changing calls from another site are refused
// (server/admin/cross-site.ts), and failed sign-ins are throttled like service logins.
import fs from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod/mini';
import { DEFAULT_TENANT_SLUG } from '../../contract/index.ts';
import { DEFAULT_BRANDING, resolveBranding } from '../../contract/branding.ts';
import { reservedSlugs } from '../../contract/slug.ts';
import { clientAddress, isThisMachine } from '../limits/client-address.ts';
import { fail, jsonBody, limitBody, MAX_JSON_BODY_BYTES, sizeText, validJson } from './http.ts';
import type { LoginThrottle } from '../limits/login-throttle.ts';
import type { StyleStore } from '../storage/styles.ts';
import type { TenantStore } from '../storage/tenants.ts';
import type { Account, AccountStore } from '../storage/accounts.ts';
import { manages, mayManage, NOT_A_SLUG, operatorsOnly, slugParam, type ConsoleEnv } from '../admin/access.ts';
import { crossSiteGuard } from '../admin/cross-site.ts';
import { passwordProblem } from '../storage/passwords.ts';
import type { SessionStore } from '../storage/sessions.ts';
import { readTenantInput } from '../admin/tenant-input.ts';
import { adminEvents } from './admin-events.ts';
import { adminWall, type AdminWallDeps } from './admin-wall.ts';
import type { EventJobs } from '../jobs/event-jobs.ts';
import {
  checkUpload,
  storeUpload,
  UPLOAD_FIELD,
  UPLOAD_KINDS,
  type UploadKind,
  type UploadLimits,
} from '../admin/uploads.ts';
import { adminPublish, type AdminPublishDeps } from './admin-publish.ts';
import { missingFiles } from '../admin/tenant-files.ts';
import { backdropsOf, MAX_BACKDROPS } from '../../contract/backdrops.ts';
import type { PublishedSite } from '../publish/published.ts';
import { adminLeads, type AdminLeadsDeps } from './admin-leads.ts';

export interface AdminApiDeps {
  accounts: AccountStore;
  sessions: SessionStore;
  tenants: TenantStore;
  styles: StyleStore;
  datasetId: string;
  /** Slugs no tenant may take besides the contract's (the proxy signature). */
  extraReserved: string[];
  /** Where a tenant's files live: {dir}/{slug}/. */
  tenantAssetsDir: string;
  throttle: LoginThrottle;
  trustedProxies: ReadonlySet<string>;
  /** The address visitors use behind a reverse proxy (BOOTH_PUBLIC_URL): a console origin too. */
  publicUrl?: string;
  /** The service account has the documented default password: it signs in from this machine only. */
  defaultPassword: boolean;
  uploads: UploadLimits;
  /** Publishing the site (admin-publish.ts); reserved slugs are added here. */
  publish?: Omit<AdminPublishDeps, 'reserved' | 'tenants' | 'datasetId'>;
  /** The event view's jobs (admin-events.ts): SQLite's, or Redis's and S3's on the scale-out path. */
  events: EventJobs;
  /** The event wall's moderation (admin-wall.ts); absent where the booth has no wall. */
  wall?: Omit<AdminWallDeps, 'reserved' | 'publicUrl'>;
  /** Told of each change to a tenant, before the answer (the scale-out path copies its brand frame to the store). */
  tenantChanged?: (slug: string) => Promise<unknown>;
  /** The published site: an upload keeps the files its pages use until the next publish. */
  published?: PublishedSite;
  /** The served site: a deleted tenant's pages are taken out of it at once. */
  siteDir?: string;
  /** Opt-in leads and the email figures (admin-leads.ts); absent on a node without them. */
  leads?: Pick<AdminLeadsDeps, 'leads' | 'mail'> & { forgetTenant(slug: string): void };
}

export const SESSION_COOKIE = 'booth_console';
const REFUSED = 'Unable to sign in with that user name and password.';
const SIGN_IN_FIRST = 'Sign in to the console first.';

const SignInSchema = z.object({
  username: z.string().check(z.minLength(1), z.maxLength(200)),
  password: z.string().check(z.maxLength(1024)),
});
const NewAccountSchema = z.object({
  username: z.string().check(z.regex(/^[A-Za-z0-9._@-]{1,100}$/)),
  password: z.string(),
  role: z.enum(['operator', 'tenant']),
  tenant: z.optional(z.nullable(z.string())),
});

export function adminApi(deps: AdminApiDeps) {
  const app = new Hono<ConsoleEnv>();
  const reserved = reservedSlugs(deps.extraReserved);
  const limit = limitBody(
    MAX_JSON_BODY_BYTES,
    `The request body is too large; the limit is ${sizeText(MAX_JSON_BODY_BYTES)}.`,
  );
  const json = jsonBody({ requireJsonType: true });
  const changed = async (slug: string) => {
    await deps.tenantChanged?.(slug);
  };

  app.use('*', crossSiteGuard({ trustedProxies: deps.trustedProxies, publicUrl: deps.publicUrl }));
  // The console's answers name tenants and accounts: never kept by a browser or a proxy.
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  app.post(
    '/session',
    limit,
    json,
    validJson(SignInSchema, 'Send {"username": "...", "password": "..."} as JSON.'),
    async (c) => {
      const { username, password } = c.req.valid('json');
      const address = clientAddress(c, deps.trustedProxies);
      const keys = [`address:${address}`, `user:${username}`];
      const wait = deps.throttle.retryAfterSeconds(keys);
      if (wait > 0) {
        c.header('Retry-After', String(wait));
        return fail(c, 429, `Too many failed sign-ins. Please wait ${wait} s before trying again.`);
      }
      const account = await deps.accounts.verify(username, password);
      if (!account) {
        deps.throttle.recordFailure(keys);
        return fail(c, 400, REFUSED);
      }
      if (deps.defaultPassword && account.username === deps.accounts.serviceUsername && !isThisMachine(address)) {
        return fail(
          c,
          403,
          'The service account still has its default password, which works only on the booth itself. Set BOOTH_SERVICE_PASSWORD to sign in from the network.',
        );
      }
      setCookie(c, SESSION_COOKIE, deps.sessions.create(account.username), {
        httpOnly: true,
        sameSite: 'Strict',
        path: '/admin',
        secure: new URL(c.req.url).protocol === 'https:',
        maxAge: deps.sessions.ttlSeconds,
      });
      return c.json(account);
    },
  );

  // Everything below needs a session.
  app.use('*', async (c, next) => {
    const username = deps.sessions.user(getCookie(c, SESSION_COOKIE));
    const account = username ? deps.accounts.find(username) : null;
    if (!account) return fail(c, 401, SIGN_IN_FIRST);
    c.set('account', account);
    return next();
  });

  app.get('/session', (c) => c.json(c.get('account')));
  app.delete('/session', (c) => {
    deps.sessions.end(getCookie(c, SESSION_COOKIE));
    deleteCookie(c, SESSION_COOKIE, { path: '/admin' });
    return c.body(null, 204);
  });

  app.get('/accounts', (c) => operatorsOnly(c) ?? c.json(deps.accounts.list()));
  app.post(
    '/accounts',
    limit,
    json,
    validJson(
      NewAccountSchema,
      'Send {"username", "password", "role": "operator" or "tenant", "tenant"} as JSON; a user name holds letters, digits and . _ @ -.',
    ),
    async (c) => {
      const refused = operatorsOnly(c);
      if (refused) return refused;
      const body = c.req.valid('json');
      const weak = passwordProblem(body.password);
      if (weak) return fail(c, 400, weak, { fields: { password: [weak] } });
      const tenant = body.role === 'tenant' ? (body.tenant ?? '') : null;
      if (tenant !== null && !deps.tenants.item(deps.datasetId, tenant)) {
        return fail(c, 400, 'A tenant account needs the slug of an existing tenant.', {
          fields: { tenant: ['No tenant has this slug.'] },
        });
      }
      const account: Account = { username: body.username, role: body.role, tenant };
      if (!(await deps.accounts.add(account, body.password)))
        return fail(c, 409, `The user name "${body.username}" is taken; choose another.`);
      return c.json(account, 201);
    },
  );
  app.delete('/accounts/:username', (c) => {
    const refused = operatorsOnly(c);
    if (refused) return refused;
    const username = c.req.param('username');
    if (username === deps.accounts.serviceUsername)
      return fail(c, 400, 'The service account is a setting (BOOTH_SERVICE_USERNAME); it cannot be deleted here.');
    if (!deps.accounts.remove(username)) return fail(c, 404, `There is no account "${username}".`);
    deps.sessions.endAll(username);
    return c.body(null, 204);
  });

  app.get('/styles', (c) =>
    c.json(deps.styles.active().map(({ id, description, beta }) => ({ id, description, beta }))),
  );
  const styleIds = () => new Set(deps.styles.active().map((s) => s.id));

  /** A tenant as the console shows it: what is stored, what the build makes of it, and its problems. */
  const tenantView = (slug: string) => {
    const stored = deps.tenants.item(deps.datasetId, slug);
    if (!stored) return null;
    if ('problem' in stored)
      return {
        slug,
        branding: null,
        resolved: null,
        problems: [`Its stored branding cannot be read: ${stored.problem}.`],
      };
    // As the build reads it: the default tenant keeps its local images (scripts/pipeline/tenants.ts).
    const resolved = resolveBranding(stored.item, DEFAULT_BRANDING, { keepImages: slug === DEFAULT_TENANT_SLUG });
    // A file the branding names that is not there is reported like a refused value.
    const missing = missingFiles(resolved.branding, deps.tenantAssetsDir);
    return {
      slug,
      branding: stored.item,
      resolved: resolved.branding,
      problems: [...resolved.problems, ...missing.problems],
      files: missing.fields,
    };
  };

  app.get('/tenants', (c) => {
    const slugs = deps.tenants.slugs(deps.datasetId).filter((slug) => manages(c, slug));
    return c.json(slugs.map((slug) => tenantView(slug)));
  });

  app.post('/tenants', limit, json, async (c) => {
    const refused = operatorsOnly(c);
    if (refused) return refused;
    const input = readTenantInput(await c.req.json(), reserved, styleIds(), true);
    if (!input.ok) return fail(c, 400, input.error, { fields: input.fields });
    if (!deps.tenants.add(deps.datasetId, input.item)) {
      return fail(c, 409, `A tenant with the slug "${input.item.slug}" exists already; choose another slug.`, {
        fields: { slug: ['This slug is taken.'] },
      });
    }
    await changed(input.item.slug);
    return c.json({ ...tenantView(input.item.slug), warnings: input.warnings }, 201);
  });

  app.get('/tenants/:slug', (c) => {
    const slug = slugParam(c, reserved);
    if (slug === null) return fail(c, 400, NOT_A_SLUG);
    const refused = mayManage(c, slug);
    if (refused) return refused;
    const view = tenantView(slug);
    return view ? c.json(view) : fail(c, 404, `There is no tenant "${slug}".`);
  });

  app.put('/tenants/:slug', limit, json, async (c) => {
    const slug = slugParam(c, reserved);
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
      reserved,
      styleIds(),
      false,
    );
    if (!input.ok) return fail(c, 400, input.error, { fields: input.fields });
    if (!deps.tenants.replace(deps.datasetId, input.item)) return fail(c, 404, `There is no tenant "${slug}".`);
    await changed(slug);
    return c.json({ ...tenantView(slug), warnings: input.warnings });
  });

  app.delete('/tenants/:slug', async (c) => {
    const refused = operatorsOnly(c);
    if (refused) return refused;
    const slug = slugParam(c, reserved);
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
    deps.leads?.forgetTenant(slug);
    // The slug passed the rule: one folder name, no separator, no dots.
    await fs.rm(path.join(deps.tenantAssetsDir, slug), { recursive: true, force: true });
    // Its pages go now, not at the next publish: the site host then answers its addresses as an
    // unknown tenant's (the site's own Not Found, or the default booth's screens).
    if (deps.siteDir) await fs.rm(path.join(deps.siteDir, slug), { recursive: true, force: true });
    await changed(slug);
    return c.body(null, 204);
  });

  // The limits of an upload, shown before a file is chosen and checked in the browser before it is sent.
  app.get('/uploads', (c) => c.json(deps.uploads));

  // PUT /tenants/{slug}/files/{logo|background|scene|frame|video}, the file as the body (any Content-Type:
  // the bytes say what it is). The tenant's branding then names the new file.
  app.put(
    '/tenants/:slug/files/:kind',
    async (c, next) => {
      const kind = c.req.param('kind') as UploadKind;
      if (!UPLOAD_KINDS.includes(kind))
        return fail(
          c,
          404,
          `There is no file "${kind}" of a tenant; upload a logo, background, scene, frame or video.`,
        );
      const max = kind === 'video' ? deps.uploads.videoBytes : deps.uploads.imageBytes;
      return limitBody(max, `The file is too large; the limit is ${sizeText(max)}.`)(c, next);
    },
    async (c) => {
      const slug = slugParam(c, reserved);
      if (slug === null) return fail(c, 400, NOT_A_SLUG);
      const refused = mayManage(c, slug);
      if (refused) return refused;
      const kind = c.req.param('kind') as UploadKind;
      if (slug === DEFAULT_TENANT_SLUG && kind !== 'video')
        return fail(
          c,
          400,
          "The default tenant's images are the files in public/assets of the site; they cannot be uploaded here.",
        );
      const stored = deps.tenants.item(deps.datasetId, slug);
      if (!stored) return fail(c, 404, `There is no tenant "${slug}".`);
      if ('problem' in stored)
        return fail(c, 409, `The tenant's stored branding cannot be read (${stored.problem}); save its fields first.`);
      const data = Buffer.from(await c.req.arrayBuffer());
      if (data.length === 0) return fail(c, 400, 'The file is empty; send the file as the request body.');
      // A scene joins the tenant's backdrops: the ones saved stay, and their files with them.
      const backdrops = kind === 'scene' ? backdropsOf(resolveBranding(stored.item).branding) : [];
      if (backdrops.length >= MAX_BACKDROPS) {
        const full = `The tenant has ${MAX_BACKDROPS} backdrops, the most it can offer; remove one and save before uploading another.`;
        return fail(c, 409, full, { fields: { sceneUrls: [full] } });
      }
      const upload = await checkUpload(kind, data, deps.uploads);
      if (!upload.ok) return fail(c, upload.status, upload.error, { fields: { [UPLOAD_FIELD[kind]]: [upload.error] } });
      // The published pages (and results, for a frame or scene) keep their file until the next publish.
      const keep = new Set(deps.published?.filesOf(slug));
      for (const saved of backdrops) if (saved.startsWith(`${slug}/`)) keep.add(saved.slice(slug.length + 1));
      const name = await storeUpload(deps.tenantAssetsDir, slug, kind, upload, keep);
      const value = kind === 'video' ? `/media/tenants/${slug}/${name}` : `${slug}/${name}`;
      deps.tenants.replace(deps.datasetId, {
        ...stored.item,
        ...(kind === 'scene' ? withBackdropAdded(backdrops, value) : { [UPLOAD_FIELD[kind]]: value }),
      });
      await changed(slug);
      return c.json(tenantView(slug));
    },
  );

  app.route(
    '/',
    adminEvents({ tenants: deps.tenants, styles: deps.styles, datasetId: deps.datasetId, reserved, jobs: deps.events }),
  );
  if (deps.wall) app.route('/', adminWall({ ...deps.wall, reserved, publicUrl: deps.publicUrl }));
  app.route(
    '/',
    adminLeads({
      tenants: deps.tenants,
      datasetId: deps.datasetId,
      reserved,
      leads: deps.leads?.leads,
      mail: deps.leads?.mail,
      wall: deps.wall,
    }),
  );
  if (deps.publish)
    app.route('/', adminPublish({ ...deps.publish, reserved, tenants: deps.tenants, datasetId: deps.datasetId }));

  app.all('*', (c) => fail(c, 404, `There is no ${c.req.method} ${new URL(c.req.url).pathname} in the console's API.`));
  return app;
}

/** The backdrop fields once an uploaded scene has joined them; sceneUrl stays the first, for readers of one backdrop. */
function withBackdropAdded(backdrops: string[], added: string) {
  const sceneUrls = backdrops.includes(added) ? backdrops : [...backdrops, added];
  return { sceneUrls, sceneUrl: sceneUrls[0] };
}

// The operator console's JSON API, under /admin/api/: sign-in here, then one sub-app per part
// (accounts, tenants, their files, events, wall, leads, publish). Without a session every call
// answers 401; a tenant account reaching for another tenant, or for what only operators do, 403.
// State-changing calls from another site are refused (server/admin/cross-site.ts), and failed
// sign-ins are throttled like service logins.
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod/mini';
import { reservedSlugs } from '../../contract/slug.ts';
import { clientAddress, isThisMachine } from '../limits/client-address.ts';
import { fail, jsonBody, validJson, limitJsonBody } from './http.ts';
import type { LoginThrottle } from '../limits/login-throttle.ts';
import type { StyleStore } from '../storage/styles.ts';
import type { TenantStore } from '../storage/tenants.ts';
import type { AccountStore } from '../storage/accounts.ts';
import type { ConsoleEnv } from '../admin/access.ts';
import { crossSiteGuard } from '../admin/cross-site.ts';
import type { SessionStore } from '../storage/sessions.ts';
import { adminAccounts } from './admin-accounts.ts';
import { adminTenants } from './admin-tenants.ts';
import { adminUploads } from './admin-uploads.ts';
import { adminEvents } from './admin-events.ts';
import { adminWall, type AdminWallDeps } from './admin-wall.ts';
import type { EventJobs } from '../jobs/event-jobs.ts';
import type { UploadLimits } from '../admin/uploads.ts';
import { adminPublish, type AdminPublishDeps } from './admin-publish.ts';
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
export function adminApi(deps: AdminApiDeps) {
  const app = new Hono<ConsoleEnv>();
  const reserved = reservedSlugs(deps.extraReserved);
  const limit = limitJsonBody();
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

  app.route('/', adminAccounts(deps));
  app.get('/styles', (c) =>
    c.json(deps.styles.active().map(({ id, description, beta }) => ({ id, description, beta }))),
  );
  const tenantDeps = {
    tenants: deps.tenants,
    datasetId: deps.datasetId,
    tenantAssetsDir: deps.tenantAssetsDir,
    reserved,
    changed,
  };
  app.route(
    '/',
    adminTenants({
      ...tenantDeps,
      accounts: deps.accounts,
      styles: deps.styles,
      events: deps.events,
      siteDir: deps.siteDir,
      forgetLeads: deps.leads && ((slug) => deps.leads?.forgetTenant(slug)),
    }),
  );
  app.route('/', adminUploads({ ...tenantDeps, uploads: deps.uploads, published: deps.published }));

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

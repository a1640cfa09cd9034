// The embedded server: one Hono app with one sub-app per host it stands in for
// (auth, content, AI hub, image proxy, media) and the static site for every other path.
import { Hono, type Context } from 'hono';
import { CONSOLE_PATH, SERVER_PATHS, VISITOR_HEADER } from '../../contract/index.ts';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { clientGone, fail, requestPath } from './http.ts';
import { ServiceUnavailableError } from '../jobs/job-backend.ts';
import { log, logError } from '../process/log.ts';
import { adminApi, type AdminApiDeps } from './admin-api.ts';
import { consoleHost } from './admin-console.ts';
import { consoleBundle } from '../admin/console-bundle.ts';
import { aiHubHost, type AiHubDeps } from './ai-hub.ts';
import { authHost, type AuthDeps } from './auth.ts';
import { contentHost, type ContentDeps } from './content.ts';
import { imageProxyHost, type ImageProxyDeps } from './image-proxy.ts';
import { jobEmailHost, type JobEmailDeps } from './job-email.ts';
import { leadsHost, type LeadsHostDeps } from './leads.ts';
import { mediaHost, type MediaDeps } from './media.ts';
import { siteHost } from './site.ts';
import { wallHost, type WallHostDeps } from './wall.ts';
import { LINGER_IDLE_MS, LINGER_MS, lingerOnRefusal } from '../limits/linger.ts';

/** Bytes a refusal reads and discards when the deps do not say (BOOTH_MAX_BODY_BYTES' default). */
const DEFAULT_LINGER_BYTES = 20 * 1024 * 1024;

export interface AppDeps {
  auth: AuthDeps;
  content: ContentDeps;
  aiHub: AiHubDeps;
  media: MediaDeps;
  imageProxy: ImageProxyDeps;
  proxySignature: string;
  siteDir: string;
  /** The event wall's calls (/transformations/wall); absent where the booth has no wall. */
  wall?: WallHostDeps;
  /** The operator console's API (/admin/api/); absent on a node without the tenants' database. */
  admin?: AdminApiDeps;
  /** "Email me my picture" (hosts/job-email.ts); absent where jobs are not in this process's SQLite. */
  jobEmail?: JobEmailDeps;
  /** Opt-in leads (hosts/leads.ts): stored in the tenants' SQLite file, or queued in Redis on an API node. */
  leads?: LeadsHostDeps;
  /** The largest body a refusal reads and throws away (lingerOnRefusal): the largest any call takes. */
  lingerBytes?: number;
}

/** A node of a scale-out deployment serves part of the app (server/roles/); /health always. */
export type PartialAppDeps = Partial<AppDeps> & { health?: () => Promise<{ ok: boolean } & Record<string, unknown>> };

/** Top-level paths of the server itself; every other path belongs to the static site. */
export function serverPrefixes(proxySignature: string): string[] {
  return [...SERVER_PATHS, proxySignature];
}

const SIGNED_PROXY_PATH = /^\/([A-Za-z0-9_-]{43})(\/.*\/plain\/.+)$/;
/** The path as sent, still percent-encoded. */
const rawPath = (c: Context) => new URL(c.req.url).pathname;

export function createApp(deps: AppDeps | PartialAppDeps) {
  // Not strict: the spec writes its calls with a trailing slash (jobs/create/), clients may not,
  // and one route answers both. This setting governs every host mounted below.
  const app = new Hono({ strict: false });
  const prefixes = deps.proxySignature ? serverPrefixes(deps.proxySignature) : [...SERVER_PATHS];

  // After the log line's middleware: it sees the answer as it was sent.
  app.use(
    '*',
    lingerOnRefusal({ maxBytes: deps.lingerBytes ?? DEFAULT_LINGER_BYTES, maxMs: LINGER_MS, idleMs: LINGER_IDLE_MS }),
  );

  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    // The path only: a query string or body never reaches the log.
    const gone = clientGone(c) ? ' (the client went away before its request was read)' : '';
    log(`${c.req.method} ${requestPath(c)} ${c.res.status} ${Math.round(performance.now() - started)}ms${gone}`);
  });

  // The browser's safety headers on every answer: no type sniffing, no referrer (a results
  // address names a visitor's job), no window shared with other sites. Left out on purpose:
  // Cross-Origin-Resource-Policy stays cross-origin, since a site on a CDN shows this server's
  // images; no X-Frame-Options, so a tenant may frame its booth in its own pages; no HSTS,
  // which would pin a laptop's name to HTTPS for months in every visitor's browser.
  app.use(
    '*',
    secureHeaders({
      crossOriginResourcePolicy: 'cross-origin',
      xFrameOptions: false,
      strictTransportSecurity: false,
    }),
  );

  // The site may be hosted elsewhere (a CDN) and still call this server.
  const apiCors = cors({
    origin: '*',
    allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Authorization', VISITOR_HEADER],
    maxAge: 600,
  });
  // Not the console: its calls carry a session cookie and come from its own pages only.
  for (const prefix of prefixes) if (prefix !== CONSOLE_PATH) app.use(`/${prefix}/*`, apiCors);
  app.use('/health', apiCors);

  const health = 'health' in deps ? deps.health : undefined;
  app.get('/health', async (c) => {
    if (!health) return c.json({ ok: true });
    const answer = await health();
    return c.json(answer, answer.ok ? 200 : 503);
  });
  if (deps.auth) app.route('/jwt', authHost(deps.auth));
  if (deps.content) app.route('/datasets', contentHost(deps.content));
  if (deps.wall) app.route('/transformations/wall', wallHost(deps.wall));
  if (deps.jobEmail) app.route('/transformations', jobEmailHost(deps.jobEmail));
  if (deps.leads) app.route('/transformations', leadsHost(deps.leads));
  if (deps.aiHub) app.route('/transformations', aiHubHost(deps.aiHub));
  if (deps.media) app.route('/media', mediaHost(deps.media));
  if (deps.admin) {
    app.route(`/${CONSOLE_PATH}/api`, adminApi(deps.admin));
    app.route(`/${CONSOLE_PATH}`, consoleHost(consoleBundle()));
  }
  const { imageProxy, proxySignature } = deps;
  const proxy = imageProxy && proxySignature ? imageProxyHost(imageProxy) : null;
  if (proxy && proxySignature)
    app.get(`/${proxySignature}/*`, (c) => proxy(c, proxySignature, rawPath(c).slice(proxySignature.length + 1)));
  if (proxy && imageProxy?.key) {
    // Signed URLs start with their signature: 43 characters that no path of the site takes
    // together with a /plain/ source (a tenant slug of that length gets its pages).
    app.get('*', async (c, next) => {
      const signed = SIGNED_PROXY_PATH.exec(rawPath(c));
      if (!signed) return next();
      return proxy(c, signed[1]!, signed[2]!);
    });
  }

  const site = deps.siteDir ? siteHost(deps.siteDir) : null;
  app.all('*', (c) => {
    const first = c.req.path.split('/')[1] ?? '';
    if (!site || prefixes.includes(first))
      return fail(c, 404, `There is no ${c.req.method} ${requestPath(c)} on this server.`);
    return site.fetch(c.req.raw);
  });

  app.onError((error, c) => {
    // Nobody is left to answer, and nothing went wrong here: the request line above says so.
    if (clientGone(c)) return fail(c, 400, 'The request was cut off before it was read.');
    if (error instanceof ServiceUnavailableError) {
      log(`${c.req.method} ${requestPath(c)}: ${error.service} unreachable (${error.detail})`);
      c.header('Retry-After', '30');
      return fail(c, 503, error.message);
    }
    logError(`${c.req.method} ${requestPath(c)} failed`, error);
    return fail(c, 500, 'Something went wrong on the booth server. Please try again.');
  });
  return app;
}

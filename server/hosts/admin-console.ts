// The operator console's pages at /admin/ (the app in console/, bundled by
// server/admin/console-bundle.ts). One page and its hashed files; the app routes by the URL's
// fragment, so no other path is needed. A strict policy: scripts and styles from these files
// only, no frames, no plugins, calls to this origin only.
import { Hono, type Context } from 'hono';
import { fail } from './http.ts';
import { logError } from '../process/log.ts';
import type { ConsoleBundle } from '../admin/console-bundle.ts';

export const CONSOLE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  // A tenant's images and video may be absolute https URLs (contract/branding.ts).
  "img-src 'self' blob: data: https:",
  "media-src 'self' https:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function consoleHost(bundle: () => Promise<ConsoleBundle>) {
  const app = new Hono({ strict: false });
  const headers = { 'Content-Security-Policy': CONSOLE_POLICY, 'X-Frame-Options': 'DENY' };

  // A bundle that cannot be made (console/ missing from a deployment, a syntax error) is a 503
  // with a sentence; the next request tries again.
  const ready = async () => {
    try {
      return await bundle();
    } catch (error) {
      logError('the console could not be bundled', error);
      return null;
    }
  };
  const unavailable = (c: Context) =>
    fail(c, 503, 'The console could not be prepared on this server; the server log says why.');

  app.get('/', async (c) => {
    const built = await ready();
    return built ? c.html(built.html, 200, { ...headers, 'Cache-Control': 'no-store' }) : unavailable(c);
  });

  app.get('/assets/:name', async (c) => {
    const built = await ready();
    if (!built) return unavailable(c);
    const file = built.files.get(c.req.param('name'));
    if (!file) return fail(c, 404, 'There is no such file of the console; reload the console page.');
    const gzip = /\bgzip\b(?!;\s*q=0(?:\.0*)?\b)/i.test(c.req.header('accept-encoding') ?? '');
    return c.body(new Uint8Array(gzip ? file.gzip : file.body), 200, {
      ...headers,
      'Content-Type': file.type,
      'Cache-Control': 'public, max-age=31536000, immutable',
      Vary: 'Accept-Encoding',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
  });

  app.all('*', (c) =>
    fail(c, 404, `There is no ${c.req.method} ${new URL(c.req.url).pathname} in the console; open /admin/.`),
  );
  return app;
}

// State-changing console calls must come from the console's own pages. The session cookie is
// SameSite=Strict already; this refuses, besides, any POST, PUT, PATCH or DELETE a browser marks
// as coming from another site (Sec-Fetch-Site), or whose Origin is not this server's. A script
// or the ops CLI sends neither header and is not a browser carrying someone else's cookie.
import type { MiddlewareHandler } from 'hono';
import { fail } from '../http.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const REFUSED = 'This request came from another site, so it was refused. Use the console at its own address.';

export function crossSiteGuard(): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const site = c.req.header('sec-fetch-site');
    if (site !== undefined && site !== 'same-origin' && site !== 'none') return fail(c, 403, REFUSED);
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== new URL(c.req.url).origin) return fail(c, 403, REFUSED);
    return next();
  };
}

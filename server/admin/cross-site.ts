// State-changing console calls must come from the console's own pages. The session cookie is
// SameSite=Strict already; this refuses, besides, any POST, PUT, PATCH or DELETE a browser marks
// as coming from another site (Sec-Fetch-Site), or whose Origin is not one of the console's own.
// A script or the ops CLI sends neither header and is not a browser carrying someone else's cookie.
//
// The console's own origin is the one the request came to, but behind a reverse proxy that sets
// its own Host (nginx's `proxy_pass http://127.0.0.1:4321` does) the browser's origin is the
// proxy's: it is BOOTH_PUBLIC_URL when set, and X-Forwarded-Host (with X-Forwarded-Proto) from a
// proxy named in BOOTH_TRUSTED_PROXIES; from anyone else those headers are a claim anyone can make.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { fail } from '../hosts/http.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const REFUSED = 'This request came from another site, so it was refused. Use the console at its own address.';

export interface CrossSiteOptions {
  /** Reverse proxies whose X-Forwarded-Host and X-Forwarded-Proto are believed (BOOTH_TRUSTED_PROXIES). */
  trustedProxies?: ReadonlySet<string>;
  /** The address visitors use when it is not this server's own (BOOTH_PUBLIC_URL). */
  publicUrl?: string;
}

/** The first value of a header a proxy may have appended to. */
const first = (value: string | undefined) => value?.split(',')[0]?.trim() || undefined;

/** The origin a trusted proxy says the browser used, or null. */
function forwardedOrigin(c: Context, trusted: ReadonlySet<string>): string | null {
  if (!trusted.size) return null;
  const peer = (getConnInfo(c).remote.address ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  const host = first(c.req.header('x-forwarded-host'));
  if (!trusted.has(peer) || !host) return null;
  const proto = first(c.req.header('x-forwarded-proto')) ?? new URL(c.req.url).protocol.replace(':', '');
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return null;
  }
}

export function crossSiteGuard(options: CrossSiteOptions = {}): MiddlewareHandler {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : null;
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const site = c.req.header('sec-fetch-site');
    if (site !== undefined && site !== 'same-origin' && site !== 'none') return fail(c, 403, REFUSED);
    const origin = c.req.header('origin');
    if (origin !== undefined) {
      const own = [new URL(c.req.url).origin, publicOrigin, forwardedOrigin(c, options.trustedProxies ?? new Set())];
      if (!own.includes(origin)) return fail(c, 403, REFUSED);
    }
    return next();
  };
}

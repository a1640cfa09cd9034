// A phone that types the booth's plain http address gets sent to the HTTPS listener, where its
// browser allows the camera. Only page loads are sent (browsers mark them with
// Upgrade-Insecure-Requests), and not over loopback: API calls, the build and this machine's own
// kiosk on http://localhost (already a secure context) are answered as they come. A browser on
// this machine that opens its network address is sent, as that is no secure context. Nothing
// that came through a reverse proxy is sent either: the proxy owns the scheme, and our HTTPS port is not its.
import type { HttpBindings } from '@hono/node-server';
import { log } from '../process/log.ts';

type Fetch = (request: Request, env: HttpBindings) => unknown;

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** Headers a reverse proxy adds; any one of them means the request did not come straight from a browser. */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-proto', 'x-forwarded-for', 'x-forwarded-host'];

export function isLoopback(address: string | undefined) {
  return address !== undefined && LOOPBACK.test(address);
}

export interface UpgradeOptions {
  httpsPort: number;
  /** BOOTH_PUBLIC_URL is set: visitors come through a proxy, which decides about https itself. */
  behindProxy: boolean;
}

/** The address to send this request to, or null when it is answered over http. */
export function httpsUpgradeUrl(
  request: Request,
  remoteAddress: string | undefined,
  { httpsPort, behindProxy }: UpgradeOptions,
): string | null {
  if (behindProxy || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
  if (request.headers.get('upgrade-insecure-requests') !== '1' || isLoopback(remoteAddress)) return null;
  if (PROXY_HEADERS.some((name) => request.headers.has(name))) return null;
  const url = new URL(request.url);
  url.protocol = 'https:';
  url.port = String(httpsPort);
  return url.href;
}

/** Wraps the app's fetch for the plain http listener. */
export function withHttpsUpgrade(fetch: Fetch, options: UpgradeOptions): Fetch {
  return (request, env) => {
    const target = httpsUpgradeUrl(request, env.incoming.socket.remoteAddress, options);
    if (!target) return fetch(request, env);
    log(`${request.method} ${new URL(request.url).pathname} 307 to HTTPS`);
    return new Response(null, { status: 307, headers: { location: target, vary: 'Upgrade-Insecure-Requests' } });
  };
}

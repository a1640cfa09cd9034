// A phone that types the booth's plain http address gets sent to the HTTPS listener, where its
// browser allows the camera. Only page loads from another machine are sent: browsers mark them
// with Upgrade-Insecure-Requests; API calls, the build and this machine's own kiosk
// (http://localhost is already a secure context) are answered as they come.
import type { HttpBindings } from '@hono/node-server';
import { log } from './log.ts';

type Fetch = (request: Request, env: HttpBindings) => unknown;


const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

export function isLoopback(address: string | undefined) {
  return address !== undefined && LOOPBACK.test(address);
}

/** The address to send this request to, or null when it is answered over http. */
export function httpsUpgradeUrl(request: Request, remoteAddress: string | undefined, httpsPort: number): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (request.headers.get('upgrade-insecure-requests') !== '1' || isLoopback(remoteAddress)) return null;
  const url = new URL(request.url);
  url.protocol = 'https:';
  url.port = String(httpsPort);
  return url.href;
}

/** Wraps the app's fetch for the plain http listener. */
export function withHttpsUpgrade(fetch: Fetch, httpsPort: number): Fetch {
  return (request, env) => {
    const target = httpsUpgradeUrl(request, env.incoming.socket.remoteAddress, httpsPort);
    if (!target) return fetch(request, env);
    log(`${request.method} ${new URL(request.url).pathname} 307 to HTTPS`);
    return new Response(null, { status: 307, headers: { location: target, vary: 'Upgrade-Insecure-Requests' } });
  };
}

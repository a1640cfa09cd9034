// Who is asking: the address a request came from, by which failed logins are throttled and the
// default password is refused. Behind a reverse proxy every request comes from the proxy, so the
// proxy's X-Forwarded-For is believed, but only from a proxy the operator named as trusted
// (BOOTH_TRUSTED_PROXIES): from anyone else the header is a claim anyone can make.
import os from 'node:os';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** An IPv4 address as Node reports it on a dual-stack socket (::ffff:10.0.0.5), plainly. */
export const plainAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

export function clientAddress(c: Context, trustedProxies: ReadonlySet<string>): string {
  const peer = plainAddress(getConnInfo(c).remote.address ?? 'unknown');
  if (!trustedProxies.has(peer)) return peer;
  // The proxy appends the address it saw last: entries before it were sent by the client.
  const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
  return forwarded ? plainAddress(forwarded) : peer;
}

/** Loopback, or an address of one of this machine's own network interfaces. */
export function isThisMachine(address: string): boolean {
  if (/^127\./.test(address) || address === '::1') return true;
  return Object.values(os.networkInterfaces())
    .flat()
    .some((i) => i?.address === address);
}

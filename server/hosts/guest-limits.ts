// Who a guest is, and whether they may ask once more this minute, for the AI hub's calls beside a
// job (hosts/leads.ts, hosts/job-email.ts): their visitor token when they send one (a bad one is a
// 401), else their address (a venue's guests together); then the call's buckets of minute limits.
import type { Context } from 'hono';
import { VISITOR_HEADER } from '../../contract/index.ts';
import { clientAddress } from '../limits/client-address.ts';
import type { MinuteBucket, MinuteLimits } from '../limits/minute-limits.ts';
import type { VisitorTokens } from '../limits/visitor-tokens.ts';
import { fail } from './http.ts';

export interface GuestLimitsDeps {
  visitors: VisitorTokens;
  trustedProxies: ReadonlySet<string>;
  limits: MinuteLimits;
}

/** The guest: `visitor:<id>` with a token, `address:<ip>` without. */
export interface Guest {
  who: string;
  token: boolean;
}

/** The answer refusing the guest (401, 429 with Retry-After), or null: one was counted in each bucket. */
export async function guestRefusal(
  c: Context,
  deps: GuestLimitsDeps,
  buckets: (guest: Guest) => readonly MinuteBucket[],
): Promise<Response | null> {
  const token = c.req.header(VISITOR_HEADER);
  let guest: Guest = { who: `address:${clientAddress(c, deps.trustedProxies)}`, token: false };
  if (token !== undefined) {
    const checked = await deps.visitors.check(token);
    if (!checked.ok) return fail(c, 401, checked.error);
    guest = { who: `visitor:${checked.visitor}`, token: true };
  }
  const refused = await deps.limits.take(buckets(guest));
  if (!refused) return null;
  c.header('Retry-After', String(refused.retryAfterSeconds));
  return fail(c, 429, refused.message);
}

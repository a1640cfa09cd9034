// The console's shared state (nanostores): who is signed in, where the app is, and the last
// status sentence, which a live region reads out.
import { atom } from 'nanostores';
import type { Account } from './api.ts';

/** undefined: not known yet; null: signed out. */
export const $account = atom<Account | null | undefined>(undefined);

export const $status = atom('');

/** Announces a sentence in the status region (set twice so the same sentence is read again). */
export function say(text: string) {
  $status.set('');
  queueMicrotask(() => $status.set(text));
}

export type Route =
  | { name: 'tenants' }
  | { name: 'new-tenant' }
  | { name: 'tenant'; slug: string }
  | { name: 'event'; slug: string }
  | { name: 'texts'; slug: string }
  | { name: 'accounts' }
  | { name: 'publish' }
  | { name: 'not-found' };

/** The route of a URL fragment: #/, #/new, #/tenants/SLUG, #/tenants/SLUG/event, #/tenants/SLUG/texts, #/accounts, #/publish. */
export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '') || '/';
  if (path === '/' || path === '/tenants') return { name: 'tenants' };
  if (path === '/new') return { name: 'new-tenant' };
  if (path === '/accounts') return { name: 'accounts' };
  if (path === '/publish') return { name: 'publish' };
  const tenant = /^\/tenants\/([a-z0-9-]{1,63})(\/event|\/texts)?$/.exec(path);
  if (tenant?.[2] === '/texts') return { name: 'texts', slug: tenant[1]! };
  if (tenant) return tenant[2] ? { name: 'event', slug: tenant[1]! } : { name: 'tenant', slug: tenant[1]! };
  return { name: 'not-found' };
}

export const $route = atom<Route>(parseRoute(typeof location === 'undefined' ? '' : location.hash));

if (typeof window !== 'undefined') window.addEventListener('hashchange', () => $route.set(parseRoute(location.hash)));

export const go = (hash: string) => {
  location.hash = hash;
};

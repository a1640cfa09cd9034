// Every route of the console's API (/admin/api), with a body where it takes one, and {slug} where
// it names a tenant. tests/unit/server/admin-routes.test.ts checks that this list is the API's
// whole list, so the 401 and 403 tests that walk it cannot miss a route added later.
export interface ConsoleRoute {
  method: string;
  path: string;
  body?: unknown;
}

export const CONSOLE_ROUTES: ConsoleRoute[] = [
  { method: 'POST', path: '/session', body: { username: 'x', password: 'y' } },
  { method: 'GET', path: '/session' },
  { method: 'DELETE', path: '/session' },
  { method: 'GET', path: '/accounts' },
  { method: 'POST', path: '/accounts', body: { username: 'x', password: 'long-enough-password', role: 'operator' } },
  { method: 'DELETE', path: '/accounts/x' },
  { method: 'GET', path: '/styles' },
  { method: 'GET', path: '/uploads' },
  { method: 'GET', path: '/tenants' },
  { method: 'POST', path: '/tenants', body: { slug: 'x' } },
  { method: 'GET', path: '/tenants/{slug}' },
  { method: 'PUT', path: '/tenants/{slug}', body: { client: 'x' } },
  { method: 'DELETE', path: '/tenants/{slug}' },
  { method: 'PUT', path: '/tenants/{slug}/files/logo', body: 'x' },
  { method: 'GET', path: '/tenants/{slug}/events' },
  { method: 'GET', path: '/tenants/{slug}/results' },
  { method: 'GET', path: '/tenants/{slug}/results.zip' },
  { method: 'DELETE', path: '/tenants/{slug}/results/x' },
  { method: 'DELETE', path: '/tenants/{slug}/results' },
  { method: 'GET', path: '/tenants/{slug}/bundle.tar.gz' },
  { method: 'GET', path: '/tenants/{slug}/wall' },
  { method: 'POST', path: '/tenants/{slug}/wall/x', body: { decision: 'approve' } },
  { method: 'GET', path: '/tenants/{slug}/leads.csv' },
  { method: 'POST', path: '/tenants/{slug}/leads/forget', body: { address: 'x@example.com' } },
  { method: 'GET', path: '/tenants/{slug}/tally' },
  { method: 'GET', path: '/publish' },
  { method: 'POST', path: '/publish', body: { tenants: ['{slug}'] } },
  { method: 'GET', path: '/publish/x' },
];

/** The route with `slug` in its path and body. */
export const routeFor = (route: ConsoleRoute, slug: string) => ({
  method: route.method,
  path: route.path.replace('{slug}', slug),
  body: typeof route.body === 'object' ? JSON.parse(JSON.stringify(route.body).replace('{slug}', slug)) : route.body,
});

/** The routes that name a tenant: a tenant account may use them for its own tenant only. */
export const TENANT_ROUTES = CONSOLE_ROUTES.filter(
  (r) => r.path.includes('{slug}') || JSON.stringify(r.body ?? '').includes('{slug}'),
);

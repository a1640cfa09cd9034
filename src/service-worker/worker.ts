// A tenant's service worker, scoped to the tenant's root: the booth's pages keep working when the
// event Wi-Fi drops for a moment. The build (scripts/pipeline/service-worker.ts) bundles this
// file once per tenant with that tenant's list of files, and a version taken from their bytes, so
// a new build installs a new worker whose cache replaces the old one.
//
// - The tenant's screens in each of its languages ({code}/camera/ …), and a results address, which
//   all of a language's share its results page: network first, the cached copy when the network
//   fails or is slower than NETWORK_TIMEOUT_MS.
// - The pages' /_astro/ scripts and styles, the manifest and icons, the local images, the
//   tenant's logo and background through the image proxy and the styles' thumbnails: from the
//   cache, else from the network and then kept.
// - Never: anything but a GET, other origins, the AI hub's calls (/transformations/…), a
//   visitor's results (/media/results/…), videos (range requests) or other tenants' pages.

/// <reference lib="webworker" />
declare const self: ServiceWorkerGlobalScope;

export interface WorkerConfig {
  version: string;
  /** Paths inside the tenant's root ('' is the intro, 'camera/', 'fr/camera/' …) of the screens. */
  pages: string[];
  /** Root-relative URLs (/_astro/…) and paths inside the tenant's root to fetch at install. */
  precache: string[];
}

declare const BOOTH_WORKER_CONFIG: WorkerConfig;
const config = BOOTH_WORKER_CONFIG;

/** A page from the network after this long is given up for the cached copy (kept if it still arrives). */
const NETWORK_TIMEOUT_MS = 3_000;
/** Same-origin paths never answered from a cache: the AI hub's calls, the visitor's results, the server's own. */
const NEVER = /^\/(transformations|media\/results|jwt|datasets|health|api)(\/|$)/;

const scope = new URL(self.registration.scope);
const CACHE_PREFIX = `booth ${scope.pathname} `;
const CACHE = CACHE_PREFIX + config.version;

/** The screen a path inside the scope names ('' for the intro), or null. */
function pageOf(pathname: string): string | null {
  if (!pathname.startsWith(scope.pathname)) return null;
  const rest = pathname.slice(scope.pathname.length);
  // results/{id}, or {code}/results/{id} in a guest's language.
  const results = /^([^/]+\/)?results\/./.exec(rest);
  const screen = results ? `${results[1] ?? ''}results/` : rest === '' || rest.endsWith('/') ? rest : `${rest}/`;
  return config.pages.includes(screen) ? screen : null;
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        cache.addAll([
          ...config.pages.map((page) => new URL(page, scope).href),
          ...config.precache.map((url) => new URL(url, scope).href),
        ]),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  // Caches are shared by every worker of the origin: only this scope's older versions go.
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** The files kept once fetched: the site's own, and the images every screen of the tenant shows. */
function keeps(pathname: string): boolean {
  if (pathname.startsWith('/_astro/') || pathname.startsWith('/media/styles/')) return true;
  // An image-proxy URL (/{signature}/{options}/plain/{source}): the tenant's logo and background.
  if (/^\/[^/]+\/.*\/plain\//.test(pathname)) return true;
  return config.precache.some((path) => new URL(path, scope).pathname === pathname);
}

const delay = (ms: number) => new Promise<undefined>((resolve) => setTimeout(resolve, ms, undefined));

async function networkFirst(request: Request, page: string): Promise<Response> {
  const cache = await caches.open(CACHE);
  const key = new URL(page, scope).href;
  const network = fetch(request).then((response) => {
    if (response.ok && !response.redirected) void cache.put(key, response.clone());
    return response;
  });
  const first = await Promise.race([network.catch(() => undefined), delay(NETWORK_TIMEOUT_MS)]);
  if (first) return first;
  return (await cache.match(key)) ?? network;
}

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.status === 200) void cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin || NEVER.test(url.pathname)) return;
  const page = pageOf(url.pathname);
  if (page !== null) return event.respondWith(networkFirst(request, page));
  if (keeps(url.pathname)) event.respondWith(cacheFirst(request));
});

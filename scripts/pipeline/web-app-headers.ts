// What a static host must say about each tenant's web-app files (contract/web-app.ts): the
// manifest's content type, and no caching of the service worker or the manifest, so a new build
// reaches installed booths on their next load instead of after a cache's lifetime.
import { WEB_APP_FILES } from '../../contract/web-app.ts';
import { nginxSafetyHeaders } from './safety-headers.ts';

export const MANIFEST_TYPE = 'application/manifest+json';
const NO_CACHE = 'no-cache';

/** Rules for Netlify's and Cloudflare Pages' _headers: the default tenant's files and every tenant's. */
export function webAppHeaderRules(): string {
  const { manifest, worker } = WEB_APP_FILES;
  return [
    "# Each tenant's web app: the service worker and the manifest are checked on every load.",
    ...[`/${worker}`, `/*/${worker}`].flatMap((path) => [path, `  Cache-Control: ${NO_CACHE}`]),
    ...[`/${manifest}`, `/*/${manifest}`].flatMap((path) => [
      path,
      `  Content-Type: ${MANIFEST_TYPE}`,
      `  Cache-Control: ${NO_CACHE}`,
    ]),
    '',
  ].join('\n');
}

/**
 * nginx locations for them, before the tenants' own (regex locations are tried in order). The
 * safety headers are repeated: nginx drops them in a location with add_header of its own.
 */
export function webAppNginxLocations(csp: string): string[] {
  const escapeDots = (name: string) => name.replace(/\./g, '\\.');
  const safety = nginxSafetyHeaders(csp).join(' ');
  return [
    "# Each tenant's web app: the service worker and the manifest are checked on every load.",
    `location ~ "(^|/)${escapeDots(WEB_APP_FILES.worker)}$" { add_header Cache-Control "${NO_CACHE}"; ${safety} }`,
    `location ~ "(^|/)${escapeDots(WEB_APP_FILES.manifest)}$" { types { } default_type ${MANIFEST_TYPE}; add_header Cache-Control "${NO_CACHE}"; ${safety} }`,
  ];
}

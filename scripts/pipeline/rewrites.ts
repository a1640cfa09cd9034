// The rules a static host needs, and its safety headers. A static build cannot list job ids, so
// each page set has one results page and the host answers every /results/{jobId} (and
// /{tenant}/results/{jobId}) with it; the results island reads the id from the address. These
// are the rules for the hosts people use. The embedded server needs none: it does the same
// rewrite itself.
import { existsSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LANGUAGES } from '../../contract/i18n/languages.ts';
import { MAX_SLUG_LENGTH } from '../../contract/slug.ts';
import { CSP_FILE, contentSecurityPolicy } from './csp.ts';
import { HEADERS_FILE, headersFile, nginxSafetyHeaders } from './safety-headers.ts';
import { webAppHeaderRules, webAppNginxLocations } from './web-app-headers.ts';

/** Netlify and Cloudflare Pages read this file from the site's root. */
export const REDIRECTS_FILE = '_redirects';
/** An nginx snippet to `include` inside the server block whose root is the built site. */
export const NGINX_FILE = 'booth.nginx.conf';

export interface RewriteOptions {
  /** false for a per-tenant bundle: its one page set is served from the root, no prefixes. */
  tenantPrefixes: boolean;
  /**
   * The page sets of a guest's language under a tenant, as '/{slug}/{code}' (those that have a
   * Not Found page in the built site): Netlify has no fallback when a rule's page is missing, so
   * each gets its own rule. The default tenant's '/{code}' is a tenant's '/{slug}' to the rules.
   * In a per-tenant bundle, its languages' '/{code}'.
   */
  languagePageSets?: readonly string[];
}

export function redirectsRules({ tenantPrefixes, languagePageSets = [] }: RewriteOptions): string {
  // One placeholder rule covers every tenant: Cloudflare allows only 100 dynamic rules, and a
  // 200 to a missing page is the host's own 404 anyway. The target is the folder, not its
  // index.html: Cloudflare Pages answers a rewrite to an .html path with a redirect to the
  // pretty URL, which would lose the job id; both hosts serve a folder's index.html.
  // A rule applies only where no file answers (both hosts "shadow" rules with files), so a
  // tenant's own pages win over the default's below.
  return [
    '# Every job id is answered by the one results page of its tenant (status 200, a rewrite).',
    '/results/*  /results/  200',
    ...(tenantPrefixes
      ? [
          '/:tenant/results/*  /:tenant/results/  200',
          "# A guest's language of a tenant (its branding's languages): that page set's results page.",
          '/:tenant/:language/results/*  /:tenant/:language/results/  200',
          "# A slug with no page set shows the default tenant's screens (the built-in default branding).",
          '/:tenant  /  200',
          '/:tenant/  /  200',
          '/:tenant/camera  /camera/  200',
          '/:tenant/camera/  /camera/  200',
          '/:tenant/styles  /styles/  200',
          '/:tenant/styles/  /styles/  200',
          ...(languagePageSets.length
            ? [
                "# Any other address under a guest's language of a tenant: that language's Not Found page.",
                ...languagePageSets.map((base) => `${base}/*  ${base}/404.html  404`),
              ]
            : []),
          '# Any other address under a tenant: its own Not Found page.',
          '/:tenant/*  /:tenant/404.html  404',
        ]
      : languagePageSets.flatMap((base) => [
          `# The guest's language ${base.slice(1)}: its results page, and its Not Found page for any other address.`,
          `${base}/results/*  ${base}/results/  200`,
          `${base}/*  ${base}/404.html  404`,
        ])),
    '',
  ].join('\n');
}

export function nginxSnippet({ tenantPrefixes }: RewriteOptions, csp: string): string {
  return [
    '# The booth site on nginx. Include this file inside the server block whose root is the built',
    '# site:  root /srv/booth;  include /srv/booth/booth.nginx.conf;',
    '',
    '# /camera -> /camera/ without naming the host and port, which are wrong behind a proxy.',
    'absolute_redirect off;',
    '',
    '# Safety headers. nginx drops these in a location with add_header of its own: repeated there.',
    ...nginxSafetyHeaders(csp),
    '',
    '# Every job id is answered by the one results page of its tenant; the page reads the id from the address.',
    'location ~ ^/results/. { try_files $uri /results/index.html =404; }',
    '',
    ...webAppNginxLocations(csp),
    '',
    ...(tenantPrefixes ? tenantLocations() : languageLocations()),
    '',
    '# Script and style files carry a content hash in their names: they never change.',
    `location ^~ /_astro/ { add_header Cache-Control "public, max-age=31536000, immutable"; ${nginxSafetyHeaders(csp).join(' ')} }`,
    '',
    '# A URL matching no page shows the Not Found view.',
    'error_page 404 /404.html;',
    '',
  ].join('\n');
}

/**
 * nginx locations for /{slug}/…: a tenant's results, the default tenant's screens for a slug with
 * no page set (the spec's built-in default branding), and each tenant's own Not Found page, in
 * the guest's language under /{slug}/{code}/.
 * Regex locations are tried in this order.
 */
function tenantLocations(): string[] {
  const slug = `([a-z0-9-]{1,${MAX_SLUG_LENGTH}})`;
  const code = `(${LANGUAGES.join('|')})`;
  return [
    `location ~ "^/${slug}/404\\.html$" { try_files $uri /404.html; }`,
    `location ~ "^/${slug}/results/." { try_files $uri /$1/results/index.html /results/index.html; }`,
    "# A guest's language of a tenant (its branding's languages): that page set's results page.",
    `location ~ "^/${slug}/([a-z]{2})/results/." { try_files $uri /$1/$2/results/index.html =404; }`,
    "# A slug with no page set shows the default tenant's screens (the built-in default branding).",
    `location ~ "^/${slug}/(camera|styles)/?$" { try_files /$1/$2/index.html /$2/index.html; }`,
    `location ~ "^/${slug}/?$" { try_files $uri/index.html /$1/index.html /index.html; }`,
    "# Any other address under a guest's language of a tenant (the default tenant's: under /{code}/):",
    "# that language's Not Found page, or the tenant's own where the tenant does not offer the language.",
    `location ~ "^/${slug}/${code}/404\\.html$" { try_files $uri /$1/404.html; }`,
    `location ~ "^/${slug}/${code}/" { error_page 404 /$1/$2/404.html; try_files $uri $uri/index.html =404; }`,
    "# Any other address under a tenant: its own Not Found page (the site's, for a slug with none).",
    `location ~ "^/${slug}/" { error_page 404 /$1/404.html; try_files $uri $uri/index.html =404; }`,
  ];
}

/**
 * nginx locations for a per-tenant bundle's guest's languages, served from /{code}/…: that
 * language's results page, and its Not Found page (the bundle's own for a code it does not have).
 */
function languageLocations(): string[] {
  const code = `(${LANGUAGES.join('|')})`;
  return [
    "# A guest's language of the tenant (its branding's languages): that page set's results page,",
    "# and its Not Found page for any other address (the site's, for a language it does not have).",
    `location ~ "^/${code}/results/." { try_files $uri /$1/results/index.html =404; }`,
    `location ~ "^/${code}/404\\.html$" { try_files $uri /404.html; }`,
    `location ~ "^/${code}/" { error_page 404 /$1/404.html; try_files $uri $uri/index.html =404; }`,
  ];
}

/** Each '/{slug}/{code}' of the built site in `dir` that has its own Not Found page, in order. */
async function tenantLanguagePageSets(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const tenant of await readdir(dir, { withFileTypes: true })) {
    if (!tenant.isDirectory()) continue;
    for (const code of LANGUAGES) {
      if (existsSync(join(dir, tenant.name, code, '404.html'))) found.push(`/${tenant.name}/${code}`);
    }
  }
  return found.sort();
}

/** The rewrite rules and the safety headers for the built site in `dir`, its CSP computed from its pages. */
export async function writeRewriteRules(dir: string, options: RewriteOptions): Promise<string[]> {
  const csp = contentSecurityPolicy(dir);
  const languagePageSets = options.tenantPrefixes
    ? await tenantLanguagePageSets(dir)
    : LANGUAGES.filter((code) => existsSync(join(dir, code, '404.html'))).map((code) => `/${code}`);
  await writeFile(join(dir, REDIRECTS_FILE), redirectsRules({ ...options, languagePageSets }));
  await writeFile(join(dir, NGINX_FILE), nginxSnippet(options, csp));
  await writeFile(join(dir, HEADERS_FILE), `${headersFile(csp)}\n${webAppHeaderRules()}`);
  await writeFile(join(dir, CSP_FILE), `${csp}\n`);
  return [REDIRECTS_FILE, NGINX_FILE, HEADERS_FILE, CSP_FILE];
}

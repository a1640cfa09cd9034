// The static site (Astro, format 'directory'), read from disk per request so a build may
// rewrite it while the server runs. Results pages are one file per tenant: /results/<job id>
// and /<slug>/results/<job id> are answered with that file, and the island reads the id.
// A slug with no page set shows the default tenant's screens (the spec's built-in default
// branding); an address naming no screen gets the Not Found page of the tenant it is under, in
// the guest's language when the address is under one of that tenant's languages.
import fs from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { WEB_APP_FILES, isScreenPath, parseResultsPath, tenantAddress } from '../../contract/index.ts';
import { isLanguage } from '../../contract/i18n/languages.ts';
import { decodePath, resolveInside } from '../files/safe-path.ts';
import { sendCompressed } from '../files/send-compressed.ts';
import { sendFile } from '../files/send-file.ts';

const BEING_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="5"><title>The booth is being built…</title></head>
<body style="font-family:system-ui,sans-serif;background:#242424;color:#fff;display:grid;place-items:center;min-height:100vh;margin:0">
<main><h1>The booth is being built…</h1><p>This page reloads by itself in a few seconds.</p></main></body></html>`;

/** The build's Content-Security-Policy (scripts/pipeline/csp.ts), read again when a build replaces it. */
function sitePolicy(siteDir: string) {
  const file = path.join(siteDir, 'booth.csp');
  let cached: { mtimeMs: number; policy: string } | null = null;
  return (): string | null => {
    try {
      const { mtimeMs } = fs.statSync(file);
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, policy: fs.readFileSync(file, 'utf8').trim() };
      return cached.policy || null;
    } catch {
      return null;
    }
  };
}

function cacheControlFor(urlPath: string, file: string) {
  if (urlPath.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  // A new build's service worker and manifest must be seen at once: checked on every load.
  const name = path.basename(file);
  if (file.endsWith('.html') || name === WEB_APP_FILES.worker || name === WEB_APP_FILES.manifest) return 'no-cache';
  return 'public, max-age=300';
}

/** The files that may answer a path, best first. */
function candidates(urlPath: string): string[] {
  const list: string[] = [];
  if (urlPath.endsWith('/')) list.push(`${urlPath}index.html`);
  else list.push(urlPath, `${urlPath}/index.html`, `${urlPath}.html`);
  const results = parseResultsPath(urlPath);
  if (results) {
    const prefix = [results.tenant, results.language].filter(Boolean).map((part) => `/${part}`);
    list.push(`${prefix.join('')}/results/index.html`);
  }
  return list;
}

/**
 * The Not Found page of a guest's language under a tenant (/{slug}/{code}/…), or of the default
 * tenant's (/{code}/…, where the code stands where a slug would): that page set's own, when the
 * code is one of its languages; the caller falls back to the tenant's own when the file is absent.
 */
function languageNotFound(slug: string, rest: string): string[] {
  const code = /^\/([a-z]{2})\//.exec(rest)?.[1];
  return code && isLanguage(code) ? [`/${slug}/${code}/404.html`] : [];
}

export function siteHost(siteDir: string) {
  const app = new Hono();
  const policy = sitePolicy(siteDir);
  app.on(['GET', 'HEAD'], '*', (c: Context) => {
    if (!fs.existsSync(path.join(siteDir, 'index.html'))) {
      return c.html(BEING_BUILT, 503, { 'Cache-Control': 'no-store', 'Retry-After': '5' });
    }
    const urlPath = decodePath(new URL(c.req.url).pathname);
    if (urlPath === null) return c.text('Bad request: the path is not valid percent-encoding.', 400);
    const send = (file: string, status = 200) => {
      const options = {
        cacheControl: cacheControlFor(urlPath, file),
        status,
        method: c.req.method,
        range: c.req.header('range'),
      };
      const response =
        sendCompressed(file, { ...options, acceptEncoding: c.req.header('accept-encoding') }) ??
        sendFile(file, options);
      const csp = file.endsWith('.html') && response ? policy() : null;
      if (csp) response!.headers.set('Content-Security-Policy', csp);
      return response;
    };
    const first = (paths: string[], status = 200) => {
      for (const candidate of paths) {
        const file = resolveInside(siteDir, candidate);
        const response = file && send(file, status);
        if (response) return response;
      }
      return null;
    };
    const found = first(candidates(urlPath));
    if (found) return found;
    const tenant = tenantAddress(urlPath);
    const known = tenant !== null && fs.existsSync(path.join(siteDir, tenant.slug, 'index.html'));
    if (tenant && !known && isScreenPath(tenant.rest)) {
      const shown = first(candidates(tenant.rest));
      if (shown) return shown;
    }
    const notFound = known
      ? [...languageNotFound(tenant.slug, tenant.rest), `/${tenant.slug}/404.html`, '/404.html']
      : ['/404.html'];
    return first(notFound, 404) ?? c.text('Not found', 404);
  });
  app.all('*', (c) => c.text('Method not allowed', 405, { Allow: 'GET, HEAD' }));
  return app;
}

import { describe, expect, it } from 'vitest';
import { nginxSnippet, redirectsRules } from '../../../scripts/pipeline/rewrites.ts';
import { inlineScriptHashes, policyFor } from '../../../scripts/pipeline/csp.ts';
import { headersFile } from '../../../scripts/pipeline/safety-headers.ts';
import { webAppHeaderRules } from '../../../scripts/pipeline/web-app-headers.ts';

const CSP = "script-src 'self' 'sha256-abc='; object-src 'none'; base-uri 'self'";

describe('rewrite rules for static hosts', () => {
  it('sends every job id of every tenant to its results page (_redirects)', () => {
    const rules = redirectsRules({ tenantPrefixes: true })
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    expect(rules.slice(0, 3)).toEqual([
      '/results/*  /results/  200',
      '/:tenant/results/*  /:tenant/results/  200',
      '/:tenant/:language/results/*  /:tenant/:language/results/  200',
    ]);
  });

  it("shows an unknown slug the default tenant's screens, and anything else under a tenant its Not Found page (_redirects)", () => {
    const rules = redirectsRules({ tenantPrefixes: true })
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    expect(rules.slice(3)).toEqual([
      '/:tenant  /  200',
      '/:tenant/  /  200',
      '/:tenant/camera  /camera/  200',
      '/:tenant/camera/  /camera/  200',
      '/:tenant/styles  /styles/  200',
      '/:tenant/styles/  /styles/  200',
      '/:tenant/*  /:tenant/404.html  404',
    ]);
  });

  it("shows an address under a guest's language of a tenant that language's Not Found page (_redirects)", () => {
    const rules = redirectsRules({ tenantPrefixes: true, languagePageSets: ['/duo/ar', '/duo/fr'] })
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    // After the results rules (a job id under a language keeps its results page), before the tenant's own.
    expect(rules.slice(-3)).toEqual([
      '/duo/ar/*  /duo/ar/404.html  404',
      '/duo/fr/*  /duo/fr/404.html  404',
      '/:tenant/*  /:tenant/404.html  404',
    ]);
    expect(redirectsRules({ tenantPrefixes: true })).not.toContain('/duo/');
  });

  it("shows an address under a guest's language that language's Not Found page, else the tenant's own (nginx)", () => {
    const lines = nginxSnippet({ tenantPrefixes: true }, CSP).split('\n');
    const codes = '(en|fr|de|es|it|nl|pt|ar)';
    const missing = `location ~ "^/([a-z0-9-]{1,63})/${codes}/404\\.html$" { try_files $uri /$1/404.html; }`;
    const language = `location ~ "^/([a-z0-9-]{1,63})/${codes}/" { error_page 404 /$1/$2/404.html; try_files $uri $uri/index.html =404; }`;
    const tenant =
      'location ~ "^/([a-z0-9-]{1,63})/" { error_page 404 /$1/404.html; try_files $uri $uri/index.html =404; }';
    expect(lines).toContain(missing);
    expect(lines).toContain(language);
    // Regex locations are tried in order: the language's before the tenant's, the results' before both.
    expect(lines.indexOf(language)).toBeLessThan(lines.indexOf(tenant));
    expect(lines.findIndex((line) => line.includes('/results/.'))).toBeLessThan(lines.indexOf(missing));
  });

  it('has no tenant rule in a bundle served from the root', () => {
    expect(redirectsRules({ tenantPrefixes: false })).not.toContain(':tenant');
    expect(nginxSnippet({ tenantPrefixes: false }, CSP)).not.toContain('[a-z0-9-]');
  });

  it("gives a bundle's guest's languages their results and Not Found pages (_redirects, nginx)", () => {
    const rules = redirectsRules({ tenantPrefixes: false, languagePageSets: ['/fr'] })
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    expect(rules).toEqual([
      '/results/*  /results/  200',
      '/fr/results/*  /fr/results/  200',
      '/fr/*  /fr/404.html  404',
    ]);
    const lines = nginxSnippet({ tenantPrefixes: false }, CSP).split('\n');
    const codes = '(en|fr|de|es|it|nl|pt|ar)';
    expect(lines).toContain(`location ~ "^/${codes}/results/." { try_files $uri /$1/results/index.html =404; }`);
    expect(lines).toContain(`location ~ "^/${codes}/404\\.html$" { try_files $uri /404.html; }`);
    expect(lines).toContain(
      `location ~ "^/${codes}/" { error_page 404 /$1/404.html; try_files $uri $uri/index.html =404; }`,
    );
  });

  it('only lets a slug-shaped prefix into the nginx results rule', () => {
    const snippet = nginxSnippet({ tenantPrefixes: true }, CSP);
    expect(snippet).toContain(
      'location ~ "^/([a-z0-9-]{1,63})/results/." { try_files $uri /$1/results/index.html /results/index.html; }',
    );
    // A guest's language of a tenant: that page set's results page.
    expect(snippet).toContain(
      'location ~ "^/([a-z0-9-]{1,63})/([a-z]{2})/results/." { try_files $uri /$1/$2/results/index.html =404; }',
    );
    expect(snippet).toContain('error_page 404 /404.html;');
  });

  it('gives Netlify and Cloudflare Pages the safety headers for every path (_headers)', () => {
    expect(
      headersFile(CSP)
        .split('\n')
        .filter((l) => l && !l.startsWith('#')),
    ).toEqual([
      '/*',
      '  X-Content-Type-Options: nosniff',
      '  Referrer-Policy: no-referrer',
      `  Content-Security-Policy: ${CSP}`,
    ]);
  });

  it('sends the CSP from nginx too, also with the immutable assets', () => {
    const snippet = nginxSnippet({ tenantPrefixes: true }, CSP);
    const header = `add_header Content-Security-Policy "${CSP}" always;`;
    expect(snippet.split('\n')).toContain(header);
    // nginx drops the server's headers in a location with add_header of its own: each repeats them.
    const locations = snippet.split('\n').filter((line) => line.startsWith('location') && line.includes('add_header'));
    expect(locations.some((line) => line.includes('/_astro/'))).toBe(true);
    for (const line of locations) expect(line).toContain(header);
  });

  it("never lets a host cache a tenant's service worker or manifest for long, and types the manifest", () => {
    const snippet = nginxSnippet({ tenantPrefixes: true }, CSP);
    expect(snippet).toMatch(/location ~ "\(\^\|\/\)sw\\\.js\$" \{ add_header Cache-Control "no-cache";/);
    expect(snippet).toMatch(
      /manifest\\\.webmanifest\$" \{ types \{ \} default_type application\/manifest\+json; add_header Cache-Control "no-cache";/,
    );
    // Before the tenants' own locations, which would otherwise answer /{slug}/sw.js first.
    expect(snippet.indexOf('sw\\.js')).toBeLessThan(snippet.indexOf('/404\\.html'));
    const rules = webAppHeaderRules();
    for (const path of ['/sw.js', '/*/sw.js']) expect(rules).toContain(`${path}\n  Cache-Control: no-cache`);
    for (const path of ['/manifest.webmanifest', '/*/manifest.webmanifest'])
      expect(rules).toContain(`${path}\n  Content-Type: application/manifest+json`);
  });
});

describe('the Content-Security-Policy', () => {
  it('allows each inline script by the hash of its exact text, and no script from elsewhere', () => {
    const page =
      '<head><script src="/_astro/a.js"></script><script type="module">run(1)</script></head><script is:inline>\nx()\n</script>';
    // The hash of run(1), as `echo -n 'run(1)' | openssl dgst -sha256 -binary | base64` gives it.
    expect(inlineScriptHashes(page)).toEqual([
      `'sha256-${'P5dbCIPapC+B9Av9xDEVOowdvOywSCeGhetsu4rQ/N8='}'`,
      expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/),
    ]);
    expect(policyFor(["'sha256-b'", "'sha256-a'", "'sha256-b'"])).toBe(
      "script-src 'self' 'sha256-a' 'sha256-b'; object-src 'none'; base-uri 'self'",
    );
  });
});

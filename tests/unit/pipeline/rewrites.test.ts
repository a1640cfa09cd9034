import { describe, expect, it } from 'vitest';
import { nginxSnippet, redirectsRules } from '../../../scripts/pipeline/rewrites.ts';
import { headersFile } from '../../../scripts/pipeline/safety-headers.ts';

describe('rewrite rules for static hosts', () => {
  it('sends every job id of every tenant to its results page (_redirects)', () => {
    const rules = redirectsRules({ tenantPrefixes: true }).split('\n').filter((l) => l && !l.startsWith('#'));
    expect(rules).toEqual(['/results/*  /results/  200', '/:tenant/results/*  /:tenant/results/  200']);
  });

  it('has no tenant rule in a bundle served from the root', () => {
    expect(redirectsRules({ tenantPrefixes: false })).not.toContain(':tenant');
    expect(nginxSnippet({ tenantPrefixes: false })).not.toContain('$1');
  });

  it('only lets a slug-shaped prefix into the nginx results rule', () => {
    const snippet = nginxSnippet({ tenantPrefixes: true });
    expect(snippet).toContain('location ~ "^/([a-z0-9-]{1,63})/results/." { try_files $uri /$1/results/index.html =404; }');
    expect(snippet).toContain('error_page 404 /404.html;');
  });

  it('gives Netlify and Cloudflare Pages the safety headers for every path (_headers)', () => {
    expect(headersFile().split('\n').filter((l) => l && !l.startsWith('#'))).toEqual(['/*', '  X-Content-Type-Options: nosniff', '  Referrer-Policy: no-referrer']);
  });
});

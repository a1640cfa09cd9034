// Tenant-prefixed paths of the four screens, as the spec's routes: /camera and /{tenant}/camera.
// The default tenant gets no prefix; every other tenant lives under /{slug}.

export type Screen = 'intro' | 'camera' | 'styles';

/** '' for the site's root tenant, '/{slug}' for every other tenant. */
export function tenantBase(slug: string | null | undefined): string {
  return slug ? `/${slug}` : '';
}

export function screenPath(base: string, screen: Screen): string {
  return screen === 'intro' ? base || '/' : `${base}/${screen}`;
}

/** results/{jobId}: one results page per tenant, the host rewrites every job id onto it. */
export function resultsPath(base: string, jobId: string | number): string {
  return `${base}/results/${encodeURIComponent(String(jobId))}`;
}

/** Resolve a URL the AI host sent (thumbnail, result image) against the host browsers call. */
export function aiHostUrl(aiHost: string, url: string): string {
  if (/^(https?:|data:|blob:)/i.test(url) || url.startsWith('//')) return url;
  const host = aiHost.replace(/\/+$/, '');
  return `${host}${url.startsWith('/') ? '' : '/'}${url}`;
}

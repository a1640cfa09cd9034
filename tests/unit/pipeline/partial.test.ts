import { describe, expect, it } from 'vitest';
import type { SiteData } from '../../../contract/index.ts';
import { resolveTenants } from '../../../scripts/pipeline/tenants.ts';
import { mergeSiteData } from '../../../scripts/pipeline/partial.ts';

const site = (items: { slug: string; client: string }[], problems: string[] = []): SiteData => {
  const { defaultTenant, tenants } = resolveTenants(items);
  return {
    generatedAt: '2026-01-01T00:00:00.000Z',
    defaultTenant,
    tenants,
    styles: [],
    aiHost: '',
    publicSiteUrl: '',
    imageProxy: { host: '', signature: 'insecure', bucketPrefix: 's3://booth-assets', appName: 'photobooth' },
    problems,
  };
};

describe('the site data after publishing some tenants', () => {
  const last = site([
    { slug: 'aurora', client: 'Aurora' },
    { slug: 'meadow', client: 'Meadow' },
    { slug: 'gone', client: 'Gone' },
  ]);
  const fresh = site(
    [
      { slug: 'meadow', client: 'Meadow 2' },
      { slug: 'aurora', client: 'Aurora 2' },
      { slug: 'harbour', client: 'Harbour' },
    ],
    ['a problem'],
  );

  it('takes the chosen tenants from the new data and keeps the others as they were built', () => {
    const merged = mergeSiteData(last, fresh, ['aurora']);
    expect(merged.tenants.map((t) => [t.slug, t.client])).toEqual([
      ['meadow', 'Meadow'],
      ['aurora', 'Aurora 2'],
      ['gone', 'Gone'],
    ]);
    expect(merged.problems).toEqual(['a problem']);
  });

  it('adds a new tenant only when it is chosen, and removes a chosen tenant that is gone', () => {
    const merged = mergeSiteData(last, fresh, ['harbour', 'gone']);
    expect(merged.tenants.map((t) => [t.slug, t.client])).toEqual([
      ['meadow', 'Meadow'],
      ['aurora', 'Aurora'],
      ['harbour', 'Harbour'],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING } from '../../../contract/branding.ts';
import { resolveTenants } from '../../../scripts/pipeline/tenants.ts';

describe('branding items to tenants', () => {
  it('gives every valid tenant a page set, in dataset order', () => {
    const { tenants, problems } = resolveTenants([
      { slug: 'aurora', client: 'Aurora' },
      { slug: 'meadow', client: 'Meadow' },
    ]);
    expect(tenants.map((t) => t.slug)).toEqual(['aurora', 'meadow']);
    expect(problems).toEqual([]);
  });

  it('skips an invalid slug, names the client, and keeps the other tenants', () => {
    const { tenants, problems } = resolveTenants([
      { slug: '../../etc', client: 'Sneaky Co' },
      { slug: 'aurora', client: 'Aurora' },
    ]);
    expect(tenants.map((t) => t.slug)).toEqual(['aurora']);
    expect(problems).toEqual([expect.stringMatching(/^Tenant "Sneaky Co" .*skipped because its slug/)]);
  });

  it('keeps the first of two tenants with the same slug and reports the second', () => {
    const { tenants, problems } = resolveTenants([
      { slug: 'aurora', client: 'First' },
      { slug: 'aurora', client: 'Second' },
    ]);
    expect(tenants.map((t) => t.client)).toEqual(['First']);
    expect(problems[0]).toMatch(/"Second".*already used by Tenant "First"/);
  });

  it('skips reserved slugs, including extra ones of the deployment', () => {
    const { tenants, problems } = resolveTenants(
      [
        { slug: 'results', client: 'R' },
        { slug: 'signed', client: 'S' },
      ],
      ['signed'],
    );
    expect(tenants).toEqual([]);
    expect(problems).toHaveLength(2);
  });

  it('skips items that are not objects or have no slug, and says which', () => {
    const { tenants, problems } = resolveTenants([
      null,
      'aurora',
      { client: 'Nameless' },
      { slug: 7, client: 'Numbered' },
    ]);
    expect(tenants).toEqual([]);
    expect(problems[0]).toMatch(/item 1 is not an object/);
    expect(problems[1]).toMatch(/item 2 is not an object/);
    expect(problems[2]).toMatch(/"Nameless".*no text slug/);
    expect(problems[3]).toMatch(/"Numbered".*no text slug/);
  });

  it('treats null fields as missing and wrong-typed fields as reported defaults', () => {
    const { tenants, problems } = resolveTenants([
      { slug: 'aurora', client: 'Aurora', logoUrl: null, accentColor: 42 },
    ]);
    expect(tenants[0].logoUrl).toBe(DEFAULT_BRANDING.logoUrl);
    expect(tenants[0].accentColor).toBe(DEFAULT_BRANDING.accentColor);
    expect(problems).toEqual([expect.stringMatching(/"Aurora".*accentColor is not text/)]);
  });

  it('uses the built-in default branding when no item has the default slug', () => {
    expect(resolveTenants([{ slug: 'aurora' }]).defaultTenant).toEqual(DEFAULT_BRANDING);
  });

  it('rebrands the default tenant from an item with the default slug, keeping its local images', () => {
    const { defaultTenant, tenants } = resolveTenants([
      { slug: 'default', client: 'Expo', accentColor: '#ff0000', logoUrl: 'expo/logo.png' },
    ]);
    expect(tenants).toEqual([]);
    expect(defaultTenant).toMatchObject({
      slug: 'default',
      client: 'Expo',
      accentColor: '#ff0000',
      logoUrl: DEFAULT_BRANDING.logoUrl,
    });
  });
});

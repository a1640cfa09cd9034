import { describe, expect, it } from 'vitest';
import type { SiteData, TenantBranding } from '../../../contract/index.ts';
import { guestLanguages } from '../../../contract/i18n/languages.ts';
import { languageLinks } from '../../../src/lib/language-menu.ts';
import { tenantPages, type TenantPage } from '../../../src/lib/site-data.ts';

const salon = { slug: 'salon', client: 'Salon', language: 'fr', languages: ['fr', 'en'] } as TenantBranding;
const site = { defaultTenant: { slug: 'default', client: 'Booth' }, tenants: [salon] } as unknown as SiteData;

describe("a tenant's languages for its guests", () => {
  it('keeps its own language first, each language once, and no menu for its own alone', () => {
    expect(guestLanguages(['en', 'fr', 'en'], 'fr')).toEqual({ languages: ['fr', 'en'], problem: null });
    expect(guestLanguages(['ar', 'de'], 'en')).toEqual({ languages: ['en', 'de', 'ar'], problem: null });
    expect(guestLanguages(['fr'], 'fr')).toEqual({ languages: null, problem: null });
  });

  it('says which codes the booth does not have, and keeps the others', () => {
    expect(guestLanguages(['de', 'tlh'], 'en')).toEqual({
      languages: ['en', 'de'],
      problem: 'names "tlh", not among the booth\'s languages (en, fr, de, es, it, nl, pt, ar)',
    });
    expect(guestLanguages('de', 'en').problem).toBe('is not a list of language codes');
  });
});

describe('the page sets and the language menu', () => {
  const pages = tenantPages(site, '');
  const page = (base: string) => pages.find((p) => p.base === base) as TenantPage;

  it("builds the tenant's own language at its addresses and each other one under /{code}", () => {
    expect(pages.map((p) => [p.base, p.language ?? p.branding.language ?? 'en'])).toEqual([
      ['', 'en'],
      ['/salon', 'fr'],
      ['/salon/en', 'en'],
    ]);
    expect(page('/salon/en').home).toBe('/salon');
  });

  it('links each language to the same screen, the current one marked', () => {
    expect(languageLinks(page('/salon'), '/salon/camera/')).toEqual([
      { language: 'fr', name: 'Français', href: '/salon/camera', current: true },
      { language: 'en', name: 'English', href: '/salon/en/camera', current: false },
    ]);
    expect(languageLinks(page('/salon/en'), '/salon/en/').map((l) => [l.href, l.current])).toEqual([
      ['/salon', false],
      ['/salon/en', true],
    ]);
    // The results page links without the job id (the page's script adds it).
    expect(languageLinks(page('/salon/en'), '/salon/en/results/').map((l) => l.href)).toEqual([
      '/salon/results',
      '/salon/en/results',
    ]);
  });

  it('shows no menu for a tenant in one language', () => {
    expect(languageLinks(page(''), '/camera/')).toEqual([]);
  });
});

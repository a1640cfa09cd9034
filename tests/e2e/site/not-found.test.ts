// The Not Found view, in the branding of the tenant the address is under (in the guest's language
// under one of its languages), and its way back to a start page; and a slug no tenant has, which shows the booth with the default branding. In Chromium, against the real embedded
// server and the real built site.
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { suiteBrowser } from '../support/browser.ts';
import { action } from '../support/journey.ts';
import { CATALOGUES } from '../../../contract/i18n/index.ts';
import { patience } from '../../support/patience.ts';
import { MENU_TENANT, readSiteData, tenant } from '../support/site-data.ts';

const boothUrl = inject('boothUrl');

describe('the not found view', () => {
  const { newPage } = suiteBrowser({ camera: 'grace_hopper' });

  it('shows the Not Found view in the branding of the tenant the address is under, with a way back to its start', async () => {
    const page = await newPage();
    const response = await page.goto(`${boothUrl}/aurora/nothing-here`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Not Found' }).waitFor();
    expect(await page.locator('img.booth-company-logo').getAttribute('src')).toBe('/assets/company-logo.svg');
    // The tenant's own logo and colours, not the default's.
    expect(await page.locator('img.booth-logo').getAttribute('alt')).toBe(tenant('aurora').client);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(11, 16, 38)');
    expect(await action(page, 'Go to the start').getAttribute('href')).toBe('/aurora');
    await action(page, 'Go to the start').click();
    await page.getByRole('heading', { level: 1, name: tenant('aurora').viewFinderTitle }).waitFor();
  });

  for (const [language, dir] of [
    ['fr', 'ltr'],
    ['ar', 'rtl'],
  ] as const) {
    it(`shows the Not Found view in the guest's language under /${MENU_TENANT.slug}/${language}/ (${dir}), with a way back to that language's start`, async () => {
      const t = CATALOGUES[language];
      const page = await newPage();
      const response = await page.goto(`${boothUrl}/${MENU_TENANT.slug}/${language}/nowhere`);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: t.site.notFound }).waitFor({ timeout: patience(5_000) });
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
        language,
        dir,
      ]);
      expect(await page.title()).toContain(t.site.notFound);
      // The tenant's branding, not the default's.
      expect(await page.locator('header.booth-header').innerHTML()).toContain(MENU_TENANT.client);
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(34, 34, 59)');
      const back = action(page, t.site.goToStart);
      expect(await back.getAttribute('href')).toBe(`/${MENU_TENANT.slug}/${language}`);
      await back.click();
      await page
        .getByRole('heading', { level: 1, name: MENU_TENANT.viewFinderTitle })
        .waitFor({ timeout: patience(5_000) });
      expect(new URL(page.url()).pathname).toBe(`/${MENU_TENANT.slug}/${language}`);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    });
  }

  it("shows the tenant's own Not Found view under a language code the tenant does not offer", async () => {
    const page = await newPage();
    const response = await page.goto(`${boothUrl}/${MENU_TENANT.slug}/de/nowhere`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Not Found' }).waitFor({ timeout: patience(5_000) });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await action(page, 'Go to the start').getAttribute('href')).toBe(`/${MENU_TENANT.slug}`);
  });

  it("leads back to the site's start from an address under no tenant", async () => {
    const page = await newPage();
    const response = await page.goto(`${boothUrl}/camera/nothing-here`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Not Found' }).waitFor();
    expect(await action(page, 'Go to the start').getAttribute('href')).toBe('/');
  });

  it('shows the booth with the built-in default branding for a slug no tenant has (spec §3)', async () => {
    const page = await newPage();
    const response = await page.goto(`${boothUrl}/no-such-tenant`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: readSiteData().defaultTenant.viewFinderTitle }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(36, 36, 36)');
    await action(page, 'Start').click();
    await page.getByRole('heading', { level: 1, name: 'Take a photo' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/camera');
    // An address naming no screen under it is still Not Found.
    expect((await page.goto(`${boothUrl}/no-such-tenant/nowhere`))?.status()).toBe(404);
  });
});

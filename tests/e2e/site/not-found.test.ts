// The Not Found view, in the branding of the tenant the address is under, and its way back to a
// start page; and a slug no tenant has, which shows the booth with the default branding. In Chromium, against the real embedded
// server and the real built site.
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { suiteBrowser } from '../support/browser.ts';
import { action } from '../support/journey.ts';
import { readSiteData, tenant } from '../support/site-data.ts';

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

// The Not Found view: and its way back to a start page. In Chromium, against the real embedded
// server and the real built site.
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { suiteBrowser } from '../support/browser.ts';
import { action } from '../support/journey.ts';
import { tenant } from '../support/site-data.ts';

const boothUrl = inject('boothUrl');

describe('the not found view', () => {
  const { newPage } = suiteBrowser({ camera: 'grace_hopper' });

  it('shows the Not Found view with the company logo and a heading', async () => {
    const page = await newPage();
    const response = await page.goto(`${boothUrl}/aurora/nothing-here`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Not Found' }).waitFor();
    expect(await page.locator('img.booth-company-logo').getAttribute('src')).toBe('/assets/company-logo.svg');
    // The way back leads to the start page of the tenant the address was under.
    await expect.poll(() => action(page, 'Go to the start').getAttribute('href')).toBe('/aurora/');
    await action(page, 'Go to the start').click();
    await page.getByRole('heading', { level: 1, name: tenant('aurora').viewFinderTitle }).waitFor();
  });

  it('leads back to the site\'s start from an address under no tenant', async () => {
    const page = await newPage();
    await page.goto(`${boothUrl}/camera/nothing-here`);
    await page.getByRole('heading', { name: 'Not Found' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await action(page, 'Go to the start').getAttribute('href')).toBe('/');
  });
});

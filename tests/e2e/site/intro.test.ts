// The intro screen: for the default tenant and a demo tenant. In Chromium, against the real
// embedded server and the real built site.
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';

import { TEXT } from '../../../contract/index.ts';
import { suiteBrowser } from '../support/browser.ts';
import { action } from '../support/journey.ts';
import { readSiteData, tenant } from '../support/site-data.ts';

const boothUrl = inject('boothUrl');

describe('the intro screen', () => {
  const { open } = suiteBrowser({ camera: 'grace_hopper' });

  for (const prefix of ['', '/meadow']) {
    const branding = () => (prefix ? tenant(prefix.slice(1)) : readSiteData().defaultTenant);

    it(`shows the intro of ${prefix || 'the default tenant'}: title, one paragraph per line, Start`, async () => {
      const page = await open(prefix || '/');
      await page.getByRole('heading', { level: 1, name: branding().viewFinderTitle }).waitFor();
      const lines = branding()
        .viewFinderDesc.split('\n')
        .filter((l) => l.trim());
      expect(await page.locator('main p').allTextContents()).toEqual(lines.map((l) => l.trim()));
      await action(page, TEXT.start).click();
      await page.waitForURL(`${boothUrl}${prefix}/camera`);
    });
  }
});

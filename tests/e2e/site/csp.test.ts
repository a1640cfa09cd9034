// The Content-Security-Policy the build computes and the server sends: every screen's own
// scripts run under it, and a script injected into a page does not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser, Page } from 'playwright';
import { launchBrowser } from '../support/browser.ts';

const boothUrl = inject('boothUrl');

declare global {
  interface Window {
    cspViolations: string[];
    injected?: boolean;
  }
}

async function watchedPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.cspViolations.push(`${event.violatedDirective}: ${event.sample}`),
    );
  });
  return page;
}

describe('the Content-Security-Policy', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser({ camera: 'none' });
  });
  afterAll(async () => browser?.close());

  it.each([
    '/',
    '/camera',
    '/styles',
    '/results/no-such-job',
    '/aurora/',
    '/aurora/styles',
    '/meadow/results/x',
    '/nowhere',
  ])('is sent with %s, whose own scripts all run under it', async (path) => {
    const page = await watchedPage(browser);
    const response = await page.goto(`${boothUrl}${path}`);
    expect(response!.headers()['content-security-policy']).toMatch(
      /^script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}=')+; object-src 'none'; base-uri 'self'$/,
    );
    await page.getByRole('heading').first().waitFor();
    // The islands hydrated: their code ran, and nothing was blocked.
    await expect.poll(() => page.locator('astro-island[ssr]').count()).toBe(0);
    expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
    await page.close();
  });

  it('keeps a script injected into a page from running', async () => {
    const page = await watchedPage(browser);
    await page.route(`${boothUrl}/`, async (route) => {
      const real = await route.fetch();
      const html = (await real.text()).replace('<head>', '<head><script>window.injected = true</script>');
      await route.fulfill({ response: real, body: html });
    });
    await page.goto(`${boothUrl}/`);
    await page.getByRole('heading').first().waitFor();
    expect(await page.evaluate(() => window.injected)).toBeUndefined();
    expect(await page.evaluate(() => window.cspViolations)).toEqual([expect.stringMatching(/^script-src-elem: /)]);
    await page.close();
  });
});

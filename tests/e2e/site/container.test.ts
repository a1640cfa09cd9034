// The branded container: every screen sits in it: the tenant's images through the proxy, sized to
// the container, and the default's when a tenant's own are missing. In Chromium, against the real
// embedded server and the real built site.
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { TEXT } from '../../../contract/index.ts';
import { suiteBrowser } from '../support/browser.ts';
import { action, visit } from '../support/journey.ts';
import { IMAGELESS_TENANT, readSiteData } from '../support/site-data.ts';

const boothUrl = inject('boothUrl');

describe('the branded container', () => {
  const { newPage } = suiteBrowser({ camera: 'grace_hopper' });

  it('asks the proxy for no image on behalf of a screen that was left', async () => {
    const page = await newPage({ viewport: { width: 412, height: 823 } });
    const sizes: string[] = [];
    page.on('request', (r) => {
      const size = /\/rs:\w+:(\d+:\d+)\//.exec(r.url())?.[1];
      if (size) sizes.push(size);
    });
    // The page's timers under Playwright's clock: the left screen's pending measure is run below,
    // on purpose, rather than waited for.
    await page.clock.install();
    await visit(page, `${boothUrl}/aurora/`);
    await action(page, TEXT.start).click();
    await page.waitForURL(`${boothUrl}/aurora/camera`);
    await page.getByRole('heading', { name: TEXT.cameraHeading }).waitFor();
    // A left screen measures 0 x 0, which would fall back to 450 x 450: never on a 412 px phone.
    await page.clock.runFor(1_000);
    await page.waitForLoadState('networkidle');
    expect(sizes.length).toBeGreaterThan(0);
    expect(sizes.filter((s) => s.startsWith('450:') || s.startsWith('0:'))).toEqual([]);
  });

  it('measures the container again when the screen turns, and asks the proxy for that size', async () => {
    const page = await newPage({ viewport: { width: 412, height: 823 } });
    await visit(page, `${boothUrl}/aurora/`);
    const sized = () =>
      page.evaluate(() => {
        const el = document.querySelector('[data-booth]') as HTMLElement;
        const logo = document.querySelector('header img') as HTMLImageElement;
        const size = `${el.clientWidth}:${el.clientHeight}`;
        const bg = /rs:fill:(\d+:\d+)/.exec(getComputedStyle(el).backgroundImage)?.[1];
        return { size, matches: bg === size && /rs:\w+:(\d+:\d+)/.exec(logo.src)?.[1] === size };
      });
    await expect.poll(async () => (await sized()).matches).toBe(true);
    const upright = (await sized()).size;
    await page.setViewportSize({ width: 823, height: 412 });
    await expect
      .poll(async () => {
        const now = await sized();
        return now.matches && now.size !== upright;
      })
      .toBe(true);
  });

  it("shows the default's logo and background, loaded, for a tenant whose own images are missing or refused", async () => {
    const page = await newPage();
    const failed: string[] = [];
    page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
    await visit(page, `${boothUrl}/${IMAGELESS_TENANT.slug}/`);
    await page.getByRole('heading', { level: 1, name: IMAGELESS_TENANT.viewFinderTitle }).waitFor();
    const logo = page.getByRole('img', { name: IMAGELESS_TENANT.client });
    await page.waitForFunction(
      () => ((document.querySelector('header img') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
    );
    expect(new URL(await logo.evaluate((i: HTMLImageElement) => i.currentSrc)).pathname).toBe('/assets/logo.svg');
    const background = await page.evaluate(async () => {
      const el = document.querySelector('[data-branded-container]')!;
      const url = getComputedStyle(el).backgroundImage.replace(/^url\("?|"?\)$/g, '');
      const res = await fetch(url);
      return {
        path: new URL(url).pathname,
        status: res.status,
        width: (await createImageBitmap(await res.blob())).width,
      };
    });
    expect(background).toMatchObject({ path: '/assets/background.jpg', status: 200 });
    expect(background.width).toBeGreaterThan(0);
    expect(readSiteData().problems.join('\n')).toMatch(/Plainfolk Fair.*\bLogo\b/);
    expect(failed).toEqual([]);
  });
});

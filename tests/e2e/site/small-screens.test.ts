// What a visitor sees on a small phone and with reduced motion: two style tiles per row on a
// 375 px phone, nothing pushing a 320 px page sideways, the loading overlay above everything
// (the logo too), and a sticker that peels without moving.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser, Page } from 'playwright';
import { TEXT } from '../../../contract/index.ts';
import { launchBrowser } from '../support/browser.ts';
import { action, photoOnStylesScreen, visit } from '../support/journey.ts';
import { readSiteData } from '../support/site-data.ts';
import { completedSticker, holdRequests, stubJob, stubResultImage } from './support.ts';
import { patience } from '../../support/patience.ts';

const boothUrl = inject('boothUrl');

describe('small screens and reduced motion', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser({ camera: 'astronaut' });
  });
  afterAll(async () => browser?.close());

  const phone = async (width: number, height: number): Promise<Page> =>
    (await browser.newContext({ viewport: { width, height } })).newPage();
  const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - innerWidth);

  it('shows two style tiles per row on a 375 px phone', async () => {
    const page = await phone(375, 667);
    await visit(page, `${boothUrl}/meadow/styles`);
    const lefts = await page
      .locator('.booth-style-tile')
      .evaluateAll((tiles) => tiles.map((t) => Math.round(t.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(2);
    expect(await sideways(page)).toBe(0);
  });

  for (const [name, path, ready] of [
    ['intro', '/aurora/', (p: Page) => action(p, TEXT.start).waitFor()],
    ['styles', '/aurora/styles', (p: Page) => p.locator('.booth-style-tile').first().waitFor()],
    ['processing', '/aurora/results/slow', (p: Page) => p.getByText(TEXT.processing, { exact: true }).waitFor()],
  ] as const) {
    it(`does not scroll sideways on a 320 px phone (${name})`, async () => {
      const page = await phone(320, 568);
      await stubJob(page, { result: { status: 'PENDING' } });
      await page.goto(`${boothUrl}${path}`);
      await ready(page);
      expect(await sideways(page)).toBe(0);
    });
  }

  for (const width of [320, 360, 390]) {
    it(`keeps every button of the results screen on one line on a ${width} px phone`, async () => {
      const page = await phone(width, 740);
      await stubResultImage(page);
      await stubJob(page, completedSticker);
      await page.goto(`${boothUrl}/results/one-line`);
      await action(page, TEXT.takeAnother).waitFor();
      const lines = await page.locator('.booth-button').evaluateAll((buttons) =>
        buttons.map((b) => {
          const style = getComputedStyle(b);
          const content =
            b.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
          return {
            text: b.textContent,
            lines: Math.round(
              content /
                parseFloat(style.lineHeight === 'normal' ? String(parseFloat(style.fontSize) * 1.2) : style.lineHeight),
            ),
          };
        }),
      );
      expect(lines.map((l) => l.text)).toContain(TEXT.takeAnother);
      for (const button of lines) expect(button.lines, button.text ?? '').toBe(1);
    });
  }

  it('draws no ring around a heading the page focuses, and keeps the ring on a control focused by keyboard', async () => {
    const page = await phone(390, 740);
    await stubResultImage(page);
    await stubJob(page, completedSticker);
    await page.goto(`${boothUrl}/results/focused`);
    const heading = page.getByRole('heading', { name: TEXT.resultHeading });
    await heading.waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await heading.evaluate((h) => getComputedStyle(h).outlineStyle)).toBe('none');
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(ring).not.toBe('none');
  });

  it('covers the logo too with the overlay while a job starts', async () => {
    const page = await phone(1280, 800);
    await photoOnStylesScreen(page, boothUrl);
    const release = await holdRequests(
      page,
      (url) => url.pathname === '/transformations/jobs/create/',
      (route) => route.fulfill({ status: 503, json: { error: 'busy' } }),
    );
    await page.getByRole('button', { name: new RegExp(readSiteData().styles[0].description) }).click();
    await page.locator('.booth-overlay').waitFor();
    const onTop = await page.evaluate(() => {
      const logo = document.querySelector('.booth-logo')!.getBoundingClientRect();
      const hit = document.elementFromPoint(logo.left + logo.width / 2, logo.top + logo.height / 2);
      return Boolean(hit?.closest('.booth-overlay'));
    });
    release();
    expect(onTop).toBe(true);
  });

  it('peels the sticker at 1 s and 2 s without moving it when the visitor asks for less motion', async () => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await stubResultImage(page);
    await stubJob(page, completedSticker);
    // Peeled from 1 s to 2 s after the image loads: its look is noted on every change, not sampled.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const peeled = document.querySelector('.booth-sticker[data-peeled="true"]');
        // The transform a transition would start from is 'none' too: its running animations tell.
        if (peeled)
          (window as unknown as { peeledLook: unknown }).peeledLook = {
            transform: getComputedStyle(peeled).transform,
            animations: peeled.getAnimations().length,
          };
      }).observe(document, { attributes: true, childList: true, subtree: true });
    });
    await page.goto(`${boothUrl}/results/still`);
    const look = await page.waitForFunction(
      () => (window as unknown as { peeledLook?: unknown }).peeledLook,
      undefined,
      { timeout: patience(15_000) },
    );
    expect(await look.jsonValue()).toEqual({ transform: 'none', animations: 0 });
  });
});

// The screens' timed behaviour under Playwright's fake clock: the 15 s re-fetch of a pending job
// and the sticker peel at 1 s and 2 s; and the two ways out of a result: share and download.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser, Page } from 'playwright';
import { TEXT } from '../../../contract/index.ts';
import { launchBrowser } from '../support/browser.ts';
import { action } from '../support/journey.ts';
import { completedSticker, paintEarlyPicture, stubJob, stubResultImage } from './support.ts';

const boothUrl = inject('boothUrl');
const START = new Date('2026-01-01T10:00:00Z');

describe('timed behaviour of the results screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser({ camera: 'none' });
  });
  afterAll(async () => browser?.close());

  async function pausedPage(): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await page.clock.install({ time: START });
    await page.clock.pauseAt(new Date(START.getTime() + 1_000));
    return page;
  }

  it('re-fetches a pending job 15 s after each render, until it is COMPLETED', async () => {
    const page = await pausedPage();
    await stubResultImage(page);
    const requests = await stubJob(
      page,
      { result: { status: 'PENDING' } },
      { result: { status: 'processing' } },
      completedSticker,
    );
    await page.goto(`${boothUrl}/results/slow`);
    await page.getByText(TEXT.processing, { exact: true }).waitFor();
    expect(requests).toHaveLength(1);

    await page.clock.runFor(14_900);
    expect(requests).toHaveLength(1);
    await page.clock.runFor(200);
    await expect.poll(() => requests.length).toBe(2);
    // The next 15 s start when the second answer has been rendered.
    await page.locator('[data-job-answers="2"]').waitFor();

    await page.clock.runFor(14_900);
    expect(requests).toHaveLength(2);
    await page.clock.runFor(200);
    await expect.poll(() => requests.length).toBe(3);
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();

    await page.clock.runFor(60_000);
    expect(requests).toHaveLength(3);
  });

  it('toggles the sticker peel 1 s and 2 s after the image loads', async () => {
    const page = await pausedPage();
    await stubResultImage(page);
    await stubJob(page, completedSticker);
    await page.goto(`${boothUrl}/results/sticker`);
    await paintEarlyPicture(page);
    // The screen's own sticker (the page's early one, shown before the code came, is gone).
    const sticker = page.locator('astro-island .booth-sticker');
    await sticker.waitFor();
    // The image has loaded and the screen has taken note (complete alone comes before onload).
    await page.locator('figure[data-loaded]').waitFor();
    expect(await sticker.getAttribute('data-peeled')).toBe('false');
    await page.clock.runFor(999);
    expect(await sticker.getAttribute('data-peeled')).toBe('false');
    await page.clock.runFor(2);
    await expect.poll(() => sticker.getAttribute('data-peeled')).toBe('true');
    await page.clock.runFor(1_000);
    await expect.poll(() => sticker.getAttribute('data-peeled')).toBe('false');
    await page.clock.runFor(10_000);
    expect(await sticker.getAttribute('data-peeled')).toBe('false');
  });
});

describe('sharing a result', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser({ camera: 'none' });
  });
  afterAll(async () => browser?.close());

  it('shares the first image as ai_me.png (image/png) with the title and the prompt', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { shared: unknown[] };
      w.shared = [];
      Object.defineProperty(Navigator.prototype, 'canShare', {
        value: (d?: ShareData) => Boolean(d?.files?.length),
        configurable: true,
      });
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: async (d: ShareData) => {
          const file = d.files![0];
          const bytes = new Uint8Array(await file.arrayBuffer());
          w.shared.push({
            name: file.name,
            type: file.type,
            png: [...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join(''),
            title: d.title,
            text: d.text,
          });
        },
      });
    });
    await stubResultImage(page);
    await stubJob(page, completedSticker);
    await page.goto(`${boothUrl}/meadow/results/to-share`);
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    expect(await action(page, TEXT.download).count()).toBe(0);
    await action(page, TEXT.share).click();
    await page.waitForFunction(() => (window as unknown as { shared: unknown[] }).shared.length > 0);
    const shared = await page.evaluate(() => (window as unknown as { shared: unknown[] }).shared);
    expect(shared).toEqual([
      { name: 'ai_me.png', type: 'image/png', png: 'PNG', title: TEXT.shareTitle, text: completedSticker.prompt },
    ]);
  });
});

// Several pictures per guest, as a guest of a tenant with four gets them: four results from one
// photo, each with its caption (the sticker peels), a radio button to choose one, and Share,
// Download and a kiosk's Print taking the one chosen. In Chromium against the real built site and
// server, the job's answer stubbed in the page (the server's side: tests/integration/server/
// pictures.test.ts); axe on the new state.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright';
import { EVENT_TEXT, TEXT } from '../../../contract/index.ts';
import { REPO_ROOT } from '../../support/server-process.ts';
import { patience } from '../../support/patience.ts';
import { suiteBrowser } from '../support/browser.ts';
import { action } from '../support/journey.ts';
import { recordLargestPaints, stubJob } from './support.ts';

const boothUrl = inject('boothUrl');
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** A job of four pictures as the AI hub answers it: full images, display copies and a caption each. */
const JOB = {
  prompt: 'Comic book portrait with bold ink lines and halftone dots',
  images: [1, 2, 3, 4].map((n) => `/stub-results/${n}.jpg`),
  previews: [1, 2, 3, 4].map((n) => `/stub-results/${n}.preview.jpg`),
  captions: [
    'Comic book portrait with bold ink lines and halftone dots',
    'Pop art portrait in four colour schemes',
    'Neon portrait glowing in the dark',
    'A die-cut sticker of you with a white outline',
  ],
  result: { status: 'COMPLETED', message: '' },
};
const full = (n: number) => `${boothUrl}/stub-results/${n}.jpg`;

/** The job stubbed, and its pictures served (a real photo, with CORS like the server's). */
async function fourPictures(page: Page, job = JOB) {
  const body = readFileSync(join(REPO_ROOT, 'tests', 'fixtures', 'astronaut.jpg'));
  await page.route('**/stub-results/*.jpg', (route) =>
    route.fulfill({ body, contentType: 'image/jpeg', headers: { 'access-control-allow-origin': '*' } }),
  );
  await stubJob(page, job);
}

const completed = (page: Page) =>
  page.getByRole('heading', { name: TEXT.resultHeading }).waitFor({ timeout: patience(30_000) });
const choice = (page: Page, place: string) =>
  page.getByRole('radio', { name: `${EVENT_TEXT.choosePicture} (${place})` });

async function axe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

describe('several pictures per guest (four)', () => {
  const { newPage } = suiteBrowser({ camera: 'none' });

  it('shows four results with their captions, and shares the one the guest chose', async () => {
    const page = await newPage({ viewport: { width: 412, height: 823 } });
    await fourPictures(page);
    // A phone that shares files: what it is asked to share is kept for the test.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'canShare', { value: () => true, configurable: true });
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          (window as unknown as { shared: unknown }).shared = {
            text: data.text,
            title: data.title,
            name: data.files?.[0]?.name,
          };
        },
      });
    });
    await page.goto(`${boothUrl}/gala/results/four`);
    await completed(page);
    const group = page.getByRole('radiogroup', { name: EVENT_TEXT.picturesLegend });
    expect(await group.locator('figure').count()).toBe(4);
    expect(await group.locator('figcaption').allTextContents()).toEqual(JOB.captions);
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('figure img')].every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    // The die-cut sticker of the set peels; the others are framed pictures.
    expect(await page.locator('.booth-sticker').count()).toBe(1);
    expect(await choice(page, '1 of 4').isChecked()).toBe(true);

    await choice(page, '3 of 4').check();
    expect(await choice(page, '1 of 4').isChecked()).toBe(false);
    expect(await axe(page)).toEqual([]);
    // Share draws the full picture chosen (the screen shows display copies) and sends it with its caption.
    const [drawn] = await Promise.all([
      page.waitForRequest((request) => request.url() === full(3)),
      action(page, TEXT.share).click(),
    ]);
    expect(drawn.url()).toBe(full(3));
    const shared = await page.waitForFunction(() => (window as unknown as { shared?: unknown }).shared);
    expect(await shared.jsonValue()).toEqual({
      text: JOB.captions[2],
      title: 'Look AI transformed me!',
      name: 'ai_me.png',
    });
  });

  it('asks for the first picture first and at high priority, and for the other three lazily at low priority', async () => {
    const page = await newPage({ viewport: { width: 412, height: 823 } });
    await fourPictures(page);
    // Chromium tells each request's priority to the DevTools protocol only.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const asked: { path: string; priority: string }[] = [];
    cdp.on('Network.requestWillBeSent', ({ request }) => {
      const { pathname } = new URL(request.url);
      if (pathname.startsWith('/stub-results/')) asked.push({ path: pathname, priority: request.initialPriority });
    });
    await page.goto(`${boothUrl}/gala/results/four`);
    await completed(page);
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('figure img')].every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    // The screen shows the display copies; the first is its largest content, asked for before the others.
    expect(asked[0]).toEqual({ path: '/stub-results/1.preview.jpg', priority: 'High' });
    const others = asked.filter((a) => a.path !== '/stub-results/1.preview.jpg');
    expect(others.map((a) => a.path).sort()).toEqual([2, 3, 4].map((n) => `/stub-results/${n}.preview.jpg`));
    expect(others.map((a) => a.priority)).toEqual(['Low', 'Low', 'Low']);
    const loading = await page
      .locator('figure img')
      .evaluateAll((imgs) => imgs.map((img) => [img.getAttribute('fetchpriority'), img.getAttribute('loading')]));
    expect(loading).toEqual([['high', null], ...Array(3).fill(['low', 'lazy'])]);
  });

  // A sticker's shadow paints it larger than its box: first or last in the set, it must not make
  // a later picture the largest paint.
  for (const [where, captions] of [
    ['last', JOB.captions],
    ['first', [...JOB.captions].reverse()],
  ] as const) {
    it(`paints the first picture before the screen's code, as the largest paint, with the sticker ${where}`, async () => {
      const page = await newPage({ viewport: { width: 412, height: 823 } });
      const paints = await recordLargestPaints(page);
      await fourPictures(page, { ...JOB, captions: [...captions] });
      await page.goto(`${boothUrl}/gala/results/four`);
      await completed(page);
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('figure img')].every(
          (img) => img.complete && img.naturalWidth > 0,
        ),
      );
      // All four painted (two frames on): neither the screen's own copy of the first nor the others is larger.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expect(await page.locator('.booth-sticker').count()).toBe(1);
      const largest = await paints();
      expect(largest.at(-1)?.island).toBe(false);
      expect(largest.at(-1)?.size).toBeGreaterThan(150 * 150);
    });
  }

  it('holds the other three back until the first has come, so they do not slow down what the screen shows first', async () => {
    const page = await newPage({ viewport: { width: 412, height: 823 } });
    await fourPictures(page);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    // The first picture is slow to come (routes added later are asked first).
    await page.route('**/stub-results/1.preview.jpg', async (route) => {
      await released;
      await route.fallback();
    });
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/stub-results/') && asked.push(new URL(r.url()).pathname));
    // The page's load waits for the first picture.
    await page.goto(`${boothUrl}/gala/results/four`, { waitUntil: 'domcontentloaded' });
    await completed(page);
    expect(await page.locator('figure img').count()).toBe(4);
    // Two frames on: a picture shown at once would have been asked for by now.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(asked).toEqual(['/stub-results/1.preview.jpg']);
    // Their boxes are kept, empty, so nothing moves when they come.
    const boxes = await page.locator('figure img').evaluateAll((imgs) => imgs.map((img) => img.clientWidth));
    expect(new Set(boxes).size).toBe(1);
    release();
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('figure img')].every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    expect(asked.slice(1).sort()).toEqual([2, 3, 4].map((n) => `/stub-results/${n}.preview.jpg`));
  });

  it('opens the chosen picture with Download, and prints the chosen one at a kiosk', async () => {
    const phone = await newPage();
    await fourPictures(phone);
    await phone.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'canShare', { value: undefined, configurable: true }),
    );
    await phone.goto(`${boothUrl}/gala/results/four`);
    await completed(phone);
    await choice(phone, '2 of 4').check();
    const [popup] = await Promise.all([phone.waitForEvent('popup'), action(phone, TEXT.download).click()]);
    expect(popup.url()).toBe(full(2));

    const kiosk = await newPage({ viewport: { width: 1080, height: 1920 } });
    await fourPictures(kiosk);
    await kiosk.goto(`${boothUrl}/gala/results/four?kiosk`);
    await completed(kiosk);
    await choice(kiosk, '4 of 4').check();
    // The stubbed job's addresses are the site's own paths, as its answer gave them.
    await kiosk.locator('.booth-print-image[src$="/stub-results/4.jpg"]').waitFor({ state: 'attached' });
    expect(await axe(kiosk)).toEqual([]);
  });
});

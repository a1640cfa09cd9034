// "Try another style" (a tenant's triesPerGuest; Gala Night offers two more styles per photo), as
// a guest does it in Chromium on the real built site with a real photo as the camera: the result,
// back to the styles screen with the same photo (the photo posted with each job is the same bytes),
// another style, and at the limit the button gives way to a sentence saying so. A new photo starts
// afresh. The AI hub's create and job calls are answered in the page, so each try is a moment,
// not a CPU job of four pictures (the jobs themselves: tests/integration/server/pictures.test.ts).
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright';
import { CREATE_JOB_PATH, EVENT_TEXT, TEXT } from '../../../contract/index.ts';
import { patience } from '../../support/patience.ts';
import { REPO_ROOT } from '../../support/server-process.ts';
import { suiteBrowser } from '../support/browser.ts';
import { action, hydrated } from '../support/journey.ts';
import { tenant } from '../support/site-data.ts';
import { STUB_IMAGE_PATH, stubJob, stubResultImage } from './support.ts';

const boothUrl = inject('boothUrl');
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Every create the page sends, answered with a job id of its own; the photos it posted, in order. */
async function answerCreates(page: Page): Promise<{ styles: string[]; images: string[] }> {
  const sent = { styles: [] as string[], images: [] as string[] };
  await page.route(
    (url) => url.pathname === CREATE_JOB_PATH,
    (route) => {
      const body = route.request().postDataJSON() as { style_id: string; image: string };
      sent.styles.push(body.style_id);
      sent.images.push(body.image);
      return route.fulfill({ status: 201, json: { id: `try-${sent.styles.length}` } });
    },
  );
  await stubResultImage(page);
  await stubJob(page, {
    prompt: 'Comic book portrait with bold ink lines and halftone dots',
    images: [STUB_IMAGE_PATH],
    result: { status: 'COMPLETED', message: '' },
  });
  return sent;
}

/** Consent, the countdown and a photo: the guest on Gala Night's styles screen. */
async function photoOnGalaStyles(page: Page) {
  await page.goto(`${boothUrl}/gala/camera`);
  await hydrated(page);
  const agree = page.getByRole('checkbox', { name: EVENT_TEXT.consentAgree });
  if (await agree.count()) {
    await agree.check();
    await action(page, EVENT_TEXT.continue).click();
  }
  await newPhoto(page);
}

async function newPhoto(page: Page) {
  await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
  await action(page, TEXT.takePhoto).click();
  await action(page, TEXT.useImage).click({ timeout: patience(10_000) });
  await page.waitForURL(`${boothUrl}/gala/styles`);
  await page.locator('.booth-styles[data-ready]').waitFor();
}

async function pick(page: Page, style: string, job: number) {
  await page.locator(`[data-style-id="${style}"]`).click();
  await page.waitForURL(`${boothUrl}/gala/results/try-${job}`);
  await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor({ timeout: patience(10_000) });
}

const tryAnother = (page: Page) => page.getByRole('link', { name: EVENT_TEXT.tryAnother, exact: true });

describe('Try another style', () => {
  const { newPage } = suiteBrowser({ camera: 'grace_hopper' });

  it('goes back to the styles with the same photo, up to the tenant’s number of tries, then says so', async () => {
    expect(tenant('gala').triesPerGuest).toBe(2);
    const page = await newPage({ viewport: { width: 412, height: 823 } });
    // A phone that cannot share files: Download.
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'canShare', { value: undefined, configurable: true }),
    );
    const sent = await answerCreates(page);
    await photoOnGalaStyles(page);
    await pick(page, 'comic', 1);
    // The spec's buttons stay as they are; the new one comes after them.
    expect(await page.locator('.booth-actions .booth-button').allTextContents()).toEqual([
      TEXT.takeAnother,
      TEXT.download,
      EVENT_TEXT.tryAnother,
    ]);
    expect(await tryAnother(page).getAttribute('aria-describedby')).toBeTruthy();
    expect(await page.locator('#booth-tries-left').textContent()).toBe('2 more styles to try with this photo.');

    await tryAnother(page).click();
    await page.waitForURL(`${boothUrl}/gala/styles`);
    await page.locator('.booth-styles[data-ready]').waitFor();
    await pick(page, 'neon', 2);
    expect(await page.locator('#booth-tries-left').textContent()).toBe('One more style to try with this photo.');

    await tryAnother(page).click();
    await page.waitForURL(`${boothUrl}/gala/styles`);
    await page.locator('.booth-styles[data-ready]').waitFor();
    await pick(page, 'pop-art', 3);
    // The limit: no button, and the sentence in its place; the spec's Take Another Photo is the way on.
    await page.getByText(EVENT_TEXT.triesUsed).waitFor();
    expect(await tryAnother(page).count()).toBe(0);
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);

    // Each job was sent the photo taken once, byte for byte.
    expect(sent.styles).toEqual(['comic', 'neon', 'pop-art']);
    expect(sent.images[0]).toMatch(/^data:image\/jpeg;base64,/);
    expect(new Set(sent.images).size).toBe(1);

    // Back to the styles screen by the browser's Back: no fourth job from the same photo.
    await page.goBack();
    await page.waitForURL(`${boothUrl}/gala/styles`);
    await page.locator('.booth-styles[data-ready]').waitFor();
    await page.locator('[data-style-id="comic"]').click();
    await page.getByText(EVENT_TEXT.triesUsed).waitFor();
    expect(sent.styles).toHaveLength(3);

    // A new photo starts afresh: one chosen from the device (the fake camera would give the same bytes again).
    await action(page, TEXT.restart).click();
    await page.waitForURL(/\/gala\/?$/);
    await action(page, TEXT.start).click();
    await page.locator('input[data-choose-photo]').setInputFiles(join(REPO_ROOT, 'tests', 'fixtures', 'astronaut.jpg'));
    await action(page, TEXT.useImage).click({ timeout: patience(10_000) });
    await page.waitForURL(`${boothUrl}/gala/styles`);
    await page.locator('.booth-styles[data-ready]').waitFor();
    await pick(page, 'comic', 4);
    await tryAnother(page).waitFor();
    expect(sent.images[3]).not.toBe(sent.images[0]);
  });

  it("gives a kiosk's next guest a fresh count after Take Another Photo", async () => {
    const page = await newPage({ viewport: { width: 1280, height: 800 } });
    const sent = await answerCreates(page);
    await page.goto(`${boothUrl}/gala/?kiosk`);
    await photoOnGalaStyles(page);
    await pick(page, 'comic', 1);
    await tryAnother(page).click();
    await page.locator('.booth-styles[data-ready]').waitFor();
    await pick(page, 'neon', 2);
    await tryAnother(page).click();
    await page.locator('.booth-styles[data-ready]').waitFor();
    await pick(page, 'pop-art', 3);
    await page.getByText(EVENT_TEXT.triesUsed).waitFor();
    // The kiosk's buttons (Print, no Download or Share), the note beside them, on one screen.
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= innerHeight)).toBe(true);

    // The next guest: a new page load, consent again, a new photo and their own tries.
    await action(page, TEXT.takeAnother).click();
    await page.getByRole('checkbox', { name: EVENT_TEXT.consentAgree }).waitFor();
    await photoOnGalaStyles(page);
    await pick(page, 'comic', 4);
    await tryAnother(page).waitFor();
    expect(await page.locator('#booth-tries-left').textContent()).toBe('2 more styles to try with this photo.');
    expect(sent.styles).toHaveLength(4);
  });
});

// What axe cannot see: where the focus goes and what a screen reader is told as the screens
// change, for a visitor on a keyboard or with VoiceOver, TalkBack or NVDA.
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Page } from 'playwright';
import { RESULTS_TEXT, TEXT } from '../../contract/index.ts';
import { suiteBrowser } from '../e2e/support/browser.ts';
import { action, photoOnStylesScreen, visit } from '../e2e/support/journey.ts';
import { readSiteData } from '../e2e/support/site-data.ts';
import { completedSticker, holdRequests, stubJob, stubResultImage } from '../e2e/site/support.ts';
import { patience } from '../support/patience.ts';

const boothUrl = inject('boothUrl');

/** The focused element, as a person would name it: its tag and its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el && el !== document.body ? `${el.tagName.toLowerCase()}: ${el.textContent?.trim()}` : 'nothing';
  });

/** The texts of the page's polite live regions (role="status"), in order. */
const statuses = (page: Page) => page.getByRole('status').allTextContents();

describe('keyboard and screen reader', () => {
  const { newPage } = suiteBrowser({ camera: 'astronaut' });

  it("moves the focus to the new screen's heading after Start", async () => {
    const page = await newPage();
    await visit(page, `${boothUrl}/aurora`);
    await action(page, TEXT.start).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${boothUrl}/aurora/camera`);
    await expect.poll(() => focused(page)).toBe(`h1: ${TEXT.cameraHeading}`);
  });

  it('says when the camera is on, and keeps the focus on the next step as Take Photo and Retake Photo go away', async () => {
    const page = await newPage();
    await visit(page, `${boothUrl}/camera`);
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
    await expect.poll(() => statuses(page)).toContain('The camera is on.');
    await action(page, TEXT.takePhoto).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe(`button: ${TEXT.useImage}`);
    expect(await statuses(page)).toContain('Photo taken.');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe(`button: ${TEXT.retakePhoto}`);
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe(`button: ${TEXT.takePhoto}`);
  });

  it('keeps the alert for a missing photo in the page, so its words are read when they appear', async () => {
    const page = await newPage();
    await visit(page, `${boothUrl}/meadow/styles`);
    const alert = page.locator('.booth-no-image');
    expect(await alert.evaluate((el) => [el.getAttribute('role'), getComputedStyle(el).display])).toEqual([
      'alert',
      'block',
    ]);
    await page.getByRole('button', { name: new RegExp(readSiteData().styles[0].description) }).click();
    expect(await alert.textContent()).toBe(TEXT.noImage);
  });

  it('puts the page under the loading overlay out of reach while the job starts', async () => {
    const page = await newPage();
    await photoOnStylesScreen(page, boothUrl);
    const release = await holdRequests(
      page,
      (url) => url.pathname.startsWith('/transformations/jobs/create'),
      (route) => route.continue(),
    );
    await page.getByRole('button', { name: new RegExp(readSiteData().styles[0].description) }).click();
    await page.locator('.booth-overlay').waitFor();
    expect(await page.locator('[data-booth]').evaluate((el: HTMLElement) => el.inert)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focused(page)).not.toContain(TEXT.restart);
    release();
    await page.waitForURL(/\/results\/[^/]+$/, { timeout: patience(30_000) });
  });

  it('tells a screen reader the picture is being made, then gives the focus to the result', async () => {
    const page = await newPage();
    await stubResultImage(page);
    const release = await holdRequests(
      page,
      (url) => url.pathname === '/transformations/jobs/spoken/',
      (route) => route.fulfill({ json: { id: 'spoken', ...completedSticker } }),
    );
    await page.goto(`${boothUrl}/results/spoken`);
    await expect.poll(() => page.title()).toMatch(/^Processing\.\.\. · /);
    await expect.poll(() => statuses(page)).toContain(RESULTS_TEXT.making);
    release();
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    await expect.poll(() => focused(page)).toBe(`h1: ${TEXT.resultHeading}`);
    expect(await statuses(page)).not.toContain(RESULTS_TEXT.making);
  });

  it('leaves the focus on Take Another Photo when the visitor is on it as the result comes', async () => {
    const page = await newPage();
    await stubResultImage(page);
    const release = await holdRequests(
      page,
      (url) => url.pathname === '/transformations/jobs/kept/',
      (route) => route.fulfill({ json: { id: 'kept', ...completedSticker } }),
    );
    await page.goto(`${boothUrl}/results/kept`);
    await page.getByText(TEXT.processing, { exact: true }).waitFor();
    await action(page, TEXT.takeAnother).focus();
    release();
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    await page.locator('figure[data-loaded]').waitFor();
    expect(await focused(page)).toBe(`a: ${TEXT.takeAnother}`);
  });

  it("gives the focus to 'Houston, we have a problem' when the job ends in ERROR", async () => {
    const page = await newPage();
    await stubJob(
      page,
      { result: { status: 'PROCESSING' } },
      { result: { status: 'ERROR', message: 'No person in the photo.' } },
    );
    await page.clock.install();
    await page.goto(`${boothUrl}/results/failing`);
    await page.getByText(TEXT.processing, { exact: true }).waitFor();
    await page.clock.runFor(15_100);
    await page.getByRole('heading', { name: TEXT.errorHeading }).waitFor();
    await expect.poll(() => focused(page)).toBe(`h1: ${TEXT.errorHeading}`);
  });

  it('shows the processing video still to a visitor who asks for less motion', async () => {
    const page = await newPage({ reducedMotion: 'reduce' });
    await stubJob(page, { result: { status: 'PENDING' } });
    await page.goto(`${boothUrl}/aurora/results/still`);
    await page.getByText(TEXT.processing, { exact: true }).waitFor();
    const video = page.locator('video.booth-processing-video');
    await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise((resolve) => (v.readyState >= 2 ? resolve(null) : v.addEventListener('loadeddata', resolve))),
    );
    expect(await video.evaluate((v: HTMLVideoElement) => ({ autoplay: v.autoplay, paused: v.paused }))).toEqual({
      autoplay: false,
      paused: true,
    });
  });
});

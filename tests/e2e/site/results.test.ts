// The results screen: the result, the error, the processing video, how the job is asked for, and
// the AI host failing. In Chromium, against the real embedded server and the real built site.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { RESULTS_TEXT, TEXT } from '../../../contract/index.ts';
import { suiteBrowser } from '../support/browser.ts';
import { action } from '../support/journey.ts';
import { tenant } from '../support/site-data.ts';
import { REPO_ROOT } from '../../support/server-process.ts';
import {
  STUB_IMAGE_PATH,
  breakAiHost,
  completedSticker,
  holdRequests,
  paintEarlyPicture,
  recordLargestPaints,
  stubJob,
  stubResultImage,
} from './support.ts';

const boothUrl = inject('boothUrl');
const UNREACHABLE = "We can't reach the booth right now. Check your connection and try again.";
const TROUBLE = 'The booth is having trouble right now. Please try again in a minute.';

describe('the results screen', () => {
  const { newPage } = suiteBrowser({ camera: 'grace_hopper' });

  it('shows the result with the prompt as caption, opening in a new tab, and Download opens the first image', async () => {
    const page = await newPage();
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'canShare', { value: undefined, configurable: true }),
    );
    await stubResultImage(page);
    await stubJob(page, {
      prompt: 'A comic portrait',
      images: ['/stub-results/astronaut.jpg'],
      result: { status: 'completed' },
    });
    await page.goto(`${boothUrl}/results/abc`);
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    expect(await page.locator('figcaption').textContent()).toBe('A comic portrait');
    expect(await page.locator('figure a').getAttribute('target')).toBe('_blank');
    expect(await page.locator('.booth-sticker').count()).toBe(0);
    expect(await action(page, TEXT.share).count()).toBe(0);
    const [popup] = await Promise.all([page.waitForEvent('popup'), action(page, TEXT.download).click()]);
    expect(popup.url()).toBe(`${boothUrl}/stub-results/astronaut.jpg`);
    await action(page, TEXT.takeAnother).click();
    await page.waitForURL(`${boothUrl}/camera`);
  });

  it('shows the display copy of a sticker in a box kept while it loads, and the link and Download open the full image', async () => {
    // Less motion: the peel, 1 s after the load, would otherwise tilt the box being measured.
    const page = await newPage({ reducedMotion: 'reduce' });
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'canShare', { value: undefined, configurable: true }),
    );
    await stubResultImage(page);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/stub-results/preview.webp', async (route) => {
      await released;
      await route.fulfill({
        path: join(REPO_ROOT, 'tests', 'fixtures', 'astronaut.jpg'),
        contentType: 'image/jpeg',
        headers: { 'access-control-allow-origin': '*' },
      });
    });
    await stubJob(page, { ...completedSticker, previews: ['/stub-results/preview.webp'] });
    // The page starts loading a finished job's picture at once: its load event waits for the one held here.
    await page.goto(`${boothUrl}/results/with-preview`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    const img = page.locator('.booth-sticker img');
    expect(await img.getAttribute('src')).toBe('/stub-results/preview.webp');
    expect(await page.locator('figure a').getAttribute('href')).toBe(STUB_IMAGE_PATH);
    const box = () =>
      page.locator('figure').evaluate((f) => {
        const r = f.querySelector('img')!.getBoundingClientRect();
        return {
          width: r.width,
          height: r.height,
          caption: f.querySelector('figcaption')!.getBoundingClientRect().top,
        };
      });
    const before = await box();
    expect(before.width).toBeGreaterThan(100);
    release();
    await page.waitForFunction(() => (document.querySelector('.booth-sticker img') as HTMLImageElement).complete);
    expect(await box()).toEqual(before);
    const [popup] = await Promise.all([page.waitForEvent('popup'), action(page, TEXT.download).click()]);
    expect(popup.url()).toBe(`${boothUrl}${STUB_IMAGE_PATH}`);
  });

  it("shows 'Houston, we have a problem' and the message when the job ends in ERROR", async () => {
    const page = await newPage();
    await stubJob(page, { result: { status: 'error', message: "We couldn't find a person in this photo." } });
    await page.goto(`${boothUrl}/aurora/results/abc`);
    await page.getByRole('heading', { name: TEXT.errorHeading }).waitFor();
    await page.getByText("We couldn't find a person in this photo.").waitFor();
    expect(await action(page, TEXT.share).or(action(page, TEXT.download)).count()).toBe(0);
    expect(await action(page, TEXT.takeAnother).getAttribute('href')).toBe('/aurora/camera');
  });

  it("shows 'Processing...' over the tenant's video while the job is pending", async () => {
    const page = await newPage();
    await stubJob(page, { result: { status: 'processing' } });
    await page.goto(`${boothUrl}/aurora/results/abc`);
    await page.getByText(TEXT.processing, { exact: true }).waitFor();
    const video = await page.locator('video').evaluate((v: HTMLVideoElement) => ({
      src: v.getAttribute('src'),
      autoplay: v.autoplay,
      loop: v.loop,
      muted: v.muted,
      playsInline: v.playsInline,
      position: getComputedStyle(v).position,
      fullScreen: v.getBoundingClientRect().width === innerWidth && v.getBoundingClientRect().height === innerHeight,
    }));
    expect(video).toEqual({
      src: tenant('aurora').video,
      autoplay: true,
      loop: true,
      muted: true,
      playsInline: true,
      position: 'fixed',
      fullScreen: true,
    });
  });

  it("shows 'Processing...', the video and a way back while the server holds its first answer", async () => {
    const page = await newPage();
    await stubResultImage(page);
    const release = await holdRequests(
      page,
      (url) => url.pathname === '/transformations/jobs/held/',
      (route) => route.fulfill({ json: { id: 'held', ...completedSticker } }),
    );
    await page.goto(`${boothUrl}/meadow/results/held`);
    await page.getByText(TEXT.processing, { exact: true }).waitFor();
    expect(await page.locator('video.booth-processing-video').getAttribute('src')).toBe(tenant('meadow').video);
    await action(page, TEXT.takeAnother).waitFor();
    // The title follows the screen just after it renders.
    await expect.poll(() => page.title()).toMatch(/^Processing\.\.\. · /);
    release();
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${TEXT.resultHeading} · `));
  });

  it('asks the server to hold the answer until the job ends, so a quick result shows at once', async () => {
    const page = await newPage();
    await stubResultImage(page);
    const requests = await stubJob(page, {
      prompt: 'p',
      images: ['/stub-results/astronaut.jpg'],
      result: { status: 'COMPLETED' },
    });
    // The page's clock stands still: no timer of it fires, so the result can only show if the
    // job was asked for at once, not after a poll interval, however slow the machine.
    const start = new Date('2026-01-01T10:00:00Z');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1_000));
    await page.goto(`${boothUrl}/results/quick`);
    // The screen's code comes after the early picture's frame: 100 ms, far from the 15 s interval.
    await paintEarlyPicture(page);
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0].url()).pathname).toBe('/transformations/jobs/quick/');
    expect(new URL(requests[0].url()).searchParams.get('wait')).toBe('20');
  });

  it("asks for the job and shows a finished job's picture before the screen's code has arrived, then the screen takes its place, asking once", async () => {
    const page = await newPage();
    const pictures: string[] = [];
    page.on('request', (r) => r.url().endsWith(STUB_IMAGE_PATH) && pictures.push(r.url()));
    await stubResultImage(page);
    const requests = await stubJob(page, {
      prompt: 'A comic portrait',
      images: [STUB_IMAGE_PATH],
      result: { status: 'COMPLETED' },
    });
    const release = await holdRequests(
      page,
      (url) => /\/_astro\/ResultPoller\.[^/]+\.js$/.test(url.pathname),
      (route) => route.continue(),
    );
    await page.goto(`${boothUrl}/results/early`);
    // Without the screen's code: the heading and the picture, where the screen puts them, for
    // the eyes only (the screen's own heading, a moment later, is what a screen reader is told).
    await page.locator('h1', { hasText: TEXT.resultHeading }).waitFor();
    await page.waitForFunction(
      () => ((document.querySelector('figure img') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
    );
    expect([requests.length, pictures.length]).toEqual([1, 1]);
    expect(await page.locator('figure img').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: TEXT.resultHeading }).count()).toBe(0);
    expect(await page.locator('.booth-spinner').isVisible()).toBe(false);
    // The caption's line is kept empty until the screen's own view shows it.
    expect(await page.getByText('A comic portrait').count()).toBe(0);
    const place = () => page.locator('figure img').evaluate((img) => img.getBoundingClientRect().toJSON());
    const early = await place();
    release();
    // The screen's own view: the caption and the buttons, the same picture in the same place, once.
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    expect(await page.locator('figcaption').textContent()).toBe('A comic portrait');
    expect(await page.getByRole('heading', { name: TEXT.resultHeading }).count()).toBe(1);
    expect(await page.locator('figure img').count()).toBe(1);
    expect(await place()).toEqual(early);
    await action(page, TEXT.takeAnother).waitFor();
    await page.waitForFunction(
      () => ((document.querySelector('figure img') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
    );
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0].url()).pathname + new URL(requests[0].url()).search).toBe(
      '/transformations/jobs/early/?wait=20',
    );
    expect(pictures).toHaveLength(1);
  });

  it("paints a finished sticker's picture once, before the screen's code: the screen's own picture is no larger, later paint", async () => {
    // What a phone's largest paint is timed by: the screen's code no longer stands before it.
    const page = await newPage({ viewport: { width: 412, height: 823 } });
    const paints = await recordLargestPaints(page);
    await stubResultImage(page);
    await stubJob(page, completedSticker);
    await page.goto(`${boothUrl}/results/sticker`);
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    await page.waitForFunction(() => (document.querySelector<HTMLImageElement>('figure img')?.naturalWidth ?? 0) > 0);
    // The screen's own picture painted (two frames on), as the sticker it is.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await page.locator('.booth-sticker img').count()).toBe(1);
    const largest = (await paints()).at(-1);
    expect(largest?.island).toBe(false);
    expect(largest?.size).toBeGreaterThan(300 * 300);
  });

  for (const [how, words] of [
    ['network', UNREACHABLE],
    ['server', TROUBLE],
  ] as const) {
    it(`ends in the root error view, in words a visitor understands, when the AI host fails (${how})`, async () => {
      const page = await newPage();
      await breakAiHost(page, how);
      await page.goto(`${boothUrl}/results/abc`);
      await page.getByRole('heading', { name: words }).waitFor();
      // Never a dead end: the way to a new photo is right there.
      await action(page, TEXT.takeAnother).click();
      await page.waitForURL(`${boothUrl}/camera`);
      await page.getByRole('img', { name: 'AI Photo Booth' }).last().waitFor();
      expect(await page.locator('.booth-spinner').count()).toBe(0);
    });
  }

  it('offers Try again when the network dropped while waiting, and shows the result it then gets', async () => {
    const page = await newPage();
    await stubResultImage(page);
    await breakAiHost(page, 'network');
    await page.goto(`${boothUrl}/results/blip`);
    await page.getByRole('heading', { name: UNREACHABLE }).waitFor();
    await page.unrouteAll();
    await stubResultImage(page);
    await stubJob(page, completedSticker);
    await action(page, 'Try again').click();
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
  });

  it('says briefly that a job the server does not know is gone, with Take a photo and no Try again (asking again would not help)', async () => {
    const page = await newPage();
    await page.goto(`${boothUrl}/aurora/results/no-such-job`);
    await page.getByRole('heading', { name: RESULTS_TEXT.goneHeading }).waitFor();
    await page.getByText(RESULTS_TEXT.gone).waitFor();
    expect(await action(page, 'Try again').count()).toBe(0);
    // In the tenant's branding: its own logo, not the root error view's company badge.
    expect(await page.getByRole('img', { name: tenant('aurora').client }).count()).toBe(1);
    expect(await page.locator('.booth-company-logo').count()).toBe(0);
    expect(await action(page, RESULTS_TEXT.takePhoto).getAttribute('href')).toBe('/aurora/camera');
  });

  it('says on screen, while the picture is made, that it shows up by itself', async () => {
    const page = await newPage();
    await stubJob(page, { result: { status: 'processing' } });
    await page.goto(`${boothUrl}/aurora/results/abc`);
    await page.getByText(TEXT.processing, { exact: true }).waitFor();
    expect(await page.locator('.booth-processing-note').textContent()).toBe(RESULTS_TEXT.making);
    expect(await page.locator('.booth-processing-note').isVisible()).toBe(true);
  });

  it('shows a result image from an AI host that does not answer CORS (Share is then all it cannot do)', async () => {
    const page = await newPage();
    // The site's own files carry no CORS header; under another name of this server they are
    // another origin (a stub answered by Playwright would get one added).
    const site = new URL(boothUrl);
    const otherOrigin = `${site.protocol}//${site.hostname === 'localhost' ? '127.0.0.1' : 'localhost'}:${site.port}`;
    const image = `${otherOrigin}/assets/background.jpg`;
    const plain = await fetch(image, { headers: { Origin: boothUrl } });
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
    await stubJob(page, { prompt: 'A comic portrait', images: [image], result: { status: 'COMPLETED' } });
    await page.goto(`${boothUrl}/results/no-cors`);
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    await page.waitForFunction(
      () => ((document.querySelector('figure img') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
    );
  });
});

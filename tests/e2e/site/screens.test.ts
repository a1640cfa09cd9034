// Every screen's texts and navigation, for the default tenant and a demo tenant, in Chromium
// against the real embedded server and the real built site.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { TEXT } from '../../../contract/index.ts';
import { launchBrowser, pagesClosedAfterEach } from '../support/browser.ts';
import { action, hydrated, photoOnStylesScreen, visit } from '../support/journey.ts';
import { IMAGELESS_TENANT, readSiteData, tenant } from '../support/site-data.ts';
import { REPO_ROOT } from '../../support/server.ts';
import { STUB_IMAGE_PATH, breakAiHost, completedSticker, holdRequests, stubJob, stubResultImage, stubStyles, withoutBakedStyles } from './support.ts';

const boothUrl = inject('boothUrl');
const UNREACHABLE = "We can't reach the booth right now. Check your connection and try again.";
const TROUBLE = 'The booth is having trouble right now. Please try again in a minute.';

describe('the booth screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser({ camera: 'grace_hopper' });
  });
  afterAll(async () => browser?.close());
  const newPage = pagesClosedAfterEach(() => browser);
  async function open(path: string): Promise<Page> {
    const page = await newPage();
    await page.goto(`${boothUrl}${path}`);
    return page;
  }

  for (const prefix of ['', '/meadow']) {
    const branding = () => (prefix ? tenant(prefix.slice(1)) : readSiteData().defaultTenant);

    it(`shows the intro of ${prefix || 'the default tenant'}: title, one paragraph per line, Start`, async () => {
      const page = await open(prefix || '/');
      await page.getByRole('heading', { level: 1, name: branding().viewFinderTitle }).waitFor();
      const lines = branding().viewFinderDesc.split('\n').filter((l) => l.trim());
      expect(await page.locator('main p').allTextContents()).toEqual(lines.map((l) => l.trim()));
      await action(page, TEXT.start).click();
      await page.waitForURL(`${boothUrl}${prefix}/camera`);
    });

    it(`takes, retakes and uses a photo on the camera screen of ${prefix || 'the default tenant'}`, async () => {
      const page = await open(`${prefix}/camera`);
      await page.getByRole('heading', { name: TEXT.cameraHeading }).waitFor();
      await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
      await action(page, TEXT.takePhoto).click();
      await page.getByRole('img', { name: 'Your photo' }).waitFor();
      await action(page, TEXT.retakePhoto).click();
      await action(page, TEXT.takePhoto).waitFor();
      expect(await page.getByRole('img', { name: 'Your photo' }).count()).toBe(0);
      await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
      await action(page, TEXT.takePhoto).click();
      const photo = await page.getByRole('img', { name: 'Your photo' }).getAttribute('src');
      expect(photo).toMatch(/^data:image\/jpeg;base64,/);
      await action(page, TEXT.useImage).click();
      await page.waitForURL(`${boothUrl}${prefix}/styles`);
      await page.getByRole('heading', { name: TEXT.stylesHeading }).waitFor();
    });

    it(`goes back to the tenant's root with Restart on the styles screen of ${prefix || 'the default tenant'}`, async () => {
      const page = await open(`${prefix}/styles`);
      await action(page, TEXT.restart).click();
      await page.waitForURL(`${boothUrl}${prefix || '/'}`);
      await page.getByRole('heading', { name: branding().viewFinderTitle }).waitFor();
    });
  }

  it("shows the front camera mirrored without audio, and takes the photo mirrored at the stream's full size", async () => {
    const page = await open('/camera');
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
    const preview = await page.locator('video').evaluate((video: HTMLVideoElement) => {
      const stream = video.srcObject as MediaStream;
      (window as unknown as { cameraStream: MediaStream }).cameraStream = stream;
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [video.videoWidth, video.videoHeight];
      const context = canvas.getContext('2d')!;
      context.drawImage(video, 0, 0);
      const y = Math.floor(canvas.height / 2);
      return {
        width: video.videoWidth, height: video.videoHeight, audio: stream.getAudioTracks().length,
        transform: getComputedStyle(video).transform, maxHeight: getComputedStyle(video).maxHeight,
        left: [...context.getImageData(4, y, 1, 1).data.slice(0, 3)], right: [...context.getImageData(canvas.width - 5, y, 1, 1).data.slice(0, 3)],
      };
    });
    expect(preview).toMatchObject({ audio: 0, transform: 'matrix(-1, 0, 0, 1, 0, 0)', maxHeight: '350px' });
    await action(page, TEXT.takePhoto).click();
    const photo = await page.getByRole('img', { name: 'Your photo' }).evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [img.naturalWidth, img.naturalHeight];
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0);
      const y = Math.floor(canvas.height / 2);
      const stream = (window as unknown as { cameraStream: MediaStream }).cameraStream;
      return {
        width: img.naturalWidth, height: img.naturalHeight, cameraOff: stream.getTracks().every((t) => t.readyState === 'ended'),
        left: [...context.getImageData(4, y, 1, 1).data.slice(0, 3)], right: [...context.getImageData(canvas.width - 5, y, 1, 1).data.slice(0, 3)],
      };
    });
    expect({ width: photo.width, height: photo.height, cameraOff: photo.cameraOff }).toEqual({ width: preview.width, height: preview.height, cameraOff: true });
    // Mirrored: the photo's left edge is the camera's right edge.
    const close = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 24);
    expect(close(photo.left, preview.right), `${photo.left} vs ${preview.right}`).toBe(true);
    expect(close(photo.right, preview.left), `${photo.right} vs ${preview.left}`).toBe(true);
  });

  it('keeps the photo from camera to styles: picking a style starts a job and shows its result', async () => {
    const page = await open('/camera');
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
    await action(page, TEXT.takePhoto).click();
    await action(page, TEXT.useImage).click();
    await page.waitForURL(`${boothUrl}/styles`);
    const style = readSiteData().styles[0];
    await page.getByRole('button', { name: new RegExp(style.description) }).click();
    await page.waitForURL(new RegExp('/results/[^/]+$'), { timeout: 30_000 });
    await page.getByRole('heading', { name: new RegExp(`^(${TEXT.resultHeading}|${TEXT.errorHeading})$`) }).waitFor({ timeout: 45_000 });
  });

  it('throws away a photo chosen earlier when the visitor goes back and retakes', async () => {
    const page = await open('/camera');
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
    await action(page, TEXT.takePhoto).click();
    await action(page, TEXT.useImage).click();
    await page.waitForURL(`${boothUrl}/styles`);
    await page.goBack();
    await page.waitForURL(`${boothUrl}/camera`);
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
    await action(page, TEXT.takePhoto).click();
    await action(page, TEXT.retakePhoto).click();
    await page.goForward();
    await page.waitForURL(`${boothUrl}/styles`);
    await page.getByRole('button', { name: new RegExp(readSiteData().styles[0].description) }).click();
    await page.getByText(TEXT.noImage).waitFor();
    expect(posts).toEqual([]);
  });

  it('shows the BETA ribbon when beta is set, and the default image when a style has no thumbnail', async () => {
    const page = await newPage();
    await stubStyles(page, [
      { id: 'b', description: 'Brand new look', beta: true, thumbnail: null },
      { id: 's', description: 'Steady look', beta: false, thumbnail: '/assets/logo.svg' },
    ]);
    await visit(page, `${boothUrl}/styles`);
    const beta = page.getByRole('button', { name: /Brand new look/ });
    await beta.waitFor();
    expect(await beta.getByText(TEXT.beta, { exact: true }).count()).toBe(1);
    expect(await beta.locator('img').getAttribute('src')).toBe('/assets/default-style.svg');
    const steady = page.getByRole('button', { name: /Steady look/ });
    expect(await steady.getByText(TEXT.beta, { exact: true }).count()).toBe(0);
    expect(await steady.locator('img').getAttribute('src')).toBe('/assets/logo.svg');
    const width = await beta.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThanOrEqual(130);
  });

  it('shows a spinner, then the tiles, when no styles were baked in at build time', async () => {
    const page = await newPage();
    await withoutBakedStyles(page);
    const answer = await holdRequests(page, (url) => url.pathname === '/transformations/styles', (route) => route.continue());
    await page.goto(`${boothUrl}/meadow/styles`);
    await page.getByRole('status').filter({ hasText: 'Loading the styles' }).waitFor();
    expect(await page.locator('.booth-style-tile').count()).toBe(0);
    answer();
    const first = readSiteData().styles[0];
    await page.getByRole('button', { name: new RegExp(first.description) }).waitFor();
    expect(await page.locator('.booth-spinner').count()).toBe(0);
  });

  it('says so when the AI host offers no style at all', async () => {
    const page = await newPage();
    await withoutBakedStyles(page);
    await stubStyles(page, []);
    await page.goto(`${boothUrl}/styles`);
    await page.getByText('No styles are available right now. Please try again in a minute.').waitFor();
    expect(await page.locator('.booth-spinner').count()).toBe(0);
  });

  it('asks for a photo when a tile is picked with none, and posts no job', async () => {
    const page = await newPage();
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
    await visit(page, `${boothUrl}/meadow/styles`);
    await page.getByRole('button', { name: new RegExp(readSiteData().styles[0].description) }).click();
    await page.getByText(TEXT.noImage).waitFor();
    expect(posts).toEqual([]);
  });

  // The tiles are in the page's HTML; the grid's code may still be on its way on a slow phone.
  const gridCode = (url: URL) => /\/_astro\/StyleGrid\.[^/]+\.js$/.test(url.pathname);
  const jobPosts = (page: Page) => {
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/transformations/jobs/create') && posts.push(r.url()));
    return posts;
  };

  it('keeps a tap on a tile made before the grid is ready: without a photo it asks for one', async () => {
    const page = await newPage();
    const release = await holdRequests(page, gridCode, (route) => route.continue());
    await page.goto(`${boothUrl}/meadow/styles`);
    await page.getByRole('button', { name: new RegExp(readSiteData().styles[0].description) }).click();
    expect(await page.getByText(TEXT.noImage).count()).toBe(0);
    release();
    await page.getByText(TEXT.noImage).waitFor();
  });

  it('keeps a tap on a tile made before the grid is ready: with a photo it starts that one job', async () => {
    const page = await newPage();
    const posts = jobPosts(page);
    await visit(page, `${boothUrl}/camera`);
    const release = await holdRequests(page, gridCode, (route) => route.continue());
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
    await action(page, TEXT.takePhoto).click();
    await action(page, TEXT.useImage).click();
    await page.waitForURL(`${boothUrl}/styles`);
    await page.getByRole('button', { name: new RegExp(readSiteData().styles[0].description) }).click();
    expect(posts).toEqual([]);
    release();
    await page.waitForURL(new RegExp('/results/[^/]+$'), { timeout: 30_000 });
    expect(posts).toHaveLength(1);
  });

  it('forgets a tap on a tile of a grid that was left before it was ready', async () => {
    const page = await newPage();
    const posts = jobPosts(page);
    const release = await holdRequests(page, gridCode, (route) => route.continue());
    await page.goto(`${boothUrl}/styles`);
    await page.getByRole('button', { name: new RegExp(readSiteData().styles[0].description) }).click();
    await action(page, TEXT.restart).click();
    await page.waitForURL(`${boothUrl}/`);
    release();
    await action(page, TEXT.start).click();
    await page.waitForURL(`${boothUrl}/camera`);
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
    await action(page, TEXT.takePhoto).click();
    await action(page, TEXT.useImage).click();
    await page.waitForURL(`${boothUrl}/styles`);
    await hydrated(page);
    expect(await page.locator('.booth-overlay').count()).toBe(0);
    expect(posts).toEqual([]);
  });

  it('starts one job for a double tap on a tile', async () => {
    const page = await newPage();
    const posts = jobPosts(page);
    await photoOnStylesScreen(page, boothUrl);
    // Both taps in one go, before the screen can redraw the tile as disabled.
    await page.getByRole('button', { name: new RegExp(readSiteData().styles[0].description) }).evaluate((tile: HTMLElement) => {
      tile.click();
      tile.click();
    });
    await page.waitForURL(new RegExp('/results/[^/]+$'), { timeout: 30_000 });
    expect(posts).toHaveLength(1);
  });

  it('shows the result with the prompt as caption, opening in a new tab, and Download opens the first image', async () => {
    const page = await newPage();
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'canShare', { value: undefined, configurable: true }));
    await stubResultImage(page);
    await stubJob(page, { prompt: 'A comic portrait', images: ['/stub-results/astronaut.jpg'], result: { status: 'completed' } });
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
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'canShare', { value: undefined, configurable: true }));
    await stubResultImage(page);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/stub-results/preview.webp', async (route) => {
      await released;
      await route.fulfill({ path: join(REPO_ROOT, 'tests', 'fixtures', 'astronaut.jpg'), contentType: 'image/jpeg', headers: { 'access-control-allow-origin': '*' } });
    });
    await stubJob(page, { ...completedSticker, previews: ['/stub-results/preview.webp'] });
    // The page starts loading a finished job's picture at once: its load event waits for the one held here.
    await page.goto(`${boothUrl}/results/with-preview`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    const img = page.locator('.booth-sticker img');
    expect(await img.getAttribute('src')).toBe('/stub-results/preview.webp');
    expect(await page.locator('figure a').getAttribute('href')).toBe(STUB_IMAGE_PATH);
    const box = () => page.locator('figure').evaluate((f) => {
      const r = f.querySelector('img')!.getBoundingClientRect();
      return { width: r.width, height: r.height, caption: f.querySelector('figcaption')!.getBoundingClientRect().top };
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
      src: v.getAttribute('src'), autoplay: v.autoplay, loop: v.loop, muted: v.muted, playsInline: v.playsInline,
      position: getComputedStyle(v).position, fullScreen: v.getBoundingClientRect().width === innerWidth && v.getBoundingClientRect().height === innerHeight,
    }));
    expect(video).toEqual({ src: tenant('aurora').video, autoplay: true, loop: true, muted: true, playsInline: true, position: 'fixed', fullScreen: true });
  });

  it("shows 'Processing...', the video and a way back while the server holds its first answer", async () => {
    const page = await newPage();
    await stubResultImage(page);
    const release = await holdRequests(page, (url) => url.pathname === '/transformations/jobs/held/', (route) => route.fulfill({ json: { id: 'held', ...completedSticker } }));
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
    const requests = await stubJob(page, { prompt: 'p', images: ['/stub-results/astronaut.jpg'], result: { status: 'COMPLETED' } });
    const started = Date.now();
    await page.goto(`${boothUrl}/results/quick`);
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(new URL(requests[0].url()).pathname).toBe('/transformations/jobs/quick/');
    expect(new URL(requests[0].url()).searchParams.get('wait')).toBe('20');
  });

  it("asks for the job, and loads a finished job's picture, before the screen's code has arrived, and asks once", async () => {
    const page = await newPage();
    const pictures: string[] = [];
    page.on('request', (r) => r.url().endsWith(STUB_IMAGE_PATH) && pictures.push(r.url()));
    await stubResultImage(page);
    const requests = await stubJob(page, { prompt: 'A comic portrait', images: [STUB_IMAGE_PATH], result: { status: 'COMPLETED' } });
    const release = await holdRequests(page, (url) => /\/_astro\/ResultPoller\.[^/]+\.js$/.test(url.pathname), (route) => route.continue());
    await page.goto(`${boothUrl}/results/early`);
    await expect.poll(() => [requests.length, pictures.length]).toEqual([1, 1]);
    expect(await page.getByRole('heading', { name: TEXT.resultHeading }).count()).toBe(0);
    release();
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    await page.waitForFunction(() => ((document.querySelector('figure img') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0);
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0].url()).pathname + new URL(requests[0].url()).search).toBe('/transformations/jobs/early/?wait=20');
    expect(pictures).toHaveLength(1);
  });

  for (const [how, words] of [['network', UNREACHABLE], ['server', TROUBLE]] as const) {
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

  it('offers no Try again for a job the server does not know: asking again would not help', async () => {
    const page = await newPage();
    await page.goto(`${boothUrl}/results/no-such-job`);
    await page.getByRole('heading', { name: /There is no such job/ }).waitFor();
    expect(await action(page, 'Try again').count()).toBe(0);
    await action(page, TEXT.takeAnother).waitFor();
  });

  it('ends in the root error view when starting a job fails', async () => {
    const page = await newPage();
    await photoOnStylesScreen(page, boothUrl);
    await breakAiHost(page, 'server');
    await page.getByRole('button', { name: new RegExp(readSiteData().styles[0].description) }).click();
    await page.getByRole('heading', { name: TROUBLE }).waitFor();
    // The page the loading overlay had put out of reach is back within reach.
    expect(await page.locator('[data-booth]').evaluate((el: HTMLElement) => el.inert)).toBe(false);
    // Try again returns to the grid with the photo still there: this time the job starts.
    await page.unrouteAll();
    await action(page, 'Try again').click();
    await page.getByRole('button', { name: new RegExp(readSiteData().styles[0].description) }).click();
    await page.waitForURL(new RegExp('/results/[^/]+$'), { timeout: 30_000 });
  });

  it("shows the server's own sentence when it is too busy to take a job", async () => {
    const busy = 'The booth is busy right now. Please try again in a minute.';
    const page = await newPage();
    await photoOnStylesScreen(page, boothUrl);
    await page.route((url) => url.pathname === '/transformations/jobs/create/', (route) => route.fulfill({ status: 503, json: { error: busy } }));
    await page.getByRole('button', { name: new RegExp(readSiteData().styles[0].description) }).click();
    await page.getByRole('heading', { name: busy }).waitFor();
  });

  it('asks the proxy for no image on behalf of a screen that was left', async () => {
    const page = await newPage({ viewport: { width: 412, height: 823 } });
    const sizes: string[] = [];
    page.on('request', (r) => {
      const size = /\/rs:\w+:(\d+:\d+)\//.exec(r.url())?.[1];
      if (size) sizes.push(size);
    });
    await visit(page, `${boothUrl}/aurora/`);
    await action(page, TEXT.start).click();
    await page.waitForURL(`${boothUrl}/aurora/camera`);
    await page.getByRole('heading', { name: TEXT.cameraHeading }).waitFor();
    // A left screen measures 0 x 0, which would fall back to 450 x 450: never on a 412 px phone.
    await page.waitForTimeout(1_000);
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
    await expect.poll(async () => { const now = await sized(); return now.matches && now.size !== upright; }).toBe(true);
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
    await page.waitForFunction(() => ((document.querySelector('figure img') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0);
  });

  it("shows the default's logo and background, loaded, for a tenant whose own images are missing or refused", async () => {
    const page = await newPage();
    const failed: string[] = [];
    page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
    await visit(page, `${boothUrl}/${IMAGELESS_TENANT.slug}/`);
    await page.getByRole('heading', { level: 1, name: IMAGELESS_TENANT.viewFinderTitle }).waitFor();
    const logo = page.getByRole('img', { name: IMAGELESS_TENANT.client });
    await page.waitForFunction(() => (document.querySelector('header img') as HTMLImageElement | null)?.naturalWidth! > 0);
    expect(new URL((await logo.evaluate((i: HTMLImageElement) => i.currentSrc))).pathname).toBe('/assets/logo.svg');
    const background = await page.evaluate(async () => {
      const el = document.querySelector('[data-branded-container]')!;
      const url = getComputedStyle(el).backgroundImage.replace(/^url\("?|"?\)$/g, '');
      const res = await fetch(url);
      return { path: new URL(url).pathname, status: res.status, width: (await createImageBitmap(await res.blob())).width };
    });
    expect(background).toMatchObject({ path: '/assets/background.jpg', status: 200 });
    expect(background.width).toBeGreaterThan(0);
    expect(readSiteData().problems.join('\n')).toMatch(/Plainfolk Fair.*logoUrl/);
    expect(failed).toEqual([]);
  });

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

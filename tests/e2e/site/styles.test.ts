// The styles screen: the tiles, Restart, starting a job, and a tap made before the grid is ready.
// In Chromium, against the real embedded server and the real built site.
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Page } from 'playwright';
import { TEXT } from '../../../contract/index.ts';
import { suiteBrowser } from '../support/browser.ts';
import { action, hydrated, photoOnStylesScreen, visit } from '../support/journey.ts';
import { readSiteData, tenant } from '../support/site-data.ts';
import { breakAiHost, holdRequests, stubStyles, withoutBakedStyles } from './support.ts';
import { patience } from '../../support/patience.ts';

const boothUrl = inject('boothUrl');
const TROUBLE = 'The booth is having trouble right now. Please try again in a minute.';

describe('the styles screen', () => {
  const { newPage, open } = suiteBrowser({ camera: 'grace_hopper' });

  for (const prefix of ['', '/meadow']) {
    const branding = () => (prefix ? tenant(prefix.slice(1)) : readSiteData().defaultTenant);

    it(`goes back to the tenant's root with Restart on the styles screen of ${prefix || 'the default tenant'}`, async () => {
      const page = await open(`${prefix}/styles`);
      await action(page, TEXT.restart).click();
      await page.waitForURL(`${boothUrl}${prefix || '/'}`);
      await page.getByRole('heading', { name: branding().viewFinderTitle }).waitFor();
    });
  }

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
    const answer = await holdRequests(
      page,
      (url) => url.pathname === '/transformations/styles',
      (route) => route.continue(),
    );
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
    // A job's create call; the visitor's pass (POST /transformations/visitors/) is no job.
    const posts: string[] = [];
    page.on(
      'request',
      (r) => r.method() === 'POST' && r.url().includes('/transformations/jobs/') && posts.push(r.url()),
    );
    await visit(page, `${boothUrl}/meadow/styles`);
    await page.getByRole('button', { name: new RegExp(readSiteData().styles[0].description) }).click();
    await page.getByText(TEXT.noImage).waitFor();
    expect(posts).toEqual([]);
  });

  // The tiles are in the page's HTML; the grid's code may still be on its way on a slow phone.
  const gridCode = (url: URL) => /\/_astro\/StyleGrid\.[^/]+\.js$/.test(url.pathname);
  const jobPosts = (page: Page) => {
    const posts: string[] = [];
    page.on(
      'request',
      (r) => r.method() === 'POST' && r.url().includes('/transformations/jobs/create') && posts.push(r.url()),
    );
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
    await page.waitForURL(/\/results\/[^/]+$/, { timeout: patience(30_000) });
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
    await page
      .getByRole('button', { name: new RegExp(readSiteData().styles[0].description) })
      .evaluate((tile: HTMLElement) => {
        tile.click();
        tile.click();
      });
    await page.waitForURL(/\/results\/[^/]+$/, { timeout: patience(30_000) });
    expect(posts).toHaveLength(1);
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
    await page.waitForURL(/\/results\/[^/]+$/, { timeout: patience(30_000) });
  });

  it("shows the server's own sentence when it is too busy to take a job", async () => {
    const busy = 'The booth is busy right now. Please try again in a minute.';
    const page = await newPage();
    await photoOnStylesScreen(page, boothUrl);
    await page.route(
      (url) => url.pathname === '/transformations/jobs/create/',
      (route) => route.fulfill({ status: 503, json: { error: busy } }),
    );
    await page.getByRole('button', { name: new RegExp(readSiteData().styles[0].description) }).click();
    await page.getByRole('heading', { name: busy }).waitFor();
  });
});

// The visitor's whole journey, in Debian's Chromium with a real photo as the camera, against the
// real embedded server and the real built site (no mocks).
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Page } from 'playwright';
import { TEXT } from '../../contract/index.ts';
import { launchBrowser, suiteBrowser } from './support/browser.ts';
import { readSiteData, tenant } from './support/site-data.ts';
import { action, countJobs, hydrated, stickerStyle, visit } from './support/journey.ts';
import { patience } from '../support/patience.ts';

const boothUrl = inject('boothUrl');

async function walkToResult(page: Page, prefix: string) {
  await action(page, TEXT.start).click();
  await page.waitForURL(`${boothUrl}${prefix}/camera`);
  await page.getByRole('heading', { name: TEXT.cameraHeading }).waitFor();
  const video = page.locator('video');
  await video.waitFor();
  await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
  const look = await video.evaluate((v) => ({
    transform: getComputedStyle(v).transform,
    height: v.getBoundingClientRect().height,
  }));
  expect(look.transform, 'the preview is mirrored').toMatch(/^matrix\(-1, 0, 0, 1/);
  expect(look.height).toBeLessThanOrEqual(350);

  await action(page, TEXT.takePhoto).click();
  await action(page, TEXT.retakePhoto).waitFor();
  await action(page, TEXT.useImage).click();
  await page.waitForURL(`${boothUrl}${prefix}/styles`);
  await page.getByRole('heading', { name: TEXT.stylesHeading }).waitFor();
  await hydrated(page);

  // The loading overlay may show for a blink only: note every time it appears.
  await page.evaluate(() => {
    const w = window as unknown as { overlaySeen: boolean };
    w.overlaySeen = false;
    new MutationObserver(() => {
      if (document.querySelector('.booth-overlay')) w.overlaySeen = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  const style = stickerStyle(readSiteData().styles);
  await page.getByRole('button', { name: new RegExp(style.description) }).click();
  await page.waitForURL(new RegExp(`${prefix}/results/[^/]+$`), { timeout: patience(30_000) });
}

/** The values data-peeled takes on the first sticker, as they change. */
async function watchPeel(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { peels: string[] };
    w.peels = [];
    const note = () => {
      const value = document.querySelector('.booth-sticker')?.getAttribute('data-peeled');
      if (value && value !== w.peels.at(-1)) w.peels.push(value);
    };
    new MutationObserver(note).observe(document.body, { attributes: true, childList: true, subtree: true });
    note();
  });
  return () => page.evaluate(() => (window as unknown as { peels: string[] }).peels);
}

describe('the visitor journey', () => {
  const { newPage } = suiteBrowser({ camera: 'astronaut' });

  it('takes the default tenant from the intro to a peeling sticker and back to the camera', async () => {
    const page = await newPage();
    const branding = readSiteData().defaultTenant;
    await visit(page, `${boothUrl}/`);
    await page.getByRole('heading', { name: branding.viewFinderTitle }).waitFor();
    for (const line of branding.viewFinderDesc.split('\n').filter((l) => l.trim())) {
      await page.getByText(line.trim(), { exact: true }).waitFor();
    }

    await walkToResult(page, '');
    // Astro's ClientRouter swaps pages in the same window, so the styles page's note is still here.
    expect(await page.evaluate(() => (window as unknown as { overlaySeen?: boolean }).overlaySeen)).toBe(true);
    const peels = await watchPeel(page);
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor({ timeout: patience(30_000) });
    const figure = page.locator('figure').first();
    await expect(figure.locator('figcaption').textContent()).resolves.toMatch(/sticker/i);
    const img = figure.locator('img');
    await page.waitForFunction(
      () => ((document.querySelector('figure img') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
    );
    expect(await img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThanOrEqual(512);
    expect(await figure.locator('a').first().getAttribute('target')).toBe('_blank');
    await page.waitForFunction(() => (window as unknown as { peels: string[] }).peels.length >= 3, undefined, {
      timeout: patience(5_000),
    });
    expect(await peels(), 'the sticker peels and settles back').toEqual(['false', 'true', 'false']);

    await action(page, TEXT.takeAnother).click();
    await page.waitForURL(`${boothUrl}/camera`);
    await page.getByRole('heading', { name: TEXT.cameraHeading }).waitFor();
  });

  it('runs the same journey under a demo tenant, in its colours, with images through the proxy', async () => {
    const aurora = tenant('aurora');
    const page = await newPage();
    await visit(page, `${boothUrl}/aurora/`);
    await page.getByRole('heading', { name: aurora.viewFinderTitle }).waitFor();
    const colours = await page.evaluate(() => {
      const el = document.querySelector('[data-branded-container]') ?? document.body;
      const s = getComputedStyle(el);
      return { background: s.backgroundColor, text: s.color, page: getComputedStyle(document.body).backgroundColor };
    });
    const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    // The page behind the container (overscroll) is the tenant's colour too.
    expect(colours).toEqual({
      background: rgb(aurora.backgroundColor),
      text: rgb(aurora.textColor),
      page: rgb(aurora.backgroundColor),
    });

    // Background and logo: the proxy, sized to the container as measured, smart gravity.
    const probe = await page.waitForFunction(
      () => {
        const el = document.querySelector('[data-branded-container]') as HTMLElement | null;
        const logo = document.querySelector('header img, img[data-logo]') as HTMLImageElement | null;
        const bg = el && getComputedStyle(el).backgroundImage;
        if (!el || !logo || !bg || !/rs:fill:\d+:\d+/.test(bg) || !logo.currentSrc) return null;
        const r = el.getBoundingClientRect();
        return {
          w: Math.round(r.width),
          h: Math.round(r.height),
          bg: bg.replace(/^url\("?|"?\)$/g, ''),
          logo: logo.currentSrc,
        };
      },
      undefined,
      { timeout: patience(15_000) },
    );
    const { w, h, bg, logo } = (await probe.jsonValue())!;
    expect(bg).toContain(`/rs:fill:${w}:${h}/g:sm/plain/`);
    expect(logo).toMatch(new RegExp(`/rs:(fill|fit):${w}:${h}/g:sm/plain/`));
    const fetchImage = (url: string) =>
      page.evaluate(async (u) => {
        const res = await fetch(u);
        const bmp = await createImageBitmap(await res.blob());
        return { status: res.status, width: bmp.width, height: bmp.height };
      }, url);
    expect(await fetchImage(bg)).toEqual({ status: 200, width: w, height: h });
    // The logo is fitted into the same box, never cropped: it fits inside it.
    const servedLogo = await fetchImage(logo);
    expect(servedLogo.status).toBe(200);
    expect(servedLogo.width).toBeGreaterThan(0);
    expect(servedLogo.width).toBeLessThanOrEqual(w);
    expect(servedLogo.height).toBeLessThanOrEqual(h);

    await walkToResult(page, '/aurora');
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor({ timeout: patience(30_000) });
  });

  it('shows the server message when the photo has no person in it', async () => {
    const noPerson = await launchBrowser({ camera: 'rocket' });
    try {
      const page = await (await noPerson.newContext()).newPage();
      await visit(page, `${boothUrl}/`);
      await walkToResult(page, '');
      await page.getByRole('heading', { name: TEXT.errorHeading }).waitFor({ timeout: patience(30_000) });
      await page.getByText(/couldn.t find a person/i).waitFor();
    } finally {
      await noPerson.close();
    }
  });

  it('asks for a photo first when the styles screen is opened directly, and starts no job', async () => {
    const before = countJobs(inject('dataDir'));
    const page = await newPage();
    await visit(page, `${boothUrl}/styles`);
    await page.getByRole('heading', { name: TEXT.stylesHeading }).waitFor();
    await page.getByRole('button', { name: new RegExp(stickerStyle(readSiteData().styles).description) }).click();
    await page.getByText(TEXT.noImage).waitFor();
    expect(page.url()).toBe(`${boothUrl}/styles`);
    expect(countJobs(inject('dataDir'))).toBe(before);
  });

  it('shows the Not Found view for a URL that matches no route', async () => {
    const page = await newPage();
    const res = await page.goto(`${boothUrl}/no/such/page`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: /not found/i }).waitFor();
    await page.getByRole('img').first().waitFor();
  });
});

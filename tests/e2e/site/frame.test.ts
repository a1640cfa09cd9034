// The tenant's brand frame as a visitor gets it: the styles screen sends its tenant with the job,
// and the picture the results screen downloads (and prints, at a kiosk) is the framed one. In
// Chromium, against the real embedded server, its real engine and the real built site.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { TEXT } from '../../../contract/index.ts';
import { REPO_ROOT } from '../../support/server-process.ts';
import { suiteBrowser } from '../support/browser.ts';
import { action, photoOnStylesScreen, stickerStyle } from '../support/journey.ts';
import { readSiteData, tenant } from '../support/site-data.ts';
import { patience } from '../../support/patience.ts';

const boothUrl = inject('boothUrl');

/** A comic-style job of a real photo for `tenant`, through the AI hub's create call. */
async function framedJob(slug: string): Promise<string> {
  const image = `data:image/jpeg;base64,${readFileSync(join(REPO_ROOT, 'tests/fixtures/astronaut.jpg')).toString('base64')}`;
  const res = await fetch(`${boothUrl}/transformations/jobs/create/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ style_id: 'comic', image, tenant: slug }),
  });
  const body = (await res.json()) as { id: string; error?: string };
  expect(res.status, body.error).toBe(201);
  return body.id;
}

/** Gala Night's band colour on the left edge, its gold in the top-left jewel (server/seed/make-assets.ts). */
async function expectGalaFrame(bytes: Buffer) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (fx: number, fy: number) => {
    const o = (Math.round(fy * (info.height - 1)) * info.width + Math.round(fx * (info.width - 1))) * 3;
    return [data[o]!, data[o + 1]!, data[o + 2]!];
  };
  const near = (rgb: number[], hex: string) =>
    Math.hypot(...rgb.map((v, i) => v - parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16)));
  const { backgroundColor, accentColor } = tenant('gala');
  expect(near(at(0.04, 0.5), backgroundColor)).toBeLessThan(24);
  expect(near(at(0.96, 0.3), backgroundColor)).toBeLessThan(24);
  expect(near(at(57 / 1200, 42 / 1500), accentColor)).toBeLessThan(48);
  // The window is the picture, not the band.
  expect(near(at(0.5, 0.5), backgroundColor)).toBeGreaterThan(24);
}

describe('the brand frame on a result', () => {
  const { newPage } = suiteBrowser({ camera: 'grace_hopper' });

  it('is in the picture Download opens, for a job of Gala Night', async () => {
    const id = await framedJob('gala');
    // A browser that is no kiosk of the tenant's: Download is there.
    const page = await newPage();
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'canShare', { value: undefined, configurable: true }),
    );
    await page.goto(`${boothUrl}/results/${id}`);
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor({ timeout: patience(60_000) });
    const [popup] = await Promise.all([page.waitForEvent('popup'), action(page, TEXT.download).click()]);
    await popup.waitForLoadState();
    const downloaded = await page.request.get(popup.url());
    expect(downloaded.status()).toBe(200);
    await expectGalaFrame(await downloaded.body());
  });

  it("is in the picture Gala Night's kiosk prints, and in the one it shows", async () => {
    const id = await framedJob('gala');
    const page = await newPage();
    // This browser is Gala Night's kiosk (its kiosk address): Print and its picture.
    await page.goto(`${boothUrl}/gala/results/${id}?kiosk`);
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor({ timeout: patience(60_000) });
    for (const selector of ['.booth-print-image', '.booth-result-list img']) {
      const src = await page.locator(selector).first().getAttribute('src');
      const shown = await page.request.get(new URL(src!, page.url()).href);
      await expectGalaFrame(await shown.body());
    }
  });

  it("sends the tenant's slug with the job from the styles screen", async () => {
    const page = await newPage();
    await photoOnStylesScreen(page, boothUrl, '/aurora');
    const [create] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/transformations/jobs/create/')),
      page.getByRole('button', { name: new RegExp(stickerStyle(readSiteData().styles).description) }).click(),
    ]);
    expect(JSON.parse(create.postData()!)).toMatchObject({
      style_id: stickerStyle(readSiteData().styles).id,
      tenant: 'aurora',
    });
  });
});

// The two looks a tenant sells, as a visitor of Meadow Fair (the demo tenant that offers them)
// gets them: a real photo as the camera, the tile picked on the styles screen (one tile per
// backdrop of Meadow Fair's two, each with its picture), the picture shown on the results screen;
// the branded scene drawn on the backdrop picked, and axe clean on every screen on the way. In
// Chromium, against the real embedded server, engine and built site.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import sharp from 'sharp';
import type { Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { TEXT } from '../../../contract/index.ts';
import { REPO_ROOT } from '../../support/server-process.ts';
import { suiteBrowser } from '../support/browser.ts';
import { photoOnStylesScreen } from '../support/journey.ts';
import { tenant } from '../support/site-data.ts';
import { patience } from '../../support/patience.ts';

const boothUrl = inject('boothUrl');
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The tiles of the two looks, in Meadow Fair's order: its two backdrops, then the studio portrait. */
const LOOKS = [
  ['branded-scene', 'Branded scene 1', 0],
  ['branded-scene', 'Branded scene 2', 1],
  ['studio-portrait', 'Studio portrait', null],
] as const;

/** One of Meadow Fair's backdrops as drawn for the seed, at the given size. */
const backdrop = (index: number, width: number, height: number) =>
  sharp(readFileSync(join(REPO_ROOT, 'server/seed/assets', tenant('meadow').sceneUrls[index]!)))
    .resize(width, height, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer();

/**
 * How far a square picture is from the nearest square crop of a backdrop: the mean colour
 * distance on a 16 x 16 grid, at the best of the crop's vertical places (a 4:5 backdrop has five).
 */
async function squareCropDistance(square: Buffer, index: number): Promise<number> {
  const grid = await sharp(square).resize(16, 16, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const tall = await backdrop(index, 16, 20);
  let best = Infinity;
  for (let top = 0; top <= 4; top++) {
    let sum = 0;
    for (let i = 0; i < 16 * 16; i++) {
      const o = i * 3;
      const t = (top * 16 + i) * 3;
      sum += Math.hypot(grid[o]! - tall[t]!, grid[o + 1]! - tall[t + 1]!, grid[o + 2]! - tall[t + 2]!);
    }
    best = Math.min(best, sum / 256);
  }
  return best;
}

/** The largest colour distance between two pictures of one size at points given as shares of it. */
function farthest(a: Buffer, b: Buffer, width: number, height: number, points: (readonly [number, number])[]) {
  let far = 0;
  for (const [fx, fy] of points) {
    const o = (Math.round(fy * (height - 1)) * width + Math.round(fx * (width - 1))) * 3;
    far = Math.max(far, Math.hypot(a[o]! - b[o]!, a[o + 1]! - b[o + 1]!, a[o + 2]! - b[o + 2]!));
  }
  return far;
}

async function axeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}

/** The picture the results screen shows (its display copy). */
async function shownPicture(page: Page): Promise<Buffer> {
  const src = await page.locator('figure img').evaluate((i: HTMLImageElement) => i.currentSrc);
  const res = await fetch(new URL(src, boothUrl));
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('the two looks of Meadow Fair', () => {
  const { newPage } = suiteBrowser({ camera: 'grace_hopper' });

  it('offers both on its styles screen, the branded scene once per backdrop, among the styles it chose, in its order', async () => {
    const page = await newPage();
    await photoOnStylesScreen(page, boothUrl, '/meadow');
    await page.getByRole('heading', { name: TEXT.stylesHeading }).waitFor();
    const tiles = await page.locator('.booth-style-tile').allInnerTexts();
    expect(tiles.map((t) => t.trim()).slice(0, 3)).toEqual(LOOKS.map(([, label]) => label));
    // The branded scene's one tile became two.
    expect(tiles).toHaveLength(tenant('meadow').styles!.length + 1);
    await axeClean(page);
  });

  it("shows each backdrop's own picture on its tile", async () => {
    const page = await newPage();
    await photoOnStylesScreen(page, boothUrl, '/meadow');
    for (const index of [0, 1]) {
      const picture = page.getByRole('button', { name: `Branded scene ${index + 1}`, exact: true }).locator('img');
      await page.waitForFunction((img) => (img as HTMLImageElement).naturalWidth > 0, await picture.elementHandle(), {
        timeout: patience(10_000),
      });
      const src = await picture.evaluate((i: HTMLImageElement) => i.currentSrc);
      const res = await fetch(new URL(src, boothUrl));
      expect(res.status).toBe(200);
      const thumbnail = Buffer.from(await res.arrayBuffer());
      const { width, height } = await sharp(thumbnail).metadata();
      // Square, as the tile shows it.
      expect(width).toBe(height);
      // A square crop of its own backdrop (the proxy's smart gravity picks where), not of the other one.
      const own = await squareCropDistance(thumbnail, index);
      const other = await squareCropDistance(thumbnail, 1 - index);
      expect(own, `backdrop ${index + 1}`).toBeLessThan(20);
      expect(other, `backdrop ${index + 1} against the other`).toBeGreaterThan(2 * own + 20);
    }
  });

  for (const [id, label, scene] of LOOKS) {
    it(`takes a visitor from the camera to a ${label.toLowerCase()} on the results screen`, async () => {
      const page = await newPage();
      await photoOnStylesScreen(page, boothUrl, '/meadow');
      await page.getByRole('button', { name: label, exact: true }).click();
      await page.waitForURL(/\/meadow\/results\/[^/]+$/, { timeout: patience(30_000) });
      await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor({ timeout: patience(60_000) });
      await page.waitForFunction(
        () => ((document.querySelector('figure img') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
      );
      expect(await page.locator('figure img').evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThanOrEqual(
        512,
      );
      await axeClean(page);

      const picture = await shownPicture(page);
      const { data, info } = await sharp(picture).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      // An opaque picture at 4:5, as both looks make.
      expect(info.width / info.height).toBeCloseTo(4 / 5, 1);
      if (id === 'branded-scene' && scene !== null) {
        // The top corners are the backdrop picked (its sky, its bunting or lights), scaled to the picture.
        const corners = [
          [0.03, 0.03],
          [0.97, 0.03],
          [0.03, 0.3],
          [0.97, 0.3],
        ] as const;
        const picked = await backdrop(scene, info.width, info.height);
        const other = await backdrop(1 - scene, info.width, info.height);
        expect(farthest(data, picked, info.width, info.height, [...corners])).toBeLessThan(30);
        expect(farthest(data, other, info.width, info.height, [...corners])).toBeGreaterThan(60);
      }
    });
  }
});

// The two looks a tenant sells, as a visitor of Meadow Fair (the demo tenant that offers them)
// gets them: a real photo as the camera, the tile picked on the styles screen, the picture shown
// on the results screen; the branded scene drawn on Meadow Fair's own backdrop, and axe clean on
// every screen on the way. In Chromium, against the real embedded server, engine and built site.
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
const LOOKS = [
  ['branded-scene', 'Branded scene'],
  ['studio-portrait', 'Studio portrait'],
] as const;

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

  it('offers both on its styles screen, among the styles it chose, in its order', async () => {
    const page = await newPage();
    await photoOnStylesScreen(page, boothUrl, '/meadow');
    await page.getByRole('heading', { name: TEXT.stylesHeading }).waitFor();
    const tiles = await page.locator('.booth-style-tile').allInnerTexts();
    expect(tiles.map((t) => t.trim()).slice(0, 2)).toEqual(LOOKS.map(([, label]) => label));
    expect(tiles).toHaveLength(tenant('meadow').styles!.length);
    await axeClean(page);
  });

  for (const [id, label] of LOOKS) {
    it(`takes a visitor from the camera to a ${label.toLowerCase()} on the results screen`, async () => {
      const page = await newPage();
      await photoOnStylesScreen(page, boothUrl, '/meadow');
      await page.getByRole('button', { name: new RegExp(label) }).click();
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
      if (id === 'branded-scene') {
        // The top corners are Meadow Fair's backdrop (its sky, its bunting), scaled to the picture.
        const scene = await sharp(readFileSync(join(REPO_ROOT, 'server/seed/assets', tenant('meadow').sceneUrl!)))
          .resize(info.width, info.height, { fit: 'cover' })
          .removeAlpha()
          .raw()
          .toBuffer();
        let far = 0;
        for (const [fx, fy] of [
          [0.03, 0.03],
          [0.97, 0.03],
          [0.03, 0.3],
          [0.97, 0.3],
        ]) {
          const o = (Math.round(fy! * (info.height - 1)) * info.width + Math.round(fx! * (info.width - 1))) * 3;
          far = Math.max(
            far,
            Math.hypot(data[o]! - scene[o]!, data[o + 1]! - scene[o + 1]!, data[o + 2]! - scene[o + 2]!),
          );
        }
        expect(far).toBeLessThan(30);
      }
    });
  }
});

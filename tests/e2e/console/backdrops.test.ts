// A tenant's backdrops, as an operator sets them and a guest then finds them, in Chromium against
// the real server and its real build: two uploaded in the console (listed with their pictures, a
// third uploaded and removed again), offered on the tenant's styles screen only once published,
// each as its own tile, and each job drawn on the backdrop its tile names. axe is clean on the
// console's list of backdrops and on the styles screen that offers them.
import { AxeBuilder } from '@axe-core/playwright';
import sharp from 'sharp';
import type { Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { TEXT } from '../../../contract/index.ts';
import { suiteBrowser } from '../support/browser.ts';
import { photoOnStylesScreen } from '../support/journey.ts';
import { distance, pixelsOf } from '../../integration/server/support/pixels.ts';
import { dataUrl, fixture, postJob, waitForJob } from '../../integration/server/support/client.ts';
import { operatorApi, publish, removeTenant, signIn, uniqueSlug, publishChanged } from './support.ts';
import { patience } from '../../support/patience.ts';

const boothUrl = inject('boothUrl');
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const TEAL = [20, 150, 140] as const;
const ORANGE = [230, 130, 30] as const;
const GREY = [120, 120, 120] as const;

const flat = ([r, g, b]: readonly number[]) =>
  sharp({ create: { width: 800, height: 1000, channels: 3, background: { r: r!, g: g!, b: b! } } })
    .jpeg()
    .toBuffer();

async function axeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}

/** Uploads one backdrop through the console's form, and waits until the list shows it. */
async function uploadBackdrop(page: Page, name: string, colour: readonly number[], count: number) {
  await page
    .getByLabel('Upload a backdrop')
    .setInputFiles({ name, mimeType: 'image/jpeg', buffer: await flat(colour) });
  await page.getByRole('button', { name: 'Upload scene' }).click();
  await expect.poll(() => page.getByTestId('backdrops').locator('li').count()).toBe(count);
}

/** The top corners of a finished job of the tenant, picked with `backdrop`. */
async function jobCorners(slug: string, backdrop: number) {
  const created = await postJob(boothUrl, {
    style_id: 'branded-scene',
    image: dataUrl(fixture('grace_hopper.jpg')),
    tenant: slug,
    backdrop,
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const job = await waitForJob(boothUrl, id);
  const image = await pixelsOf(job.images[0]!);
  return [image.at(0.03, 0.03), image.at(0.97, 0.03)];
}

describe("a tenant's backdrops", () => {
  const { newPage } = suiteBrowser({ camera: 'grace_hopper' });

  it('uploads two in the console, offers both on the styles screen once published, and places each job in its own', async () => {
    const api = await operatorApi();
    const slug = uniqueSlug('backdrops');
    expect(
      (await api('POST', '/tenants', { slug, client: 'Backdrop Fair', styles: ['branded-scene', 'comic'] })).status,
    ).toBe(201);
    try {
      // Published before any backdrop: one branded-scene tile, as the spec's styles screen has it.
      expect((await publish([slug])).status).toBe('succeeded');
      const page = await newPage();
      await signIn(page, undefined, undefined, `#/tenants/${slug}`);
      await page.getByLabel('Client name').waitFor();
      expect(await page.getByTestId('backdrops').textContent()).toContain(
        "No backdrops: the booth's own studio scene.",
      );

      await uploadBackdrop(page, 'teal.jpg', TEAL, 1);
      await uploadBackdrop(page, 'orange.jpg', ORANGE, 2);
      await uploadBackdrop(page, 'grey.jpg', GREY, 3);
      const items = page.getByTestId('backdrops').locator('li');
      expect((await items.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
        expect.stringMatching(new RegExp(`^Backdrop 1 \\(${slug}/scene-[0-9a-f]{12}\\.jpg\\) Remove backdrop 1$`)),
        expect.stringMatching(/^Backdrop 2 \(/),
        expect.stringMatching(/^Backdrop 3 \(/),
      ]);
      // Each with its picture, as the console serves the tenant's files.
      for (const img of await items.locator('img').all())
        await page.waitForFunction((i) => (i as HTMLImageElement).naturalWidth > 0, await img.elementHandle(), {
          timeout: patience(10_000),
        });
      await axeClean(page);

      // The third goes again: removed in the form, saved with Save.
      await page.getByRole('button', { name: 'Remove backdrop 3' }).click();
      await expect.poll(() => items.count()).toBe(2);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(async () => ((await api('GET', `/tenants/${slug}`)).body.branding as { sceneUrls?: string[] }).sceneUrls)
        .toHaveLength(2);

      // Saved, not published: the guest's styles screen still has the one tile.
      const guest = await newPage();
      await photoOnStylesScreen(guest, boothUrl, `/${slug}`);
      expect(await guest.locator('.booth-style-tile').allInnerTexts()).toEqual(['Branded scene', 'Comic']);

      await publishChanged(page, slug);

      await photoOnStylesScreen(guest, boothUrl, `/${slug}`);
      await guest.getByRole('heading', { name: TEXT.stylesHeading }).waitFor();
      expect((await guest.locator('.booth-style-tile').allInnerTexts()).map((t) => t.trim())).toEqual([
        'Branded scene 1',
        'Branded scene 2',
        'Comic',
      ]);
      for (const [index, colour] of [TEAL, ORANGE].entries()) {
        const picture = guest.getByRole('button', { name: `Branded scene ${index + 1}`, exact: true }).locator('img');
        await guest.waitForFunction((i) => (i as HTMLImageElement).naturalWidth > 0, await picture.elementHandle(), {
          timeout: patience(10_000),
        });
        const shown = await pixelsOf(await picture.evaluate((i: HTMLImageElement) => i.currentSrc));
        expect(distance(shown.at(0.5, 0.5), colour), `tile ${index + 1}`).toBeLessThan(20);
      }
      await axeClean(guest);

      // Each tile's job is drawn on its backdrop: the top corners are the set's colour.
      for (const [index, colour] of [TEAL, ORANGE].entries())
        for (const corner of await jobCorners(slug, index))
          expect(distance(corner, colour), `backdrop ${index + 1}`).toBeLessThan(20);
      // And a visitor who taps the second tile gets the second.
      await guest.getByRole('button', { name: 'Branded scene 2', exact: true }).click();
      await guest.waitForURL(new RegExp(`/${slug}/results/[^/]+$`), { timeout: patience(30_000) });
      await guest.getByRole('heading', { name: TEXT.resultHeading }).waitFor({ timeout: patience(60_000) });
      const result = await pixelsOf(await guest.locator('figure img').evaluate((i: HTMLImageElement) => i.currentSrc));
      expect(distance(result.at(0.03, 0.03), ORANGE)).toBeLessThan(20);
    } finally {
      await removeTenant(slug, { published: true });
    }
  });
});

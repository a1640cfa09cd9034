// The guest's language menu (a tenant's `languages`), in Chromium against the real embedded server
// and the real built site: a tenant in English that also offers French. The guest switches on the
// camera and styles screens and lands on the same screen in French, with the photo kept; the job
// started there has its result in French, and the hub's sentences are French; back to English.
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright';
import { CATALOGUES } from '../../../contract/i18n/index.ts';
import { styleName } from '../../../contract/local-style-texts.ts';
import { patience } from '../../support/patience.ts';
import { suiteBrowser } from '../support/browser.ts';
import { englishLeft } from '../support/languages.ts';
import { action, hydrated, stickerStyle, visit } from '../support/journey.ts';
import { readSiteData, MENU_TENANT } from '../support/site-data.ts';

const boothUrl = inject('boothUrl');
const { en, fr } = CATALOGUES;
const slug = MENU_TENANT.slug;

/** The menu's link to a language, by its own name. */
const menuLink = (page: Page, label: string, name: string) =>
  page.getByRole('navigation', { name: label }).getByRole('link', { name, exact: true });

const langOf = (page: Page) => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);

describe("the guest's language menu", () => {
  const { newPage } = suiteBrowser({ camera: 'astronaut' });

  it('switches the camera and styles screens to French with the photo kept, and the result and the hub’s sentences follow', async () => {
    const page = await newPage();
    await visit(page, `${boothUrl}/${slug}/camera`);
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
    // The menu: each language by its own name, the page's one marked.
    expect(await menuLink(page, en.site.languageMenu, 'English').getAttribute('aria-current')).toBe('page');
    expect(await menuLink(page, en.site.languageMenu, 'Français').getAttribute('lang')).toBe('fr');

    // The camera screen, in French: the same screen.
    await menuLink(page, en.site.languageMenu, 'Français').click();
    await page.waitForURL(`${boothUrl}/${slug}/fr/camera`);
    await page.getByRole('heading', { name: fr.spec.cameraHeading }).waitFor();
    expect(await langOf(page)).toEqual(['fr', 'ltr']);
    await hydrated(page);
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
    await action(page, fr.spec.takePhoto).click();
    await action(page, fr.spec.useImage).click({ timeout: patience(10_000) });
    await page.waitForURL(`${boothUrl}/${slug}/fr/styles`);
    await page.getByRole('heading', { name: fr.spec.stylesHeading }).waitFor();
    expect(await englishLeft(page, fr)).toEqual([]);

    // Back to English on the styles screen, and to French again: the photo is still there.
    await menuLink(page, fr.site.languageMenu, 'English').click();
    await page.waitForURL(`${boothUrl}/${slug}/styles`);
    await page.getByRole('heading', { name: en.spec.stylesHeading }).waitFor();
    expect(await langOf(page)).toEqual(['en', 'ltr']);
    await menuLink(page, en.site.languageMenu, 'Français').click();
    await page.waitForURL(`${boothUrl}/${slug}/fr/styles`);
    await page.getByRole('heading', { name: fr.spec.stylesHeading }).waitFor();
    await hydrated(page);

    // A style picked in French: the job's result in French, its caption too.
    const style = stickerStyle(readSiteData().styles);
    await page.getByRole('button', { name: new RegExp(styleName(style.description, fr.styleNames)) }).click();
    expect(await page.getByText(fr.spec.noImage).count()).toBe(0);
    await page.waitForURL(new RegExp(`/${slug}/fr/results/[^/]+$`));
    await page.getByRole('heading', { name: fr.spec.resultHeading }).waitFor({ timeout: patience(30_000) });
    expect(await langOf(page)).toEqual(['fr', 'ltr']);
    expect(await englishLeft(page, fr)).toEqual([]);
    const jobUrl = page.url();
    const jobId = jobUrl.split('/').pop()!;

    // The same result in English, from the menu; and back to French by its address.
    await menuLink(page, fr.site.languageMenu, 'English').click();
    await page.waitForURL(`${boothUrl}/${slug}/results/${jobId}`);
    await page.getByRole('heading', { name: en.spec.resultHeading }).waitFor({ timeout: patience(10_000) });
    await action(page, en.spec.takeAnother).waitFor();
    expect(await menuLink(page, en.site.languageMenu, 'Français').getAttribute('href')).toBe(
      `/${slug}/fr/results/${jobId}`,
    );
    await page.goto(jobUrl);
    await page.getByRole('heading', { name: fr.spec.resultHeading }).waitFor({ timeout: patience(10_000) });
  });

  it("shows the hub's sentence in the language the guest chose", async () => {
    /** The hub's answer about a job, asked as the page asks: in the page's language. */
    const hubSays = (page: Page) =>
      page.evaluate(async () => {
        const res = await fetch('/transformations/jobs/no-such-job/', {
          headers: { 'Accept-Language': document.documentElement.lang },
        });
        return { status: res.status, error: ((await res.json()) as { error: string }).error };
      });
    const page = await newPage();
    await visit(page, `${boothUrl}/${slug}/fr/results/no-such-job`);
    await page.getByRole('heading', { name: fr.results.goneHeading }).waitFor({ timeout: patience(10_000) });
    expect(await englishLeft(page, fr)).toEqual([]);
    expect(await hubSays(page)).toEqual({ status: 404, error: fr.guest.noSuchJob });
    // The same address in English: the English screen and sentence.
    await menuLink(page, fr.site.languageMenu, 'English').click();
    await page.waitForURL(`${boothUrl}/${slug}/results/no-such-job`);
    await page.getByRole('heading', { name: en.results.goneHeading }).waitFor({ timeout: patience(10_000) });
    expect(await hubSays(page)).toEqual({ status: 404, error: en.guest.noSuchJob });
  });

  it("keeps a tenant's own language at its addresses, and shows no menu to a tenant in one language", async () => {
    const page = await newPage();
    await visit(page, `${boothUrl}/${slug}/`);
    expect(await langOf(page)).toEqual(['en', 'ltr']);
    await action(page, en.spec.start).waitFor();
    await menuLink(page, en.site.languageMenu, 'Français').click();
    await page.waitForURL(`${boothUrl}/${slug}/fr`);
    await action(page, fr.spec.start).waitFor();
    await visit(page, `${boothUrl}/lumiere/`);
    expect(await page.getByRole('navigation').count()).toBe(0);
  });
});

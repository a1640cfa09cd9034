// A tenant in each shipped language but English (the demo tenants Soirée Lumière in French and
// مهرجان نور in Arabic, and a tenant of the e2e run in German, Spanish, Italian, Dutch and
// Portuguese) through the whole booth: intro, camera, styles, results, with a real photo as the
// camera and a real job. Every text is their catalogue's, no English text is left, every page has
// its language's `lang` and `dir`, and the Arabic pages run right to left. In Chromium, against
// the real embedded server and the real built site.
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Page } from 'playwright';
import { CATALOGUES } from '../../../contract/i18n/index.ts';
import { leadPath } from '../../../contract/leads.ts';
import { styleName } from '../../../contract/local-style-texts.ts';
import { suiteBrowser } from '../support/browser.ts';
import { action, hydrated, stickerStyle, visit } from '../support/journey.ts';
import { FRENCH_LEAD_TENANT, LANGUAGE_TENANTS, MENU_TENANT, readSiteData, tenant } from '../support/site-data.ts';
import { englishLeft, englishTexts, pageWords } from '../support/languages.ts';
import { patience } from '../../support/patience.ts';

const boothUrl = inject('boothUrl');

const TENANTS = [
  { slug: 'lumiere', language: 'fr', dir: 'ltr' },
  { slug: 'noor', language: 'ar', dir: 'rtl' },
  ...LANGUAGE_TENANTS.map(({ slug, language }) => ({ slug, language, dir: 'ltr' }) as const),
] as const;

describe('a tenant in its own language', () => {
  const { newPage } = suiteBrowser({ camera: 'astronaut' });

  it('would catch an English text on a French page', async () => {
    const page = await newPage();
    await visit(page, `${boothUrl}/lumiere/`);
    expect(await englishLeft(page, CATALOGUES.fr)).toEqual([]);
    await page.evaluate((text) => document.querySelector('main')!.append(text), CATALOGUES.en.spec.takeAnother);
    expect(await englishLeft(page, CATALOGUES.fr)).toEqual([CATALOGUES.en.spec.takeAnother]);
    // The catalogue's English texts are what the test looks for: many of them.
    expect(englishTexts(CATALOGUES.fr).length).toBeGreaterThan(80);
  });

  for (const { slug, language, dir } of TENANTS) {
    const t = CATALOGUES[language];

    /** The page is in the tenant's language, and nothing English is left on it. */
    async function inLanguage(page: Page) {
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
        language,
        dir,
      ]);
      expect(await englishLeft(page, t)).toEqual([]);
    }

    it(`${slug} (${language}): intro, camera, styles and results in its language only`, async () => {
      const branding = tenant(slug);
      expect(branding.language).toBe(language);
      const page = await newPage();

      await visit(page, `${boothUrl}/${slug}/`);
      await page.getByRole('heading', { level: 1, name: branding.viewFinderTitle }).waitFor();
      expect(await page.title()).toBe(`${branding.viewFinderTitle} · ${branding.client}`);
      await inLanguage(page);
      await action(page, t.spec.start).click();

      await page.waitForURL(`${boothUrl}/${slug}/camera`);
      await page.getByRole('heading', { name: t.spec.cameraHeading }).waitFor();
      await page.getByRole('status').filter({ hasText: t.site.cameraReady }).waitFor();
      await inLanguage(page);
      await action(page, t.spec.takePhoto).click();
      await action(page, t.spec.retakePhoto).waitFor();
      expect(await page.getByRole('img', { name: t.site.yourPhoto }).count()).toBe(1);
      await inLanguage(page);
      await action(page, t.spec.useImage).click();

      await page.waitForURL(`${boothUrl}/${slug}/styles`);
      await hydrated(page);
      await page.getByRole('heading', { name: t.spec.stylesHeading }).waitFor();
      await action(page, t.spec.restart).waitFor();
      await inLanguage(page);
      const style = stickerStyle(readSiteData().styles);
      // The booth's own style, named in the tenant's language.
      await page.getByRole('button', { name: new RegExp(styleName(style.description, t.styleNames)) }).click();

      await page.waitForURL(new RegExp(`/${slug}/results/[^/]+$`));
      // The job runs on the real engine: the processing screen, then the result.
      await page.getByRole('heading', { name: t.spec.resultHeading }).waitFor({ timeout: patience(30_000) });
      await action(page, t.spec.takeAnother).waitFor();
      await action(page, t.spec.download).or(action(page, t.spec.share)).waitFor();
      expect(await page.title()).toBe(`${t.spec.resultHeading} · ${branding.client}`);
      await inLanguage(page);
    });

    it(`${slug} (${language}): the styles screen without a photo, and Not Found, in its language`, async () => {
      const page = await newPage();
      await visit(page, `${boothUrl}/${slug}/styles`);
      await page
        .getByRole('button', { name: new RegExp(styleName(readSiteData().styles[0].description, t.styleNames)) })
        .click();
      await page.getByText(t.spec.noImage).waitFor();
      await inLanguage(page);

      const response = await page.goto(`${boothUrl}/${slug}/nowhere`);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: t.site.notFound }).waitFor();
      await action(page, t.site.goToStart).waitFor();
      await inLanguage(page);
    });
  }

  it('asks for leads in French before the camera, its refusals in French too', async () => {
    const { fr } = CATALOGUES;
    const page = await newPage();
    await visit(page, `${boothUrl}/${FRENCH_LEAD_TENANT.slug}/camera`);
    await hydrated(page);
    const form = page.getByRole('form', { name: fr.lead.heading });
    await form.waitFor();
    await form.getByRole('checkbox', { name: FRENCH_LEAD_TENANT.leadConsentText }).waitFor();
    await form.getByRole('link', { name: fr.lead.privacyLink }).waitFor();
    for (const label of [fr.lead.name, fr.lead.email, fr.lead.company])
      expect(await form.getByLabel(`${label} ${fr.lead.optional}`).count()).toBe(1);
    await action(page, fr.lead.skip).waitFor();
    expect(await englishLeft(page, fr)).toEqual([]);

    // The page's own checks, in French.
    await action(page, fr.lead.continue).click();
    await form.getByRole('alert').filter({ hasText: fr.lead.nothingGiven }).waitFor();
    await form.getByLabel(fr.lead.email).fill('ada@example.com, eve@example.org');
    await action(page, fr.lead.continue).click();
    await form.getByRole('alert').filter({ hasText: fr.email.addressInvalid }).waitFor();
    expect(await englishLeft(page, fr)).toEqual([]);

    // The hub's refusal of what the page would not send, in the page's language.
    const refusal = await page.evaluate(async (path) => {
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': document.documentElement.lang },
        body: JSON.stringify({ name: 'Ada\nBcc: x@example.org', consent: false }),
      });
      return { status: res.status, body: await res.json() };
    }, leadPath(FRENCH_LEAD_TENANT.slug));
    expect(refusal).toMatchObject({ status: 400, body: { error: fr.lead.oneLine, fields: { name: fr.lead.oneLine } } });

    await action(page, fr.lead.skip).click();
    await page.getByRole('heading', { name: fr.spec.cameraHeading }).waitFor();
    await action(page, fr.spec.takePhoto).waitFor({ timeout: patience(10_000) });
  });

  it('lays the Arabic pages out right to left: the style grid starts at the right', async () => {
    const page = await newPage({ viewport: { width: 412, height: 823 } });
    await visit(page, `${boothUrl}/noor/styles`);
    const [first, second] = await page
      .locator('.booth-style-tile')
      .evaluateAll((tiles) => tiles.slice(0, 2).map((tile) => tile.getBoundingClientRect().x));
    expect(first).toBeGreaterThan(second!);
    expect(await page.locator('main').evaluate((main) => getComputedStyle(main).direction)).toBe('rtl');
    // The French pages, left to right.
    await visit(page, `${boothUrl}/lumiere/styles`);
    const [left, right] = await page
      .locator('.booth-style-tile')
      .evaluateAll((tiles) => tiles.slice(0, 2).map((tile) => tile.getBoundingClientRect().x));
    expect(left).toBeLessThan(right!);
  });

  it("reads a tenant's own English words left to right on its Arabic page, the booth's own right to left", async () => {
    // Duo Festival writes its intro in English and offers Arabic: /duo/ar/ shows that English intro.
    const page = await newPage({ viewport: { width: 412, height: 823 } });
    await visit(page, `${boothUrl}/${MENU_TENANT.slug}/ar/`);
    const title = page.getByRole('heading', { level: 1, name: MENU_TENANT.viewFinderTitle });
    const line = page.getByText(MENU_TENANT.viewFinderDesc, { exact: true });
    await line.waitFor();
    const direction = (element: Element) => (element.matches(':dir(rtl)') ? 'rtl' : 'ltr');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await title.evaluate(direction)).toBe('ltr');
    expect(await line.evaluate(direction)).toBe('ltr');
    // Its full stop after its last word, on the right of its first, not before it on the left.
    const [first, stop] = await line.evaluate((p) => {
      const text = p.firstChild!;
      const x = (at: number) => {
        const range = document.createRange();
        range.setStart(text, at);
        range.setEnd(text, at + 1);
        return range.getBoundingClientRect().x;
      };
      return [x(0), x(text.textContent!.length - 1)];
    });
    expect(stop).toBeGreaterThan(first!);
    expect(await action(page, CATALOGUES.ar.spec.start).evaluate(direction)).toBe('rtl');
  });

  it('keeps the English tenants in English', async () => {
    const page = await newPage();
    await visit(page, `${boothUrl}/meadow/`);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'en',
      'ltr',
    ]);
    expect(await pageWords(page)).toContain(CATALOGUES.en.spec.start);
  });
});

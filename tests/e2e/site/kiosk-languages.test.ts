// A kiosk in the guest's language: Trio Expo, in English with French and Arabic for its guests,
// allows kiosks. In Chromium with a real photo as the camera, against the real embedded server and
// the real built site: a kiosk set up at the tenant's address stays a kiosk when a guest picks
// French, through a whole guest in French (consent, camera, styles, a result with its QR code and
// Print), and its next guest starts in English, asked for consent again; a kiosk set up at the
// Arabic address, right to left, with its idle reset back to English; ?kiosk=off at a language's
// address, or the operator's console allowing no more kiosks, turns the device back into a phone
// booth in every language.
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright';
import { CATALOGUES, type Catalogue } from '../../../contract/i18n/index.ts';
import { patience } from '../../support/patience.ts';
import { suiteBrowser } from '../support/browser.ts';
import { englishLeft } from '../support/languages.ts';
import { readQrCode } from '../support/qr-code.ts';
import { action, hydrated } from '../support/journey.ts';
import { KIOSK_MENU_TENANT } from '../support/site-data.ts';
import { finishedJob, operatorApi, publish, removeTenant, uniqueSlug } from '../console/support.ts';

const boothUrl = inject('boothUrl');
const { en, fr, ar } = CATALOGUES;
const slug = KIOSK_MENU_TENANT.slug;
const KIOSK = { viewport: { width: 1080, height: 1920 } } as const;

const menuLink = (page: Page, t: Catalogue, name: string) =>
  page.getByRole('navigation', { name: t.site.languageMenu }).getByRole('link', { name, exact: true });

/** The page's language and direction, and whether it has the kiosk's layout. */
const facts = (page: Page) =>
  page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    kiosk: document.documentElement.classList.contains('booth-kiosk-device'),
  }));

const videoReady = (page: Page) =>
  page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0, undefined, {
    timeout: patience(10_000),
  });

/** Which way the camera's row of buttons runs: Take Photo comes first, Start over after it. */
async function rowOrder(page: Page, t: Catalogue) {
  const first = (await action(page, t.spec.takePhoto).boundingBox())!;
  const next = (await action(page, t.kiosk.startOver).boundingBox())!;
  expect(Math.abs(first.y - next.y)).toBeLessThan(first.height);
  return first.x < next.x ? 'left to right' : 'right to left';
}

/** The consent of a guest in `t`'s language: the box starts unticked, and the camera waits for it. */
async function agree(page: Page, t: Catalogue) {
  await hydrated(page);
  const box = page.getByRole('checkbox', { name: t.consent.consentAgree });
  await box.waitFor();
  expect(await box.isChecked()).toBe(false);
  expect(await page.locator('video').count()).toBe(0);
  await box.check();
  await action(page, t.consent.continue).click();
}

describe('a kiosk in the language a guest picks', () => {
  const { newPage } = suiteBrowser({ camera: 'grace_hopper' });

  it('stays a kiosk through a whole guest in French, and the next guest starts in English with consent asked again', async () => {
    const page = await newPage(KIOSK);
    await page.goto(`${boothUrl}/${slug}/?kiosk`);
    await action(page, en.spec.start).waitFor();
    expect(await facts(page)).toEqual({ lang: 'en', dir: 'ltr', kiosk: true });

    // The guest picks French on the intro: the kiosk's intro, in French.
    await menuLink(page, en, 'Français').click();
    await page.waitForURL(`${boothUrl}/${slug}/fr`);
    await action(page, fr.spec.start).waitFor();
    expect(await facts(page)).toEqual({ lang: 'fr', dir: 'ltr', kiosk: true });
    await page.getByText(fr.kiosk.introTakeHome, { exact: true }).waitFor();
    expect(await page.getByText(fr.kiosk.introTakeHome, { exact: true }).isVisible()).toBe(true);

    // Consent, the camera with the kiosk's Start over, the styles: in French.
    await action(page, fr.spec.start).click();
    await page.waitForURL(`${boothUrl}/${slug}/fr/camera`);
    await agree(page, fr);
    await videoReady(page);
    await action(page, fr.kiosk.startOver).waitFor();
    expect(await rowOrder(page, fr)).toBe('left to right');
    expect(await englishLeft(page, fr)).toEqual([]);
    await action(page, fr.spec.takePhoto).click();
    await action(page, fr.spec.useImage).click();
    await page.waitForURL(`${boothUrl}/${slug}/fr/styles`);
    await page.locator('.booth-styles[data-ready]').waitFor();
    expect(await facts(page)).toEqual({ lang: 'fr', dir: 'ltr', kiosk: true });
    await page.locator('[data-style-id="comic"]').click();

    // The result: Print and the QR code in French, no Download or Share, no new-tab link.
    await page.waitForURL(new RegExp(`/${slug}/fr/results/[^/]+$`));
    await page.getByRole('heading', { name: fr.spec.resultHeading }).waitFor({ timeout: patience(30_000) });
    const jobId = page.url().split('/').pop()!;
    await action(page, fr.resultsEvent.print).waitFor();
    await page.getByRole('heading', { name: fr.resultsEvent.qrHeading }).waitFor();
    await page.getByText(fr.resultsEvent.qrHint, { exact: true }).waitFor();
    expect(await action(page, fr.spec.download).count()).toBe(0);
    expect(await action(page, fr.spec.share).count()).toBe(0);
    expect(await page.locator('figure a[target=_blank]').count()).toBe(0);
    expect(await facts(page)).toEqual({ lang: 'fr', dir: 'ltr', kiosk: true });
    expect(await englishLeft(page, fr)).toEqual([]);
    // The code takes the picture home in the guest's language.
    expect(await readQrCode(page)).toBe(`${boothUrl}/${slug}/fr/results/${jobId}?handoff`);

    // The next guest: Take Another Photo, in the tenant's own language, consent asked again.
    await action(page, fr.spec.takeAnother).click();
    await page.waitForURL(`${boothUrl}/${slug}/camera`);
    await agree(page, en);
    expect(await facts(page)).toEqual({ lang: 'en', dir: 'ltr', kiosk: true });
    await videoReady(page);
    await action(page, en.kiosk.startOver).waitFor();

    // A guest who picks French on the camera screen and leaves by Start over: the intro in English.
    await menuLink(page, en, 'Français').click();
    await page.waitForURL(`${boothUrl}/${slug}/fr/camera`);
    await action(page, fr.kiosk.startOver).click();
    await page.waitForURL(`${boothUrl}/${slug}`);
    await action(page, en.spec.start).waitFor();
    expect(await facts(page)).toEqual({ lang: 'en', dir: 'ltr', kiosk: true });

    // A phone on the same tenant in French: the phone booth, Download or Share and no code.
    const phone = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.goto(`${boothUrl}/${slug}/fr/results/${jobId}`);
    await phone.getByRole('heading', { name: fr.spec.resultHeading }).waitFor({ timeout: patience(10_000) });
    await hydrated(phone);
    await action(phone, fr.spec.download).or(action(phone, fr.spec.share)).first().waitFor();
    expect(await action(phone, fr.resultsEvent.print).count()).toBe(0);
    expect(await phone.locator('svg.booth-qr-code').count()).toBe(0);
    expect(await facts(phone)).toEqual({ lang: 'fr', dir: 'ltr', kiosk: false });
  });

  it('is set up at the Arabic address, right to left, and resets to English when idle', async () => {
    const { id } = await finishedJob(slug);
    const page = await newPage(KIOSK);
    await page.goto(`${boothUrl}/${slug}/ar/results/${id}?kiosk`);
    await page.getByRole('heading', { name: ar.spec.resultHeading }).waitFor({ timeout: patience(10_000) });
    expect(await facts(page)).toEqual({ lang: 'ar', dir: 'rtl', kiosk: true });
    await action(page, ar.resultsEvent.print).waitFor();
    await page.getByRole('heading', { name: ar.resultsEvent.qrHeading }).waitFor();
    expect(await action(page, ar.spec.download).count()).toBe(0);
    expect(await englishLeft(page, ar)).toEqual([]);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).direction)).toBe('rtl');

    // The camera in Arabic, on the kiosk set up at the Arabic address.
    await page.clock.install();
    await page.goto(`${boothUrl}/${slug}/ar/camera`);
    await agree(page, ar);
    await action(page, ar.kiosk.startOver).waitFor();
    expect(await facts(page)).toEqual({ lang: 'ar', dir: 'rtl', kiosk: true });
    expect(await englishLeft(page, ar)).toEqual([]);
    // The row of buttons runs from the right: Take Photo, first, at the right of Start over.
    expect(await rowOrder(page, ar)).toBe('right to left');

    // Nobody touches the kiosk: the intro, in the tenant's own language, for the next guest.
    await page.clock.runFor((KIOSK_MENU_TENANT.kioskIdleSeconds + 1) * 1_000);
    await page.waitForURL(`${boothUrl}/${slug}`);
    await action(page, en.spec.start).waitFor();
    expect(await facts(page)).toEqual({ lang: 'en', dir: 'ltr', kiosk: true });
  });

  it('turns back into a phone booth in every language with ?kiosk=off at a language’s address', async () => {
    const page = await newPage(KIOSK);
    await page.goto(`${boothUrl}/${slug}/fr/?kiosk`);
    await action(page, fr.spec.start).waitFor();
    expect((await facts(page)).kiosk).toBe(true);
    await page.goto(`${boothUrl}/${slug}/`);
    await action(page, en.spec.start).waitFor();
    expect((await facts(page)).kiosk).toBe(true);

    await page.goto(`${boothUrl}/${slug}/ar/?kiosk=off`);
    await action(page, ar.spec.start).waitFor();
    expect((await facts(page)).kiosk).toBe(false);
    for (const [path, t] of [
      ['/', en],
      ['/fr/camera', fr],
    ] as const) {
      await page.goto(`${boothUrl}/${slug}${path}`);
      await hydrated(page);
      expect((await facts(page)).kiosk, path).toBe(false);
      expect(await action(page, t.kiosk.startOver).count(), path).toBe(0);
    }
    // The phone's intro: the tenant's promise to share, not the kiosk's line.
    await page.goto(`${boothUrl}/${slug}/fr/`);
    expect(await page.getByText(fr.kiosk.introTakeHome, { exact: true }).isVisible()).toBe(false);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('booth-kiosk')))).toEqual(
      [],
    );
  });

  it('turns back into a phone booth in every language once the console allows the tenant no kiosks', async () => {
    const api = await operatorApi();
    const other = uniqueSlug('kioskoff');
    const branding = { slug: other, client: 'Kiosk Off Fair', languages: ['en', 'ar'], kioskIdleSeconds: 60 };
    expect((await api('POST', '/tenants', branding)).status).toBe(201);
    try {
      expect((await publish([other])).status).toBe('succeeded');
      const page = await newPage(KIOSK);
      await page.goto(`${boothUrl}/${other}/ar/camera?kiosk`);
      await action(page, ar.kiosk.startOver).waitFor();
      expect(await facts(page)).toEqual({ lang: 'ar', dir: 'rtl', kiosk: true });

      expect((await api('PUT', `/tenants/${other}`, { ...branding, kioskIdleSeconds: 0 })).status).toBe(200);
      expect((await publish([other])).status).toBe('succeeded');
      for (const [path, t] of [
        ['/ar/camera', ar],
        ['/camera', en],
      ] as const) {
        await page.goto(`${boothUrl}/${other}${path}`);
        await videoReady(page);
        await hydrated(page);
        expect((await facts(page)).kiosk, path).toBe(false);
        expect(await action(page, t.kiosk.startOver).count(), path).toBe(0);
      }
    } finally {
      await removeTenant(other, { published: true });
    }
  });
});

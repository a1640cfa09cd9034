// A kiosk is a device, not a tenant: Gala Night allows kiosks, a browser that opened its kiosk
// address (/gala/?kiosk) is one, and guests' phones on the same tenant get the phone booth. In
// Chromium with a real photo as the camera, against the real embedded server and the real built
// site: each device's buttons, consent for every kiosk guest, the kiosk screens at the three
// sizes of the issue, the QR code's link on a phone, and a result that is gone.
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright';
import { EVENT_TEXT, JOB_POLL_INTERVAL_MS, RESULTS_TEXT, TEXT } from '../../../contract/index.ts';
import { suiteBrowser } from '../support/browser.ts';
import { readQrCode } from '../support/qr-code.ts';
import { action, hydrated } from '../support/journey.ts';
import { tenant } from '../support/site-data.ts';
import { CATALOGUES, type Language } from '../../../contract/i18n/index.ts';
import { SEED_TENANTS } from '../../../server/seed/tenants.ts';
import { finishedJob, operatorApi, publish, removeTenant, uniqueSlug } from '../console/support.ts';
import { isJobRequest } from './support.ts';

const boothUrl = inject('boothUrl');
const gala = () => tenant('gala');
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const KIOSK_SIZES = [
  { width: 1080, height: 1920 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

const videoReady = (page: Page) => page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);

/** A phone whose browser can share files (Share), or one that cannot (Download). */
const canShare = (page: Page, can: boolean) =>
  page.addInitScript((can) => {
    Object.defineProperty(Navigator.prototype, 'canShare', { value: can ? () => true : undefined, configurable: true });
    if (can) Object.defineProperty(Navigator.prototype, 'share', { value: async () => {}, configurable: true });
  }, can);

/** Hydration errors (React's #418 and its kin) and uncaught errors the page reports. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && /hydrat|#41[89]|#425/i.test(m.text()) && errors.push(m.text()));
  return errors;
}

async function agree(page: Page) {
  await hydrated(page);
  await page.getByRole('checkbox', { name: EVENT_TEXT.consentAgree }).check();
  await action(page, EVENT_TEXT.continue).click();
}

/** Consent, a photo, a style: the guest's result on screen. */
async function oneGuest(page: Page) {
  await agree(page);
  await videoReady(page);
  await action(page, TEXT.takePhoto).click();
  await action(page, TEXT.useImage).click();
  await page.waitForURL(/\/gala\/styles$/);
  await page.locator('.booth-styles[data-ready]').waitFor();
  await page.locator('[data-style-id="comic"]').click();
  await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
}

/** What a person at the screen can reach: every visible button, its size; text smaller than `min`. */
function screenFacts(page: Page, minText: number) {
  return page.evaluate((minText) => {
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return (
        r.width > 1 &&
        r.height > 1 &&
        getComputedStyle(el).visibility !== 'hidden' &&
        !el.closest('.booth-visually-hidden')
      );
    };
    const buttons = [...document.querySelectorAll('button, a.booth-button, [role=button]')].filter(shown).map((el) => {
      const r = el.getBoundingClientRect();
      return { text: el.textContent!.trim(), width: Math.round(r.width), height: Math.round(r.height) };
    });
    const smallText = [...document.querySelectorAll('p, label, figcaption, h1, h2, .booth-button, .booth-style-label')]
      .filter((el) => shown(el) && el.textContent!.trim() !== '' && parseFloat(getComputedStyle(el).fontSize) < minText)
      .map((el) => `${el.textContent!.trim().slice(0, 30)}: ${getComputedStyle(el).fontSize}`);
    return {
      buttons,
      smallText,
      scrolls: document.documentElement.scrollHeight > innerHeight || document.documentElement.scrollWidth > innerWidth,
    };
  }, minText);
}

function expectKioskSized(facts: Awaited<ReturnType<typeof screenFacts>>) {
  expect(facts.buttons.length).toBeGreaterThan(0);
  expect(facts.buttons.filter((b) => b.width < 48 || b.height < 48)).toEqual([]);
  expect(facts.smallText).toEqual([]);
}

/** The QR code within the viewport, and at its corners and centre nothing but the code itself. */
function qrInSight(page: Page) {
  return page.evaluate(() => {
    const code = document.querySelector('svg.booth-qr-code')!;
    const r = code.getBoundingClientRect();
    // Inside the rounded corners (0.5rem), still on the code's white quiet zone.
    const inset = 6;
    const points = [
      [r.left + inset, r.top + inset],
      [r.right - inset, r.top + inset],
      [r.left + inset, r.bottom - inset],
      [r.right - inset, r.bottom - inset],
      [r.left + r.width / 2, r.top + r.height / 2],
    ];
    return {
      inViewport: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth,
      side: Math.round(r.width),
      covered: points
        .map(([x, y]) => document.elementFromPoint(x!, y!))
        .filter((el) => !el || !code.contains(el))
        .map((el) => el?.outerHTML.slice(0, 80) ?? 'nothing'),
    };
  });
}

describe('a kiosk and phones on one tenant', () => {
  const { newPage } = suiteBrowser({ camera: 'grace_hopper' });

  it('gives the kiosk Print and the QR code, and the phones beside it Download, Share and the new-tab link, and no code', async () => {
    const { id } = await finishedJob('gala');
    const kiosk = await newPage({ viewport: { width: 1080, height: 1920 } });
    const phone = await newPage(PHONE);
    const sharingPhone = await newPage(PHONE);
    await canShare(phone, false);
    await canShare(sharingPhone, true);
    await kiosk.goto(`${boothUrl}/gala/?kiosk`);
    // The intro: the phone booth's promise on phones, the kiosk's own way home on the kiosk.
    const promise = gala()
      .viewFinderDesc.split('\n')
      .find((line) => /download/i.test(line))!;
    await phone.goto(`${boothUrl}/gala/`);
    await expect.poll(() => phone.getByText(promise).isVisible()).toBe(true);
    expect(await phone.getByText(EVENT_TEXT.introTakeHome).isVisible()).toBe(false);
    expect(await kiosk.getByText(promise).isVisible()).toBe(false);
    expect(await kiosk.getByText(EVENT_TEXT.introTakeHome).isVisible()).toBe(true);

    await Promise.all([kiosk, phone, sharingPhone].map((p) => p.goto(`${boothUrl}/gala/results/${id}`)));
    await Promise.all(
      [kiosk, phone, sharingPhone].map((p) => p.getByRole('heading', { name: TEXT.resultHeading }).waitFor()),
    );
    await action(kiosk, EVENT_TEXT.print).waitFor();
    await kiosk.locator('svg.booth-qr-code').waitFor();
    expect(await action(kiosk, TEXT.download).or(action(kiosk, TEXT.share)).count()).toBe(0);
    expect(await kiosk.locator('a[target=_blank]').count()).toBe(0);

    await action(phone, TEXT.download).waitFor();
    await action(sharingPhone, TEXT.share).waitFor();
    for (const p of [phone, sharingPhone]) {
      expect(await action(p, EVENT_TEXT.print).count()).toBe(0);
      expect(await p.locator('figure a[target=_blank]').count()).toBe(gala().picturesPerGuest);
      // The code is the kiosk's way home; a phone has its own.
      expect(await p.getByRole('heading', { name: EVENT_TEXT.qrHeading }).count()).toBe(0);
    }
  });

  it('offers Print on the kiosks of a tenant whose kiosks print, and only the QR code where they have no printer', async () => {
    const api = await operatorApi();
    const slug = uniqueSlug('noprint');
    const branding = { slug, client: 'No Printer Fair', qrHandoff: true, kioskIdleSeconds: 60, kioskPrint: false };
    expect((await api('POST', '/tenants', branding)).status).toBe(201);
    try {
      expect((await publish([slug])).status).toBe('succeeded');
      for (const [kioskOf, print] of [
        [slug, false],
        ['gala', true],
      ] as const) {
        const { id } = await finishedJob(kioskOf);
        const kiosk = await newPage({ viewport: { width: 1280, height: 800 } });
        await kiosk.goto(`${boothUrl}/${kioskOf}/results/${id}?kiosk`);
        await kiosk.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
        await kiosk.getByRole('heading', { name: EVENT_TEXT.qrHeading }).waitFor();
        await kiosk.locator('svg.booth-qr-code').waitFor();
        expect(await kiosk.evaluate(() => document.documentElement.classList.contains('booth-kiosk-device'))).toBe(
          true,
        );
        expect(await action(kiosk, TEXT.takeAnother).count(), kioskOf).toBe(1);
        expect(await action(kiosk, EVENT_TEXT.print).count(), kioskOf).toBe(print ? 1 : 0);
        expect(await kiosk.locator('img.booth-print-image').count(), kioskOf).toBe(print ? 1 : 0);
        expect(await action(kiosk, TEXT.download).or(action(kiosk, TEXT.share)).count(), kioskOf).toBe(0);
      }
    } finally {
      await removeTenant(slug, { published: true });
    }
  });

  it("swaps the French and Arabic demo tenants' own Download and Share line for the kiosk's, in their language", async () => {
    const api = await operatorApi();
    // Soirée Lumière and مهرجان نور, with their own intros, as tenants that allow kiosks.
    const tenants = (['lumiere', 'noor'] as const).map((demo) => {
      const seed = SEED_TENANTS.find((t) => t.slug === demo)!;
      const language = seed.language as Language;
      return {
        branding: {
          slug: uniqueSlug(`kiosk${demo}`),
          client: seed.client,
          viewFinderTitle: seed.viewFinderTitle,
          viewFinderDesc: String(seed.viewFinderDesc),
          language,
          qrHandoff: true,
          kioskIdleSeconds: 60,
        },
        t: CATALOGUES[language],
      };
    });
    for (const { branding } of tenants) expect((await api('POST', '/tenants', branding)).status).toBe(201);
    try {
      expect((await publish(tenants.map((x) => x.branding.slug))).status).toBe('succeeded');
      for (const { branding, t } of tenants) {
        const promise = branding.viewFinderDesc.split('\n').at(-1)!;
        const kiosk = await newPage({ viewport: { width: 1080, height: 1920 } });
        const phone = await newPage(PHONE);
        await kiosk.goto(`${boothUrl}/${branding.slug}/?kiosk`);
        await phone.goto(`${boothUrl}/${branding.slug}/`);
        await expect.poll(() => kiosk.getByText(t.kiosk.introTakeHome).isVisible()).toBe(true);
        expect(await kiosk.getByText(promise).isVisible(), branding.language).toBe(false);
        await expect.poll(() => phone.getByText(promise).isVisible()).toBe(true);
        expect(await phone.getByText(t.kiosk.introTakeHome).isVisible(), branding.language).toBe(false);
      }
    } finally {
      for (const { branding } of tenants) await removeTenant(branding.slug, { published: true });
    }
  });

  it('opens the QR code on a phone with Download or Share, the new-tab link and no kiosk ways', async () => {
    const { id } = await finishedJob('gala');
    const kiosk = await newPage({ viewport: { width: 1280, height: 800 } });
    await kiosk.goto(`${boothUrl}/gala/results/${id}?kiosk`);
    await kiosk.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    const link = await readQrCode(kiosk);
    expect(link).toBe(`${boothUrl}/gala/results/${id}?handoff`);
    for (const share of [false, true]) {
      const phone = await newPage(PHONE);
      await canShare(phone, share);
      await phone.goto(link);
      await phone.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
      await action(phone, share ? TEXT.share : TEXT.download).waitFor();
      expect(await phone.locator('figure a[target=_blank]').count()).toBe(gala().picturesPerGuest);
      expect(await action(phone, EVENT_TEXT.print).count()).toBe(0);
      expect(await phone.locator('svg.booth-qr-code').count()).toBe(0);
    }
  });

  it('asks every kiosk guest for consent (Take Another Photo, Start over), while a phone keeps it for the visit', async () => {
    const kiosk = await newPage({ viewport: { width: 1080, height: 1920 } });
    const kioskErrors = pageErrors(kiosk);
    await kiosk.goto(`${boothUrl}/gala/?kiosk`);
    await action(kiosk, TEXT.start).click();
    await oneGuest(kiosk);
    // The next guest.
    await action(kiosk, TEXT.takeAnother).click();
    await kiosk.waitForURL(`${boothUrl}/gala/camera`);
    await kiosk.getByRole('checkbox', { name: EVENT_TEXT.consentAgree }).waitFor();
    expect(await kiosk.getByRole('checkbox', { name: EVENT_TEXT.consentAgree }).isChecked()).toBe(false);
    expect(await kiosk.locator('video').count()).toBe(0);
    // And the one after, from the camera's Start over.
    await agree(kiosk);
    await videoReady(kiosk);
    await action(kiosk, EVENT_TEXT.startOver).click();
    await kiosk.waitForURL(`${boothUrl}/gala`);
    await action(kiosk, TEXT.start).click();
    await kiosk.getByRole('checkbox', { name: EVENT_TEXT.consentAgree }).waitFor();
    expect(kioskErrors).toEqual([]);

    // A phone is one guest: Take Another Photo goes straight back to the camera, with no
    // hydration error on the way (React #418).
    const phone = await newPage(PHONE);
    const phoneErrors = pageErrors(phone);
    await phone.goto(`${boothUrl}/gala/camera`);
    await oneGuest(phone);
    await action(phone, TEXT.takeAnother).click();
    await phone.waitForURL(`${boothUrl}/gala/camera`);
    await videoReady(phone);
    await hydrated(phone);
    expect(await phone.getByRole('checkbox', { name: EVENT_TEXT.consentAgree }).count()).toBe(0);
    expect(await action(phone, EVENT_TEXT.startOver).count()).toBe(0);
    expect(phoneErrors).toEqual([]);
  });

  it("loads the kiosk's stylesheet and script on a kiosk only, the stylesheet before the first paint", async () => {
    const { id } = await finishedJob('gala');
    // Their addresses, as the build wrote them into the pages of a tenant that allows kiosks.
    const html = await (await fetch(`${boothUrl}/gala/`)).text();
    const kioskFiles = [/\/_astro\/kiosk\.[\w-]+\.css/, /\/_astro\/kiosk-session-[\w-]+\.js/].map(
      (pattern) => pattern.exec(html)![0],
    );
    const screens = ['/gala/', '/gala/camera', '/gala/styles', `/gala/results/${id}`];
    const kioskRules = (page: Page) =>
      page.evaluate(
        () =>
          [...document.styleSheets].flatMap((sheet) =>
            [...sheet.cssRules].filter((rule) => rule.cssText.includes('booth-kiosk-device')),
          ).length,
      );

    const phone = await newPage(PHONE);
    const phoneRequests: string[] = [];
    phone.on('request', (r) => phoneRequests.push(new URL(r.url()).pathname));
    for (const screen of screens) {
      await phone.goto(`${boothUrl}${screen}`);
      await hydrated(phone);
      expect(await kioskRules(phone), screen).toBe(0);
    }
    await phone.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    expect(phoneRequests.filter((path) => kioskFiles.includes(path))).toEqual([]);
    expect(await phone.evaluate(() => document.documentElement.classList.contains('booth-kiosk-device'))).toBe(false);

    const kiosk = await newPage({ viewport: { width: 1280, height: 800 } });
    const kioskRequests: string[] = [];
    kiosk.on('request', (r) => kioskRequests.push(new URL(r.url()).pathname));
    await kiosk.goto(`${boothUrl}/gala/?kiosk`);
    expect(kioskRequests.filter((path) => kioskFiles.includes(path)).sort()).toEqual([...kioskFiles].sort());
    expect(await kioskRules(kiosk)).toBeGreaterThan(0);
    // The first paint waited for the stylesheet, as for the page's own styles: no phone layout first.
    const blocking = await kiosk.evaluate(
      (sheet) =>
        (
          performance.getEntriesByType('resource').find((entry) => entry.name.endsWith(sheet)) as
            | (PerformanceResourceTiming & { renderBlockingStatus?: string })
            | undefined
        )?.renderBlockingStatus,
      kioskFiles[0]!,
    );
    expect(blocking).toBe('blocking');
    // Through the router to the next screens, the layout stays the kiosk's.
    await action(kiosk, TEXT.start).click();
    await kiosk.waitForURL(`${boothUrl}/gala/camera`);
    await kiosk.getByRole('checkbox', { name: EVENT_TEXT.consentAgree }).waitFor();
    expect(await kioskRules(kiosk)).toBeGreaterThan(0);
    expect(await kiosk.evaluate(() => document.documentElement.classList.contains('booth-kiosk-device'))).toBe(true);
  });

  it('stays a kiosk across visits until ?kiosk=off, and a tenant without kiosks never makes one', async () => {
    const page = await newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${boothUrl}/gala/camera?kiosk`);
    await agree(page);
    await action(page, EVENT_TEXT.startOver).waitFor();
    await page.goto(`${boothUrl}/gala/camera`);
    await agree(page);
    await action(page, EVENT_TEXT.startOver).waitFor();
    await page.goto(`${boothUrl}/gala/?kiosk=off`);
    await page.goto(`${boothUrl}/gala/camera`);
    await agree(page);
    await videoReady(page);
    expect(await action(page, EVENT_TEXT.startOver).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.classList.contains('booth-kiosk-device'))).toBe(false);
    // The default tenant allows no kiosks: its address with ?kiosk is its phone booth.
    await page.goto(`${boothUrl}/camera?kiosk`);
    await videoReady(page);
    await hydrated(page);
    expect(await action(page, EVENT_TEXT.startOver).count()).toBe(0);
    expect(
      await page.evaluate(() => [
        document.documentElement.classList.contains('booth-kiosk-device'),
        localStorage.length,
      ]),
    ).toEqual([false, 0]);
  });
});

describe('the idle reset of a kiosk', () => {
  const { newPage } = suiteBrowser({ camera: 'grace_hopper' });

  it('never resets while a guest waits for a slow picture, and resets the idle time after it has come, asking consent again', async () => {
    const idle = gala().kioskIdleSeconds * 1_000;
    const page = await newPage({ viewport: { width: 1280, height: 800 } });
    // A slow (generative) picture: the AI hub answers PROCESSING until the test lets the real job through.
    let made = false;
    await page.route(isJobRequest, (route) =>
      made
        ? route.continue()
        : route.fulfill({
            json: { id: 'slow', images: [], prompt: '', result: { status: 'PROCESSING', message: '' } },
          }),
    );
    const navigations: string[] = [];
    page.on('request', (r) => r.isNavigationRequest() && r.frame() === page.mainFrame() && navigations.push(r.url()));
    await page.clock.install();
    await page.goto(`${boothUrl}/gala/?kiosk`);
    await action(page, TEXT.start).click();
    await agree(page);
    await videoReady(page);
    await action(page, TEXT.takePhoto).click();
    await page.clock.runFor(gala().countdownSeconds * 1_000);
    await action(page, TEXT.useImage).click();
    await page.waitForURL(/\/gala\/styles$/);
    await page.locator('.booth-styles[data-ready]').waitFor();
    await page.locator('[data-style-id="comic"]').click();
    // The router brings the results screen (its page-load arms the idle time).
    await page.waitForURL(/\/gala\/results\/[^/]+$/);
    await page.locator('[data-job-answers="1"]').waitFor();
    await page.getByText(TEXT.processing, { exact: true }).waitFor();
    navigations.length = 0;

    // Three idle times of waiting, re-fetched every 15 s, with a tap on the processing screen
    // (which arms the idle time again) in the middle.
    let answers = 1;
    for (let waited = 0; waited < 3 * idle; waited += JOB_POLL_INTERVAL_MS) {
      await page.clock.runFor(JOB_POLL_INTERVAL_MS);
      await page.locator(`[data-job-answers="${++answers}"]`).waitFor();
      if (answers === 4) await page.mouse.click(5, 5);
    }
    expect(navigations).toEqual([]);
    expect(await page.getByText(TEXT.processing, { exact: true }).isVisible()).toBe(true);

    // The picture comes: the guest has the whole idle time to scan its code.
    made = true;
    await page.clock.runFor(JOB_POLL_INTERVAL_MS);
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    await page.locator('svg.booth-qr-code').waitFor();
    await page.clock.runFor(idle - 2_000);
    await page.evaluate(() => document.readyState);
    expect(navigations).toEqual([]);
    expect(new URL(page.url()).pathname).toMatch(/^\/gala\/results\//);

    // Then the idle reset works again: the intro, and the next guest is asked for consent.
    await page.clock.runFor(4_000);
    await page.waitForURL(`${boothUrl}/gala`);
    await page.getByRole('heading', { name: gala().viewFinderTitle }).waitFor();
    await action(page, TEXT.start).click();
    const consent = page.getByRole('checkbox', { name: EVENT_TEXT.consentAgree });
    await consent.waitFor();
    expect(await consent.isChecked()).toBe(false);
  });
});

describe('kiosk screens made for the screen', () => {
  const { newPage } = suiteBrowser({ camera: 'grace_hopper' });

  for (const size of KIOSK_SIZES) {
    it(`at ${size.width}x${size.height}: a preview that fills the layout, 48 px targets, 24 px text, and the result with its QR code on one screen`, async () => {
      const { id } = await finishedJob('gala');
      const page = await newPage({ viewport: size });
      await page.goto(`${boothUrl}/gala/?kiosk`);
      expectKioskSized(await screenFacts(page, 24));

      await action(page, TEXT.start).click();
      await page.getByRole('checkbox', { name: EVENT_TEXT.consentAgree }).waitFor();
      await hydrated(page);
      expectKioskSized(await screenFacts(page, 24));
      await agree(page);
      await videoReady(page);
      const camera = await screenFacts(page, 24);
      expectKioskSized(camera);
      expect(camera.scrolls).toBe(false);
      // The spec's 350 px cap is a phone's: here the preview fills the room the layout has.
      const preview = await page.locator('video').evaluate((v) => {
        const r = v.getBoundingClientRect();
        return Math.max(r.width / innerWidth, r.height / innerHeight);
      });
      expect(preview).toBeGreaterThanOrEqual(0.4);

      await page.goto(`${boothUrl}/gala/styles`);
      await page.locator('.booth-styles[data-ready]').waitFor();
      const styles = await screenFacts(page, 24);
      expectKioskSized(styles);
      // Every tile and Restart on one screen, the spec's 130 px tiles kept.
      expect(styles.scrolls).toBe(false);
      const tiles = await page.locator('.booth-style-tile, .booth-actions .booth-button').evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          const narrow = el.classList.contains('booth-style-tile') && r.width < 130;
          return { narrow, inside: r.top >= 0 && r.bottom <= innerHeight && r.right <= innerWidth };
        }),
      );
      expect(tiles.length).toBeGreaterThan(1);
      expect(tiles.filter((t) => !t.inside || t.narrow)).toEqual([]);

      await page.goto(`${boothUrl}/gala/results/${id}`);
      await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
      await page.locator('svg.booth-qr-code').waitFor();
      await page.waitForFunction(() => (document.querySelector('figure img') as HTMLImageElement | null)?.complete);
      const results = await screenFacts(page, 24);
      expectKioskSized(results);
      expect(results.buttons.map((b) => b.text)).toEqual([TEXT.takeAnother, EVENT_TEXT.print]);
      expect(results.scrolls).toBe(false);
      const qr = await qrInSight(page);
      expect(qr).toEqual({ inViewport: true, side: qr.side, covered: [] });
      expect(qr.side).toBeGreaterThanOrEqual(200);
      // Gala Night's four pictures, each with its caption and its radio button, and the buttons are on screen too.
      expect(await page.locator('figure').count()).toBe(gala().picturesPerGuest);
      for (const what of ['figure img', 'figcaption', '.booth-result-choice', '.booth-actions']) {
        const boxes = await page.locator(what).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().bottom));
        expect(boxes.length).toBeGreaterThan(0);
        expect(
          boxes.filter((bottom) => bottom > size.height),
          what,
        ).toEqual([]);
      }
    });
  }

  it('keeps the spec sizes on a phone: the preview at most 350 px high', async () => {
    const page = await newPage(PHONE);
    await page.goto(`${boothUrl}/gala/camera`);
    await agree(page);
    await videoReady(page);
    expect(await page.locator('video').evaluate((v) => v.getBoundingClientRect().height)).toBeLessThanOrEqual(350);
  });
});

describe('a result that is gone', () => {
  const { newPage } = suiteBrowser({ camera: 'grace_hopper' });

  it("shows a deleted result's address in the tenant's branding, with a short heading and Take a photo", async () => {
    const { id } = await finishedJob('gala');
    const api = await operatorApi();
    expect((await api('DELETE', `/tenants/gala/results/${id}`)).status).toBeLessThan(300);
    const page = await newPage(PHONE);
    await page.goto(`${boothUrl}/gala/results/${id}?handoff`);
    const heading = page.getByRole('heading', { level: 1 });
    await heading.filter({ hasText: RESULTS_TEXT.goneHeading }).waitFor();
    // A heading of a few words (two lines at most on a phone), not a paragraph set as a heading.
    const lines = await heading.evaluate((h) =>
      Math.round(h.getBoundingClientRect().height / parseFloat(getComputedStyle(h).lineHeight)),
    );
    expect(lines).toBeLessThanOrEqual(2);
    await page.getByText(RESULTS_TEXT.gone).waitFor();
    // The tenant's logo and colours; not the default brand's badge.
    expect(await page.getByRole('img', { name: gala().client }).count()).toBe(1);
    expect(await page.getByRole('img', { name: 'AI Photo Booth' }).count()).toBe(0);
    const colours = await page
      .locator('.booth-results')
      .evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
    const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    expect(colours).toEqual([rgb(gala().backgroundColor), rgb(gala().textColor)]);
    expect(await action(page, 'Try again').count()).toBe(0);
    await action(page, RESULTS_TEXT.takePhoto).click();
    await page.waitForURL(`${boothUrl}/gala/camera`);
    await page.getByRole('heading', { name: TEXT.cameraHeading }).waitFor();
  });
});

// The event kit on the Gala Night demo tenant (every feature on) against the default tenant
// (every feature off): consent, countdown, Choose a photo, Try again, the QR hand-off, kiosk
// mode and Print. In Chromium with a real photo as the camera, against the real embedded server
// and the real built site; time is Playwright's clock where the screen counts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright';
import { CREATE_JOB_PATH, EVENT_TEXT, TEXT } from '../../../contract/index.ts';
import { REPO_ROOT } from '../../support/server-process.ts';
import { launchBrowser, pagesClosedAfterEach, suiteBrowser } from '../support/browser.ts';
import { action, hydrated } from '../support/journey.ts';
import { readQrCode } from '../support/qr-code.ts';
import { readSiteData, tenant } from '../support/site-data.ts';

const boothUrl = inject('boothUrl');
const gala = () => tenant('gala');
const fixture = (name: string) => join(REPO_ROOT, 'tests', 'fixtures', name);
const videoReady = (page: Page) => page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
const status = (page: Page) => page.getByRole('status').first().textContent();

/** Counts the page's getUserMedia calls (each one asks the browser for the camera). */
const countCameraRequests = (page: Page) =>
  page.addInitScript(() => {
    (window as unknown as { cameraAsked: number }).cameraAsked = 0;
    const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = (c) => {
      (window as unknown as { cameraAsked: number }).cameraAsked++;
      return open(c);
    };
  });
const cameraRequests = (page: Page) => page.evaluate(() => (window as unknown as { cameraAsked: number }).cameraAsked);

async function agree(page: Page) {
  await page.getByRole('checkbox', { name: EVENT_TEXT.consentAgree }).check();
  await action(page, EVENT_TEXT.continue).click();
}

/** A real job of the embedded server, ended: its id. */
async function finishedJob(): Promise<string> {
  const image = `data:image/jpeg;base64,${readFileSync(fixture('astronaut.jpg')).toString('base64')}`;
  const style = readSiteData().styles.find((s) => !/sticker/i.test(String(s.id)))!;
  const created = await fetch(`${boothUrl}${CREATE_JOB_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ style_id: style.id, image }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const job = (await (await fetch(`${boothUrl}/transformations/jobs/${id}/?wait=20`)).json()) as {
    result: { status: string };
  };
  expect(job.result.status).toBe('COMPLETED');
  return String(id);
}

describe('the event kit: consent, countdown and a photo from the device', () => {
  const { newPage } = suiteBrowser({ camera: 'grace_hopper' });

  it('asks for consent before the camera opens, and holds the camera shut until the box is ticked', async () => {
    const page = await newPage();
    await countCameraRequests(page);
    await page.goto(`${boothUrl}/gala/camera`);
    await hydrated(page);
    await page.getByText(gala().consentText).waitFor();
    // A guest's phone: the privacy policy is a real link, in a new tab.
    const privacy = page.getByRole('link', { name: new RegExp(`^${EVENT_TEXT.privacyLink}`) });
    expect([await privacy.getAttribute('href'), await privacy.getAttribute('target')]).toEqual([
      gala().privacyUrl,
      '_blank',
    ]);
    await action(page, EVENT_TEXT.continue).click();
    await page.getByRole('alert').filter({ hasText: EVENT_TEXT.consentNeeded }).waitFor();
    expect(await page.getByRole('checkbox', { name: EVENT_TEXT.consentAgree }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(await page.locator('video').count()).toBe(0);
    expect(await cameraRequests(page)).toBe(0);
    await agree(page);
    await videoReady(page);
    expect(await cameraRequests(page)).toBe(1);
    // Nothing about the visitor is kept: no cookie, nothing in the browser's storage.
    expect(await page.evaluate(() => [document.cookie, localStorage.length, sessionStorage.length])).toEqual([
      '',
      0,
      0,
    ]);
  });

  it('counts down 3, 2, 1 in big digits a screen reader hears, can be cancelled, and then takes the photo', async () => {
    const page = await newPage();
    await page.clock.install();
    await page.goto(`${boothUrl}/gala/camera`);
    await hydrated(page);
    await agree(page);
    await videoReady(page);
    await action(page, TEXT.takePhoto).click();
    const digits = page.locator('.booth-countdown');
    expect(await digits.textContent()).toBe('3');
    expect(await status(page)).toBe('3');
    expect(await digits.evaluate((d) => parseFloat(getComputedStyle(d).fontSize))).toBeGreaterThanOrEqual(64);
    await page.clock.runFor(1_000);
    await expect.poll(() => digits.textContent()).toBe('2');
    expect(await status(page)).toBe('2');
    await action(page, EVENT_TEXT.cancelCountdown).click();
    expect(await digits.count()).toBe(0);
    expect(await status(page)).toBe(EVENT_TEXT.countdownCancelled);
    await page.clock.runFor(5_000);
    expect(await page.getByRole('img', { name: 'Your photo' }).count()).toBe(0);

    await action(page, TEXT.takePhoto).click();
    await page.clock.runFor(2_000);
    expect(await page.getByRole('img', { name: 'Your photo' }).count()).toBe(0);
    await page.clock.runFor(1_000);
    await page.getByRole('img', { name: 'Your photo' }).waitFor();
    expect(await page.getByRole('img', { name: 'Your photo' }).getAttribute('src')).toMatch(
      /^data:image\/jpeg;base64,/,
    );
  });

  it('takes the photo at once where the tenant has no countdown, and offers no photo from the device', async () => {
    const page = await newPage();
    await page.goto(`${boothUrl}/camera`);
    await hydrated(page);
    await videoReady(page);
    expect(await action(page, EVENT_TEXT.choosePhoto).count()).toBe(0);
    await action(page, TEXT.takePhoto).click();
    await page.getByRole('img', { name: 'Your photo' }).waitFor();
  });

  it('makes a chosen photo upright and at most 3000x2400, as the same JPEG the camera makes, and uses it', async () => {
    const page = await newPage();
    await page.goto(`${boothUrl}/gala/camera`);
    await hydrated(page);
    await agree(page);
    await action(page, EVENT_TEXT.choosePhoto).waitFor();
    // A phone photo 4000x3200 stored on its side, with the EXIF orientation that turns it upright.
    const sideways = await sharp(fixture('grace_hopper.jpg'))
      .resize(4000, 3200, { fit: 'fill' })
      .rotate(90)
      .withMetadata({ orientation: 8 })
      .jpeg()
      .toBuffer();
    await page
      .locator('input[data-choose-photo]')
      .setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: sideways });
    const photo = page.getByRole('img', { name: 'Your photo' });
    await photo.waitFor();
    const src = (await photo.getAttribute('src'))!;
    expect(src).toMatch(/^data:image\/jpeg;base64,/);
    const meta = await sharp(Buffer.from(src.split(',')[1]!, 'base64')).metadata();
    expect([meta.format, meta.width, meta.height, meta.orientation]).toEqual(['jpeg', 3000, 2400, undefined]);
    // Nothing was taken to retake: another photo is chosen.
    expect(await action(page, EVENT_TEXT.chooseAnother).count()).toBe(1);
    expect(await action(page, TEXT.retakePhoto).count()).toBe(0);
    expect(await page.locator('video').count()).toBe(0);
    await action(page, TEXT.useImage).click();
    await page.waitForURL(`${boothUrl}/gala/styles`);
  });

  it('says so when the chosen file is not a photo, and keeps the camera on', async () => {
    const page = await newPage();
    await page.goto(`${boothUrl}/gala/camera`);
    await hydrated(page);
    await agree(page);
    await videoReady(page);
    await page
      .locator('input[data-choose-photo]')
      .setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo at all') });
    await page.getByText(EVENT_TEXT.photoUnreadable).first().waitFor();
    expect(await page.getByRole('img', { name: 'Your photo' }).count()).toBe(0);
    expect(await action(page, TEXT.takePhoto).isEnabled()).toBe(true);
  });
});

describe('the event kit without a camera: Try again and Choose a photo', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser({ camera: 'none' });
  });
  afterAll(async () => browser?.close());
  const newPage = pagesClosedAfterEach(() => browser);

  it('offers Try again, which asks for the camera again, on every tenant', async () => {
    const page = await newPage();
    await countCameraRequests(page);
    await page.goto(`${boothUrl}/camera`);
    await hydrated(page);
    await page.getByRole('alert').waitFor();
    expect(await action(page, EVENT_TEXT.choosePhoto).count()).toBe(0);
    expect(await cameraRequests(page)).toBe(1);
    await action(page, EVENT_TEXT.tryAgain).click();
    await expect.poll(() => cameraRequests(page)).toBe(2);
    await page.getByRole('alert').waitFor();
  });

  it('goes on with a photo from the device where the tenant allows it', async () => {
    const page = await newPage();
    await page.goto(`${boothUrl}/gala/camera`);
    await hydrated(page);
    await agree(page);
    await page
      .getByRole('alert')
      .filter({ hasText: /camera/ })
      .waitFor();
    await page.locator('input[data-choose-photo]').setInputFiles(fixture('astronaut.jpg'));
    await page.getByRole('img', { name: 'Your photo' }).waitFor();
    await action(page, TEXT.useImage).click();
    await page.waitForURL(`${boothUrl}/gala/styles`);
    await page.getByRole('heading', { name: TEXT.stylesHeading }).waitFor();
  });
});

describe('the event kit at the results: QR hand-off, kiosk and Print', () => {
  const { newPage } = suiteBrowser({ camera: 'grace_hopper' });

  it('shows a QR code that opens the same result on a phone, with Download there', async () => {
    const id = await finishedJob();
    const kiosk = await newPage({ viewport: { width: 1024, height: 1366 } });
    await kiosk.goto(`${boothUrl}/gala/results/${id}?kiosk`);
    await kiosk.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    await kiosk.getByRole('heading', { name: EVENT_TEXT.qrHeading }).waitFor();
    const link = await readQrCode(kiosk);
    expect(link).toBe(`${boothUrl}/gala/results/${id}?handoff`);
    const shown = await kiosk.locator('figure img').getAttribute('src');

    const phone = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'canShare', { value: undefined, configurable: true }),
    );
    await phone.goto(link);
    await phone.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    expect(await phone.locator('figure img').getAttribute('src')).toBe(shown);
    // The visitor's own phone: Download, the new-tab link, no kiosk ways and no second code.
    await action(phone, TEXT.download).waitFor();
    expect(await phone.locator('figure a[target=_blank]').count()).toBe(1);
    expect(await action(phone, EVENT_TEXT.print).count()).toBe(0);
    expect(await action(phone, EVENT_TEXT.startOver).count()).toBe(0);
    expect(await phone.locator('svg.booth-qr-code').count()).toBe(0);
  });

  it('loads the QR encoder only where a code is shown', async () => {
    const id = await finishedJob();
    const page = await newPage();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(`${boothUrl}/results/${id}`);
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('svg.booth-qr-code').count()).toBe(0);
    const withoutCode = new Set(scripts);
    await page.goto(`${boothUrl}/gala/results/${id}?kiosk`);
    await page.locator('svg.booth-qr-code').waitFor();
    const encoder = scripts.filter((url) => !withoutCode.has(url));
    expect(encoder.length).toBeGreaterThan(0);
  });

  it('prints the result alone on 10x15 cm photo paper, from a kiosk without a new-tab link', async () => {
    const id = await finishedJob();
    const page = await newPage({ viewport: { width: 1024, height: 1366 } });
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void (window as unknown as { printed: number }).printed++;
    });
    // This browser is the tenant's kiosk (its kiosk address).
    await page.goto(`${boothUrl}/gala/results/${id}?kiosk`);
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    expect(await page.locator('a[target=_blank]').count()).toBe(0);
    expect(await action(page, TEXT.download).count()).toBe(0);
    expect(await action(page, TEXT.share).count()).toBe(0);
    await action(page, EVENT_TEXT.print).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    const full = await page.locator('img.booth-print-image').getAttribute('src');
    const job = (await (await fetch(`${boothUrl}/transformations/jobs/${id}/`)).json()) as { images: string[] };
    expect(full).toBe(job.images[0]);
    await page.waitForFunction(() => (document.querySelector('img.booth-print-image') as HTMLImageElement).complete);
    await page.emulateMedia({ media: 'print' });
    const seen = await page.evaluate(() => {
      const visible = (el: Element) =>
        getComputedStyle(el).visibility === 'visible' && el.getBoundingClientRect().width > 0;
      const image = document.querySelector('img.booth-print-image')!;
      const r = image.getBoundingClientRect();
      return {
        image: visible(image),
        width: r.width,
        height: r.height,
        others: [...document.querySelectorAll('h1, h2, p, button, a, figure img, svg, .booth-logo')]
          .filter(visible)
          .map((el) => el.outerHTML.slice(0, 60)),
      };
    });
    expect(seen).toEqual({ image: true, width: 1024, height: 1366, others: [] });
    // The page size the printer gets: 100 x 150 mm, in PDF points.
    const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
    const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf)!;
    expect([Math.round(Number(box[1])), Math.round(Number(box[2]))]).toEqual([283, 425]);
    expect(pdf.match(/\/Type \/Page\b/g)?.length).toBe(1);
  });

  it('goes back to the intro after a minute without a touch, throwing the photo away, and keeps Start over in reach', async () => {
    const page = await newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { wakeLocks: number; fullScreens: number };
      w.wakeLocks = 0;
      w.fullScreens = 0;
      Object.defineProperty(navigator, 'wakeLock', {
        value: {
          request: async () => {
            w.wakeLocks++;
            return { release: async () => {} };
          },
        },
        configurable: true,
      });
      Element.prototype.requestFullscreen = async () => {
        w.fullScreens++;
      };
      Object.defineProperty(document, 'fullscreenEnabled', { value: true, configurable: true });
    });
    await page.clock.install();
    await page.goto(`${boothUrl}/gala/?kiosk`);
    expect(await action(page, EVENT_TEXT.startOver).count()).toBe(0);
    await action(page, TEXT.start).click();
    await page.waitForURL(`${boothUrl}/gala/camera`);
    await hydrated(page);
    expect(await page.evaluate(() => (window as unknown as { fullScreens: number }).fullScreens)).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { wakeLocks: number }).wakeLocks)).toBeGreaterThanOrEqual(1);
    await agree(page);
    await videoReady(page);
    await action(page, TEXT.takePhoto).click();
    await page.clock.runFor(3_000);
    await page.getByRole('img', { name: 'Your photo' }).waitFor();
    await action(page, EVENT_TEXT.startOver).waitFor();
    // A touch 50 s in starts the minute again.
    await page.clock.runFor(50_000);
    await page.mouse.click(5, 5);
    await page.clock.runFor(50_000);
    expect(new URL(page.url()).pathname).toBe('/gala/camera');
    await page.clock.runFor(11_000);
    await page.waitForURL(`${boothUrl}/gala`);
    await page.getByRole('heading', { name: gala().viewFinderTitle }).waitFor();
    // A new visit: consent is asked again, and no photo waits on the styles screen.
    await action(page, TEXT.start).click();
    await page.getByRole('checkbox', { name: EVENT_TEXT.consentAgree }).waitFor();
  });

  it('has one way back on each kiosk screen, each a new visit: Restart on the styles screen, beside no Start over', async () => {
    const page = await newPage();
    await page.goto(`${boothUrl}/gala/camera?kiosk`);
    await hydrated(page);
    await agree(page);
    await videoReady(page);
    await action(page, TEXT.takePhoto).click();
    await action(page, TEXT.useImage).click();
    await page.waitForURL(`${boothUrl}/gala/styles`);
    await page.locator('.booth-styles[data-ready]').waitFor();
    expect(await action(page, EVENT_TEXT.startOver).count()).toBe(0);
    await action(page, TEXT.restart).click();
    await page.waitForURL(`${boothUrl}/gala`);
    await page.getByRole('heading', { name: gala().viewFinderTitle }).waitFor();
    await action(page, TEXT.start).click();
    await page.getByRole('checkbox', { name: EVENT_TEXT.consentAgree }).waitFor();
    // The default tenant is no kiosk: no Start over, no idle reset.
    await page.clock.install();
    await page.goto(`${boothUrl}/styles`);
    expect(await action(page, EVENT_TEXT.startOver).count()).toBe(0);
    await page.clock.runFor(120_000);
    expect(new URL(page.url()).pathname).toBe('/styles');
  });
});

// axe (WCAG 2.2 AA) on every screen of the default tenant and the demo tenants (with the event
// kit's own states where a tenant has it), each screen in the state a visitor sees. A screenshot of each lands in .test-runs/e2e/screens/ for a person.
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { DEMO_TENANT_SLUGS, EVENT_TEXT, RESULTS_TEXT, TEXT } from '../../contract/index.ts';
import { action } from '../e2e/support/journey.ts';
import { readSiteData } from '../e2e/support/site-data.ts';
import {
  breakAiHost,
  completedSticker,
  stubJob,
  stubResultImage,
  stubStyles,
  withoutBakedStyles,
} from '../e2e/site/support.ts';
import { SHOTS, screenBrowsers, violationLines, violationsOn } from './support.ts';

const boothUrl = inject('boothUrl');

interface Screen {
  name: string;
  path: string;
  /** Brings the screen into the state under test. */
  ready: (page: Page) => Promise<unknown>;
  camera?: boolean;
  /** A screen of the consent itself: the box is not ticked on the way in. */
  consent?: boolean;
  /** Playwright's clock holds the page's time (a countdown stays on its first digit). */
  clock?: boolean;
}

const SCREENS: Screen[] = [
  { name: 'intro', path: '', ready: (p) => action(p, TEXT.start).waitFor() },
  {
    name: 'camera',
    path: '/camera',
    camera: true,
    ready: (p) => p.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0),
  },
  {
    name: 'camera-captured',
    path: '/camera',
    camera: true,
    ready: async (p) => {
      await p.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
      await action(p, TEXT.takePhoto).click();
      await action(p, TEXT.useImage).waitFor();
    },
  },
  { name: 'camera-refused', path: '/camera', ready: (p) => p.getByRole('alert').waitFor() },
  {
    name: 'styles-no-image',
    path: '/styles',
    ready: async (p) => {
      await p.getByRole('button', { name: new RegExp(readSiteData().styles[0].description) }).click();
      await p.getByText(TEXT.noImage).waitFor();
    },
  },
  {
    name: 'styles-none-offered',
    path: '/styles',
    ready: (p) => p.getByText('No styles are available right now.', { exact: false }).waitFor(),
  },
  {
    name: 'results-completed',
    path: '/results/a11y',
    ready: async (p) => {
      await p.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
      await p.waitForFunction(() => (document.querySelector('figure img') as HTMLImageElement | null)?.complete);
    },
  },
  {
    name: 'results-error',
    path: '/results/a11y-error',
    ready: (p) => p.getByRole('heading', { name: TEXT.errorHeading }).waitFor(),
  },
  { name: 'results-pending', path: '/results/a11y-pending', ready: (p) => p.getByText(TEXT.processing).waitFor() },
  // A result deleted or expired: the real server answers 404.
  {
    name: 'results-gone',
    path: '/results/a11y-gone',
    ready: (p) => p.getByRole('heading', { name: RESULTS_TEXT.goneHeading }).waitFor(),
  },
  {
    name: 'root-error',
    path: '/results/a11y-unreachable',
    ready: (p) => p.getByRole('heading', { name: /can't reach the booth/ }).waitFor(),
  },
  { name: 'not-found', path: '/no/such/page', ready: (p) => p.getByRole('heading', { name: 'Not Found' }).waitFor() },
];

/** The states only a tenant with the event kit has (Gala Night): consent, a refusal, a countdown. */
const EVENT_KIT_SCREENS: Screen[] = [
  { name: 'camera-consent', path: '/camera', consent: true, ready: (p) => action(p, EVENT_TEXT.continue).waitFor() },
  {
    name: 'camera-consent-refused',
    path: '/camera',
    consent: true,
    ready: async (p) => {
      await p.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
      await action(p, EVENT_TEXT.continue).click();
      await p.getByText(EVENT_TEXT.consentNeeded).waitFor();
    },
  },
  {
    name: 'camera-countdown',
    path: '/camera',
    camera: true,
    clock: true,
    ready: async (p) => {
      await p.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
      await action(p, TEXT.takePhoto).click();
      await action(p, EVENT_TEXT.cancelCountdown).waitFor();
    },
  },
];

/** A tenant that asks for consent before the camera: the box ticked, as a visitor would. */
async function passConsent(page: Page, slug: string, screen: Screen) {
  const consent = slug && readSiteData().tenants.find((t) => t.slug === slug)?.consentText;
  if (!consent || screen.consent || screen.path !== '/camera') return;
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  await page.getByRole('checkbox', { name: EVENT_TEXT.consentAgree }).check();
  await action(page, EVENT_TEXT.continue).click();
}

async function stubFor(page: Page, screen: Screen) {
  if (screen.name === 'styles-none-offered') {
    await withoutBakedStyles(page);
    await stubStyles(page, []);
  }
  if (screen.name === 'root-error') await breakAiHost(page, 'network');
  if (!screen.path.startsWith('/results/')) return;
  await stubResultImage(page);
  if (screen.name === 'results-completed') await stubJob(page, completedSticker);
  if (screen.name === 'results-error')
    await stubJob(page, { result: { status: 'ERROR', message: "We couldn't find a person in this photo." } });
  if (screen.name === 'results-pending') await stubJob(page, { result: { status: 'PENDING' } });
}

/** A kiosk's screens (a tenant that allows kiosks, on the device opened at its kiosk address). */
const KIOSK_SCREENS: Screen[] = [
  SCREENS.find((s) => s.name === 'intro')!,
  EVENT_KIT_SCREENS.find((s) => s.name === 'camera-consent')!,
  SCREENS.find((s) => s.name === 'camera-captured')!,
  { name: 'styles', path: '/styles', ready: (p) => p.locator('.booth-styles[data-ready]').waitFor() },
  SCREENS.find((s) => s.name === 'results-completed')!,
  SCREENS.find((s) => s.name === 'results-pending')!,
  SCREENS.find((s) => s.name === 'results-gone')!,
];
const KIOSK_SIZES = [
  { width: 1080, height: 1920 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

describe('accessibility (axe, WCAG 2.2 AA) of every screen', () => {
  const browsers = screenBrowsers();

  it('would report a violation: low-contrast text planted on a screen is caught', async () => {
    const context = await browsers.pick(false).newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${boothUrl}/`);
      await page.evaluate(() => {
        const p = document.createElement('p');
        p.textContent = 'Barely readable';
        p.style.cssText = 'color:#777;background:#888;';
        document.querySelector('main')!.append(p);
      });
      const violations = await violationsOn(page);
      expect(violations.map((v) => v.id)).toContain('color-contrast');
    } finally {
      await context.close();
    }
  });

  const KIOSK_TENANT = DEMO_TENANT_SLUGS.find(
    (slug) => (readSiteData().tenants.find((t) => t.slug === slug)?.kioskIdleSeconds ?? 0) > 0,
  )!;
  for (const size of KIOSK_SIZES) {
    for (const screen of KIOSK_SCREENS) {
      const name = `${KIOSK_TENANT} kiosk ${size.width}x${size.height}: ${screen.name}`;
      it(`${name} has no violations`, async () => {
        const browser = browsers.pick(screen.camera);
        const context = await browser.newContext({ viewport: size });
        try {
          const page = await context.newPage();
          await stubFor(page, screen);
          // This browser becomes the tenant's kiosk.
          await page.goto(`${boothUrl}/${KIOSK_TENANT}/?kiosk`);
          await page.goto(`${boothUrl}/${KIOSK_TENANT}${screen.path || '/'}`);
          expect(await page.evaluate(() => document.documentElement.classList.contains('booth-kiosk-device'))).toBe(
            true,
          );
          await passConsent(page, KIOSK_TENANT, screen);
          await screen.ready(page);
          await page.waitForLoadState('networkidle').catch(() => undefined);
          await page.screenshot({ path: join(SHOTS, `${name.replace(/[: ]+/g, '-')}.png`) });
          const violations = await violationsOn(page);
          const summary = violationLines(violations);
          expect(summary).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }

  // The screens are found by their English texts; the tenants in other languages have their own
  // file (tests/a11y/languages.test.ts).
  const english = (slug: string) => !readSiteData().tenants.find((t) => t.slug === slug)?.language;
  for (const slug of ['', ...DEMO_TENANT_SLUGS.filter(english)]) {
    const eventKit = readSiteData().tenants.find((t) => t.slug === slug)?.consentText ? EVENT_KIT_SCREENS : [];
    for (const screen of [...SCREENS, ...eventKit]) {
      const tenant = slug || 'default';
      it(`${tenant}: ${screen.name} has no violations`, async () => {
        const browser = browsers.pick(screen.camera);
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        try {
          const page = await context.newPage();
          await stubFor(page, screen);
          if (screen.clock) await page.clock.install();
          await page.goto(`${boothUrl}${slug ? `/${slug}` : ''}${screen.path || '/'}`);
          await passConsent(page, slug, screen);
          await screen.ready(page);
          // The proxy's images and the fonts have settled before anyone looks.
          await page.waitForLoadState('networkidle').catch(() => undefined);
          await page.screenshot({ path: join(SHOTS, `${tenant}-${screen.name}.png`), fullPage: true });
          const violations = await violationsOn(page);
          const summary = violationLines(violations);
          expect(summary).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});

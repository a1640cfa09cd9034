// axe (WCAG 2.2 AA) on a kiosk's screens in a guest's language: Trio Expo, an English tenant that
// allows kiosks and offers French and Arabic, on the device opened at its kiosk address, in
// portrait (1080x1920) and, for the Arabic pages read right to left, landscape (1280x800) too.
// Each screen is found by its own language's texts; a screenshot of each lands in
// .test-runs/e2e/screens/ for a person.
import { describe, expect, inject, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { CATALOGUES, type Catalogue } from '../../contract/i18n/index.ts';
import { action, hydrated } from '../e2e/support/journey.ts';
import { KIOSK_MENU_TENANT } from '../e2e/support/site-data.ts';
import { completedSticker, stubJob, stubResultImage } from '../e2e/site/support.ts';
import { patience } from '../support/patience.ts';
import { SHOTS, screenBrowsers, violationLines, violationsOn } from './support.ts';

const boothUrl = inject('boothUrl');
const { slug } = KIOSK_MENU_TENANT;

interface Screen {
  name: string;
  path: string;
  camera?: boolean;
  stub?: (page: Page) => Promise<unknown>;
  ready: (page: Page, t: Catalogue) => Promise<unknown>;
}

const videoOn = (p: Page) =>
  p.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0, undefined, {
    timeout: patience(10_000),
  });

async function agree(p: Page, t: Catalogue) {
  await hydrated(p);
  await p.getByRole('checkbox', { name: t.consent.consentAgree }).check();
  await action(p, t.consent.continue).click();
}

const SCREENS: Screen[] = [
  { name: 'intro', path: '/', ready: (p, t) => p.getByText(t.kiosk.introTakeHome, { exact: true }).waitFor() },
  {
    name: 'camera-consent',
    path: '/camera',
    ready: async (p, t) => {
      await action(p, t.consent.continue).waitFor();
      await action(p, t.kiosk.startOver).waitFor();
    },
  },
  {
    name: 'camera-captured',
    path: '/camera',
    camera: true,
    ready: async (p, t) => {
      await agree(p, t);
      await videoOn(p);
      await action(p, t.spec.takePhoto).click();
      await action(p, t.spec.useImage).waitFor();
    },
  },
  { name: 'styles', path: '/styles', ready: (p) => p.locator('.booth-styles[data-ready]').waitFor() },
  {
    name: 'results-completed',
    path: '/results/a11y',
    stub: (p) => stubJob(p, completedSticker),
    ready: async (p, t) => {
      await p.getByRole('heading', { name: t.spec.resultHeading }).waitFor();
      await action(p, t.resultsEvent.print).waitFor();
      await p.locator('svg.booth-qr-code').waitFor();
      await p.waitForFunction(() => (document.querySelector('figure img') as HTMLImageElement | null)?.complete);
    },
  },
  {
    name: 'results-pending',
    path: '/results/a11y-pending',
    stub: (p) => stubJob(p, { result: { status: 'PENDING' } }),
    ready: (p, t) => p.getByText(t.spec.processing).waitFor(),
  },
];

const RUNS = [
  { code: 'fr', size: { width: 1080, height: 1920 } },
  { code: 'ar', size: { width: 1080, height: 1920 } },
  { code: 'ar', size: { width: 1280, height: 800 } },
] as const;

describe("accessibility (axe, WCAG 2.2 AA) of a kiosk's screens in a guest's language", () => {
  const browsers = screenBrowsers();

  for (const { code, size } of RUNS) {
    const t = CATALOGUES[code];
    for (const screen of SCREENS) {
      const name = `${slug} kiosk ${code} ${size.width}x${size.height}: ${screen.name}`;
      it(`${name} has no violations`, async () => {
        const context = await browsers.pick(screen.camera).newContext({ viewport: size });
        try {
          const page = await context.newPage();
          await stubResultImage(page);
          await screen.stub?.(page);
          // This browser becomes the tenant's kiosk at its own address; the guest reads another language.
          await page.goto(`${boothUrl}/${slug}/?kiosk`);
          await page.goto(`${boothUrl}/${slug}/${code}${screen.path}`);
          expect(
            await page.evaluate(() => [
              document.documentElement.classList.contains('booth-kiosk-device'),
              document.documentElement.lang,
              document.documentElement.dir,
            ]),
          ).toEqual([true, code, code === 'ar' ? 'rtl' : 'ltr']);
          await screen.ready(page, t);
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
});

// axe (WCAG 2.2 AA) on every screen of a tenant in each shipped language but English (the demo
// tenants Soirée Lumière in French and مهرجان نور in Arabic, and a tenant of the e2e run in each of
// the others), each screen found by its own language's texts and in the state a visitor sees. A
// screenshot of each lands in .test-runs/e2e/screens/ for a person. The language menu's tenant in
// each of its languages: its screens and its Not Found view.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { CATALOGUES, directionOf, type Catalogue } from '../../contract/i18n/index.ts';
import { styleName } from '../../contract/local-style-texts.ts';
import { patience } from '../support/patience.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { action } from '../e2e/support/journey.ts';
import { LANGUAGE_TENANTS, MENU_TENANT, readSiteData, tenant } from '../e2e/support/site-data.ts';
import { breakAiHost, completedSticker, stubJob, stubResultImage } from '../e2e/site/support.ts';
import { SHOTS, screenBrowsers, violationLines, violationsOn } from './support.ts';

const boothUrl = inject('boothUrl');

interface Screen {
  name: string;
  path: string;
  ready: (page: Page, t: Catalogue) => Promise<unknown>;
  camera?: boolean;
  stub?: (page: Page) => Promise<unknown>;
}

const videoOn = (p: Page) => p.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);

const SCREENS: Screen[] = [
  { name: 'intro', path: '/', ready: (p, t) => action(p, t.spec.start).waitFor() },
  { name: 'camera', path: '/camera', camera: true, ready: videoOn },
  {
    name: 'camera-captured',
    path: '/camera',
    camera: true,
    ready: async (p, t) => {
      await videoOn(p);
      await action(p, t.spec.takePhoto).click();
      await action(p, t.spec.useImage).waitFor();
    },
  },
  { name: 'camera-refused', path: '/camera', ready: (p) => p.getByRole('alert').waitFor() },
  {
    name: 'styles-no-image',
    path: '/styles',
    ready: async (p, t) => {
      await p.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
      await p
        .getByRole('button', { name: new RegExp(styleName(readSiteData().styles[0].description, t.styleNames)) })
        .click();
      await p.getByText(t.spec.noImage).waitFor();
    },
  },
  {
    name: 'results-completed',
    path: '/results/a11y',
    stub: (p) => stubJob(p, completedSticker),
    ready: async (p, t) => {
      await p.getByRole('heading', { name: t.spec.resultHeading }).waitFor();
      await p.waitForFunction(() => (document.querySelector('figure img') as HTMLImageElement | null)?.complete);
    },
  },
  {
    name: 'results-error',
    path: '/results/a11y-error',
    stub: (p) => stubJob(p, { result: { status: 'ERROR', message: 'No person in the photo.' } }),
    ready: (p, t) => p.getByRole('heading', { name: t.spec.errorHeading }).waitFor(),
  },
  {
    name: 'results-pending',
    path: '/results/a11y-pending',
    stub: (p) => stubJob(p, { result: { status: 'PENDING' } }),
    ready: (p, t) => p.getByText(t.spec.processing, { exact: true }).waitFor(),
  },
  {
    name: 'results-gone',
    path: '/results/a11y-gone',
    ready: (p, t) => p.getByRole('heading', { name: t.results.goneHeading }).waitFor(),
  },
  {
    name: 'root-error',
    path: '/results/a11y-unreachable',
    stub: (p) => breakAiHost(p, 'network'),
    ready: (p, t) => p.getByRole('heading', { name: t.site.unreachable }).waitFor(),
  },
  {
    name: 'not-found',
    path: '/no/such/page',
    ready: (p, t) => p.getByRole('heading', { name: t.site.notFound }).waitFor(),
  },
];

/** A tenant in each language but English: the French and the Arabic demo tenants, then the e2e run's. */
const SLUGS = ['lumiere', 'noor', ...LANGUAGE_TENANTS.map((t) => t.slug)];

describe('accessibility (axe, WCAG 2.2 AA) of every screen in every language but English', () => {
  const browsers = screenBrowsers();

  it('would report a violation: a low-contrast text planted on a screen is caught', async () => {
    const context = await browsers.pick(false).newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${boothUrl}/${LANGUAGE_TENANTS[0].slug}/`);
      await page.evaluate(() => {
        const p = document.createElement('p');
        p.textContent = 'Kaum lesbar';
        p.style.cssText = 'color:#777;background:#888;';
        document.querySelector('main')!.append(p);
      });
      expect((await violationsOn(page)).map((v) => v.id)).toContain('color-contrast');
    } finally {
      await context.close();
    }
  });

  for (const slug of SLUGS) {
    for (const screen of SCREENS) {
      it(`${slug}: ${screen.name} has no violations`, async () => {
        const language = tenant(slug).language ?? 'en';
        const t = CATALOGUES[language];
        const browser = browsers.pick(screen.camera);
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        try {
          const page = await context.newPage();
          await stubResultImage(page);
          await screen.stub?.(page);
          await page.goto(`${boothUrl}/${slug}${screen.path}`);
          await screen.ready(page, t);
          expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
            language,
            directionOf(language),
          ]);
          await page.waitForLoadState('networkidle').catch(() => undefined);
          await page.screenshot({ path: join(SHOTS, `${slug}-${screen.name}.png`), fullPage: true });
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

describe('accessibility (axe, WCAG 2.2 AA) of the language menu, left to right and right to left', () => {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser({ camera: 'none' });
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [base, language, dir] of [
    ['', 'en', 'ltr'],
    ['/fr', 'fr', 'ltr'],
    ['/ar', 'ar', 'rtl'],
  ] as const) {
    for (const path of ['/', '/styles', '/nowhere']) {
      it(`${MENU_TENANT.slug}${base}${path} (${language}, ${dir}): the menu has no violations`, async () => {
        const t = CATALOGUES[language];
        const context = await browser.newContext({ viewport: { width: 320, height: 640 } });
        try {
          const page = await context.newPage();
          await page.goto(`${boothUrl}/${MENU_TENANT.slug}${base}${path}`);
          const menu = page.getByRole('navigation', { name: t.site.languageMenu });
          await menu.waitFor();
          expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
            language,
            dir,
          ]);
          expect(await menu.getByRole('link').allTextContents()).toEqual(['English', 'Français', 'العربية']);
          expect(await menu.locator('[aria-current="page"]').getAttribute('lang')).toBe(language);
          if (path === '/nowhere') {
            // The Not Found view of that language's page set, in that language.
            await page.getByRole('heading', { name: t.site.notFound }).waitFor({ timeout: patience(5_000) });
          }
          await page.screenshot({ path: join(SHOTS, `${MENU_TENANT.slug}-${language}${path.replace('/', '-')}.png`) });
          const violations = await violationsOn(page);
          expect(violationLines(violations)).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});

// Every tenant's pages as an installable web app: a valid manifest with the tenant's name,
// colours and icons, a service worker that controls the tenant's pages, and the intro, camera and
// styles screens that still open, styled, with the network cut. In Chromium, against the real
// embedded server and the real built site.
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { TEXT, type TenantBranding } from '../../../contract/index.ts';
import { CATALOGUES, fill } from '../../../contract/i18n/index.ts';
import { suiteBrowser } from '../support/browser.ts';
import { KIOSK_MENU_TENANT, readSiteData, tenant } from '../support/site-data.ts';
import { patience } from '../../support/patience.ts';

const boothUrl = inject('boothUrl');

interface Manifest {
  name: string;
  lang: string;
  dir: string;
  description: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  background_color: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

const rgbOf = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

describe('the installable web app', () => {
  const { newPage } = suiteBrowser({ camera: 'none' });
  // Service workers are blocked in the other tests' browsers (tests/e2e/support/browser.ts).
  const open = async (path: string) => {
    const page = await newPage({ serviceWorkers: 'allow' });
    await page.goto(`${boothUrl}${path}`);
    return page;
  };

  for (const prefix of ['', '/gala']) {
    const branding = (): TenantBranding => (prefix ? tenant(prefix.slice(1)) : readSiteData().defaultTenant);
    const root = `${boothUrl}${prefix}/`;

    it(`has a valid manifest for ${prefix || 'the default tenant'}: its name, root, colours and icons of the right size`, async () => {
      const page = await open(`${prefix}/`);
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      const manifestUrl = new URL(href!, page.url()).href;
      const response = await fetch(manifestUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
      const manifest = (await response.json()) as Manifest;
      expect(manifest.name).toBe(branding().client);
      expect(manifest.short_name.length).toBeGreaterThan(0);
      expect(manifest.short_name.length).toBeLessThanOrEqual(12);
      expect(new URL(manifest.start_url, manifestUrl).href).toBe(root);
      expect(new URL(manifest.scope, manifestUrl).href).toBe(root);
      expect(manifest.display).toBe(branding().kioskIdleSeconds > 0 ? 'fullscreen' : 'standalone');
      expect(manifest.background_color).toBe(branding().backgroundColor);
      expect(manifest.theme_color).toBe(branding().backgroundColor);
      expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(branding().backgroundColor);

      const icons = manifest.icons.map((icon) => ({ ...icon, purpose: icon.purpose ?? 'any' }));
      expect(
        icons
          .filter((i) => i.purpose === 'any')
          .map((i) => i.sizes)
          .sort(),
      ).toEqual(['192x192', '512x512']);
      expect(icons.some((i) => i.purpose === 'maskable')).toBe(true);
      const appleHref = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
      const files = [
        ...icons.map((i) => ({ url: new URL(i.src, manifestUrl).href, size: Number(i.sizes.split('x')[0]) })),
        { url: new URL(appleHref!, page.url()).href, size: 180 },
      ];
      for (const { url, size } of files) {
        const icon = await fetch(url);
        expect(icon.status, url).toBe(200);
        expect(icon.headers.get('content-type')).toBe('image/png');
        const image = sharp(Buffer.from(await icon.arrayBuffer()));
        const meta = await image.metadata();
        expect([meta.format, meta.width, meta.height], url).toEqual(['png', size, size]);
        // Made on the tenant's background colour: its corner is that colour, opaque.
        const corner = [
          ...(await image.extract({ left: 0, top: 0, width: 1, height: 1 }).removeAlpha().raw().toBuffer()),
        ];
        expect(corner, url).toEqual(rgbOf(branding().backgroundColor));
      }
    });

    it(`keeps ${prefix || 'the default tenant'}'s intro, camera and styles screens working with the network cut`, async () => {
      const page = await open(`${prefix}/`);
      const worker = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        const active = registration.active!;
        // Ready comes with the worker active, maybe still activating (clearing older caches).
        if (active.state !== 'activated')
          await new Promise((done) =>
            active.addEventListener('statechange', () => active.state === 'activated' && done(null)),
          );
        return { scope: registration.scope, state: active.state, script: active.scriptURL };
      });
      expect(worker).toEqual({ scope: root, state: 'activated', script: `${root}sw.js` });
      // The worker claims the page that registered it.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const sw = await fetch(`${root}sw.js`);
      expect(sw.headers.get('cache-control')).toBe('no-cache');

      await page.context().setOffline(true);
      const screens = [
        ['', branding().viewFinderTitle],
        ['camera', TEXT.cameraHeading],
        ['styles', TEXT.stylesHeading],
      ] as const;
      for (const [screen, heading] of screens) {
        await page.goto(`${root}${screen}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: patience(10_000) });
        expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${root}sw.js`);
        // The tenant's styles came too (from the cache): its background colour on the page.
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect(background, screen).toBe(`rgb(${rgbOf(branding().backgroundColor).join(', ')})`);
        await page.reload();
        await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: patience(10_000) });
      }
      // The AI hub is never answered from a cache: offline, its call fails.
      const styles = await page.evaluate(() =>
        fetch('/transformations/styles').then(
          (r) => r.status,
          () => 'failed',
        ),
      );
      expect(styles).toBe('failed');
    });
  }
});

describe('the installable web app in the language a guest picks', () => {
  const { newPage } = suiteBrowser({ camera: 'none' });
  const { slug, client } = KIOSK_MENU_TENANT;
  const root = `${boothUrl}/${slug}/`;

  it('links each language page set to a manifest in that language, opening on its pages', async () => {
    const page = await newPage();
    for (const [code, base, dir] of [
      ['en', '', 'ltr'],
      ['fr', 'fr/', 'ltr'],
      ['ar', 'ar/', 'rtl'],
    ] as const) {
      await page.goto(`${root}${base}camera`);
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      const manifestUrl = new URL(href!, page.url()).href;
      expect(manifestUrl).toBe(`${root}${base}manifest.webmanifest`);
      const response = await fetch(manifestUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
      const manifest = (await response.json()) as Manifest;
      expect(manifest).toMatchObject({
        name: client,
        lang: code,
        dir,
        description: fill(CATALOGUES[code].site.description, { client }),
        display: 'fullscreen',
      });
      // Installed from a page in that language, the app opens on that language's pages.
      expect(new URL(manifest.start_url, manifestUrl).href, code).toBe(`${root}${base}`);
      expect(new URL(manifest.scope, manifestUrl).href, code).toBe(`${root}${base}`);
      // The tenant's own icons, at its root.
      for (const icon of manifest.icons) {
        const url = new URL(icon.src, manifestUrl);
        expect(url.pathname, code).toMatch(new RegExp(`^/${slug}/icons/`));
        expect((await fetch(url)).status, url.href).toBe(200);
      }
    }
  });

  it("keeps every language's screens for offline use in the tenant's one worker, each page in its own language", async () => {
    const page = await newPage({ serviceWorkers: 'allow' });
    await page.goto(`${root}ar/`);
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const active = registration.active!;
      if (active.state !== 'activated')
        await new Promise((done) =>
          active.addEventListener('statechange', () => active.state === 'activated' && done(null)),
        );
      return { scope: registration.scope, script: active.scriptURL };
    });
    expect(worker).toEqual({ scope: root, script: `${root}sw.js` });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // What it fetched at install: every language's screens and manifests.
    const kept = await page.evaluate(async (scope) => {
      const names = (await caches.keys()).filter((name) => name.startsWith(`booth ${new URL(scope).pathname} `));
      const cache = await caches.open(names[0]!);
      return (await cache.keys()).map((request) => new URL(request.url).pathname);
    }, root);
    for (const path of ['', 'camera/', 'styles/', 'results/', 'manifest.webmanifest'])
      for (const base of ['', 'fr/', 'ar/']) expect(kept, `${base}${path}`).toContain(`/${slug}/${base}${path}`);

    // Offline, the Arabic and French screens open from it, each in its own language only.
    await page.context().setOffline(true);
    for (const [base, t, dir] of [
      ['ar/', CATALOGUES.ar, 'rtl'],
      ['fr/', CATALOGUES.fr, 'ltr'],
    ] as const) {
      for (const [screen, heading] of [
        ['camera', t.spec.cameraHeading],
        ['styles', t.spec.stylesHeading],
      ] as const) {
        await page.goto(`${root}${base}${screen}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: patience(10_000) });
        expect(await page.evaluate(() => document.documentElement.dir), `${base}${screen}`).toBe(dir);
        const html = await page.content();
        // The English screen's heading is not carried by a page in another language.
        expect(html.includes(CATALOGUES.en.spec.cameraHeading), `${base}${screen}`).toBe(false);
      }
    }
  });
});

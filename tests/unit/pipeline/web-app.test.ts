import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING } from '../../../contract/branding.ts';
import { CATALOGUES, fill } from '../../../contract/i18n/index.ts';
import type { TenantBranding } from '../../../contract/site-data.ts';
import { logoSource } from '../../../scripts/pipeline/installable.ts';
import { makeIcon, shortName, webAppManifest } from '../../../scripts/pipeline/web-app.ts';

const gala: TenantBranding = {
  ...DEFAULT_BRANDING,
  slug: 'gala',
  client: 'Gala Night',
  logoUrl: 'gala/logo.png',
  backgroundColor: '#1a1423',
  textColor: '#fdf6e3',
};
const LOGO_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><rect width="400" height="100" fill="#ff0000"/></svg>',
);

describe('the web app manifest of a tenant', () => {
  it("names the app after the client, opens it at the tenant's root and paints it in its background colour", () => {
    const manifest = webAppManifest(gala);
    expect(manifest).toMatchObject({
      name: 'Gala Night',
      short_name: 'Gala Night',
      start_url: './',
      scope: './',
      display: 'standalone',
      background_color: '#1a1423',
      theme_color: '#1a1423',
    });
    // Relative to the manifest's own address: /gala/ in the full site, / in gala's bundle.
    expect(new URL(manifest.start_url, 'https://booth.example/gala/manifest.webmanifest').href).toBe(
      'https://booth.example/gala/',
    );
  });

  it('opens a kiosk full screen', () => {
    expect(webAppManifest({ ...gala, kioskIdleSeconds: 60 }).display).toBe('fullscreen');
  });

  it('lists icons of 192 and 512 px and a maskable one, as PNG', () => {
    expect(webAppManifest(gala).icons).toEqual([
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });

  it('is in the language of its page set: the catalogue’s description, lang and dir, and the icons at the root', () => {
    const noor = { ...gala, languages: ['en', 'fr', 'ar'] } as TenantBranding;
    expect(webAppManifest(noor)).toMatchObject({
      lang: 'en',
      dir: 'ltr',
      description: 'Gala Night: take a selfie and let AI restyle it.',
    });
    const arabic = webAppManifest(noor, 'ar');
    expect(arabic).toMatchObject({
      name: 'Gala Night',
      lang: 'ar',
      dir: 'rtl',
      start_url: './',
      scope: './',
      id: './',
      description: fill(CATALOGUES.ar.site.description, { client: 'Gala Night' }),
    });
    // It lives at /gala/ar/: it opens the Arabic pages, with the tenant's icons one folder up.
    const at = 'https://booth.example/gala/ar/manifest.webmanifest';
    expect(new URL(arabic.start_url, at).href).toBe('https://booth.example/gala/ar/');
    expect(arabic.icons.map((icon) => new URL(icon.src, at).pathname)).toEqual([
      '/gala/icons/icon-192.png',
      '/gala/icons/icon-512.png',
      '/gala/icons/maskable-512.png',
    ]);
    // The tenant's own words for the description, in that language.
    const own = { ...noor, textOverrides: { fr: { 'site.description': '{client} : votre portrait' } } };
    expect(webAppManifest(own, 'fr').description).toBe('Gala Night : votre portrait');
  });

  it('shortens a long client name at a word for the home screen', () => {
    expect(shortName('Aurora Live')).toBe('Aurora Live');
    expect(shortName('Meadow Fair Summer Edition')).toBe('Meadow Fair');
    expect(shortName('Supercalifragilistic')).toBe('Supercalifra');
  });
});

describe('the icons', () => {
  it("draws the logo in the middle of a square of the tenant's background colour", async () => {
    const icon = await makeIcon(gala, LOGO_SVG, 192, 'any');
    const { data, info } = await sharp(icon).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([192, 192, 3]);
    const at = (x: number, y: number) => [...data.subarray((y * 192 + x) * 3, (y * 192 + x) * 3 + 3)];
    expect(at(0, 0)).toEqual([0x1a, 0x14, 0x23]);
    expect(at(96, 96)).toEqual([255, 0, 0]);
  });

  it("keeps a maskable icon's logo inside the safe zone", async () => {
    const { data } = await sharp(await makeIcon(gala, LOGO_SVG, 512, 'maskable'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The logo is 4:1 and 60% of the side wide: its left end at 20% of the side, not before.
    const red = (x: number) => data[(256 * 512 + x) * 3] === 255;
    expect(red(Math.round(512 * 0.19))).toBe(false);
    expect(red(Math.round(512 * 0.21))).toBe(true);
  });

  it("shows the client's initial when there is no logo to read", async () => {
    const { data } = await sharp(await makeIcon(gala, null, 192, 'any'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const light = Array.from({ length: 192 * 192 }, (_, i) => data[i * 3]!).filter((r) => r > 200).length;
    expect(light).toBeGreaterThan(200);
  });
});

describe('where a logo is read from', () => {
  const site = {
    imageProxy: { host: '', signature: 'insecure', bucketPrefix: 's3://booth-assets', appName: 'photobooth' },
  } as never;
  it('through the image proxy for a bucket image, a local file for the default tenant', () => {
    expect(logoSource(site, gala, 'http://127.0.0.1:4321')).toEqual({
      url: 'http://127.0.0.1:4321/insecure/rs:fit:512:512/g:sm/plain/s3://booth-assets/photobooth/gala/logo.png',
    });
    expect(logoSource(site, DEFAULT_BRANDING, 'http://127.0.0.1:4321')).toEqual({ file: '/assets/logo.svg' });
  });
});

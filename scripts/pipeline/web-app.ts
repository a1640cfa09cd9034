// Each tenant's page set as an installable web app: a manifest (its name, colours and root) and
// icons made from its logo on its background colour, written beside its pages after astro build.
// URLs in the manifest are relative to it, so the same files work under /{slug}/ and at the root
// of a per-tenant bundle. A tenant whose guests may pick other languages gets one more manifest in
// each language's page set ({root}/{code}/): the app a guest installs from a page in Arabic is in
// Arabic, right to left, and opens on the Arabic pages; the icons are the tenant's, at its root.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { CATALOGUES, DEFAULT_LANGUAGE, directionOf, fill, type Language } from '../../contract/i18n/index.ts';
import { withOwnTexts } from '../../contract/i18n/overrides.ts';
import type { TenantBranding } from '../../contract/site-data.ts';
import { WEB_APP_FILES } from '../../contract/web-app.ts';

export const MANIFEST_FILE = WEB_APP_FILES.manifest;
export const ICONS_DIR = WEB_APP_FILES.iconsDir;

/** The icons every tenant gets: what Chrome asks of an installable app, a maskable one, and Apple's. */
export const ICONS = [
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  { file: 'maskable-512.png', size: 512, purpose: 'maskable' },
  // The layout links it by this name (WEB_APP_FILES.appleTouchIcon).
  { file: 'apple-touch-icon.png', size: 180, purpose: 'apple' },
] as const;

/** The share of an icon's side the logo may take: a maskable icon keeps it inside the 80% safe circle. */
const LOGO_SHARE = { any: 0.84, apple: 0.76, maskable: 0.6 } as const;
/** A home screen shows about 12 characters under an icon. */
const SHORT_NAME_LENGTH = 12;

export interface WebAppManifest {
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  id: string;
  lang: Language;
  dir: 'ltr' | 'rtl';
  display: 'standalone' | 'fullscreen';
  background_color: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: 'image/png'; purpose: 'any' | 'maskable' }[];
}

/** The client name cut to fit under a home-screen icon, at a word boundary when there is one. */
export function shortName(client: string): string {
  if (client.length <= SHORT_NAME_LENGTH) return client;
  const words = client.split(/\s+/);
  let name = '';
  for (const word of words) {
    const next = name ? `${name} ${word}` : word;
    if (next.length > SHORT_NAME_LENGTH) break;
    name = next;
  }
  return name || client.slice(0, SHORT_NAME_LENGTH);
}

/**
 * The tenant's manifest in one of its languages (its own when none is given). start_url, scope and
 * id are the folder the manifest is in (the root of that language's page set), so the app opens on
 * the intro in that language; a kiosk tenant opens full screen. The name is the client's, as the
 * operator wrote it (the pages show it so in every language); the description is the catalogue's,
 * with the tenant's own words for it.
 */
export function webAppManifest(branding: TenantBranding, language?: Language): WebAppManifest {
  const lang = language ?? branding.language ?? DEFAULT_LANGUAGE;
  const t = withOwnTexts(CATALOGUES[lang], branding.textOverrides?.[lang]);
  // A guest's language lives one folder below the tenant's root, where the icons are.
  const up = language && language !== (branding.language ?? DEFAULT_LANGUAGE) ? '../' : '';
  return {
    name: branding.client,
    short_name: shortName(branding.client),
    description: fill(t.site.description, { client: branding.client }),
    start_url: './',
    scope: './',
    id: './',
    lang,
    dir: directionOf(lang),
    display: branding.kioskIdleSeconds > 0 ? 'fullscreen' : 'standalone',
    background_color: branding.backgroundColor,
    theme_color: branding.backgroundColor,
    icons: ICONS.filter((icon) => icon.purpose !== 'apple').map((icon) => ({
      src: `${up}${ICONS_DIR}/${icon.file}`,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.purpose as 'any' | 'maskable',
    })),
  };
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Without a logo: the client's initial in the text colour, the way a home screen shows a site without icon. */
function initialSvg(branding: TenantBranding, size: number): Buffer {
  const initial = escapeXml([...branding.client.trim()][0]?.toUpperCase() ?? 'B');
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  <text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${Math.round(size * 0.5)}" fill="${branding.textColor}">${initial}</text>
</svg>`);
}

/** One icon: the logo (or the initial) centred on the tenant's background colour, square, opaque. */
export async function makeIcon(
  branding: TenantBranding,
  logo: Buffer | null,
  size: number,
  purpose: keyof typeof LOGO_SHARE,
): Promise<Buffer> {
  const box = Math.round(size * LOGO_SHARE[purpose]);
  let mark: Buffer;
  try {
    if (!logo) throw new Error('no logo');
    // density: an SVG logo is drawn sharp at the icon's size, not scaled up from 72 dpi.
    mark = await sharp(logo, { density: 300 }).resize(box, box, { fit: 'inside' }).png().toBuffer();
  } catch {
    mark = await sharp(initialSvg(branding, box)).png().toBuffer();
  }
  const icon = await sharp({ create: { width: size, height: size, channels: 4, background: branding.backgroundColor } })
    .composite([{ input: mark, gravity: 'centre' }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Opaque: a home screen would show a transparent corner as black or white. (sharp composites
  // last in a pipeline, so the alpha goes in a second one.)
  return sharp(icon.data, { raw: icon.info }).removeAlpha().png({ compressionLevel: 9 }).toBuffer();
}

/** The manifest and the icons in `dir`, the tenant's root; the names of the app's files, relative to it. */
export async function writeWebApp(
  dir: string,
  branding: TenantBranding,
  logo: Buffer | null,
  { icons: draw = true } = {},
): Promise<string[]> {
  await mkdir(join(dir, ICONS_DIR), { recursive: true });
  // Without `icons`, the ones already in dir/icons/ (copied from the last build) are listed.
  const icons = await Promise.all(
    ICONS.map(async (icon) => {
      if (draw)
        await writeFile(join(dir, ICONS_DIR, icon.file), await makeIcon(branding, logo, icon.size, icon.purpose));
      return `${ICONS_DIR}/${icon.file}`;
    }),
  );
  await writeFile(join(dir, MANIFEST_FILE), `${JSON.stringify(webAppManifest(branding), null, 2)}\n`);
  return [MANIFEST_FILE, ...icons];
}

/** The manifest of each guest language whose page set `dir/{code}/` the build wrote; their names, relative to `dir`. */
export async function writeLanguageManifests(
  dir: string,
  branding: TenantBranding,
  codes: Language[],
): Promise<string[]> {
  return Promise.all(
    codes.map(async (code) => {
      const file = `${code}/${MANIFEST_FILE}`;
      await writeFile(join(dir, file), `${JSON.stringify(webAppManifest(branding, code), null, 2)}\n`);
      return file;
    }),
  );
}

// What the branded container needs from a tenant page, computed at build time.
import { buttonTextColor } from '../../contract/colour.ts';
import { proxyImageUrl, signedImageKey } from '../../contract/proxy-url.ts';
import { LOCAL_ASSETS, isDirectUrl } from '../../contract/local-assets.ts';
import type { TenantPage } from './site-data.ts';

/** Placeholders the layout's script replaces with the container's measured size. */
export const WIDTH_TOKEN = 999_999_001;
export const HEIGHT_TOKEN = 999_999_002;
/** Placeholder of the signature segment, when the build signed the image's sizes. */
export const SIGNATURE_TOKEN = 'signature-999999003';

export interface LayoutImages {
  /** A ready URL (a local asset or an absolute URL), or null when the image goes through the proxy. */
  logo: string | null;
  background: string | null;
  /** Proxy URL templates holding WIDTH_TOKEN and HEIGHT_TOKEN (and SIGNATURE_TOKEN when signed). */
  logoTemplate: string | null;
  backgroundTemplate: string | null;
  /** With signed URLs: the signatures of each signed size, space-separated (see contract/proxy-url.ts). */
  logoSignatures: string | null;
  backgroundSignatures: string | null;
}

const NO_IMAGE = { url: null, template: null, signatures: null };

/**
 * One image of the container. A local path (the default tenant's files, or the default a
 * tenant falls back to when its own image was missing or refused) or an absolute URL is used
 * as it is: the proxy only reads the bucket, so sending those through it would only break
 * them. A bucket image name goes through the proxy, sized later to the measured container.
 */
function containerImage(page: TenantPage, value: string, resize: 'fit' | 'fill', local: string) {
  if (isDirectUrl(value)) return { ...NO_IMAGE, url: value };
  // The default tenant's images are local files whatever its branding item says.
  if (page.localImages) return { ...NO_IMAGE, url: local };
  if (!value) return NO_IMAGE;
  const size = { width: WIDTH_TOKEN, height: HEIGHT_TOKEN };
  const signatures = page.site.imageProxy.signatures?.[signedImageKey(value, resize)];
  if (!signatures) return { ...NO_IMAGE, template: proxyImageUrl(page.site.imageProxy, value, size, resize) };
  return {
    url: null,
    template: proxyImageUrl(page.site.imageProxy, value, size, resize, SIGNATURE_TOKEN),
    signatures: signatures.join(' '),
  };
}

export function layoutImages(page: TenantPage): LayoutImages {
  const { branding } = page;
  // fit, not fill, for the logo: the container's box would crop a wide logo to a sliver.
  const logo = containerImage(page, branding.logoUrl, 'fit', LOCAL_ASSETS.logo);
  const background = containerImage(page, branding.backgroundImageUrl, 'fill', LOCAL_ASSETS.background);
  return {
    logo: logo.url,
    background: background.url,
    logoTemplate: logo.template,
    backgroundTemplate: background.template,
    logoSignatures: logo.signatures,
    backgroundSignatures: background.signatures,
  };
}

/** CSS custom properties of the tenant's colours. */
export function brandingStyle(page: TenantPage): string {
  const b = page.branding;
  return [
    `--booth-background:${b.backgroundColor}`,
    `--booth-text:${b.textColor}`,
    `--booth-accent:${b.accentColor}`,
    `--booth-button-text:${buttonTextColor(b.accentColor)}`,
  ].join(';');
}

export const processingVideo = (page: TenantPage) => page.branding.video || LOCAL_ASSETS.video;

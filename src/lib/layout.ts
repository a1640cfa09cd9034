// What the branded container needs from a tenant page, computed at build time.
import { DEFAULT_CONTAINER_WIDTH_PX } from '../../contract/constants.ts';
import { buttonTextColor } from './contrast.ts';
import { proxyImageUrl } from './image-proxy.ts';
import { LOCAL_ASSETS, isDirectUrl } from './local-assets.ts';
import type { TenantPage } from './site-data.ts';

/** Placeholders the layout's script replaces with the container's measured size. */
export const WIDTH_TOKEN = 999_999_001;
export const HEIGHT_TOKEN = 999_999_002;

export interface LayoutImages {
  /** A ready URL (local asset) or null when the image goes through the proxy. */
  logo: string | null;
  background: string | null;
  /** Proxy URL templates holding WIDTH_TOKEN and HEIGHT_TOKEN. */
  logoTemplate: string | null;
  backgroundTemplate: string | null;
}

export function layoutImages(page: TenantPage): LayoutImages {
  const { branding, site } = page;
  if (page.localImages) {
    return {
      logo: isDirectUrl(branding.logoUrl) ? branding.logoUrl : LOCAL_ASSETS.logo,
      background: isDirectUrl(branding.backgroundImageUrl) ? branding.backgroundImageUrl : LOCAL_ASSETS.background,
      logoTemplate: null,
      backgroundTemplate: null,
    };
  }
  const size = { width: WIDTH_TOKEN, height: HEIGHT_TOKEN };
  return {
    logo: null,
    background: null,
    // fit, not fill, for the logo: the container's box would crop a wide logo to a sliver.
    logoTemplate: branding.logoUrl ? proxyImageUrl(site.imageProxy, branding.logoUrl, size, 'fit') : null,
    backgroundTemplate: branding.backgroundImageUrl ? proxyImageUrl(site.imageProxy, branding.backgroundImageUrl, size, 'fill') : null,
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
    `--booth-default-width:${DEFAULT_CONTAINER_WIDTH_PX}px`,
  ].join(';');
}

export const processingVideo = (page: TenantPage) => page.branding.video || LOCAL_ASSETS.video;

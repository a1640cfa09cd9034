// With a proxy key, the build signs every proxied tenant image at every size a page may ask
// (contract/proxy-url.ts), so the proxy can refuse every other URL. The key stays here: only the
// signatures reach the site data and the pages.
import { isDirectUrl } from '../../contract/local-assets.ts';
import { backdropsOf } from '../../contract/backdrops.ts';
import { proxyPath, signedImageKey, signedSizes, type ResizeMode } from '../../contract/proxy-url.ts';
import { proxySignature, type ProxyKey } from '../../contract/proxy-signature.ts';
import type { ImageProxySettings, TenantBranding } from '../../contract/site-data.ts';

/** The images a tenant's pages load through the proxy, as layout.ts decides: bucket names, not URLs or local paths. */
function proxiedImages(tenant: TenantBranding): [string, ResizeMode][] {
  const images: [string, ResizeMode][] = [
    [tenant.logoUrl, 'fit'],
    [tenant.backgroundImageUrl, 'fill'],
    // The styles screen's backdrop tiles (src/lib/backdrop-tiles.ts).
    ...backdropsOf(tenant).map((image): [string, ResizeMode] => [image, 'fill']),
  ];
  return images.filter(([image]) => image && !isDirectUrl(image));
}

export function signTenantImages(
  tenants: TenantBranding[],
  proxy: ImageProxySettings,
  key: ProxyKey,
): Record<string, string[]> {
  const signatures: Record<string, string[]> = {};
  const sizes = signedSizes();
  for (const tenant of tenants) {
    for (const [image, mode] of proxiedImages(tenant)) {
      signatures[signedImageKey(image, mode)] ??= sizes.map((size) =>
        proxySignature(proxyPath(proxy, image, size, mode), key),
      );
    }
  }
  return signatures;
}

// The pictures of a tenant's backdrop tiles on the styles screen (contract/backdrops.ts): each
// backdrop through the image proxy, cropped square at the smallest size the build signs (a
// 130 px tile on a 2x screen needs 260), with its signature when the build signed the images.
import { backdropsOf } from '../../contract/backdrops.ts';
import { proxyImageUrl, signedImageKey, signedSizeFor } from '../../contract/proxy-url.ts';
import type { TenantPage } from './site-data.ts';

/** The thumbnail of each of the tenant's backdrops, in its order; none for a tenant with fewer than two (one is the style's own tile). */
export function backdropThumbnails(page: TenantPage): string[] {
  const backdrops = backdropsOf(page.branding);
  if (backdrops.length < 2) return [];
  const size = signedSizeFor({ width: 260, height: 260 });
  return backdrops.map((image) => {
    const signatures = page.site.imageProxy.signatures?.[signedImageKey(image, 'fill')];
    return proxyImageUrl(page.site.imageProxy, image, size, 'fill', signatures?.[size.index]);
  });
}

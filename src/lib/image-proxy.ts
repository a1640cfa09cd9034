// Background and logo of a non-default tenant go through the image-resizing proxy:
//   {proxy}/{signature}/rs:{mode}:{w}:{h}/g:sm/plain/{bucket prefix}/{app name}/{image}
// The URL is unsigned and unencoded, as the spec says (imgproxy "plain" sources).
import { SMART_GRAVITY } from '../../contract/constants.ts';
import type { ImageProxySettings } from '../../contract/site-data.ts';

/**
 * fill crops to exactly w x h (the background); fit keeps the whole image inside w x h, which
 * the logo needs: filling a wide logo into the container's box would crop it to a sliver.
 */
export type ResizeMode = 'fill' | 'fit';

export interface Size {
  width: number;
  height: number;
}

const trimEnd = (s: string) => s.replace(/\/+$/, '');
const trimBoth = (s: string) => s.replace(/^\/+|\/+$/g, '');

/** The storage path of a tenant image; an absolute URL is passed to the proxy as it is. */
export function imageSource(settings: ImageProxySettings, image: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(image)) return image;
  return [trimEnd(settings.bucketPrefix), trimBoth(settings.appName), image.replace(/^\/+/, '')]
    .filter((part) => part !== '')
    .join('/');
}

export function proxyImageUrl(settings: ImageProxySettings, image: string, size: Size, mode: ResizeMode = 'fill'): string {
  const w = Math.max(1, Math.round(size.width));
  const h = Math.max(1, Math.round(size.height));
  return `${trimEnd(settings.host)}/${trimBoth(settings.signature)}/rs:${mode}:${w}:${h}/g:${SMART_GRAVITY}/plain/${imageSource(settings, image)}`;
}

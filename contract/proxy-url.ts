// Background and logo of a non-default tenant go through the image-resizing proxy:
//   {proxy}/{signature}/rs:{mode}:{w}:{h}/g:sm/plain/{bucket prefix}/{app name}/{image}
// Unsigned and unencoded, as the spec says (imgproxy "plain" sources), sized to the container
// as measured. With a proxy key (BOOTH_PROXY_KEY) the build signs each image at the sizes of
// SIGNED_PROXY_SIZES, and the page asks for the smallest signed size that covers the container.
// Pure: the build, the pages and the page's script use it.
import { SMART_GRAVITY } from './constants.ts';
import type { ImageProxySettings } from './site-data.ts';

/**
 * fill crops to exactly w x h (the background); fit keeps the whole image inside w x h, which
 * the logo needs: filling a wide logo into the container's box would crop it to a sliver.
 */
export type ResizeMode = 'fill' | 'fit';

export interface Size {
  width: number;
  height: number;
}

/**
 * The widths and heights a signed URL may ask: each half again the last (so an image is at most
 * 1.5 times the container each way), up to the proxy's largest. 7 x 7 sizes per image.
 */
export const SIGNED_PROXY_SIZES = [360, 540, 810, 1215, 1823, 2734, 4096] as const;

const trimEnd = (s: string) => s.replace(/\/+$/, '');
const trimBoth = (s: string) => s.replace(/^\/+|\/+$/g, '');

/** The storage path of a tenant image; an absolute URL is passed to the proxy as it is. */
export function imageSource(settings: ImageProxySettings, image: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(image)) return image;
  return [trimEnd(settings.bucketPrefix), trimBoth(settings.appName), image.replace(/^\/+/, '')]
    .filter((part) => part !== '')
    .join('/');
}

/** The part of the URL after the signature, from its leading "/": what a signature covers. */
export function proxyPath(settings: ImageProxySettings, image: string, size: Size, mode: ResizeMode = 'fill'): string {
  const w = Math.max(1, Math.round(size.width));
  const h = Math.max(1, Math.round(size.height));
  return `/rs:${mode}:${w}:${h}/g:${SMART_GRAVITY}/plain/${imageSource(settings, image)}`;
}

export function proxyImageUrl(
  settings: ImageProxySettings,
  image: string,
  size: Size,
  mode: ResizeMode = 'fill',
  signature = settings.signature,
): string {
  return `${trimEnd(settings.host)}/${trimBoth(signature)}${proxyPath(settings, image, size, mode)}`;
}

/** Every signed size, in the order the build lists their signatures: width major. */
export function signedSizes(): Size[] {
  return SIGNED_PROXY_SIZES.flatMap((width) => SIGNED_PROXY_SIZES.map((height) => ({ width, height })));
}

/** The smallest signed size covering `size`, and its place in signedSizes(). */
export function signedSizeFor(size: Size): Size & { index: number } {
  const step = (n: number) => {
    const at = SIGNED_PROXY_SIZES.findIndex((s) => s >= n);
    return at < 0 ? SIGNED_PROXY_SIZES.length - 1 : at;
  };
  const w = step(size.width);
  const h = step(size.height);
  return { width: SIGNED_PROXY_SIZES[w], height: SIGNED_PROXY_SIZES[h], index: w * SIGNED_PROXY_SIZES.length + h };
}

/** The key under which the build lists an image's signatures (SiteData.imageProxy.signatures). */
export const signedImageKey = (image: string, mode: ResizeMode) => `${mode} ${image}`;

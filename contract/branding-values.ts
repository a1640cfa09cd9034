// The values a branding field may hold: a colour, an image, a video, a link, a text. Each rule
// says why a value cannot be used, so the build, the server and the console report it alike.
import { isTransparent, parseColor, type Rgb } from './colour.ts';

/** Longer URLs are refused: nothing legitimate needs more, and they end up in every page. */
export const MAX_URL_LENGTH = 2_000;

const hex2 = (n: number) => n.toString(16).padStart(2, '0');
const toHex = ({ r, g, b }: Rgb) => `#${hex2(r)}${hex2(g)}${hex2(b)}`;

/**
 * The colour as '#rrggbb', or null when the value is not a CSS colour (CSS Color 4: hex, named,
 * rgb(), hsl(), hwb(), lab(), lch(), oklab(), oklch(), color()) or one that paints nothing
 * (`transparent`, alpha 0). Only the hex reaches the page, so nothing else of the value can.
 * Partial transparency is dropped: the page paints what the contrast check measured.
 */
export function normalizeColor(value: string): string | null {
  const rgb = isTransparent(value) ? null : parseColor(value);
  return rgb ? toHex(rgb) : null;
}

// Image names stay inside the bucket's app folder: no scheme, no '..', nothing the proxy's
// plain source reads specially ('@' starts its extension part, '?' and '#' end the path).
const IMAGE_NAME = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*$/;
const HTTP_URL =
  /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[A-Za-z0-9._~!$&'()*+,;=:%/-]*)?(\?[A-Za-z0-9._~!$&'()*+,;=:%/?-]*)?$/;
const ROOT_PATH = /^\/(?!\/)[A-Za-z0-9._~!$&'()*+,;=:%/-]*$/;
const hasDotSegment = (path: string) => path.split(/[/?]/).some((s) => s === '..' || s === '.');

/** A plain http(s) link of at most MAX_URL_LENGTH characters (a privacy policy, a lead form's link). */
export const isPlainLink = (url: string): boolean => url.length <= MAX_URL_LENGTH && HTTP_URL.test(url);

// The booth's pages are served over HTTPS (phones need it for the camera): an http:// image or
// video there is mixed content, which browsers block or upgrade to an address that may not exist.
const INSECURE = 'is an http:// address; use its https:// address (pages served over HTTPS cannot load it)';

/** Why an image value cannot be used, or null. Accepts a bucket image name or an https URL. */
export function imageProblem(value: string): string | null {
  if (value.length > MAX_URL_LENGTH) return `is longer than ${MAX_URL_LENGTH} characters`;
  if (/^http:/i.test(value)) return INSECURE;
  if (/^https:/i.test(value)) return HTTP_URL.test(value) && !value.includes('@') ? null : 'is not a plain https URL';
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return 'uses a URL scheme other than https';
  return IMAGE_NAME.test(value) && !hasDotSegment(value)
    ? null
    : 'is not an image name inside the bucket (letters, digits, . _ ~ - and /)';
}

/** Why a video value cannot be used, or null. Accepts an https URL or a path on the site's origin. */
export function videoProblem(value: string): string | null {
  if (value.length > MAX_URL_LENGTH) return `is longer than ${MAX_URL_LENGTH} characters`;
  if (/^http:/i.test(value)) return INSECURE;
  if (/^https:/i.test(value)) return HTTP_URL.test(value) ? null : 'is not a plain https URL';
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return 'uses a URL scheme other than https';
  return ROOT_PATH.test(value) && !hasDotSegment(value) ? null : 'is neither an https URL nor a path starting with /';
}

// Control characters would end up invisible in the page or break a line layout; \n separates
// the description's paragraphs and stays.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f]/g;
/** A text as a page shows it: one kind of line break, no control characters, no outer white space. */
export const cleanText = (value: string): string =>
  value.replace(/\r\n?/g, '\n').replace(CONTROL_BUT_NEWLINE, '').trim();

// WCAG contrast of tenant colours, computed at build time (culori reads the colours). Text on the accent-coloured
// buttons is black or white, whichever reads better on the tenant's accent.
import { clampRgb, converter, parse, useMode } from 'culori/fn';
import * as MODES from './colour-modes.ts';

for (const mode of Object.values(MODES)) {
  // biome-ignore lint/correctness/useHookAtTopLevel: culori's useMode registers a colour space; it is not a React hook.
  useMode(mode);
}

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const toRgb = converter('rgb');

/**
 * Any CSS colour (hex, named, rgb(), hsl(), hwb(), lab(), lch(), oklab(), oklch(), color()) as
 * sRGB channels 0-255, out-of-gamut values clamped; null when it is not a colour. Alpha is
 * ignored: the page paints what the contrast check measured.
 */
export function parseColor(css: string): Rgb | null {
  const parsed = parse(css.trim().toLowerCase());
  if (!parsed) return null;
  const { r, g, b } = clampRgb(toRgb(parsed));
  const channels = [r, g, b].map((c) => Math.round(c * 255));
  return channels.every(Number.isFinite) ? { r: channels[0]!, g: channels[1]!, b: channels[2]! } : null;
}

/** A colour that paints nothing (`transparent`, alpha 0): no tenant colour can be that. */
export function isTransparent(css: string): boolean {
  const parsed = parse(css.trim().toLowerCase());
  return parsed?.alpha === 0;
}

/** WCAG 2.x relative luminance. */
export function relativeLuminance({ r, g, b }: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio (1..21) of two CSS colours, or null when one cannot be read. */
export function contrastRatio(a: string, b: string): number | null {
  const ca = parseColor(a);
  const cb = parseColor(b);
  if (!ca || !cb) return null;
  const [hi, lo] = [relativeLuminance(ca), relativeLuminance(cb)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export const BLACK = '#000000';
export const WHITE = '#ffffff';

/** Black or white, whichever has the higher contrast with the button's background colour. */
export function buttonTextColor(accent: string): typeof BLACK | typeof WHITE {
  const rgb = parseColor(accent);
  if (!rgb) return BLACK;
  const l = relativeLuminance(rgb);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? BLACK : WHITE;
}

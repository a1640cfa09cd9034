// WCAG contrast of tenant colours, computed at build time. Text on the accent-coloured
// buttons is black or white, whichever reads better on the tenant's accent.
import { CSS_NAMED_COLORS } from './css-named-colors.ts';

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const clamp255 = (n: number) => Math.min(255, Math.max(0, n));

function channel(value: string): number {
  return value.endsWith('%') ? clamp255((parseFloat(value) / 100) * 255) : clamp255(parseFloat(value));
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  // CSS Color 4, "Converting HSL colors to sRGB colors"
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const a = s * Math.min(l, 1 - l);
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return { r: f(0), g: f(8), b: f(4) };
}

/** hex (#rgb, #rgba, #rrggbb, #rrggbbaa), rgb()/rgba(), hsl()/hsla() or a named colour; alpha ignored. */
export function parseColor(css: string): Rgb | null {
  const value = css.trim().toLowerCase();
  const named = CSS_NAMED_COLORS[value];
  if (named) return parseColor(named);
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value);
  if (hex) {
    let digits = hex[1];
    if (digits.length <= 4) digits = [...digits].map((d) => d + d).join('');
    return { r: parseInt(digits.slice(0, 2), 16), g: parseInt(digits.slice(2, 4), 16), b: parseInt(digits.slice(4, 6), 16) };
  }
  const fn = /^(rgba?|hsla?)\(\s*([^)]*)\)$/.exec(value);
  if (!fn) return null;
  const parts = fn[2].split(/[\s,/]+/).filter(Boolean);
  if (parts.length < 3 || parts.slice(0, 3).some((p) => Number.isNaN(parseFloat(p)))) return null;
  if (fn[1].startsWith('rgb')) return { r: channel(parts[0]), g: channel(parts[1]), b: channel(parts[2]) };
  const hue = ((parseFloat(parts[0]) % 360) + 360) % 360;
  const pct = (p: string) => Math.min(1, Math.max(0, parseFloat(p) / 100));
  return hslToRgb(hue, pct(parts[1]), pct(parts[2]));
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

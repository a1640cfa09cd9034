// Numbers as the page's language writes them, with Intl: a number shown or read out in the browser
// goes through here. Digits are Western (0–9) in every language, Arabic included, by choice
// (docs/languages.md: as most Arabic apps and event signage write them, and as the server's
// sentences carry them, so one screen never mixes ٣ and 3). CLDR's default numbering for `ar` is
// `latn` only since CLDR 42, and `ar-EG` or an older browser's data write ٣: the numbering is
// stated, not left to the browser's locale data.
import { pageLang } from './page-language.ts';

// A whole number under 1000 in Western digits is its digits in every language (no grouping, no
// sign): Intl is not asked, as a page's first NumberFormat costs a phone tens of milliseconds
// (its locale data), on the results screen's way to its first picture ("2 of 4").
const formats = new Map<string, Intl.NumberFormat>();
export function pageNumber(n: number): string {
  if (Number.isInteger(n) && n >= 0 && n < 1000) return String(n);
  const lang = pageLang() || 'en';
  const format = formats.get(lang) ?? new Intl.NumberFormat(lang, { numberingSystem: 'latn' });
  formats.set(lang, format);
  return format.format(n);
}

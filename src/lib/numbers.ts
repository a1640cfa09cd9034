// Numbers as the page's language writes them, with Intl: a number shown or read out in the browser
// goes through here. Digits are Western (0–9) in every language, Arabic included, by choice
// (docs/languages.md: as most Arabic apps and event signage write them, and as the server's
// sentences carry them, so one screen never mixes ٣ and 3). CLDR's default numbering for `ar` is
// `latn` only since CLDR 42, and `ar-EG` or an older browser's data write ٣: the numbering is
// stated, not left to the browser's locale data.
import { pageLang } from './page-language.ts';

export const pageNumber = (n: number): string =>
  new Intl.NumberFormat(pageLang() || 'en', { numberingSystem: 'latn' }).format(n);

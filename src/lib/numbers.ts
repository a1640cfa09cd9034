// Numbers as the page's language writes them (Arabic: ٣, elsewhere 3), with Intl: a number shown
// or read out in the browser goes through here.
import { pageLang } from './page-language.ts';

export const pageNumber = (n: number): string => new Intl.NumberFormat(pageLang() || 'en').format(n);

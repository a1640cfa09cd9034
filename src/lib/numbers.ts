// Numbers as the page's language writes them (Arabic: ٣, elsewhere 3), with Intl, from the
// page's own <html lang>: a number shown or read out in the browser goes through here.

export function pageNumber(n: number): string {
  const lang = typeof document === 'undefined' ? 'en' : document.documentElement.lang || 'en';
  return new Intl.NumberFormat(lang).format(n);
}

// The page's language in the browser (its <html lang>, set at build time from its tenant), for
// what the browser itself writes or asks: numbers, and the language the AI hub answers in.

export const pageLang = (): string => (typeof document === 'undefined' ? '' : document.documentElement.lang);

/**
 * The header that asks the AI hub for its sentences in the page's language, whatever the
 * browser's own preference (an English tenant's pages stay English on a French phone).
 */
export function languageHeader(): Record<string, string> {
  const lang = pageLang();
  return lang ? { 'Accept-Language': lang } : {};
}

// The languages a tenant's pages can be in. Each has a catalogue of every text a visitor sees or
// hears (contract/i18n/{code}.ts); a tenant names one (`language`) and its pages carry that one only.

export const LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'nl', 'pt', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The spec's texts are English: a tenant that names no language is in English. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name as its speakers write it (the console's choice, a language menu). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
  pt: 'Português',
  ar: 'العربية',
};

const RIGHT_TO_LEFT: readonly Language[] = ['ar'];

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** The page's writing direction, for `<html dir>`. */
export const directionOf = (language: Language): 'ltr' | 'rtl' => (RIGHT_TO_LEFT.includes(language) ? 'rtl' : 'ltr');

/**
 * The languages a tenant lets its guests choose (its branding's `languages`): its own first, each
 * once, in the booth's order; null when that is its own only (no menu), or the sentence of what
 * is wrong with the value.
 */
export function guestLanguages(
  value: unknown,
  own: Language,
): { languages: Language[] | null; problem: string | null } {
  if (!Array.isArray(value)) return { languages: null, problem: 'is not a list of language codes' };
  const unknown = value.filter((code) => !isLanguage(code));
  const chosen = LANGUAGES.filter((code) => code !== own && value.includes(code));
  return {
    languages: chosen.length ? [own, ...chosen] : null,
    problem: unknown.length
      ? `names ${unknown.map((code) => JSON.stringify(code)).join(', ')}, not among the booth's languages (${LANGUAGES.join(', ')})`
      : null,
  };
}

/** The languages a tenant's guests may have its pages and email in: its own first, then its menu's. */
export const languagesOffered = (branding: { language?: Language; languages?: readonly Language[] }): Language[] =>
  branding.languages?.length ? [...branding.languages] : [branding.language ?? DEFAULT_LANGUAGE];

/** Why a language value cannot be used, or null. */
export function languageProblem(value: unknown): string | null {
  return isLanguage(value) ? null : `is not one of the booth's languages (${LANGUAGES.join(', ')})`;
}

// Build-time only: the language menu of a tenant whose guests may choose among several languages
// (its branding's `languages`): for each, a link to the same screen in that language's page set.
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, type Language } from '../../contract/i18n/languages.ts';
import type { TenantPage } from './site-data.ts';

export interface LanguageLink {
  language: Language;
  name: string;
  href: string;
  current: boolean;
}

/** The screens a page set has, as they follow its base; any other address links to the intro. */
const SCREEN = /^\/(camera|styles|results|wall)?\/?$/;

/**
 * The menu's links from the page at `pathname`, or [] for a tenant in one language. The tenant's
 * own language keeps its addresses; each other one lives at {base}/{code}/.
 */
export function languageLinks(page: TenantPage, pathname: string): LanguageLink[] {
  const languages = page.branding.languages ?? [];
  if (languages.length < 2) return [];
  const own = page.branding.language ?? DEFAULT_LANGUAGE;
  const current = page.language ?? own;
  const rest = pathname.slice(page.base.length).replace(/\/index\.html$/, '/');
  const screen = SCREEN.test(rest) ? rest.replace(/\/$/, '') : '';
  return languages.map((language) => {
    const base = language === own ? page.home : `${page.home}/${language}`;
    // The screens' own form of address (src/lib/paths.ts): /camera, and the intro at {base} or /.
    const href = screen ? `${base}${screen}` : base || '/';
    return { language, name: LANGUAGE_NAMES[language], href, current: language === current };
  });
}

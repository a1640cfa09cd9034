// Build-time only: the language of a tenant's pages and the texts they carry. A page hands its
// islands the sections of its own language's catalogue they show (contract/i18n/), so no browser
// bundle holds a catalogue and a tenant's pages carry its language only.
import {
  CATALOGUES,
  DEFAULT_LANGUAGE,
  directionOf,
  type Catalogue,
  type Language,
  type Section,
} from '../../contract/i18n/index.ts';
import { withOwnTexts } from '../../contract/i18n/overrides.ts';
import { forCounts } from '../../contract/i18n/plural.ts';
import { LEAD_TEXT_MAX_LENGTH } from '../../contract/leads.ts';
import type { TenantPage } from './site-data.ts';

export interface PageLanguage {
  language: Language;
  dir: 'ltr' | 'rtl';
  t: Catalogue;
}

/**
 * The page's language (its tenant's; English when the tenant names none), direction and catalogue,
 * with the tenant's own texts of that language in place of the defaults.
 */
export function pageLanguage(page: TenantPage): PageLanguage {
  const language = page.language ?? page.branding.language ?? DEFAULT_LANGUAGE;
  const t = withOwnTexts(CATALOGUES[language], page.branding.textOverrides?.[language]);
  return { language, dir: directionOf(language), t: withBuildCounts(t, language) };
}

/**
 * The counted texts whose count the build knows (the lead form's length limit) in their one form
 * for it (contract/i18n/plural.ts): the page carries that form, not every form of its language.
 */
function withBuildCounts(t: Catalogue, language: Language): Catalogue {
  const max = { max: LEAD_TEXT_MAX_LENGTH };
  const lead = {
    ...t.lead,
    nameTooLong: forCounts(t.lead.nameTooLong, max, language),
    companyTooLong: forCounts(t.lead.companyTooLong, max, language),
  };
  return { ...t, lead };
}

/** The lead form's words and its address sentences (contract/leads.ts), in the page's language. */
export function leadTexts(t: Catalogue) {
  const { addressMissing, addressTooLong, addressOneLine, addressInvalid } = t.email;
  return { texts: t.lead, addressTexts: { addressMissing, addressTooLong, addressOneLine, addressInvalid } };
}

/** The sections of a catalogue an island shows, and no other: what its page's HTML carries. */
export function sections<S extends Section>(t: Catalogue, ...names: S[]): Pick<Catalogue, S> {
  return Object.fromEntries(names.map((name) => [name, t[name]])) as Pick<Catalogue, S>;
}

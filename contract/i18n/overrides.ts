// A tenant's own texts: any text of the catalogue a tenant rewrites, per language
// (`{"fr": {"spec.start": "C'est parti"}}`). The build checks each one here and bakes the kept
// ones into the tenant's pages (src/lib/texts.ts), so no page fetches them; the console's form
// shows the same problems while the operator types.
import { CATALOGUES } from './index.ts';
import type { Catalogue } from './catalogue.ts';
import { placeholdersOf } from './fill.ts';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, type Language } from './languages.ts';
import { BUTTON_TEXTS, FIXED_TEXTS, screenOf } from './screens.ts';
import { buttonFitProblem } from './button-fit.ts';
import { fieldLabel } from '../branding-labels.ts';

/** Own texts by language, then by `section.key`. */
export type TextOverrides = Partial<Record<Language, Readonly<Record<string, string>>>>;

/** Longer texts are refused: the longest default (the email's closing line) is about 150 characters. */
export const OWN_TEXT_LIMIT = 300;

/** The default text of `section.key` in a language, or undefined when the catalogue has no such text. */
export function defaultText(language: Language, key: string): string | undefined {
  const [section, name, ...rest] = key.split('.');
  if (!section || !name || rest.length > 0) return undefined;
  const texts = (CATALOGUES[language] as unknown as Record<string, Record<string, string> | undefined>)[section];
  return texts && Object.hasOwn(texts, name) ? texts[name] : undefined;
}

/** Whether a tenant may rewrite `section.key`. */
export const isOwnTextKey = (key: string): boolean =>
  defaultText('en', key) !== undefined && !FIXED_TEXTS.includes(key);

export interface OwnTextProblem {
  language?: Language;
  key?: string;
  message: string;
  kind: 'refused' | 'warning';
}

// Tags and character references: a text is shown as it is, so markup would show as its letters.
const MARKUP = /<\/?[A-Za-z!?]|&(#\d+|#x[0-9a-f]+|[a-z]+);/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const CONTROL = /[\u0000-\u001f\u007f]+/g;

/** How a problem names a text: its screen and its English words, never its key. */
export function ownTextName(language: Language, key: string): string {
  const screen = screenOf(key);
  return `${LANGUAGE_NAMES[language]} (${language}), “${defaultText('en', key)}”${screen ? ` on the ${screen.name} screen` : ''}`;
}

/**
 * The text a tenant typed, cleaned (control characters become spaces; the default's own leading or
 * trailing space is kept), or the sentence why it cannot be used; '' is no text (the default applies).
 */
export function ownTextProblem(language: Language, key: string, value: unknown): { text: string } | { why: string } {
  if (typeof value !== 'string') return { why: 'is not text' };
  const base = defaultText(language, key) ?? '';
  const typed = value.replace(CONTROL, ' ').trim();
  if (typed === '') return { text: '' };
  if ([...typed].length > OWN_TEXT_LIMIT) return { why: `is longer than ${OWN_TEXT_LIMIT} characters` };
  if (MARKUP.test(typed)) return { why: 'holds markup (a <tag> or an &entity;); write plain text' };
  const want = placeholdersOf(base);
  const got = placeholdersOf(typed);
  if (want.join() !== got.join()) {
    const list = (names: string[]) => (names.length ? names.map((n) => `{${n}}`).join(', ') : 'none');
    return { why: `must hold the same places to fill as the default (${list(want)}); it holds ${list(got)}` };
  }
  const lead = /^\s*/.exec(base)![0];
  const trail = /\s*$/.exec(base)![0];
  return { text: `${lead}${typed}${trail}` };
}

/**
 * A tenant's own texts as the content item holds them: the kept ones, and a problem for each one
 * refused (its default is used) or kept with a warning (a button text that would not fit).
 */
export function resolveTextOverrides(value: unknown): { texts: TextOverrides; problems: OwnTextProblem[] } {
  const label = fieldLabel('textOverrides');
  const texts: Record<string, Record<string, string>> = {};
  const problems: OwnTextProblem[] = [];
  if (value === undefined || value === null) return { texts, problems };
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.push({ message: `${label} are not a list of texts by language.`, kind: 'refused' });
    return { texts, problems };
  }
  for (const [language, byKey] of Object.entries(value)) {
    if (!isLanguage(language)) {
      problems.push({
        message: `${label} name a language the booth does not have, ${JSON.stringify(language.slice(0, 20))} (it has ${LANGUAGES.join(', ')}).`,
        kind: 'refused',
      });
      continue;
    }
    if (typeof byKey !== 'object' || byKey === null || Array.isArray(byKey)) {
      problems.push({
        language,
        message: `${label} in ${LANGUAGE_NAMES[language]} are not a list of texts.`,
        kind: 'refused',
      });
      continue;
    }
    for (const [key, typed] of Object.entries(byKey as Record<string, unknown>)) {
      if (!isOwnTextKey(key)) {
        const why = FIXED_TEXTS.includes(key)
          ? `${label} cannot change “${defaultText('en', key)}”: the booth needs it as it is.`
          : `${label} name a text the booth does not have, ${JSON.stringify(key.slice(0, 60))}.`;
        problems.push({ language, key, message: why, kind: 'refused' });
        continue;
      }
      const checked = ownTextProblem(language, key, typed);
      if ('why' in checked) {
        problems.push({
          language,
          key,
          message: `${label}: ${ownTextName(language, key)} ${checked.why}.`,
          kind: 'refused',
        });
        continue;
      }
      if (checked.text === '') continue;
      (texts[language] ??= {})[key] = checked.text;
      if (BUTTON_TEXTS.includes(key)) {
        const fit = buttonFitProblem(checked.text);
        if (fit)
          problems.push({ language, key, message: `${label}: ${ownTextName(language, key)} ${fit}.`, kind: 'warning' });
      }
    }
  }
  return { texts, problems };
}

/** A catalogue with a tenant's own texts of its language in place of the defaults. */
export function withOwnTexts(catalogue: Catalogue, own: Readonly<Record<string, string>> | undefined): Catalogue {
  if (!own || Object.keys(own).length === 0) return catalogue;
  const out = Object.fromEntries(
    Object.entries(catalogue).map(([section, texts]) => [section, { ...texts }]),
  ) as Record<string, Record<string, string>>;
  for (const [key, text] of Object.entries(own)) {
    const [section, name] = key.split('.');
    if (section && name && out[section] && Object.hasOwn(out[section], name)) out[section][name] = text;
  }
  return out as unknown as Catalogue;
}

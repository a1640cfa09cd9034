// Each language's punctuation and typography (docs/languages.md), in its catalogue and in the demo
// tenants' own texts: what a fluent reader notices first when a translation was typed in English.
import { describe, expect, it } from 'vitest';
import { CATALOGUES, LANGUAGES, type Catalogue, type Language } from '../../../contract/i18n/index.ts';
import { everyForm } from '../../../contract/i18n/plural.ts';
import { SEED_TENANTS } from '../../../server/seed/tenants.ts';

const NARROW_NBSP = '\u202f';

/** Every text of a catalogue by its key ("section.key"), a counted text once per form. */
const textsOf = (catalogue: Catalogue): [string, string][] =>
  Object.entries(catalogue).flatMap(([section, entries]) =>
    Object.entries(entries as Record<string, string>).flatMap(([key, text]) =>
      everyForm(text).map((form) => [`${section}.${key}`, form] as [string, string]),
    ),
  );

/** What breaks a language's typography in `text`, as short reasons; none when it is right. */
function typographyProblems(language: Language, text: string): string[] {
  const problems: string[] = [];
  const found = (rule: RegExp, why: string) => rule.test(text) && problems.push(why);
  found(/\.\.\./, 'three full stops instead of …');
  found(/"/, 'a straight double quote');
  found(/ [.,]/, 'a space before . or ,');
  if (language === 'fr') {
    found(/[^\u202f][;:!?](\s|$)/, 'no narrow no-break space before ; : ! or ?');
    found(/«[^\u202f]|[^\u202f]»/, 'no narrow no-break space inside « »');
  }
  if (['fr', 'it', 'de', 'nl'].includes(language)) found(/'/, 'a straight apostrophe instead of ’');
  if (language === 'de' && /[«»“”]/.test(text.replace(/„[^“]*“/g, ''))) problems.push('quotes other than „…“');
  if (language === 'es') {
    const count = (c: string) => text.split(c).length - 1;
    if (count('!') !== count('¡')) problems.push('an exclamation without its opening ¡');
    if (count('?') !== count('¿')) problems.push('a question without its opening ¿');
  }
  if (language === 'ar') {
    found(/[\u0600-\u06ff][,;]|[,;][\s\u0600-\u06ff]/, 'a Latin comma or semicolon in Arabic text (، ؛)');
    found(/\?(?!\))/, 'a Latin question mark (؟), other than the character named “(?)”');
  }
  return problems;
}

describe("each language's typography", () => {
  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${language}: every text of the catalogue follows it`, () => {
      const wrong = textsOf(CATALOGUES[language])
        .map(([key, text]) => [key, typographyProblems(language, text)] as const)
        .filter(([, problems]) => problems.length)
        .map(([key, problems]) => `${key}: ${problems.join(', ')}`);
      expect(wrong).toEqual([]);
    });
  }

  it('finds what a fluent reader would mend', () => {
    expect(typographyProblems('fr', 'Merci ! Restez ici : c’est prêt.')).toEqual([
      'no narrow no-break space before ; : ! or ?',
    ]);
    expect(typographyProblems('fr', `Merci${NARROW_NBSP}! C'est prêt...`)).toEqual([
      'three full stops instead of …',
      'a straight apostrophe instead of ’',
    ]);
    expect(typographyProblems('fr', `Touchez «${NARROW_NBSP}Passer${NARROW_NBSP}».`)).toEqual([]);
    expect(typographyProblems('de', 'Tippe auf "Weiter".')).toContain('a straight double quote');
    expect(typographyProblems('de', 'Tippe auf „Weiter“.')).toEqual([]);
    expect(typographyProblems('es', 'Mira cómo me ha transformado la IA!')).toEqual([
      'an exclamation without its opening ¡',
    ]);
    expect(typographyProblems('ar', 'هيوستن, لدينا مشكلة?')).toHaveLength(2);
    expect(typographyProblems('ar', 'هيوستن، لدينا مشكلة؟ (?)')).toEqual([]);
  });

  it("holds in the demo tenants' own texts, in their languages", () => {
    const own = SEED_TENANTS.filter((tenant) => tenant.language && tenant.language !== 'en');
    expect(own.map((tenant) => tenant.language).sort()).toEqual(['ar', 'fr']);
    const wrong = own.flatMap((tenant) =>
      [tenant.client, tenant.viewFinderTitle, ...String(tenant.viewFinderDesc).split('\n')].flatMap((text) =>
        typographyProblems(tenant.language as Language, String(text)).map((why) => `${tenant.slug}: “${text}”: ${why}`),
      ),
    );
    expect(wrong).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  CATALOGUES,
  LANGUAGES,
  SAME_IN_EVERY_LANGUAGE,
  catalogueOf,
  directionOf,
  fill,
  languageProblem,
  placeholdersOf,
  type Catalogue,
} from '../../../contract/i18n/index.ts';
import { TEXT } from '../../../contract/index.ts';

/** Every text of a catalogue by its key ("section.key"). */
function textsOf(catalogue: Catalogue): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [section, entries] of Object.entries(catalogue))
    for (const [key, text] of Object.entries(entries as Record<string, string>)) texts.set(`${section}.${key}`, text);
  return texts;
}

const english = textsOf(CATALOGUES.en);

/** Texts some languages write as English does: a word they took from it. */
const SAME_WORD_IN_SOME_LANGUAGES = ['spec.beta', 'styleNames.pop-art', 'styleNames.comic'];

describe('the catalogues', () => {
  it('keeps the spec’s English texts as they are', () => {
    expect(CATALOGUES.en.spec).toEqual(TEXT);
    expect(catalogueOf(undefined)).toBe(CATALOGUES.en);
    expect(catalogueOf('xx')).toBe(CATALOGUES.en);
  });

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    describe(language, () => {
      const texts = textsOf(CATALOGUES[language]);

      it('has every key of the English catalogue, and no other', () => {
        expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
      });

      it('has no empty text', () => {
        expect([...texts].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
      });

      it('has the same placeholders as English in every text', () => {
        const differ = [...english]
          .filter(([key, text]) => placeholdersOf(texts.get(key) ?? '').join() !== placeholdersOf(text).join())
          .map(([key]) => key);
        expect(differ).toEqual([]);
      });

      it('translates every text but those the same in every language by rule', () => {
        const untranslated = [...english]
          .filter(([key, text]) => texts.get(key) === text && !SAME_IN_EVERY_LANGUAGE.includes(key))
          .map(([key]) => key);
        // BETA is the same word in several languages, and so are some style names (Pop art, Comic).
        expect(untranslated.filter((key) => !SAME_WORD_IN_SOME_LANGUAGES.includes(key))).toEqual([]);
        for (const key of SAME_IN_EVERY_LANGUAGE) expect(texts.get(key)).toBe(english.get(key));
      });
    });
  }

  it('fills placeholders by name, leaving unknown ones as they are', () => {
    expect(fill('{place} of {count}', { place: 1, count: 3 })).toBe('1 of 3');
    expect(fill('{client}: {nope}', { client: 'Gala' })).toBe('Gala: {nope}');
  });

  it('writes Arabic right to left, the others left to right', () => {
    expect(LANGUAGES.filter((l) => directionOf(l) === 'rtl')).toEqual(['ar']);
  });

  it('refuses a language the booth does not have, in a sentence', () => {
    expect(languageProblem('fr')).toBeNull();
    expect(languageProblem('klingon')).toBe("is not one of the booth's languages (en, fr, de, es, it, nl, pt, ar)");
  });
});

describe("a tenant's language", () => {
  it('is taken when the booth has it, and left out for English', async () => {
    const { resolveBranding } = await import('../../../contract/branding.ts');
    expect(resolveBranding({ slug: 'lyon', language: 'fr' }).branding.language).toBe('fr');
    expect(resolveBranding({ slug: 'york', language: 'en' }).branding.language).toBeUndefined();
    expect(resolveBranding({ slug: 'york' }).problems).toEqual([]);
  });

  it('is refused with a sentence naming the field when the booth does not have it', async () => {
    const { resolveBranding } = await import('../../../contract/branding.ts');
    const { branding, problems, fields } = resolveBranding({ slug: 'mars', client: 'Mars', language: 'tlh' });
    expect(branding.language).toBeUndefined();
    expect(problems).toEqual([
      'Tenant "Mars" ("mars"): Language "tlh" is not one of the booth\'s languages (en, fr, de, es, it, nl, pt, ar); English (en) is used.',
    ]);
    expect(fields).toEqual([
      {
        field: 'language',
        message: "Language is not one of the booth's languages (en, fr, de, es, it, nl, pt, ar).",
        kind: 'refused',
      },
    ]);
  });
});

// Counted texts (contract/i18n/plural.ts): each language's form for the count, as Intl.PluralRules
// tells it, in the catalogue's sentences the hub and the pages fill in.
import { describe, expect, it } from 'vitest';
import { CATALOGUES, LANGUAGES, placeholdersOf } from '../../../contract/i18n/index.ts';
import { PLURAL_BLOCK } from '../../../contract/i18n/fill.ts';
import { everyForm, fillCounted, forCounts, readCounted } from '../../../contract/i18n/plural.ts';
import { inLanguage } from '../../../contract/i18n/sentences.ts';
import { inputProblem, textInputHint, type StyleInput } from '../../../contract/style-inputs.ts';

const { ar, fr, de } = CATALOGUES;
const rate = (seconds: number) => CATALOGUES.en.guest.clientRate.replace('{seconds}', String(seconds));

describe('counted texts', () => {
  it('says Arabic seconds in the form of each count', () => {
    expect(inLanguage(rate(1), 'ar')).toBe('صور كثيرة في وقت واحد. يُرجى المحاولة بعد ثانية واحدة.');
    expect(inLanguage(rate(2), 'ar')).toBe('صور كثيرة في وقت واحد. يُرجى المحاولة بعد ثانيتين.');
    expect(inLanguage(rate(3), 'ar')).toBe('صور كثيرة في وقت واحد. يُرجى المحاولة بعد 3 ثوانٍ.');
    expect(inLanguage(rate(10), 'ar')).toBe('صور كثيرة في وقت واحد. يُرجى المحاولة بعد 10 ثوانٍ.');
    expect(inLanguage(rate(11), 'ar')).toBe('صور كثيرة في وقت واحد. يُرجى المحاولة بعد 11 ثانية.');
    expect(inLanguage(rate(100), 'ar')).toBe('صور كثيرة في وقت واحد. يُرجى المحاولة بعد 100 ثانية.');
  });

  it('counts 0 and 1 as one in French, 1 alone in German, and keeps the English texts as they are', () => {
    expect(inLanguage(rate(1), 'fr')).toMatch(/Réessayez dans 1 seconde\.$/);
    expect(inLanguage(rate(0), 'fr')).toMatch(/Réessayez dans 0 seconde\.$/);
    expect(inLanguage(rate(2), 'fr')).toMatch(/Réessayez dans 2 secondes\.$/);
    expect(inLanguage(rate(1), 'de')).toMatch(/in 1 Sekunde noch einmal\.$/);
    expect(inLanguage(rate(5), 'de')).toMatch(/in 5 Sekunden noch einmal\.$/);
    expect(inLanguage(rate(1), 'en')).toBe(rate(1));
    expect(fillCounted(CATALOGUES.en.guest.clientRate, { seconds: 5 }, 'en')).toBe(
      'Too many photos at once. Please try again in 5 seconds.',
    );
  });

  it('tells the verb with the count where the language does', () => {
    const venue = (max: number) => inLanguage(CATALOGUES.en.guest.venueInFlight.replace('{max}', String(max)), 'fr');
    expect(venue(1)).toMatch(/^1 photo de votre réseau est déjà/);
    expect(venue(3)).toMatch(/^3 photos de votre réseau sont déjà/);
    const mine = (max: number) => fillCounted(de.guest.visitorInFlight, { max }, 'de');
    expect(mine(1)).toBe('Es wird schon 1 Foto von dir bearbeitet. Warte, bis es fertig ist.');
  });

  it('writes the hint and the refusal of a guest’s words in the form of the field’s length', () => {
    const initial: StyleInput = { name: 'i', label: 'Initiale', type: 'text', maxLength: 1, characters: 'letters' };
    expect(textInputHint(initial, fr.styleWords, 'fr')).toMatch(/^Jusqu’à 1 caractère\u202f:/);
    expect(textInputHint({ ...initial, maxLength: 2 }, ar.styleWords, 'ar')).toMatch(/^حتى حرفين:/);
    expect(textInputHint({ ...initial, maxLength: 5 }, ar.styleWords, 'ar')).toMatch(/^حتى 5 أحرف:/);
    expect(textInputHint({ ...initial, maxLength: 40 }, ar.styleWords, 'ar')).toMatch(/^حتى 40 حرفًا:/);
    expect(inputProblem(initial, 'AB', undefined, fr.styleWords, 'fr')).toBe(
      '«\u202fInitiale\u202f» est trop long\u202f: 1 caractère au maximum.',
    );
  });

  it('leaves a page the one form of a count it knows at build time, its placeholder kept', () => {
    expect(forCounts(ar.lead.nameTooLong, { max: 100 }, 'ar')).toBe('هذا الاسم طويل جدًا: {max} حرف على الأكثر.');
    expect(forCounts(ar.lead.nameTooLong, { max: 20 }, 'ar')).toBe('هذا الاسم طويل جدًا: {max} حرفًا على الأكثر.');
    expect(placeholdersOf(ar.guest.clientRate)).toEqual(['seconds']);
  });

  it("gives each counted part only its language's categories, and an other form", () => {
    for (const language of LANGUAGES) {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];
      for (const [section, texts] of Object.entries(CATALOGUES[language]))
        for (const [key, text] of Object.entries(texts as Record<string, string>))
          for (const block of text.matchAll(PLURAL_BLOCK)) {
            const forms = [...block[2]!.matchAll(/(=\d+|\w+)\s*\{/g)].map((m) => m[1]!);
            expect(forms, `${language} ${section}.${key}`).toContain('other');
            expect(
              forms.filter((f) => !f.startsWith('=') && !categories.includes(f)),
              `${language} ${section}.${key}`,
            ).toEqual([]);
            expect(everyForm(text).length).toBeGreaterThanOrEqual(forms.length);
          }
    }
  });

  it('reads a counted text for a person editing it: its general form, and the words each number takes', () => {
    expect(readCounted(fr.styleWords.hintLetters, 'fr')).toEqual({
      text: fr.styleWords.hintLetters.replace(/\{max, plural.*\}\}/, '{max} caractères'),
      forms: { max: ['1 caractère', '2 caractères'] },
    });
    const arabic = readCounted(ar.styleWords.hintLetters, 'ar');
    expect(arabic.text).not.toContain('plural');
    expect(arabic.forms.max).toEqual(['حرف واحد', 'حرفين', '3 أحرف', '11 حرفًا', '100 حرف']);
    expect(readCounted(CATALOGUES.en.styleWords.hintLetters, 'en')).toEqual({
      text: CATALOGUES.en.styleWords.hintLetters,
      forms: {},
    });
  });
});

import { describe, expect, it } from 'vitest';
import { CATALOGUES, fill } from '../../../contract/i18n/index.ts';
import { fillCounted, forCounts } from '../../../contract/i18n/plural.ts';
import { inLanguage, languageAsked, languageNamed } from '../../../contract/i18n/sentences.ts';
import { leadProblems } from '../../../contract/leads.ts';
import { inputProblem, type StyleInput } from '../../../contract/style-inputs.ts';

describe("the server's sentences in a guest's language", () => {
  it('reads the language a page asks for, English when it asks for none the booth has', () => {
    expect(languageAsked('fr')).toBe('fr');
    expect(languageAsked('ar-EG,ar;q=0.9,en;q=0.8')).toBe('ar');
    expect(languageAsked('ja-JP, de;q=0.5')).toBe('de');
    expect(languageAsked('ja')).toBe('en');
    expect(languageAsked(undefined)).toBe('en');
    expect(languageNamed('ja')).toBeNull();
    expect(languageNamed('ja-JP, de;q=0.5')).toBe('de');
  });

  it('tells a catalogue sentence in the language, and keeps its values', () => {
    expect(inLanguage(CATALOGUES.en.guest.busy, 'fr')).toBe(CATALOGUES.fr.guest.busy);
    expect(inLanguage(CATALOGUES.en.guest.noPerson, 'ar')).toBe(CATALOGUES.ar.guest.noPerson);
    expect(inLanguage(fill(CATALOGUES.en.guest.clientRate, { seconds: 42 }), 'de')).toBe(
      fillCounted(CATALOGUES.de.guest.clientRate, { seconds: 42 }, 'de'),
    );
    expect(inLanguage(CATALOGUES.en.email.addressInvalid, 'es')).toBe(CATALOGUES.es.email.addressInvalid);
    // The visitor tokens' refusals: the one without a count is not read as the counted one.
    expect(inLanguage(CATALOGUES.en.guest.visitorsInFlight, 'fr')).toBe(CATALOGUES.fr.guest.visitorsInFlight);
    expect(inLanguage(fill(CATALOGUES.en.guest.visitorsRate, { seconds: 2 }), 'ar')).toBe(
      'زوّار كثيرون من شبكتك في وقت واحد. يُرجى المحاولة بعد ثانيتين.',
    );
    // A visitor token refused: a guest may read it on a long event day.
    expect(inLanguage(CATALOGUES.en.guest.visitExpired, 'de')).toBe(
      'Dein Besuch ist abgelaufen. Lade die Seite neu und versuch es noch einmal.',
    );
    expect(inLanguage(CATALOGUES.en.guest.visitInvalid, 'ar')).toBe(CATALOGUES.ar.guest.visitInvalid);
    expect(inLanguage(fill(CATALOGUES.en.guest.leadRate, { seconds: 1 }), 'fr')).toBe(
      'Vous venez d’envoyer vos coordonnées plusieurs fois. Réessayez dans 1 seconde.',
    );
  });

  it("tells the lead form's and the guest's-words form's refusals as the page itself would", () => {
    const hero: StyleInput = {
      name: 'hero',
      label: 'Ton nom de héros',
      type: 'text',
      maxLength: 10,
      characters: 'letters',
    };
    for (const value of ['', 'Maximilianus Magnus', 'R2D2']) {
      const sent = inputProblem(hero, value)!;
      expect(inLanguage(sent, 'fr')).toBe(inputProblem(hero, value, undefined, CATALOGUES.fr.styleWords, 'fr'));
    }
    expect(inputProblem(hero, 'R2D2', undefined, CATALOGUES.fr.styleWords)).toBe(
      fill(CATALOGUES.fr.styleWords.onlyLetters, { label: 'Ton nom de héros' }),
    );
    const long = leadProblems({ name: 'a'.repeat(101) }, ['name'])!.name!;
    expect(long).toBe('That name is too long; it can be at most 100 characters.');
    // The page carries the form for its build-time count (src/lib/texts.ts).
    const pageLead = {
      ...CATALOGUES.ar.lead,
      nameTooLong: forCounts(CATALOGUES.ar.lead.nameTooLong, { max: 100 }, 'ar'),
    };
    expect(inLanguage(long, 'ar')).toBe(leadProblems({ name: 'a'.repeat(101) }, ['name'], pageLead)!.name);
    expect(inLanguage(long, 'ar')).toBe(fillCounted(CATALOGUES.ar.lead.nameTooLong, { max: 100 }, 'ar'));
  });

  it('leaves English, and any sentence the catalogue does not have, as they are', () => {
    expect(inLanguage(CATALOGUES.en.guest.busy, 'en')).toBe(CATALOGUES.en.guest.busy);
    expect(inLanguage('There is no style "x". Pick one of the listed styles.', 'fr')).toBe(
      'There is no style "x". Pick one of the listed styles.',
    );
  });
});

// The rules of a guest's words (contract/style-inputs.ts), which the styles screen and the AI hub
// both apply: each problem a sentence naming the field, refused words found whatever their case
// or accents but never inside another word, and a caption that keeps none of the words.
import { describe, expect, it } from 'vitest';
import {
  holdsRefusedWord,
  inputProblem,
  inputsProblems,
  promptCaption,
  promptWithWords,
  refusedWordsProblem,
  type StyleInput,
} from '../../../contract/style-inputs.ts';

const NAME: StyleInput = { name: 'name', label: 'Your name', type: 'text', maxLength: 10, characters: 'letters' };
const MOTTO: StyleInput = { name: 'motto', label: 'Your motto', type: 'text', maxLength: 30, characters: 'words' };
const POWER: StyleInput = { name: 'power', label: 'Your power', type: 'choice', options: ['flight', 'x-ray vision'] };
const REFUSED = { words: ['idiot', 'bad word'], sentence: 'Not that, please.' };

describe("a guest's words", () => {
  it('takes names in any alphabet, with spaces, apostrophes and hyphens, within the length', () => {
    for (const value of ['Zoë', "O'Brien", 'Jean-Luc', '  Ana   Lu ', 'Ngozi', 'Ярослава', '美咲']) {
      expect(inputProblem(NAME, value), value).toBeNull();
    }
  });

  it('says what is wrong, naming the field', () => {
    expect(inputProblem(NAME, '')).toBe('Please fill in Your name.');
    expect(inputProblem(NAME, 'Maximilianus')).toBe('Your name is too long: at most 10 characters, please.');
    expect(inputProblem(NAME, 'R2D2')).toBe(
      'Your name may hold only letters, spaces, apostrophes, hyphens and full stops.',
    );
    for (const value of ['a"b', '{{x}}', 'a/b', '<b>', 'a\\b'])
      expect(inputProblem(MOTTO, value), value).toBe(
        'Your motto may hold only letters, digits, spaces, apostrophes, hyphens, full stops, commas, ! and ?.',
      );
    expect(inputProblem(MOTTO, 'Go team 2026, go!')).toBeNull();
    // A new line is a space once the words are tidied: the prompt never gets one.
    expect(inputProblem(MOTTO, 'two\nlines')).toBeNull();
    expect(promptWithWords('{{motto}}', [MOTTO], { motto: 'two\nlines' })).toBe('two lines');
    expect(inputProblem(POWER, 'time travel')).toBe('Choose one of the listed options for Your power.');
    expect(inputProblem(POWER, undefined)).toBe('Choose one for Your power.');
  });

  it("takes each shipped language's punctuation where its plain one is allowed, the same on the page and the hub", () => {
    for (const value of [
      'مرحبًا، كيف حالك؟', // Arabic comma and question mark
      '¡Hola! ¿Qué tal?', // Spanish
      'Bravo\u202f!', // French, a narrow no-break space before !
      'l’été… enfin', // the typographic apostrophe, an ellipsis
      'Jean‐Luc', // the typographic hyphen
    ]) {
      expect(inputProblem(MOTTO, value), value).toBeNull();
      expect(inputsProblems([MOTTO], { motto: value }), value).toEqual({});
    }
    expect(inputProblem(NAME, 'O’Brien‐Lu')).toBeNull();
    // Quotes stay out in every language's form, and ؛ as ; does.
    for (const value of ['«Bravo»', '“hi”', 'a؛b', 'a;b'])
      expect(inputsProblems([MOTTO], { motto: value }), value).toEqual({
        motto: 'Your motto may hold only letters, digits, spaces, apostrophes, hyphens, full stops, commas, ! and ?.',
      });
  });

  it("refuses the tenant's words whatever their case or accents, as words, with the tenant's sentence", () => {
    expect(inputProblem(MOTTO, 'what an IDIÖT', REFUSED)).toBe('Not that, please.');
    expect(inputProblem(MOTTO, 'a Bad  Word here', REFUSED)).toBe('Not that, please.');
    expect(holdsRefusedWord('idiotically good', REFUSED.words)).toBe(false);
    expect(holdsRefusedWord('badword', REFUSED.words)).toBe(false);
    expect(inputProblem(MOTTO, 'idiot', { words: ['idiot'], sentence: '' })).toBe('Please choose other words.');
  });

  it('names an input the style does not have, and each problem by its input', () => {
    expect(inputsProblems([NAME, POWER], { name: 'Ana', power: 'flight' })).toEqual({});
    expect(inputsProblems([NAME, POWER], { name: 'Ana', power: 'flight', age: '9' })).toEqual({
      '': 'This style asks for Your name and Your power; it has no input called "age".',
    });
    expect(inputsProblems([NAME, POWER], undefined)).toEqual({
      name: 'Please fill in Your name.',
      power: 'Choose one for Your power.',
    });
    expect(inputsProblems([], { name: 'Ana' })).toEqual({
      '': 'This style asks for no words; it has no input called "name".',
    });
    expect(inputsProblems([], undefined)).toEqual({});
  });

  it('puts the words in the prompt, and only the labels in the caption kept with the job', () => {
    const prompt = 'A poster of {{name}} with {{ power }}, {{seed}}';
    expect(promptWithWords(prompt, [NAME, POWER], { name: ' Ana  Lu ', power: 'flight' })).toBe(
      'A poster of Ana Lu with flight, {{seed}}',
    );
    expect(promptCaption(prompt, [NAME, POWER])).toBe('A poster of (your name) with (your power), {{seed}}');
  });

  it("checks a tenant's list of refused words", () => {
    expect(refusedWordsProblem(['a', 'b c'])).toBeNull();
    expect(refusedWordsProblem('idiot')).toBe('is not a list of words');
    expect(refusedWordsProblem([''])).toBe('has an empty word or one longer than 40 characters');
  });
});

// The guest's own words in a generative style's prompt: a style of the styles file may declare
// inputs, a short text or a choice among options, each used as a {{name}} placeholder in its
// prompt (and in a ComfyUI workflow). The styles screen asks for them after the tile is picked
// and checks them as it goes; the AI hub checks them again, with the tenant's refused words, and
// keeps them only in memory while the job runs. The same rules on both sides, here.
// No zod here: the styles screen's form reads these rules with the page's code; the schemas that
// parse a styles file's inputs are in style-input-schema.ts.
import { fill as fillText } from './i18n/fill.ts';
import { fillCounted } from './i18n/plural.ts';

/** An input's name: what its placeholder says ({{name}}) and the key the create call sends. */
export const INPUT_NAME_PATTERN = /^[a-z][a-z0-9_]{0,29}$/;
/** The longest text an input may allow: a name, a word or two, never a prompt of the guest's own. */
export const TEXT_INPUT_MAX_LENGTH = 40;
/** Inputs one style may declare, and options one choice may offer. */
export const MAX_STYLE_INPUTS = 3;
export const MAX_INPUT_OPTIONS = 12;

/**
 * The characters a text input allows. Letters of any language with spaces, apostrophes, hyphens
 * and full stops ('letters': a name), or those with digits and ! ? , ('words'). Never quotes,
 * braces, slashes or new lines: a guest's words stay words inside the prompt and the workflow.
 * Each allowed mark also in the forms the booth's languages write it (docs/languages.md), as a
 * guest's keyboard types it: the typographic apostrophe ’ and hyphen ‐, the ellipsis …, the Arabic
 * comma ، and question mark ؟, Spanish ¡ and ¿. Not « » nor ؛, whose plain equivalents (quotes, ;)
 * are not allowed either.
 */
export const INPUT_CHARACTERS = {
  letters: { pattern: /^[\p{L}\p{M} '’.\-‐]*$/u, said: 'letters, spaces, apostrophes, hyphens and full stops' },
  words: {
    pattern: /^[\p{L}\p{M}\p{Nd} '’.…,،!¡?¿؟\-‐]*$/u,
    said: 'letters, digits, spaces, apostrophes, hyphens, full stops, commas, ! and ?',
  },
} as const;
export type InputCharacters = keyof typeof INPUT_CHARACTERS;

/** A short text the guest types. */
export interface TextInput {
  name: string;
  label: string;
  type: 'text';
  maxLength: number;
  characters: InputCharacters;
}
/** A choice among the style's options. */
export interface ChoiceInput {
  name: string;
  label: string;
  type: 'choice';
  options: string[];
}
export type StyleInput = TextInput | ChoiceInput;

/** What the create call carries: each input's name and the guest's value. */
export type InputValues = Record<string, string>;

/** The refused words of a tenant (its branding's refusedWords) and the sentence a guest reads. */
export interface RefusedWords {
  words: readonly string[];
  sentence: string;
}
/** A tenant that lists refused words without a sentence of its own. */
export const REFUSED_WORDS_TEXT = 'Please choose other words.';
/** A tenant's list: at most this many words, each at most TEXT_INPUT_MAX_LENGTH long. */
export const MAX_REFUSED_WORDS = 500;
export const REFUSED_WORDS_TEXT_LIMIT = 200;

/** Folded for comparison: case, accents and look-alike forms do not hide a word. */
const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[’']/g, "'");

/** Whether the text holds a refused word as a word (not inside a longer one), or a refused phrase. */
export function holdsRefusedWord(text: string, words: readonly string[]): boolean {
  const folded = ` ${fold(text)
    .replace(/[^\p{L}\p{Nd}']+/gu, ' ')
    .trim()} `;
  return words.some((word) => {
    const w = fold(word)
      .replace(/[^\p{L}\p{Nd}']+/gu, ' ')
      .trim();
    return w !== '' && folded.includes(` ${w} `);
  });
}

/** The trimmed value a guest typed, with runs of spaces made one. */
export const tidyValue = (value: string) => value.trim().replace(/\s+/g, ' ');

/**
 * The sentence a guest reads about one input's value, or null when it is fine; `text`: the page's
 * words, in `language` (its counted texts' forms).
 */
export function inputProblem(
  input: StyleInput,
  value: unknown,
  refused?: RefusedWords,
  text: StyleWordsText = STYLE_WORDS_TEXT,
  language = 'en',
): string | null {
  const label = { label: input.label };
  if (typeof value !== 'string' || tidyValue(value) === '')
    return fillText(input.type === 'choice' ? text.chooseOne : text.fillIn, label);
  const tidy = tidyValue(value);
  if (input.type === 'choice') return input.options.includes(tidy) ? null : fillText(text.notListed, label);
  if ([...tidy].length > input.maxLength)
    return fillCounted(text.tooLong, { ...label, max: input.maxLength }, language);
  if (!INPUT_CHARACTERS[input.characters].pattern.test(tidy))
    return fillText(input.characters === 'letters' ? text.onlyLetters : text.onlyWords, label);
  if (refused && holdsRefusedWord(tidy, refused.words)) return refused.sentence || text.refused;
  return null;
}

/**
 * The problems with what a create call sent for a style's inputs, by input name ('' for one that
 * names no input of the style); empty when every value is fine.
 */
export function inputsProblems(
  inputs: readonly StyleInput[],
  values: unknown,
  refused?: RefusedWords,
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (values !== undefined && (typeof values !== 'object' || values === null || Array.isArray(values))) {
    problems[''] = 'inputs must be an object of the style’s input names and the guest’s words.';
    return problems;
  }
  const sent = (values ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(sent))
    if (!inputs.some((input) => input.name === key))
      problems[''] ??= inputs.length
        ? `This style asks for ${inputs.map((i) => i.label).join(' and ')}; it has no input called ${JSON.stringify(key).slice(0, 40)}.`
        : `This style asks for no words; it has no input called ${JSON.stringify(key).slice(0, 40)}.`;
  for (const input of inputs) {
    const problem = inputProblem(input, sent[input.name], refused);
    if (problem) problems[input.name] = problem;
  }
  return problems;
}

/** The placeholders a text names: {{name}} (spaces inside the braces allowed). */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)].map((m) => m[1]!);
}

/** The prompt with each input's placeholder replaced by `fill(input)`; other placeholders stay. */
export function fillPlaceholders(
  text: string,
  inputs: readonly StyleInput[],
  fill: (input: StyleInput) => string,
): string {
  return text.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, key: string) => {
    const input = inputs.find((i) => i.name === key);
    return input ? fill(input) : whole;
  });
}

/** The prompt the provider is sent: the guest's words in their places. */
export const promptWithWords = (prompt: string, inputs: readonly StyleInput[], values: InputValues) =>
  fillPlaceholders(prompt, inputs, (input) => tidyValue(values[input.name] ?? ''));

/**
 * The caption kept with the job and shown under the picture: each input's label in its place,
 * never the guest's words, which are not kept beyond the job.
 */
export const promptCaption = (prompt: string, inputs: readonly StyleInput[]) =>
  fillPlaceholders(prompt, inputs, (input) => `(${input.label.toLowerCase()})`);

/** What is wrong with a tenant's list of refused words (its branding's refusedWords), or null. */
export function refusedWordsProblem(value: unknown): string | null {
  if (!Array.isArray(value) || value.some((word) => typeof word !== 'string')) return 'is not a list of words';
  if (value.length > MAX_REFUSED_WORDS) return `lists more than ${MAX_REFUSED_WORDS} words`;
  if (value.some((word: string) => word.trim() === '' || [...word.trim()].length > TEXT_INPUT_MAX_LENGTH))
    return `has an empty word or one longer than ${TEXT_INPUT_MAX_LENGTH} characters`;
  return null;
}

/**
 * The styles screen's form for a style's inputs, and the sentences about what a guest typed (the
 * same from the page and from the AI hub, which tells them in the guest's language).
 */
export const STYLE_WORDS_TEXT = {
  /** {style}: the tile's label. */
  heading: 'Your words for {style}',
  make: 'Make my picture',
  back: 'Back to the styles',
  /** Under a text field: at most {max} characters, of the kinds it allows. */
  hintLetters: `Up to {max} characters: ${INPUT_CHARACTERS.letters.said}.`,
  hintWords: `Up to {max} characters: ${INPUT_CHARACTERS.words.said}.`,
  /** {label}: the input's label, as the tenant wrote it. */
  chooseOne: 'Choose one for {label}.',
  fillIn: 'Please fill in {label}.',
  notListed: 'Choose one of the listed options for {label}.',
  tooLong: '{label} is too long: at most {max} characters, please.',
  onlyLetters: `{label} may hold only ${INPUT_CHARACTERS.letters.said}.`,
  onlyWords: `{label} may hold only ${INPUT_CHARACTERS.words.said}.`,
  /** A tenant that lists refused words without a sentence of its own. */
  refused: REFUSED_WORDS_TEXT,
} as const;

/** The form's words in one language (contract/i18n/, section styleWords). */
export type StyleWordsText = { readonly [K in keyof typeof STYLE_WORDS_TEXT]: string };

/** The hint under a text input: its length and the characters it allows, in `language`. */
export const textInputHint = (
  input: Extract<StyleInput, { type: 'text' }>,
  text: StyleWordsText = STYLE_WORDS_TEXT,
  language = 'en',
) =>
  fillCounted(input.characters === 'letters' ? text.hintLetters : text.hintWords, { max: input.maxLength }, language);

// The guest's own words for a style that asks for them (contract/style-inputs.ts), after its tile
// is picked: a labelled field for each text, a group of radio buttons for each choice, each
// problem under its field and tied to it, the first field with a problem focused. The same rules
// are checked here as the guest submits and again by the AI hub, whose sentences (a refused word:
// the tenant's own) come back to the field they are about. Each problem line is a live region
// that is always there, so a sentence that arrives while the focus is already on its field (the
// guest pressed Enter in it) is still read out; a sentence about no field of the form (the style
// changed since the page loaded) is shown above the fields.
import { useEffect, useId, useRef, useState } from 'react';
import {
  inputProblem,
  textInputHint,
  tidyValue,
  type StyleInput,
  type StyleWordsText,
} from '../../contract/style-inputs.ts';
import { fill } from '../../contract/i18n/fill.ts';
import { pageLang } from '../lib/page-language.ts';
import '../styles/style-words.css';

interface Props {
  /** The tile's label. */
  label: string;
  inputs: readonly StyleInput[];
  /** The hub's sentences by input name (a refusal), shown under their fields. */
  refused: Readonly<Record<string, string>>;
  busy: boolean;
  onSubmit: (values: Record<string, string>) => void;
  onBack: () => void;
  /** The form's words, in the page's language (contract/i18n/). */
  texts: StyleWordsText;
}

export function StyleWords({ label, inputs, refused, busy, onSubmit, onBack, texts: STYLE_WORDS_TEXT }: Props) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  // A refusal from the hub shows like the form's own problems, and takes the focus the same way.
  useEffect(() => {
    if (Object.keys(refused).length > 0) setProblems({ ...refused });
  }, [refused]);
  // The form takes the focus when it opens, at its first field.
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);
  useEffect(() => {
    const first = inputs.find((input) => problems[input.name]);
    if (first) form.current?.querySelector<HTMLInputElement>(`[name="${first.name}"]`)?.focus();
  }, [problems, inputs]);

  // A sentence about an input the form does not show.
  const formProblem = Object.entries(problems)
    .filter(([name]) => !inputs.some((input) => input.name === name))
    .map(([, sentence]) => sentence)
    .join(' ');

  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const input of inputs) {
      const problem = inputProblem(input, values[input.name], undefined, STYLE_WORDS_TEXT, pageLang());
      if (problem) found[input.name] = problem;
    }
    setProblems(found);
    if (Object.keys(found).length === 0)
      onSubmit(Object.fromEntries(inputs.map((input) => [input.name, tidyValue(values[input.name] ?? '')])));
  };
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));

  return (
    <form ref={form} className="booth-style-words" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{fill(STYLE_WORDS_TEXT.heading, { style: label })}</h2>
      <p className="booth-field-problem" aria-live="polite">
        {formProblem}
      </p>
      {inputs.map((input) => {
        const field = `${id}-${input.name}`;
        const problem = problems[input.name];
        const problemLine = (
          <p className="booth-field-problem" id={`${field}-problem`} aria-live="polite">
            {problem ?? ''}
          </p>
        );
        if (input.type === 'choice') {
          return (
            <fieldset key={input.name} className="booth-field">
              <legend dir="auto">{input.label}</legend>
              {input.options.map((option) => (
                <label key={option} className="booth-field-option">
                  <input
                    type="radio"
                    name={input.name}
                    value={option}
                    checked={values[input.name] === option}
                    onChange={() => set(input.name, option)}
                    aria-describedby={problem ? `${field}-problem` : undefined}
                    aria-invalid={problem ? true : undefined}
                  />
                  <span dir="auto">{option}</span>
                </label>
              ))}
              {problemLine}
            </fieldset>
          );
        }
        return (
          <div key={input.name} className="booth-field">
            <label htmlFor={field} dir="auto">
              {input.label}
            </label>
            <input
              id={field}
              type="text"
              dir="auto"
              name={input.name}
              value={values[input.name] ?? ''}
              onChange={(e) => set(input.name, e.target.value)}
              maxLength={input.maxLength}
              autoComplete="off"
              spellCheck={false}
              aria-describedby={`${field}-hint${problem ? ` ${field}-problem` : ''}`}
              aria-invalid={problem ? true : undefined}
            />
            <p className="booth-field-hint" id={`${field}-hint`}>
              {textInputHint(input, STYLE_WORDS_TEXT, pageLang())}
            </p>
            {problemLine}
          </div>
        );
      })}
      <div className="booth-actions">
        <button type="submit" className="booth-button" disabled={busy}>
          {STYLE_WORDS_TEXT.make}
        </button>
        <button type="button" className="booth-button" onClick={onBack} disabled={busy}>
          {STYLE_WORDS_TEXT.back}
        </button>
      </div>
    </form>
  );
}

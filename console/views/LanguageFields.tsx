// The languages of a tenant's pages: the one they are written in, and the others guests may switch to.
import { LANGUAGE_NAMES, LANGUAGES } from '../../contract/i18n/languages.ts';
import { fieldLabel } from '../../contract/branding-labels.ts';
import { Field } from '../parts.tsx';
import type { FieldsProps } from './field-controls.tsx';

export function LanguageFields({ form, set, problems }: Pick<FieldsProps, 'form' | 'set' | 'problems'>) {
  return (
    <>
      <Field
        id="f-language"
        label="Language"
        hint="Every text of the booth's screens, its buttons, errors and emails is in this language; the client name, intro title and intro text above are shown as you write them."
        problems={problems.language}
      >
        {(describedBy, invalid) => (
          <select
            id="f-language"
            value={form.language || 'en'}
            onChange={(e) => set('language', e.target.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <fieldset
        className="field"
        aria-describedby={`f-languages-hint${problems.languages ? ' f-languages-problems' : ''}`}
      >
        <legend>{fieldLabel('languages')}</legend>
        {LANGUAGES.filter((code) => code !== (form.language || 'en')).map((code) => (
          <div className="field check" key={code}>
            <input
              id={`f-languages-${code}`}
              type="checkbox"
              checked={form.languages.includes(code)}
              onChange={(e) =>
                set(
                  'languages',
                  e.target.checked ? [...form.languages, code] : form.languages.filter((c) => c !== code),
                )
              }
            />
            <label htmlFor={`f-languages-${code}`} lang={code}>
              {LANGUAGE_NAMES[code]}
            </label>
          </div>
        ))}
        <p className="hint" id="f-languages-hint">
          Guests may switch to these on every screen, from a menu; publish builds each as its own page set.
        </p>
        {problems.languages ? (
          <ul className="problems" id="f-languages-problems">
            {problems.languages.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : null}
      </fieldset>
    </>
  );
}

// The controls of the tenant's branding form: a text field, a colour with its picker, a tick box
// and a choice, each with its label, hint and the problems the build's rule finds in it.
import type { ReactNode } from 'react';
import type { TenantBranding } from '../../contract/site-data.ts';
import type { BrandingForm } from '../branding-form.ts';
import { Field } from '../parts.tsx';

type TextKey =
  | 'client'
  | 'viewFinderTitle'
  | 'viewFinderDesc'
  | 'backgroundColor'
  | 'textColor'
  | 'accentColor'
  | 'logoUrl'
  | 'backgroundImageUrl'
  | 'video'
  | 'frameUrl'
  | 'consentText'
  | 'privacyUrl'
  | 'kioskIdleSeconds'
  | 'resultHours'
  | 'leadConsentText'
  | 'leadPrivacyUrl'
  | 'leadRetentionDays';
type FlagKey =
  | 'choosePhoto'
  | 'qrHandoff'
  | 'logoMark'
  | 'mirrorResult'
  | 'kioskPrint'
  | 'wall'
  | 'wallConsentCovered'
  | 'email'
  | 'leadName'
  | 'leadEmail'
  | 'leadCompany';
type ChoiceKey =
  | 'countdownSeconds'
  | 'picturesPerGuest'
  | 'triesPerGuest'
  | 'studioBackdrop'
  | 'wallModeration'
  | 'leadPlace';

export interface FieldsProps {
  form: BrandingForm;
  branding: TenantBranding;
  set: <K extends keyof BrandingForm>(key: K, value: BrandingForm[K]) => void;
  problems: Record<string, string[]>;
  warnings: Record<string, string[]>;
  /** An upload control shown under the field it fills. */
  uploads: Partial<Record<'logoUrl' | 'backgroundImageUrl' | 'video' | 'sceneUrls' | 'frameUrl', ReactNode>>;
}

/** The form's controls, bound to its values, setter and problems. */
export function fieldControls({ form, branding, set, problems, warnings }: FieldsProps) {
  const text = (key: TextKey, label: string, hint?: string, multiline = false, type = 'text') => (
    <Field id={`f-${key}`} label={label} hint={hint} problems={problems[key]} warnings={warnings[key]}>
      {(describedBy, invalid) => {
        const common = {
          id: `f-${key}`,
          name: key,
          value: form[key],
          'aria-describedby': describedBy,
          'aria-invalid': invalid || undefined,
        };
        return multiline ? (
          <textarea {...common} rows={4} onChange={(e) => set(key, e.target.value)} />
        ) : (
          <input {...common} type={type} onChange={(e) => set(key, e.target.value)} />
        );
      }}
    </Field>
  );
  const colour = (key: 'backgroundColor' | 'textColor' | 'accentColor', label: string, hint: string) => (
    <div className="colour">
      {text(key, label, hint)}
      <input
        type="color"
        aria-label={`Pick the ${label.toLowerCase()}`}
        value={branding[key]}
        onChange={(e) => set(key, e.target.value)}
      />
    </div>
  );
  const flag = (key: FlagKey, label: string, hint: string) => (
    <div className="field check">
      <input
        id={`f-${key}`}
        type="checkbox"
        checked={form[key]}
        onChange={(e) => set(key, e.target.checked)}
        aria-describedby={`f-${key}-hint${problems[key] ? ` f-${key}-problems` : ''}`}
      />
      <label htmlFor={`f-${key}`}>{label}</label>
      <p className="hint" id={`f-${key}-hint`}>
        {hint}
      </p>
      {problems[key] ? (
        <ul className="problems" id={`f-${key}-problems`}>
          {problems[key].map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
  /** A select of `options`, each its value and the words shown for it. */
  const choice = (key: ChoiceKey, label: string, options: readonly (readonly [string, string])[], hint?: string) => (
    <Field id={`f-${key}`} label={label} hint={hint} problems={problems[key]}>
      {(describedBy, invalid) => (
        <select
          id={`f-${key}`}
          value={form[key]}
          onChange={(e) => set(key, e.target.value)}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
        >
          {options.map(([value, words]) => (
            <option key={value} value={value}>
              {words}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return { text, colour, flag, choice };
}

// The tenant's lead fields (contract/leads.ts): a name, an email address and a company as the
// tenant asks, and its marketing-consent box in its own words with its privacy link. Each field
// has its label and its error tied to it; every field is optional. Used inside the camera's
// lead form (LeadForm.tsx) and inside "Email me my picture" (EmailMe.tsx).
import type { RefObject } from 'react';
import { EMAIL_ADDRESS_MAX_LENGTH } from '../../contract/delivery.ts';
import { LEAD_TEXT_MAX_LENGTH, type AddressText, type LeadField, type LeadText } from '../../contract/leads.ts';

export interface LeadAsk {
  fields: readonly LeadField[];
  consentText: string;
  privacyUrl: string;
  /** The form's words and its address sentences, in the page's language (contract/i18n/). */
  texts: LeadText;
  addressTexts: AddressText;
}

export type LeadErrors = Partial<Record<LeadField, string>>;

interface Props {
  id: string;
  ask: LeadAsk;
  errors: LeadErrors;
  /** The first input, focused when a problem is found there. */
  inputs: Partial<Record<LeadField, RefObject<HTMLInputElement | null>>>;
  consent: RefObject<HTMLInputElement | null>;
  /** A kiosk opens no new tab: the privacy address is shown, not linked. */
  kiosk: boolean;
  onChange: () => void;
}

const TYPES: Record<LeadField, { type: string; autoComplete: string; max: number }> = {
  name: { type: 'text', autoComplete: 'name', max: LEAD_TEXT_MAX_LENGTH },
  email: { type: 'email', autoComplete: 'email', max: EMAIL_ADDRESS_MAX_LENGTH },
  company: { type: 'text', autoComplete: 'organization', max: LEAD_TEXT_MAX_LENGTH },
};

/** What the fields hold now. */
export function leadValues(inputs: Props['inputs'], consent: Props['consent']) {
  return {
    name: inputs.name?.current?.value ?? '',
    email: inputs.email?.current?.value ?? '',
    company: inputs.company?.current?.value ?? '',
    consent: consent.current?.checked === true,
  };
}

export function LeadFields({ id, ask, errors, inputs, consent, kiosk, onChange }: Props) {
  const LEAD_TEXT = ask.texts;
  return (
    <>
      {ask.fields.map((field) => {
        const error = errors[field];
        return (
          <div className="booth-lead-field" key={field}>
            <label htmlFor={`${id}-${field}`}>
              {LEAD_TEXT[field]} <span className="booth-lead-optional">{LEAD_TEXT.optional}</span>
            </label>
            <input
              ref={inputs[field]}
              id={`${id}-${field}`}
              name={field}
              type={TYPES[field].type}
              autoComplete={TYPES[field].autoComplete}
              maxLength={TYPES[field].max}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-${field}-error`}
              onChange={onChange}
            />
            <p id={`${id}-${field}-error`} className="booth-lead-error" role="alert">
              {error ?? ''}
            </p>
          </div>
        );
      })}
      {ask.consentText ? (
        <label className="booth-consent-box">
          <input ref={consent} type="checkbox" name="marketing" />
          <span dir="auto">{ask.consentText}</span>
        </label>
      ) : null}
      {ask.privacyUrl ? (
        <p>
          {kiosk ? (
            <>
              {LEAD_TEXT.privacyLink}: <bdi>{ask.privacyUrl}</bdi>
            </>
          ) : (
            <a href={ask.privacyUrl} target="_blank" rel="noopener noreferrer">
              {LEAD_TEXT.privacyLink}
              <span className="booth-visually-hidden">{LEAD_TEXT.opensNewTab}</span>
            </a>
          )}
        </p>
      ) : null}
    </>
  );
}

// Every branding field of a tenant (contract/branding.ts and contract/event-kit.ts), each with
// its label, hint, and the problems the build's rule finds in it.
import type { ReactNode } from 'react';
import { TEXT_LIMITS } from '../../contract/branding.ts';
import {
  CONSENT_TEXT_LIMIT,
  COUNTDOWN_CHOICES,
  PICTURES_PER_GUEST_MAX,
  TRIES_PER_GUEST_MAX,
  KIOSK_IDLE_MAX_SECONDS,
  KIOSK_IDLE_MIN_SECONDS,
} from '../../contract/event-kit.ts';
import { DEFAULT_RESULT_HOURS, RESULT_HOURS_MAX, RESULT_HOURS_MIN } from '../../contract/delivery.ts';
import {
  DEFAULT_LEAD_RETENTION_DAYS,
  LEAD_CONSENT_TEXT_LIMIT,
  LEAD_RETENTION_DAYS_MAX,
  LEAD_RETENTION_DAYS_MIN,
} from '../../contract/leads.ts';
import type { TenantBranding } from '../../contract/site-data.ts';
import { LANGUAGE_NAMES, LANGUAGES } from '../../contract/i18n/languages.ts';
import { fieldLabel } from '../../contract/branding-labels.ts';
import type { BrandingForm } from '../branding-form.ts';
import { Field } from '../parts.tsx';
import { FramePreview } from './FramePreview.tsx';
import { Backdrops } from './Backdrops.tsx';

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

export interface FieldsProps {
  form: BrandingForm;
  branding: TenantBranding;
  set: <K extends keyof BrandingForm>(key: K, value: BrandingForm[K]) => void;
  problems: Record<string, string[]>;
  warnings: Record<string, string[]>;
  /** An upload control shown under the field it fills. */
  uploads: Partial<Record<'logoUrl' | 'backgroundImageUrl' | 'video' | 'sceneUrls' | 'frameUrl', ReactNode>>;
}

export function BrandingFields({ form, branding, set, problems, warnings, uploads }: FieldsProps) {
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

  return (
    <>
      <fieldset>
        <legend>Texts</legend>
        {text('client', 'Client name', `Up to ${TEXT_LIMITS.client} characters; the slug is used when it is empty.`)}
        {text('viewFinderTitle', 'Intro title', `Up to ${TEXT_LIMITS.viewFinderTitle} characters.`)}
        {text(
          'viewFinderDesc',
          'Intro text',
          `Up to ${TEXT_LIMITS.viewFinderDesc} characters; each line is a paragraph.`,
          true,
        )}
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
      </fieldset>
      <fieldset>
        <legend>Colours</legend>
        {colour('backgroundColor', 'Background colour', 'Any CSS colour: #1d2b53, navy, rgb(29 43 83), oklch(…).')}
        {colour('textColor', 'Text colour', 'It needs a contrast of at least 4.5:1 on the background colour.')}
        {colour('accentColor', 'Accent colour', 'The buttons; their text is black or white, whichever reads better.')}
      </fieldset>
      <fieldset>
        <legend>Images and video</legend>
        {text(
          'logoUrl',
          'Logo',
          "An image name in the tenant's files (upload one below) or an https URL (http:// is refused: the booth's pages are served over HTTPS). Empty: the booth's logo.",
        )}
        {uploads.logoUrl}
        {text(
          'backgroundImageUrl',
          'Background image',
          "An image name in the tenant's files or an https URL. Empty: the booth's background.",
        )}
        {uploads.backgroundImageUrl}
        {text(
          'video',
          'Processing video',
          "Played while a photo is restyled: a path on this server (/media/…) or an https URL (http:// is refused: the booth's pages are served over HTTPS).",
        )}
        {uploads.video}
      </fieldset>
      <fieldset>
        <legend>At the event</legend>
        <Field id="f-countdownSeconds" label="Countdown before the photo" problems={problems.countdownSeconds}>
          {(describedBy, invalid) => (
            <select
              id="f-countdownSeconds"
              value={form.countdownSeconds}
              onChange={(e) => set('countdownSeconds', e.target.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            >
              {COUNTDOWN_CHOICES.map((n) => (
                <option key={n} value={String(n)}>
                  {n === 0 ? 'None' : `${n} seconds`}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id="f-picturesPerGuest"
          label="Pictures per guest"
          hint="From one photo: samples of a generative style, or the picked local style and the tenant's other styles, each shown with its caption; the guest chooses the one to download or share."
          problems={problems.picturesPerGuest}
        >
          {(describedBy, invalid) => (
            <select
              id="f-picturesPerGuest"
              value={form.picturesPerGuest}
              onChange={(e) => set('picturesPerGuest', e.target.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            >
              {Array.from({ length: PICTURES_PER_GUEST_MAX }, (_, i) => i + 1).map((n) => (
                <option key={n} value={String(n)}>
                  {n === 1 ? 'One picture' : `${n} pictures`}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id="f-triesPerGuest"
          label="Tries per guest"
          hint='"Try another style" on the results screen: the guest goes back to the styles with the same photo, this many times.'
          problems={problems.triesPerGuest}
        >
          {(describedBy, invalid) => (
            <select
              id="f-triesPerGuest"
              value={form.triesPerGuest}
              onChange={(e) => set('triesPerGuest', e.target.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            >
              {Array.from({ length: TRIES_PER_GUEST_MAX + 1 }, (_, n) => n).map((n) => (
                <option key={n} value={String(n)}>
                  {n === 0 ? 'None' : n === 1 ? 'One more style' : `${n} more styles`}
                </option>
              ))}
            </select>
          )}
        </Field>
        {flag(
          'choosePhoto',
          'Offer "Choose a photo"',
          'A button beside Take Photo that takes a photo from the device.',
        )}
        {flag('qrHandoff', 'Show a QR code on the result', 'The visitor scans it to open the result on their phone.')}
        {text(
          'kioskIdleSeconds',
          'Kiosks allowed: idle seconds before the intro',
          `0: no kiosks. Else ${KIOSK_IDLE_MIN_SECONDS} to ${KIOSK_IDLE_MAX_SECONDS}: a device that opens the tenant's address with ?kiosk (/slug/?kiosk) becomes a kiosk until it opens ?kiosk=off: Print and the QR code instead of Download and Share, and back to the intro after this many seconds without a touch. Guests' phones keep Download and Share.`,
          false,
          'number',
        )}
        {flag(
          'kioskPrint',
          'Kiosks offer Print',
          "A Print button on a kiosk's result, for 10×15 cm photo paper. Off: a kiosk without a printer; the QR code takes the picture home.",
        )}
        {text(
          'frameUrl',
          'Frame',
          "A PNG with a transparent window in the tenant's files (upload one below), put on every new result once published. Empty: no frame.",
        )}
        {uploads.frameUrl}
        <FramePreview frameUrl={branding.frameUrl} />
        <Backdrops
          backdrops={form.sceneUrls}
          onChange={(list) => set('sceneUrls', list)}
          problems={problems.sceneUrls}
          warnings={warnings.sceneUrls}
          upload={uploads.sceneUrls}
        />
        {flag('logoMark', 'Put the logo on results as a corner mark', 'Used when there is no frame.')}
        {flag(
          'mirrorResult',
          'Mirror results like the preview',
          'Off: results read the right way round, as phone cameras save a selfie (text on a shirt reads right). On: as the visitor saw themselves in the preview. The frame and logo are never mirrored.',
        )}
        <Field id="f-studioBackdrop" label="Studio portrait background" problems={problems.studioBackdrop}>
          {(describedBy, invalid) => (
            <select
              id="f-studioBackdrop"
              value={form.studioBackdrop}
              onChange={(e) => set('studioBackdrop', e.target.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            >
              <option value="blur">The guest's own background, softly blurred</option>
              <option value="gradient">A studio gradient in the tenant's background and accent colours</option>
            </select>
          )}
        </Field>
        {text(
          'consentText',
          'Consent text',
          `Asked before the camera; empty asks nothing. Up to ${CONSENT_TEXT_LIMIT} characters.`,
          true,
        )}
        {text('privacyUrl', 'Privacy policy address', 'An http(s) URL linked beside the consent.', false, 'url')}
      </fieldset>
      <fieldset>
        <legend>Event wall</legend>
        {flag(
          'wall',
          'Event wall',
          'A page for a big screen at /slug/wall with the newest pictures, live. A guest\'s picture goes there only if they tick "Show my picture on the event wall" on their result.',
        )}
        <Field id="f-wallModeration" label="Wall moderation" problems={problems.wallModeration}>
          {(describedBy, invalid) => (
            <select
              id="f-wallModeration"
              value={form.wallModeration}
              onChange={(e) => set('wallModeration', e.target.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            >
              <option value="approve">Approve first: each picture waits in the event page's moderation queue</option>
              <option value="show">Show at once: a picture shows as soon as its guest says yes</option>
            </select>
          )}
        </Field>
        {flag(
          'wallConsentCovered',
          'Consent covers the wall',
          'Your consent text already tells guests their picture may be shown on the wall: the box starts ticked (a guest can still untick it). Off: it starts unticked.',
        )}
      </fieldset>
      <fieldset>
        <legend>After the event</legend>
        {text(
          'resultHours',
          'Keep results for (hours)',
          `${RESULT_HOURS_MIN} to ${RESULT_HOURS_MAX} (30 days); empty: the booth's own ${DEFAULT_RESULT_HOURS} hours. The QR code and the email's link work as long. Applies to results made after the next Publish.`,
          false,
          'number',
        )}
        {flag(
          'email',
          'Offer "Email me my picture"',
          "A form on the results screen that sends the picture to the guest's address, offered once published and only when the booth has a mail server (BOOTH_SMTP_HOST).",
        )}
      </fieldset>
      <fieldset>
        <legend>Leads</legend>
        <p className="hint">
          Ask guests for their details, each field optional for them. None ticked: no form. Exported as CSV from the
          event page.
        </p>
        <fieldset id="f-leadFields" aria-describedby={problems.leadFields ? 'f-leadFields-problems' : undefined}>
          <legend>Fields asked for</legend>
          {problems.leadFields ? (
            <ul className="problems" id="f-leadFields-problems">
              {problems.leadFields.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
          {flag('leadName', 'Ask for a name', 'Up to 100 characters, on one line.')}
          {flag(
            'leadEmail',
            'Ask for an email address',
            'With the email: the address the guest types for the picture.',
          )}
          {flag('leadCompany', 'Ask for a company', 'Up to 100 characters, on one line.')}
        </fieldset>
        <Field id="f-leadPlace" label="Where leads are asked for" problems={problems.leadPlace}>
          {(describedBy, invalid) => (
            <select
              id="f-leadPlace"
              value={form.leadPlace}
              onChange={(e) => set('leadPlace', e.target.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            >
              <option value="camera">Before the camera, with Continue and Skip</option>
              <option value="email">With "Email me my picture": kept only when the guest ticks the box</option>
            </select>
          )}
        </Field>
        {text(
          'leadConsentText',
          'Marketing consent text',
          `The box a guest may tick, in your words; up to ${LEAD_CONSENT_TEXT_LIMIT} characters. Empty: no box.`,
          true,
        )}
        {text('leadPrivacyUrl', 'Leads privacy policy address', 'An http(s) address, linked under the fields.')}
        {text(
          'leadRetentionDays',
          'Keep leads for (days)',
          `${LEAD_RETENTION_DAYS_MIN} to ${LEAD_RETENTION_DAYS_MAX}; empty: ${DEFAULT_LEAD_RETENTION_DAYS} days. Then they are deleted.`,
          false,
          'number',
        )}
      </fieldset>
    </>
  );
}

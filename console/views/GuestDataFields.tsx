// What a tenant keeps of its guests after the event: results and their email, and opt-in leads
// (contract/delivery.ts, contract/leads.ts).
import { DEFAULT_RESULT_HOURS, RESULT_HOURS_MAX, RESULT_HOURS_MIN } from '../../contract/delivery.ts';
import {
  DEFAULT_LEAD_RETENTION_DAYS,
  LEAD_CONSENT_TEXT_LIMIT,
  LEAD_RETENTION_DAYS_MAX,
  LEAD_RETENTION_DAYS_MIN,
} from '../../contract/leads.ts';
import { type FieldsProps, fieldControls } from './field-controls.tsx';

export function GuestDataFields(props: FieldsProps) {
  const { problems } = props;
  const { text, flag, choice } = fieldControls(props);
  return (
    <>
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
        {choice('leadPlace', 'Where leads are asked for', [
          ['camera', 'Before the camera, with Continue and Skip'],
          ['email', 'With "Email me my picture": kept only when the guest ticks the box'],
        ])}
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

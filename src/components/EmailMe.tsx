// "Email me my picture" on the results screen (contract/delivery.ts), for a tenant that offers it
// on a booth that can send mail: one address, checked here with the server's own rule, then
// handed to the AI hub, which stores it in its outbox and answers at once. A tenant whose leads are
// asked with the email (contract/leads.ts) adds its fields and consent box: the address is kept as
// a lead only when the guest ticks the box (a tenant without a box: fills in one of its fields).
import { useId, useRef, useState, type FormEvent } from 'react';
import { EMAIL_ADDRESS_MAX_LENGTH, emailAddressProblem } from '../../contract/delivery.ts';
import type { Catalogue } from '../../contract/i18n/catalogue.ts';
import { leadProblems, type LeadRequest } from '../../contract/leads.ts';
import { LeadFields, leadValues, type LeadAsk, type LeadErrors } from './LeadFields.tsx';

export interface EmailMeProps {
  /** Sends the address; rejects with an Error whose message the guest reads. */
  send: (address: string) => Promise<void>;
  /** The tenant's lead fields asked with the email (without the address, which is the one above). */
  leads?: LeadAsk;
  sendLead?: (lead: LeadRequest) => Promise<void>;
  /** The form's words, in the page's language (contract/i18n/). */
  texts: Catalogue['email'];
}

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'queued' } | { kind: 'refused'; message: string };

export function EmailMe({ send, leads, sendLead, texts: EMAIL_TEXT }: EmailMeProps) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [leadErrors, setLeadErrors] = useState<LeadErrors>({});
  const input = useRef<HTMLInputElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const companyInput = useRef<HTMLInputElement>(null);
  const consent = useRef<HTMLInputElement>(null);
  const leadInputs = { name: nameInput, company: companyInput };
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = input.current?.value ?? '';
    const problem = emailAddressProblem(address, EMAIL_TEXT);
    if (problem) {
      setState({ kind: 'refused', message: problem });
      input.current?.focus();
      return;
    }
    const given = leads ? leadValues(leadInputs, consent) : null;
    const optedIn =
      given !== null && (leads?.consentText ? given.consent : given.name.trim() !== '' || given.company.trim() !== '');
    const lead: LeadRequest | null = optedIn && given ? { ...given, email: address.trim() } : null;
    if (lead && leads) {
      const problems = leadProblems(lead, [...leads.fields, 'email'], leads.texts, EMAIL_TEXT);
      if (problems) {
        setLeadErrors(problems);
        const first = leads.fields.find((f) => problems[f]);
        (first === 'company' ? companyInput : nameInput).current?.focus();
        return;
      }
    }
    setState({ kind: 'sending' });
    try {
      if (lead && sendLead) await sendLead(lead);
      await send(address.trim());
      setState({ kind: 'queued' });
    } catch (error) {
      setState({ kind: 'refused', message: error instanceof Error ? error.message : EMAIL_TEXT.notSent });
      input.current?.focus();
    }
  };
  const refused = state.kind === 'refused';
  return (
    <section className="booth-email" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{EMAIL_TEXT.emailMe}</h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={`${id}-address`}>{EMAIL_TEXT.addressLabel}</label>
        <input
          ref={input}
          id={`${id}-address`}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={EMAIL_ADDRESS_MAX_LENGTH}
          required
          aria-invalid={refused || undefined}
          aria-describedby={`${id}-error`}
          onChange={() => refused && setState({ kind: 'idle' })}
        />
        <p id={`${id}-error`} className="booth-email-error" role="alert">
          {refused ? state.message : ''}
        </p>
        {leads ? (
          <LeadFields
            id={`${id}-lead`}
            ask={leads}
            errors={leadErrors}
            inputs={leadInputs}
            consent={consent}
            kiosk={false}
            onChange={() => setLeadErrors({})}
          />
        ) : null}
        <button type="submit" className="booth-button" disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? EMAIL_TEXT.sending : EMAIL_TEXT.send}
        </button>
      </form>
      <p className="booth-email-status" role="status">
        {state.kind === 'queued' ? EMAIL_TEXT.queued : ''}
      </p>
    </section>
  );
}

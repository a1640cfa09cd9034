// The tenant's lead form before the camera opens (contract/leads.ts: leadPlace 'camera'): its
// fields and consent box, Continue to send them, Skip to go on without. Checked here with the
// server's own rule; the server's sentence shows at its field when it refuses.
import { useId, useRef, useState, type FormEvent } from 'react';
import { leadProblems, type LeadRequest } from '../../contract/leads.ts';
import { LeadFields, leadValues, type LeadAsk, type LeadErrors } from './LeadFields.tsx';

export interface LeadFormProps {
  ask: LeadAsk;
  kiosk: boolean;
  /** Sends the lead; rejects with an Error whose message the guest reads. */
  send: (lead: LeadRequest) => Promise<void>;
  /** Sent, or skipped: the camera opens. */
  onDone: () => void;
}

export function LeadForm({ ask, kiosk, send, onDone }: LeadFormProps) {
  const id = useId();
  const LEAD_TEXT = ask.texts;
  const [errors, setErrors] = useState<LeadErrors>({});
  const [sending, setSending] = useState(false);
  const name = useRef<HTMLInputElement>(null);
  const email = useRef<HTMLInputElement>(null);
  const company = useRef<HTMLInputElement>(null);
  const consent = useRef<HTMLInputElement>(null);
  const inputs = { name, email, company };
  const focusFirst = (problems: LeadErrors) => {
    const first = ask.fields.find((f) => problems[f]);
    if (first) inputs[first].current?.focus();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const lead = leadValues(inputs, consent);
    const problems = leadProblems(lead, ask.fields, LEAD_TEXT, ask.addressTexts);
    if (problems) {
      setErrors(problems);
      focusFirst(problems);
      return;
    }
    setSending(true);
    try {
      await send(lead);
      onDone();
    } catch (error) {
      const field = ask.fields[0] ?? 'name';
      const problems = { [field]: error instanceof Error ? error.message : LEAD_TEXT.notSaved };
      setErrors(problems);
      focusFirst(problems);
    } finally {
      setSending(false);
    }
  };
  return (
    <form className="booth-lead" aria-labelledby={`${id}-heading`} onSubmit={(e) => void submit(e)} noValidate>
      <h2 id={`${id}-heading`}>{LEAD_TEXT.heading}</h2>
      <LeadFields
        id={id}
        ask={ask}
        errors={errors}
        inputs={inputs}
        consent={consent}
        kiosk={kiosk}
        onChange={() => setErrors({})}
      />
      <div className="booth-actions">
        <button type="submit" className="booth-button" disabled={sending}>
          {LEAD_TEXT.continue}
        </button>
        <button type="button" className="booth-button" onClick={onDone}>
          {LEAD_TEXT.skip}
        </button>
      </div>
    </form>
  );
}

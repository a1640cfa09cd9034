// Create a tenant: its slug (the contract's rule, shown and checked before sending) and its
// name; everything else is edited on the tenant's own page afterwards.
import { useState, type SubmitEvent } from 'react';
import { MAX_SLUG_LENGTH, reservedSlugs, slugProblem } from '../../contract/slug.ts';
import { call, type Account, type TenantView } from '../api.ts';
import { go, say } from '../state.ts';
import { ErrorSummary, Field, Heading } from '../parts.tsx';

const RESERVED = reservedSlugs();
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function NewTenant({ account }: { account: Account }) {
  const [slug, setSlug] = useState('');
  const [client, setClient] = useState('');
  const [touched, setTouched] = useState(false);
  const [server, setServer] = useState<{ error: string; fields: Record<string, string[]> }>({ error: '', fields: {} });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);

  if (account.role !== 'operator') {
    return (
      <>
        <Heading>Create a tenant</Heading>
        <p>Only an operator account may create tenants.</p>
      </>
    );
  }

  const local = slugProblem(slug, RESERVED);
  const slugProblems = [...(touched && local ? [`${capital(local)}.`] : []), ...(server.fields.slug ?? [])];

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    setTouched(true);
    if (local) {
      setServer({ error: 'The slug needs fixing.', fields: {} });
      setAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    const answer = await call<TenantView>('POST', '/tenants', client.trim() ? { slug, client } : { slug });
    setBusy(false);
    if (!answer.ok) {
      setServer({ error: answer.error, fields: answer.fields });
      setAttempt((n) => n + 1);
      return;
    }
    say(`Tenant ${slug} created.`);
    go(`/tenants/${slug}`);
  };

  const items = [
    ...slugProblems.map((message) => ({ id: 'slug', message })),
    ...(server.fields.client ?? []).map((message) => ({ id: 'client', message })),
  ];
  return (
    <>
      <Heading>Create a tenant</Heading>
      <ErrorSummary
        title={attempt > 0 && (items.length || server.error) ? server.error : ''}
        items={attempt > 0 ? items : []}
        attempt={attempt}
      />
      <form onSubmit={submit} noValidate>
        <Field
          id="slug"
          label="Slug"
          problems={slugProblems}
          hint={`The tenant's address: /slug/. Lowercase letters, digits and hyphens, at most ${MAX_SLUG_LENGTH} characters, and not a name the site or the server uses (such as admin, camera or media).`}
        >
          {(describedBy, invalid) => (
            <input
              id="slug"
              name="slug"
              value={slug}
              onChange={(e) => {
                setSlug(e.target.value);
                setTouched(true);
              }}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </Field>
        <Field
          id="client"
          label="Client name"
          hint="Shown on the booth's screens; the slug is used when it is empty."
          problems={server.fields.client}
        >
          {(describedBy, invalid) => (
            <input
              id="client"
              name="client"
              value={client}
              onChange={(e) => setClient(e.target.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            />
          )}
        </Field>
        <button type="submit" disabled={busy}>
          {busy ? 'Creating…' : 'Create tenant'}
        </button>{' '}
        <a href="#/">Cancel</a>
      </form>
    </>
  );
}

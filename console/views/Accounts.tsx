// Console accounts (operators only): the list, a new operator or tenant account, deletion.
import { useEffect, useState, type SubmitEvent } from 'react';
import { call, type Account, type TenantView } from '../api.ts';
import { say } from '../state.ts';
import { ConfirmButton, ErrorSummary, Field, Heading, Problem } from '../parts.tsx';

export function Accounts({ account }: { account: Account }) {
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [tenants, setTenants] = useState<string[]>([]);
  const [error, setError] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<'operator' | 'tenant'>('tenant');
  const [tenant, setTenant] = useState('');
  const [server, setServer] = useState<{ error: string; fields: Record<string, string[]> }>({ error: '', fields: {} });
  const [attempt, setAttempt] = useState(0);

  const load = () =>
    call<Account[]>('GET', '/accounts').then((answer) =>
      answer.ok ? setAccounts(answer.data) : setError(answer.error),
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: load is made anew each render; the accounts load once the role is known.
  useEffect(() => {
    if (account.role !== 'operator') return;
    void load();
    void call<TenantView[]>('GET', '/tenants').then((answer) => {
      if (!answer.ok) return;
      setTenants(answer.data.map((t) => t.slug));
      setTenant((current) => current || answer.data[0]?.slug || '');
    });
  }, [account.role]);

  if (account.role !== 'operator') {
    return (
      <>
        <Heading>Accounts</Heading>
        <p>Only an operator account may manage accounts.</p>
      </>
    );
  }

  const add = async (event: SubmitEvent) => {
    event.preventDefault();
    const answer = await call<Account>('POST', '/accounts', {
      username: username.trim(),
      password,
      role,
      tenant: role === 'tenant' ? tenant : null,
    });
    if (!answer.ok) {
      setServer({ error: answer.error, fields: answer.fields });
      setAttempt((n) => n + 1);
      return;
    }
    setServer({ error: '', fields: {} });
    setUsername('');
    setPassword('');
    say(`Account ${answer.data.username} added.`);
    void load();
  };
  const items = Object.entries(server.fields).flatMap(([field, list]) =>
    list.map((message) => ({ id: `a-${field}`, message })),
  );

  return (
    <>
      <Heading>Accounts</Heading>
      <Problem>{error}</Problem>
      {accounts ? (
        <table>
          <caption className="visually-hidden">Console accounts</caption>
          <thead>
            <tr>
              <th scope="col">User name</th>
              <th scope="col">Role</th>
              <th scope="col">Tenant</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((a, i) => (
              <tr key={a.username}>
                <td>{a.username}</td>
                <td>{a.role}</td>
                <td>{a.tenant ?? 'every tenant'}</td>
                <td>
                  {i === 0 ? (
                    'The service account (a setting)'
                  ) : (
                    <ConfirmButton
                      label={`Delete ${a.username}`}
                      question={`Delete the account ${a.username}? Its sessions end at once.`}
                      confirmLabel={`Yes, delete ${a.username}`}
                      onConfirm={async () => {
                        const answer = await call('DELETE', `/accounts/${encodeURIComponent(a.username)}`);
                        say(answer.ok ? `Account ${a.username} deleted.` : answer.error);
                        void load();
                      }}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : error ? null : (
        <p>Loading the accounts…</p>
      )}

      <h2>Add an account</h2>
      <ErrorSummary title={attempt > 0 ? server.error : ''} items={attempt > 0 ? items : []} attempt={attempt} />
      <form onSubmit={add} noValidate>
        <Field id="a-username" label="User name" hint="Letters, digits and . _ @ -" problems={server.fields.username}>
          {(d, invalid) => (
            <input
              id="a-username"
              autoComplete="off"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              aria-describedby={d}
              aria-invalid={invalid || undefined}
            />
          )}
        </Field>
        <Field id="a-password" label="Password" hint="At least 12 characters." problems={server.fields.password}>
          {(d, invalid) => (
            <input
              id="a-password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby={d}
              aria-invalid={invalid || undefined}
            />
          )}
        </Field>
        <Field id="a-role" label="Role" problems={server.fields.role}>
          {(d) => (
            <select
              id="a-role"
              value={role}
              onChange={(e) => setRole(e.target.value as 'operator' | 'tenant')}
              aria-describedby={d}
            >
              <option value="tenant">Tenant account: one tenant only</option>
              <option value="operator">Operator: every tenant</option>
            </select>
          )}
        </Field>
        {role === 'tenant' ? (
          <Field id="a-tenant" label="Tenant" problems={server.fields.tenant}>
            {(d, invalid) => (
              <select
                id="a-tenant"
                value={tenant}
                onChange={(e) => setTenant(e.target.value)}
                aria-describedby={d}
                aria-invalid={invalid || undefined}
              >
                {tenants.map((slug) => (
                  <option key={slug} value={slug}>
                    {slug}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        <button type="submit">Add account</button>
      </form>
    </>
  );
}

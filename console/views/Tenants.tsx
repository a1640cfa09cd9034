// The tenants this account manages: every tenant for an operator, its own for a tenant account.
import { useEffect, useState } from 'react';
import { DEFAULT_TENANT_SLUG } from '../../contract/constants.ts';
import { call, type Account, type TenantView } from '../api.ts';
import { Heading, Problem } from '../parts.tsx';

export function Tenants({ account }: { account: Account }) {
  const [tenants, setTenants] = useState<TenantView[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    void call<TenantView[]>('GET', '/tenants').then((answer) =>
      answer.ok ? setTenants(answer.data) : setError(answer.error),
    );
  }, []);

  return (
    <>
      <Heading>Tenants</Heading>
      {account.role === 'operator' ? (
        <p>
          <a className="button" href="#/new">
            Create a tenant
          </a>
        </p>
      ) : null}
      <Problem>{error}</Problem>
      {tenants === null && !error ? <p>Loading the tenants…</p> : null}
      {tenants && tenants.length === 0 ? <p>There are no tenants yet.</p> : null}
      {tenants && tenants.length > 0 ? (
        <table>
          <caption className="visually-hidden">Tenants and their problems</caption>
          <thead>
            <tr>
              <th scope="col">Tenant</th>
              <th scope="col">Address</th>
              <th scope="col">Problems the build would report</th>
              <th scope="col">Event</th>
            </tr>
          </thead>
          <tbody>
            {tenants.map((t) => (
              <tr key={t.slug}>
                <td>
                  <a href={`#/tenants/${t.slug}`}>{String(t.resolved?.client ?? t.branding?.client ?? t.slug)}</a>
                </td>
                <td>
                  <code>{t.slug === DEFAULT_TENANT_SLUG ? '/' : `/${t.slug}/`}</code>
                </td>
                <td>
                  {t.problems.length === 0 ? (
                    'None'
                  ) : (
                    <ul>
                      {t.problems.map((p) => (
                        <li key={p}>{p}</li>
                      ))}
                    </ul>
                  )}
                </td>
                <td>
                  <a href={`#/tenants/${t.slug}/event`}>
                    The event at a glance<span className="visually-hidden">: {t.slug}</span>
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}

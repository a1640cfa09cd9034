// The frame of every screen: who is signed in, the navigation, the status region, and the
// screen the fragment names.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $account, $route, $status, say } from './state.ts';
import { call, type Account } from './api.ts';
import { SignIn } from './views/SignIn.tsx';
import { Tenants } from './views/Tenants.tsx';
import { NewTenant } from './views/NewTenant.tsx';
import { TenantEditor } from './views/TenantEditor.tsx';
import { Accounts } from './views/Accounts.tsx';
import { Publish } from './views/Publish.tsx';
import { EventView } from './views/EventView.tsx';
import { OwnTexts } from './views/OwnTexts.tsx';
import { Heading } from './parts.tsx';

async function signOut() {
  await call('DELETE', '/session');
  $account.set(null);
  say('You are signed out.');
}

function Screen({ account }: { account: Account }) {
  const route = useStore($route);
  switch (route.name) {
    case 'tenants':
      return <Tenants account={account} />;
    case 'new-tenant':
      return <NewTenant account={account} />;
    case 'tenant':
      return <TenantEditor key={route.slug} slug={route.slug} account={account} />;
    case 'event':
      return <EventView key={route.slug} slug={route.slug} />;
    case 'texts':
      return <OwnTexts key={route.slug} slug={route.slug} />;
    case 'accounts':
      return <Accounts account={account} />;
    case 'publish':
      return <Publish account={account} />;
    default:
      return (
        <>
          <Heading>Not found</Heading>
          <p>
            The console has no such page. <a href="#/">Go to the tenants</a>.
          </p>
        </>
      );
  }
}

export function App() {
  const account = useStore($account);
  const route = useStore($route);
  const status = useStore($status);

  useEffect(() => {
    void call<Account>('GET', '/session').then((answer) => $account.set(answer.ok ? answer.data : null));
  }, []);

  return (
    <>
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is an in-page link; the click also moves the focus. */}
      <a
        className="skip"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to the content
      </a>
      <header>
        <p className="brand">Booth console</p>
        {account ? (
          <nav aria-label="Console">
            <ul>
              <li>
                <a href="#/" aria-current={route.name === 'tenants' ? 'page' : undefined}>
                  Tenants
                </a>
              </li>
              {account.role === 'operator' ? (
                <li>
                  <a href="#/accounts" aria-current={route.name === 'accounts' ? 'page' : undefined}>
                    Accounts
                  </a>
                </li>
              ) : null}
              <li>
                <a href="#/publish" aria-current={route.name === 'publish' ? 'page' : undefined}>
                  Publish
                </a>
              </li>
            </ul>
            <p className="who">
              Signed in as <strong>{account.username}</strong> (
              {account.role === 'operator' ? 'operator' : `tenant ${account.tenant}`}){' '}
              <button type="button" onClick={() => void signOut()}>
                Sign out
              </button>
            </p>
          </nav>
        ) : null}
      </header>
      <div className="status" role="status" aria-live="polite">
        {status}
      </div>
      <main id="main" tabIndex={-1}>
        {account === undefined ? (
          <p>Loading the console…</p>
        ) : account === null ? (
          <SignIn />
        ) : (
          <Screen account={account} />
        )}
      </main>
    </>
  );
}

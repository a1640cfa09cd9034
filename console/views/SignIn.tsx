// Sign in with a console account. A wrong password, a throttle (429, with the wait) or a refusal
// is told in the page and tied to the form.
import { useState, type SubmitEvent } from 'react';
import { $account, say } from '../state.ts';
import { call, type Account } from '../api.ts';
import { Heading, Problem } from '../parts.tsx';

export function SignIn() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError('Enter your user name and password.');
      return;
    }
    setBusy(true);
    const answer = await call<Account>('POST', '/session', { username: username.trim(), password });
    setBusy(false);
    if (answer.ok) {
      say(`Signed in as ${answer.data.username}.`);
      $account.set(answer.data);
      return;
    }
    const wait =
      answer.status === 429 && answer.retryAfter && !/wait/i.test(answer.error) ? ` Wait ${answer.retryAfter} s.` : '';
    setError(answer.error + wait);
  };

  return (
    <>
      <Heading>Sign in</Heading>
      <form onSubmit={submit} noValidate aria-describedby={error ? 'sign-in-error' : undefined}>
        <div id="sign-in-error">
          <Problem>{error}</Problem>
        </div>
        <div className="field">
          <label htmlFor="username">User name</label>
          <input
            id="username"
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'sign-in-error' : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="password">Password</label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'sign-in-error' : undefined}
          />
        </div>
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </>
  );
}
